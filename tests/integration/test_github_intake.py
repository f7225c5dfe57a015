"""POST /webhooks/github against the real app, a real Redis and a real Celery publisher.

What a forge sees (status codes, JSON reasons) and what reaches the queue
(the Redis list Celery publishes to) are the assertions; no internals.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from urllib.parse import urlencode

import pytest
from litestar.testing import TestClient

from forge_adapters.github.verify import sign
from runtime.settings import Settings
from tests.support.celery_queues import queued
from tests.support.github_intake import SECRET, deliver, make_client
from tests.support.intake_app import intake_app
from tests.support.payloads import load_fixture


@pytest.fixture
def client(redis_url: str) -> Iterator[TestClient]:  # type: ignore[type-arg]
    with make_client(redis_url) as test_client:
        yield test_client


def test_signature_test_vector_from_githubs_docs() -> None:
    expected = "sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17"
    assert sign(b"Hello, World!", "It's a Secret to Everybody") == expected


def test_issue_opened_is_queued_with_202(client: TestClient, redis_url: str) -> None:  # type: ignore[type-arg]
    response = deliver(client, "issues", load_fixture("github", "issues__opened"), delivery="abc-1")
    assert response.status_code == 202
    assert response.json()["status"] == "queued"
    messages = queued(redis_url)
    assert len(messages) == 1
    (event,) = messages
    assert event["kind"] == "issue.opened"
    assert event["repo"]["full_name"] == "Codertocat/Hello-World"
    assert event["thread"]["number"] == 1
    assert event["delivery_id"] == "abc-1"


def test_comment_on_issue_is_queued(client: TestClient, redis_url: str) -> None:  # type: ignore[type-arg]
    response = deliver(client, "issue_comment", load_fixture("github", "issue_comment__created_on_issue"))
    assert response.status_code == 202
    (event,) = queued(redis_url)
    assert event["kind"] == "comment.created"
    assert event["comment"]["body"]


def test_same_delivery_twice_is_queued_once(client: TestClient, redis_url: str) -> None:  # type: ignore[type-arg]
    payload = load_fixture("github", "issues__opened")
    assert deliver(client, "issues", payload, delivery="same").status_code == 202
    second = deliver(client, "issues", payload, delivery="same")
    assert second.status_code == 200 and second.json()["status"] == "duplicate"
    assert len(queued(redis_url)) == 1


@pytest.mark.parametrize(
    "signature",
    ["", "sha256=" + "0" * 64, "sha1=abc", "sha256=not-hex"],
)
def test_bad_signature_is_401_and_nothing_queued(
    client: TestClient,
    redis_url: str,
    signature: str,  # type: ignore[type-arg]
) -> None:
    response = deliver(client, "issues", load_fixture("github", "issues__opened"), signature=signature)
    assert response.status_code == 401
    assert queued(redis_url) == []


def test_signature_with_another_secret_is_401(client: TestClient, redis_url: str) -> None:  # type: ignore[type-arg]
    response = deliver(client, "issues", load_fixture("github", "issues__opened"), secret="wrong")
    assert response.status_code == 401
    assert queued(redis_url) == []


def test_no_secret_configured_fails_closed(redis_url: str) -> None:
    settings = Settings(github_webhook_secret=None)
    with TestClient(intake_app(settings, redis_url)) as unconfigured:
        response = deliver(unconfigured, "issues", load_fixture("github", "issues__opened"))
    assert response.status_code == 503
    assert "secret" in response.json()["reason"]
    assert queued(redis_url) == []


def test_malformed_json_is_400(client: TestClient, redis_url: str) -> None:  # type: ignore[type-arg]
    response = deliver(client, "issues", b"{not json")
    assert response.status_code == 400
    assert queued(redis_url) == []


def test_oversized_body_is_413(redis_url: str) -> None:
    with make_client(redis_url, max_body_bytes=1024) as small:
        response = deliver(small, "issues", b"x" * 2048)
    assert response.status_code == 413
    assert queued(redis_url) == []


def test_ping_answers_pong(client: TestClient, redis_url: str) -> None:  # type: ignore[type-arg]
    response = deliver(client, "ping", load_fixture("github", "ping__hook"))
    assert response.status_code == 200 and response.json()["status"] == "pong"
    assert queued(redis_url) == []


def test_unused_events_get_200_with_a_reason(client: TestClient, redis_url: str) -> None:  # type: ignore[type-arg]
    response = deliver(client, "pull_request", load_fixture("github", "pull_request__synchronize"))
    assert response.status_code == 200
    assert response.json() == {"status": "ignored", "reason": "pull_request.synchronize is not used"}
    assert queued(redis_url) == []


@pytest.mark.parametrize("login", ["gitlearnos-bot[bot]", "dependabot[bot]"])
def test_bot_comments_are_dropped(client: TestClient, redis_url: str, login: str) -> None:  # type: ignore[type-arg]
    payload = load_fixture("github", "issue_comment__created_on_issue")
    payload["comment"]["user"] = {**payload["comment"]["user"], "login": login, "type": "Bot"}
    payload["sender"] = payload["comment"]["user"]
    response = deliver(client, "issue_comment", payload)
    assert response.status_code == 200 and "bot" in response.json()["reason"]
    assert queued(redis_url) == []


def test_form_encoded_delivery_is_verified_over_the_raw_form(client: TestClient, redis_url: str) -> None:  # type: ignore[type-arg]

    body = urlencode({"payload": json.dumps(load_fixture("github", "issues__opened"))}).encode()
    response = client.post(
        "/webhooks/github",
        content=body,
        headers={
            "X-GitHub-Event": "issues",
            "X-GitHub-Delivery": "form-1",
            "Content-Type": "application/x-www-form-urlencoded",
            "X-Hub-Signature-256": sign(body, SECRET),
        },
    )
    assert response.status_code == 202
    assert len(queued(redis_url)) == 1


def test_health_and_readiness(client: TestClient) -> None:  # type: ignore[type-arg]
    assert client.get("/healthz").json() == {"status": "ok"}
    ready = client.get("/readyz")
    assert ready.status_code == 200 and ready.json()["redis"] == "ok"


def test_readiness_fails_when_redis_is_unreachable() -> None:
    with make_client("redis://127.0.0.1:1/0") as offline:
        assert offline.get("/readyz").status_code == 503
