"""Rotating a webhook secret without refusing deliveries: the previous secret is accepted while it is set."""

from __future__ import annotations

import hashlib
import hmac
import json
from typing import Any

import pytest
from litestar.testing import TestClient
from pydantic import SecretStr

from forge_adapters.github.verify import sign
from runtime.settings import Settings
from tests.support.intake_app import intake_app
from tests.support.payloads import FIXTURES

NEW, OLD = "new-secret", "old-secret"


def client(redis_url: str, **secrets: Any) -> TestClient:  # type: ignore[type-arg]
    # The Gitea fixture's instance: intake serves only the configured host.
    settings = Settings(
        gitea_url="http://localhost:3000", **{key: SecretStr(value) for key, value in secrets.items()}
    )
    return TestClient(intake_app(settings, redis_url))


def github(test_client: TestClient, secret: str, delivery: str) -> int:  # type: ignore[type-arg]
    body = (FIXTURES / "github" / "issues__opened.json").read_bytes()
    headers = {
        "X-GitHub-Event": "issues",
        "X-GitHub-Delivery": delivery,
        "X-Hub-Signature-256": sign(body, secret),
    }
    return int(test_client.post("/webhooks/github", content=body, headers=headers).status_code)


def gitlab(test_client: TestClient, token: str, delivery: str) -> int:  # type: ignore[type-arg]
    body = (FIXTURES / "gitlab" / "issue_hook__open.json").read_bytes()
    headers = {"X-Gitlab-Event": "Issue Hook", "X-Gitlab-Token": token, "Idempotency-Key": delivery}
    return int(test_client.post("/webhooks/gitlab", content=body, headers=headers).status_code)


def gitea(test_client: TestClient, secret: str, delivery: str) -> int:  # type: ignore[type-arg]
    payload = json.loads((FIXTURES / "gitea" / "issues__opened.json").read_bytes())
    payload["issue"]["title"] += f" ({delivery})"  # Gitea dedups by body: make each delivery distinct
    body = json.dumps(payload).encode()
    digest = hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()
    headers = {"X-Gitea-Event": "issues", "X-Gitea-Delivery": delivery, "X-Gitea-Signature": digest}
    return int(test_client.post("/webhooks/gitea", content=body, headers=headers).status_code)


@pytest.mark.parametrize("forge", [github, gitlab, gitea], ids=["github", "gitlab", "gitea"])
def test_old_and_new_secret_both_work_during_the_window(redis_url: str, forge: Any) -> None:
    name = forge.__name__
    secrets = {f"{name}_webhook_secret": NEW, f"{name}_webhook_secret_previous": OLD}
    with client(redis_url, **secrets) as test_client:
        assert forge(test_client, NEW, "d-new") == 202
        assert forge(test_client, OLD, "d-old") == 202
        assert forge(test_client, "neither", "d-bad") == 401


@pytest.mark.parametrize("forge", [github, gitlab, gitea], ids=["github", "gitlab", "gitea"])
def test_after_the_window_the_old_secret_is_refused(redis_url: str, forge: Any) -> None:
    with client(redis_url, **{f"{forge.__name__}_webhook_secret": NEW}) as test_client:
        assert forge(test_client, OLD, "d-old") == 401
        assert forge(test_client, NEW, "d-new") == 202


def test_a_previous_secret_alone_does_not_open_the_door(redis_url: str) -> None:
    with client(redis_url, github_webhook_secret_previous=OLD) as test_client:
        assert github(test_client, OLD, "d-old") == 503
