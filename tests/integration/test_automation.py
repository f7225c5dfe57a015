"""Schedule verification: automation.md says ``verified`` only after a live scheduler and a real run.

A real ``gitlearnos beat`` process (RedBeat on the test's Redis) is the scheduler; without it the jobs
are ``unavailable``. The runs go against a real bare Git remote, with GitHub's API faked at HTTP.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from evals.harness.beat import running_beat
from tests.integration.test_event_worker import bot_commits, git, runtime
from tests.integration.test_maintenance import Forge, served
from tests.integration.test_maintenance import forge as forge  # noqa: PLC0414 - the fixture
from tests.integration.test_maintenance import remote as remote  # noqa: PLC0414 - the fixture
from workers.automation import scheduled_tasks, scheduler_listed, verify_schedules
from workers.events import WorkerRuntime


@pytest.fixture
def beat(tmp_path: Path, redis_url: str) -> Iterator[None]:
    """A real beat process on this test's Redis, live (holding RedBeat's lock) while the test runs."""
    with running_beat(redis_url, tmp_path / "beat"):
        yield


def automation_md(remote: Path) -> str:
    return git(remote, "show", "main:automation.md")


def verify(worker: WorkerRuntime, remote: Path) -> dict[str, str]:
    return verify_schedules(worker, served(remote)).states


def test_without_a_scheduler_both_jobs_are_unavailable_recorded_once(
    tmp_path: Path, redis_url: str, remote: Path, forge: Forge
) -> None:
    worker = runtime(tmp_path, redis_url)
    assert not scheduler_listed(worker)

    states = verify(worker, remote)
    again = verify(worker, remote)

    assert states == again == {"maintenance": "unavailable", "due-review": "unavailable"}
    assert len(bot_commits(remote)) == 1, "recorded once; the same state is not written again"
    text = automation_md(remote)
    assert "Deployment automation: `incomplete`" in text and "- Local time: 21:30" in text
    assert "- State: `verified`" not in text and "- Provider task ID: none" in text
    assert forge.comments.created == 0 and forge.comments.issues == []


def test_with_a_live_beat_each_job_runs_once_and_is_verified(
    tmp_path: Path, redis_url: str, remote: Path, forge: Forge, beat: None
) -> None:
    worker = runtime(tmp_path, redis_url)

    states = verify(worker, remote)

    assert states == {"maintenance": "verified", "due-review": "verified"}
    text = automation_md(remote)
    assert "Deployment automation: `verified`" in text and "- Provider: celery-redbeat" in text
    listing = {entry["job"]: entry for entry in scheduled_tasks(worker.redis)}
    for job in ("maintenance", "due-review"):
        assert f"`{listing[job]['task_id']}`" in text, "automation.md names the scheduler's task ID"
        assert f"- Next run: {listing[job]['next_run']}" in text
    assert "- Last result: `skipped`" in text, "nothing was due: a safe skip is the observed run"
    assert len(bot_commits(remote)) == 1 and forge.comments.issues == [], "only automation.md was written"
