"""GitHub deliveries to the real intake app: the app with a webhook secret and the real Celery publisher,
and a delivery signed as GitHub signs it (or with the signature a test chooses).
"""

from __future__ import annotations

import json
import uuid
from typing import Any

from litestar.testing import TestClient
from pydantic import SecretStr

from forge_adapters.github.verify import sign
from runtime.settings import Settings
from tests.support.intake_app import intake_app

SECRET = "It's a Secret to Everybody"


def make_client(redis_url: str, **overrides: Any) -> TestClient:  # type: ignore[type-arg]
    settings = Settings(github_webhook_secret=SecretStr(SECRET), bot_login="gitlearnos-bot[bot]", **overrides)
    return TestClient(intake_app(settings, redis_url))


def deliver(
    client: TestClient,  # type: ignore[type-arg]
    event: str,
    payload: dict[str, Any] | bytes,
    *,
    delivery: str | None = None,
    secret: str = SECRET,
    signature: str | None = None,
) -> Any:
    body = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
    headers = {
        "X-GitHub-Event": event,
        "X-GitHub-Delivery": delivery or str(uuid.uuid4()),
        "Content-Type": "application/json",
        "X-Hub-Signature-256": signature if signature is not None else sign(body, secret),
    }
    return client.post("/webhooks/github", content=body, headers=headers)
