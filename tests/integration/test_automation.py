"""Schedule verification: automation.md says ``verified`` only after a live scheduler and a real run.

A real ``gitlearnos beat`` process (RedBeat on the test's Redis) is the scheduler; without it the jobs
are ``unavailable``. The runs go against a real bare Git remote, with GitHub's API faked at HTTP.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from evals.harness.beat import running_beat
from tests.support.celery_queues import published
from tests.support.event_worker import note_event, runtime
from tests.support.git_remotes import bot_commits, git
from tests.support.scheduled_repo import Forge, served
from tests.support.scheduled_repo import forge as forge  # noqa: PLC0414 - the fixture
from tests.support.scheduled_repo import remote as remote  # noqa: PLC0414 - the fixture
from workers.celery_app import PROCESS_EVENT, SCHEDULE_QUEUE, VERIFY_SCHEDULES, create_celery
from workers.events import register_event_task
from workers.runtime import WorkerRuntime
from workers.scheduling.listing import scheduled_tasks, scheduler_listed
from workers.scheduling.tasks import register_schedule_tasks
from workers.scheduling.verification import verify_schedules


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


def queued_verifications(redis_url: str) -> list[tuple[list[Any], dict[str, Any]]]:
    """(args, kwargs) of every verification message on the schedule queue."""
    return [(m.args, m.kwargs) for m in published(redis_url, SCHEDULE_QUEUE) if m.task == VERIFY_SCHEDULES]


@pytest.mark.parametrize(
    ("body", "login", "answered"),
    [
        ("Finish deployment. Use my local time zone and the default automatic times.", "alice", True),
        ("Finish deployment. Use my local time zone and the default automatic times.", "mallory", False),
        ("Similar triangles keep their angles.", "alice", False),
    ],
    ids=["learner-asks", "stranger-asks", "a-note"],
)
def test_a_learner_asking_to_finish_deployment_gets_the_observed_state_on_the_issue(
    tmp_path: Path, redis_url: str, remote: Path, forge: Forge, body: str, login: str, answered: bool
) -> None:
    """The event task's own outcome is not the point (a deployment request is no note): its plan
    queues the verification, which then runs from the schedule queue."""
    worker = runtime(tmp_path, redis_url)
    app = create_celery(worker.settings, redis_url)
    register_schedule_tasks(app, worker)
    event_task = app.tasks[PROCESS_EVENT] if PROCESS_EVENT in app.tasks else register_event_task(app, worker)
    payload = note_event(remote, body=body, login=login).model_dump(mode="json")

    event_task.apply(args=[payload])
    for args, kwargs in queued_verifications(redis_url):
        app.tasks[VERIFY_SCHEDULES].apply(args=args, kwargs=kwargs)

    replies = forge.comments.bodies(7)
    if answered:
        (reply,) = replies
        assert reply.startswith("Deployment automation: `incomplete`.") and "`unavailable`" in reply
        assert "`unavailable`" in automation_md(remote)
    else:
        assert [r for r in replies if "Deployment automation" in r] == []
