"""Fencing: a scheduled run whose lease lapsed before its push does not push; its retry re-plans."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from tests.support.due_review import KEY, MONDAY_0705_BERLIN, add_to_remote, planned_review
from tests.support.due_review import forge as forge  # noqa: PLC0414 - the fixture
from tests.support.event_worker import runtime
from tests.support.fake_github import FakeGitHubComments
from tests.support.git_remotes import bot_commits
from tests.support.scheduled_repo import remote as remote  # noqa: PLC0414 - the fixture
from tests.support.scheduled_repo import served
from workers.repo_lock import LOCK, RetryLater
from workers.scheduling.due_review import deliver_once


def test_a_run_that_lost_its_lease_before_the_push_does_not_push(
    tmp_path: Path,
    redis_url: str,
    remote: Path,
    forge: FakeGitHubComments,
) -> None:
    path, content, _ = planned_review(date(2026, 11, 27))
    add_to_remote(tmp_path, remote, path, content)
    worker = runtime(tmp_path, redis_url)
    target = served(remote)

    def another_writer_takes_the_repository() -> None:  # the lease lapsed (a long pause) and was taken
        worker.redis.set(LOCK.format(repo=target.repo.slug), b"someone-else", ex=30)

    with pytest.raises(RetryLater, match="lease lapsed"):
        deliver_once(
            worker, target, KEY, now=MONDAY_0705_BERLIN, before_push=another_writer_takes_the_repository
        )
    assert bot_commits(remote) == [] and forge.issues == [], "nothing pushed, nothing announced"
