"""A Redis restart in the middle of a note's task: the reply follows within seconds, nothing is parked.

Regression (fault suite, "Redis restarted x2 mid-stream"): Redis went down between the push and the
reply's stash; the lock's release failed (a lease: harmless), the stash raised redis'
``ConnectionError`` and the note was parked with its commit but no reply until the next maintenance
run. Now the stash is best effort after a push, and a Redis error anywhere else in the task is
retried, the retry's own publish waiting for Redis to come back.
"""

from __future__ import annotations

import stat
import threading
import time
from pathlib import Path
from typing import Any

import pytest
import redis
import respx
from celery import Task
from celery.exceptions import Retry

from tests.support.event_worker import note_event, runtime
from tests.support.event_worker import remote as remote  # noqa: PLC0414 - the fixture
from tests.support.fake_github import FakeGitHubComments
from tests.support.git_remotes import bot_commits
from tests.support.restartable_redis import RestartableRedis
from workers.celery_app import EVENTS_QUEUE, create_celery
from workers.events import register_event_task
from workers.runtime import WorkerRuntime
from workers.state_keys import PENDING

__all__ = ["remote"]  # the bare learner repository fixture, shared with the event worker tests
DOWN_FOR = 1.5


def restart_when(flag: Path, server: RestartableRedis) -> threading.Thread:
    """Once ``flag`` exists: stop Redis, remove the flag, stay down :data:`DOWN_FOR` s, start again."""

    def restart() -> None:
        while not flag.exists():
            time.sleep(0.02)
        server.stop()
        flag.unlink()
        time.sleep(DOWN_FOR)
        server.start()

    watcher = threading.Thread(target=restart, daemon=True)
    watcher.start()
    return watcher


def stop_redis_on_push(remote: Path, server: RestartableRedis, flag: Path) -> threading.Thread:
    """The remote's post-receive hook waits until Redis is down: the push lands, then Redis is gone."""
    hook = remote / "hooks" / "post-receive"
    hook.write_text(f"#!/bin/sh\ntouch {flag}\nwhile [ -e {flag} ]; do sleep 0.02; done\n")
    hook.chmod(hook.stat().st_mode | stat.S_IEXEC)
    return restart_when(flag, server)


def attempt(task: Task, payload: dict[str, Any], retries: int) -> str:
    """One delivery of the task as a worker runs it (not eager: a retry is published to the broker)."""
    task.push_request(id="delivery-task", args=[payload], kwargs={}, retries=retries, called_directly=False)
    try:
        return str(task.run(payload))
    finally:
        task.pop_request()


def nothing_parked(url: str, worker: WorkerRuntime) -> bool:
    return redis.Redis.from_url(url).hlen(PENDING) == 0 and worker.unparked == {}


def test_redis_down_right_after_the_push_still_posts_the_receipt(tmp_path: Path, remote: Path) -> None:
    with RestartableRedis(tmp_path / "redis") as server, respx.mock(assert_all_called=False) as router:
        github = FakeGitHubComments(router)
        worker = runtime(tmp_path, server.url)
        task = register_event_task(create_celery(worker.settings, server.url), worker)
        watcher = stop_redis_on_push(remote, server, tmp_path / "pushed")
        # Before: redis' ConnectionError from the reply's stash, and the note parked without a reply.
        assert attempt(task, note_event(remote).model_dump(mode="json"), retries=0) == "committed"
        watcher.join(timeout=30)
        assert nothing_parked(server.url, worker)
    assert len(bot_commits(remote)) == 1
    (body,) = github.bodies(7)
    assert "**Git persistence:** committed" in body, "the full receipt, not a reconstruction"


def test_redis_down_during_the_task_is_retried_once_it_is_back(tmp_path: Path, remote: Path) -> None:
    with RestartableRedis(tmp_path / "redis") as server, respx.mock(assert_all_called=False) as router:
        github = FakeGitHubComments(router)
        worker = runtime(tmp_path, server.url)
        task = register_event_task(create_celery(worker.settings, server.url), worker)
        payload = note_event(remote).model_dump(mode="json")
        flag = tmp_path / "down"
        watcher = restart_when(flag, server)
        flag.touch()
        while flag.exists():
            time.sleep(0.02)
        started = time.monotonic()
        with pytest.raises(Retry) as retried:  # before: redis' ConnectionError, and the note parked
            attempt(task, payload, retries=0)
        assert time.monotonic() - started < DOWN_FOR + 10, "the retry is queued within seconds"
        assert retried.value.when is not None and float(retried.value.when) < 10, "a short countdown"
        watcher.join(timeout=30)
        assert nothing_parked(server.url, worker)
        assert redis.Redis.from_url(server.url).llen(EVENTS_QUEUE) == 1, "the retry is on the queue"
        assert attempt(task, payload, retries=1) == "committed"
    assert len(bot_commits(remote)) == 1
    (body,) = github.bodies(7)
    assert "**Git persistence:** committed" in body
