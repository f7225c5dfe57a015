"""Events no operation uses are answered at intake and never cost the worker a lock.

Real intake, real Redis and the real worker path: every delivery goes through
``POST /webhooks/github``, whatever the intake queued is decoded and handled by
the event worker, and each repository-lock acquisition is counted. A push, a
labeled issue and a pull request that is not the bot's handoff are
answered 200 "not used" with nothing claimed or queued; a new issue still is
queued and still takes the lock.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

import pytest
import redis

import workers.executor
from tests.support.celery_queues import queued
from tests.support.event_worker import github as github  # noqa: PLC0414 - the fixture
from tests.support.event_worker import remote as remote  # noqa: PLC0414 - the fixture
from tests.support.fake_github import FakeGitHubComments
from tests.support.github_intake import deliver, make_client
from tests.support.learner_deliveries import addressed, run_worker
from workers.repo_lock import repository_lock

UNUSED = {
    "push__normal": "push",
    "issues__labeled": "issues",
    "pull_request__opened": "pull_request",
}


@pytest.fixture
def locks(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every repository the worker takes the (real, Redis) lock of, in order."""
    taken: list[str] = []

    def counting(client: redis.Redis, repo: Any, **kwargs: Any) -> AbstractContextManager[Any]:
        taken.append(repo.slug)
        return repository_lock(client, repo, **kwargs)

    monkeypatch.setattr(workers.executor, "repository_lock", counting)
    return taken


@pytest.fixture
def client(redis_url: str) -> Iterator[Any]:
    with make_client(redis_url) as test_client:
        yield test_client


@pytest.mark.parametrize("name", sorted(UNUSED))
def test_an_unused_event_is_answered_at_intake_and_never_takes_a_lock(
    client: Any,
    redis_url: str,
    remote: Path,
    github: FakeGitHubComments,
    locks: list[str],
    tmp_path: Path,
    name: str,
) -> None:
    response = deliver(client, UNUSED[name], addressed(name, remote))
    assert response.status_code == 200, response.text
    assert response.json()["status"] == "not used"
    assert queued(redis_url) == []
    assert redis.Redis.from_url(redis_url).keys("gitlearnos:delivery*") == []  # nothing claimed
    assert run_worker(tmp_path, redis_url) == []
    assert locks == []
    assert github.created == 0


def test_a_new_issue_is_still_queued_and_takes_the_lock_once(
    client: Any,
    redis_url: str,
    remote: Path,
    github: FakeGitHubComments,
    locks: list[str],
    tmp_path: Path,
) -> None:
    for name, event in UNUSED.items():
        assert deliver(client, event, addressed(name, remote)).status_code == 200
    response = deliver(client, "issues", addressed("issues__opened", remote))
    assert response.status_code == 202, response.text
    assert len(queued(redis_url)) == 1
    run_worker(tmp_path, redis_url)
    assert locks == ["github:github.com/alice/learning"]
