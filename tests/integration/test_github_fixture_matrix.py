"""Every real GitHub payload in shared/fixtures goes through intake, signed as GitHub signs.

Each one is either queued as the expected kind (with the right repository,
number and author) or answered 200 with a stated reason. None raises, none
gets a 5xx. Kinds that later issues will use (pull requests, reviews, pushes)
are listed as ignored-for-now here; when their operations arrive, this table
changes with them.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from litestar.testing import TestClient

from tests.conftest import FIXTURES, load_fixture
from tests.integration.test_github_intake import deliver, make_client, queued

EVENT_NAME_OF = {
    "installation": "installation",
    "issue_comment": "issue_comment",
    "issues": "issues",
    "ping": "ping",
    "pull_request": "pull_request",
    "pull_request_review": "pull_request_review",
    "pull_request_review_comment": "pull_request_review_comment",
    "push": "push",
    "repository_dispatch": "repository_dispatch",
    "workflow_dispatch": "workflow_dispatch",
}

QUEUED: dict[str, tuple[str, str, int, str]] = {
    # fixture: (kind, repository, number, actor)
    "issues__opened": ("issue.opened", "Codertocat/Hello-World", 1, "Codertocat"),
    "issues__edited": ("issue.edited", "Codertocat/Hello-World", 1, "Codertocat"),
    "issues__labeled": ("issue.labeled", "Codertocat/Hello-World", 1, "Codertocat"),
    "issue_comment__created_on_issue": ("comment.created", "Codertocat/Hello-World", 1, "Codertocat"),
    "issue_comment__created_with_installation": (
        "comment.created",
        "Codertocat/Hello-World",
        1,
        "Codertocat",
    ),
    "issue_comment__edited": ("comment.edited", "Codertocat/Hello-World", 1, "Codertocat"),
}
PR_COMMENTS = {"issue_comment__created_on_pull_request", "issue_comment__created_on_pull_request_2"}
PONG = {"ping__app", "ping__hook"}

ALL = sorted(p.stem for p in (FIXTURES / "github").glob("*.json"))


def test_the_corpus_is_all_here() -> None:
    assert len(ALL) == 28


@pytest.fixture
def client(redis_url: str) -> Iterator[TestClient]:  # type: ignore[type-arg]
    with make_client(redis_url) as test_client:
        yield test_client


@pytest.mark.parametrize("name", ALL)
def test_fixture_is_understood(client: TestClient, redis_url: str, name: str) -> None:  # type: ignore[type-arg]
    payload: dict[str, Any] = load_fixture("github", name)
    response = deliver(client, EVENT_NAME_OF[name.split("__", maxsplit=1)[0]], payload)
    assert response.status_code < 500
    answer = response.json()
    if name in QUEUED:
        kind, repository, number, actor = QUEUED[name]
        assert response.status_code == 202, answer
        (event,) = queued(redis_url)
        assert (
            event["kind"],
            event["repo"]["full_name"],
            event["thread"]["number"],
            event["actor"]["login"],
        ) == (
            kind,
            repository,
            number,
            actor,
        )
        body = payload["comment"]["body"] if "comment" in payload else payload["issue"]["body"]
        assert (event["comment"] or event["thread"])["body"] == (body or "")
    elif name in PR_COMMENTS:
        # Conversation comments on PRs are normalized (the teacher channel of a later issue).
        assert response.status_code == 202, answer
        (event,) = queued(redis_url)
        assert event["thread"]["is_pull_request"] is True
    elif name in PONG:
        assert answer == {"status": "pong"}
        assert queued(redis_url) == []
    else:
        assert response.status_code == 200, answer
        assert answer["status"] == "ignored" and answer["reason"]
        assert queued(redis_url) == []


def test_payload_bytes_are_signed_as_sent(client: TestClient, redis_url: str) -> None:  # type: ignore[type-arg]
    """Re-serialised JSON would not match: the raw file bytes are what is signed and verified."""
    raw = (FIXTURES / "github" / "issues__opened.json").read_bytes()
    assert json.loads(raw)
    assert deliver(client, "issues", raw).status_code == 202
