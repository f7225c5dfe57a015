"""``POST /triggers/{job}`` refuses a signature it cannot read with a 401, never a 500.

A header value is whatever bytes the sender chose; servers decode them as Latin-1, so a byte such as
``0xE9`` arrives as ``é``. Driven through the real app (Litestar's test client) on a real Redis.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from litestar.testing import TestClient
from pydantic import SecretStr

from tests.support.forge_requests import claims, intake_client, queue_lengths

TRIGGER_SECRET = "a-trigger-secret"
BODY = json.dumps({"forge": "github", "repository": "alice/learning"}).encode()


@pytest.fixture
def client(redis_url: str) -> Iterator[TestClient]:  # type: ignore[type-arg]
    with intake_client(redis_url, trigger_secret=SecretStr(TRIGGER_SECRET)) as test_client:
        yield test_client


@pytest.mark.parametrize("signature", ["sha256=\xe9", "\xff" * 71, "sha256=" + "\xe9" * 64])
def test_a_non_ascii_signature_is_a_401(
    client: TestClient,  # type: ignore[type-arg]
    redis_url: str,
    signature: str,
) -> None:
    headers = {b"X-GitLearnOS-Signature": signature.encode("latin-1")}
    response = client.post("/triggers/maintenance", content=BODY, headers=headers)
    assert response.status_code == 401, response.text
    assert response.json()["status"] == "error"
    assert queue_lengths(redis_url) == 0
    assert claims(redis_url) == 0
