"""Every real GitHub payload in tests/fixtures/webhooks goes through intake, signed as GitHub signs.

Each one is either queued as the expected kind (with the right repository,
number, author and body) or answered 200 with a stated reason. None raises,
none gets a 5xx. :data:`EXPECTED` is the table; the other forges' matrices
export the same shape so cross-forge tests can compare them.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from litestar.testing import TestClient

from forge_adapters.github.translate import parse_delivery
from forge_adapters.intake import Ignored
from tests.support.celery_queues import queued, scheduled_messages
from tests.support.github_hooks import EXPECTED, Queued
from tests.support.github_intake import deliver, make_client
from tests.support.payloads import FIXTURES, load_fixture
from workers.celery_app import RUN_TRIGGERED

# Translated, but taken by no route of bot.routing (a push, a label, a pull request that is
# not the bot's handoff): answered 200 "not used" at intake, never claimed or queued.
NOT_USED = frozenset(
    {
        "installation__created",
        "issue_comment__created_on_pull_request",
        "issue_comment__created_on_pull_request_2",
        "issues__labeled",
        "pull_request__closed_merged",
        "pull_request__closed_merged_2",
        "pull_request__closed_not_merged",
        "pull_request__closed_not_merged_2",
        "pull_request__opened",
        "pull_request__opened_2",
        "pull_request_review__submitted",
        "pull_request_review_comment__created",
        "push__branch_deleted",
        "push__forced",
        "push__new_branch",
        "push__normal",
        "push__normal_2",
    }
)

ALL = sorted(p.stem for p in (FIXTURES / "github").glob("*.json"))


def event_name(fixture: str) -> str:
    return fixture.split("__", maxsplit=1)[0]


def expected_body(payload: dict[str, Any]) -> str | None:
    """The text the learner or teacher wrote, from the object the event is about; None if there is none."""
    for key in ("comment", "review", "issue", "pull_request"):
        if key in payload:
            return str(payload[key].get("body") or "")
    return None


def summary(event: dict[str, Any]) -> Queued:
    return (
        event["kind"],
        (event["repo"] or {}).get("full_name", ""),
        (event["thread"] or {}).get("number", 0),
        (event["actor"] or {}).get("login", ""),
    )


def test_the_corpus_is_all_here_and_all_expected() -> None:
    assert len(ALL) == 28
    assert sorted(EXPECTED) == ALL


@pytest.fixture
def client(redis_url: str) -> Iterator[TestClient]:  # type: ignore[type-arg]
    with make_client(redis_url) as test_client:
        yield test_client


@pytest.mark.parametrize("name", ALL)
def test_fixture_is_understood(client: TestClient, redis_url: str, name: str) -> None:  # type: ignore[type-arg]
    payload: dict[str, Any] = load_fixture("github", name)
    response = deliver(client, event_name(name), payload)
    answer = response.json()
    expected = EXPECTED[name]
    if isinstance(expected, str):
        assert response.status_code == 200, answer
        assert answer["status"] == "ignored" and expected in answer["reason"]
        assert queued(redis_url) == []
    elif expected[0] == "ping":
        assert answer == {"status": "pong"}
        assert queued(redis_url) == []
    elif name in NOT_USED:
        assert response.status_code == 200, answer
        assert answer["status"] == "not used" and answer["kind"] == expected[0]
        assert queued(redis_url) == []
        headers = {"X-GitHub-Event": event_name(name), "X-GitHub-Delivery": "d-1"}
        translated = parse_delivery(headers, json.dumps(payload).encode())
        assert not isinstance(translated, Ignored)
        assert summary(translated.model_dump(mode="json")) == expected
    elif expected[0] == "schedule":
        # Not learner input: a wake-up of every recurring job, on the schedule queue (scheduling.runs).
        assert response.status_code == 202, answer
        assert queued(redis_url) == []
        ((task, (target, jobs)),) = scheduled_messages(redis_url)
        assert (task, target["repo"]["full_name"], jobs) == (RUN_TRIGGERED, expected[1], [])
    else:
        assert response.status_code == 202, answer
        (event,) = queued(redis_url)
        assert summary(event) == expected
        body = expected_body(payload)
        if body is not None:
            assert (event["comment"] or event["review"] or event["thread"])["body"] == body


def test_payload_bytes_are_signed_as_sent(client: TestClient, redis_url: str) -> None:  # type: ignore[type-arg]
    """Re-serialised JSON would not match: the raw file bytes are what is signed and verified."""
    raw = (FIXTURES / "github" / "issues__opened.json").read_bytes()
    assert json.loads(raw)
    assert deliver(client, "issues", raw).status_code == 202


def test_a_scheduled_workflows_dispatch_is_queued_though_github_actions_sent_it(
    client: TestClient,  # type: ignore[type-arg]
    redis_url: str,
) -> None:
    payload = load_fixture("github", "repository_dispatch__custom")
    payload["sender"] = {**payload["sender"], "login": "github-actions[bot]", "type": "Bot"}
    assert deliver(client, "repository_dispatch", payload).status_code == 202
    ((task, _),) = scheduled_messages(redis_url)
    assert task == RUN_TRIGGERED


def test_the_bots_own_push_is_dropped(client: TestClient, redis_url: str) -> None:  # type: ignore[type-arg]
    payload = load_fixture("github", "push__normal")
    payload["sender"] = {**payload["sender"], "login": "gitlearnos-bot[bot]", "type": "Bot"}
    response = deliver(client, "push", payload)
    assert response.status_code == 200 and "bot" in response.json()["reason"]
    assert queued(redis_url) == []
