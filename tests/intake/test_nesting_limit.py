"""The nesting limit holds exactly at its bound, however cheaply it is checked.

The intake skips walking a payload that has too few brackets to nest past the limit, and walks the
rest; either way a payload nesting past :data:`~forge_adapters.intake.MAX_JSON_DEPTH` anywhere, even in
a field no reader looks at, is a 400 with nothing queued, and one at the limit is queued.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from litestar.testing import TestClient

from forge_adapters.intake import MAX_JSON_DEPTH
from tests.support.forge_requests import claims, intake_client, post, queue_lengths, signed_headers, with_raw
from tests.support.payloads import load_fixture


@pytest.fixture
def client(redis_url: str) -> Iterator[TestClient]:  # type: ignore[type-arg]
    with intake_client(redis_url) as test_client:
        yield test_client


def nested(levels: int) -> str:
    """JSON arrays ``levels`` deep, in an unread field at depth 2 of the payload (the root is depth 1)."""
    return "[" * (levels - 1) + "]" * (levels - 1)


def unread_field(levels: int) -> bytes:
    """GitHub's ``issues.opened`` fixture with an ``extra`` field no reader uses, nesting ``levels`` deep."""
    payload = load_fixture("github", "issues__opened")
    payload["extra"] = None
    return with_raw(payload, ("extra",), nested(levels))


@pytest.mark.parametrize(
    ("levels", "status"), [(MAX_JSON_DEPTH, 202), (MAX_JSON_DEPTH + 1, 400)], ids=["at the limit", "past it"]
)
def test_a_payload_past_the_limit_anywhere_is_refused_and_one_at_it_is_queued(
    client: TestClient,  # type: ignore[type-arg]
    redis_url: str,
    levels: int,
    status: int,
) -> None:
    body = unread_field(levels)
    assert body.count(b"[") + body.count(b"{") > MAX_JSON_DEPTH  # the payload is walked, not skipped
    response = post(
        client, "github", body, signed_headers("github", "issues__opened", body, f"deep-{levels}")
    )
    assert response.status_code == status, response.text
    assert queue_lengths(redis_url) == claims(redis_url) == (1 if status == 202 else 0)
    if status == 400:
        assert response.json()["reason"] == f"payload nests deeper than {MAX_JSON_DEPTH} levels"


def test_brackets_in_a_learners_text_do_not_count_as_nesting(
    client: TestClient,  # type: ignore[type-arg]
    redis_url: str,
) -> None:
    payload = load_fixture("github", "issues__opened")
    payload["issue"]["body"] = "[[[[ {{{{ " * 40 + "my note on brackets"
    body = json.dumps(payload).encode()
    response = post(client, "github", body, signed_headers("github", "issues__opened", body, "brackets"))
    assert response.status_code == 202, response.text
    assert queue_lengths(redis_url) == 1
