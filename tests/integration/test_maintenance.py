"""Maintenance and its dispatcher against real Git remotes, a real Redis and GitHub's API faked at HTTP.

What the learner would see is asserted: bot commits on the remote and
comments on the forge. Clocks are passed in, never waited for.
"""

from __future__ import annotations

import json
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

import redis
from redbeat import RedBeatScheduler

from tests.support.celery_queues import published
from tests.support.due_review import add_to_remote
from tests.support.event_worker import note_event, runtime
from tests.support.git_remotes import bot_commits, git
from tests.support.learner import NOTE, REPO
from tests.support.scheduled_repo import Forge, register_with_mirror, seed_remote, served
from tests.support.scheduled_repo import forge as forge  # noqa: PLC0414 - the fixture
from tests.support.scheduled_repo import remote as remote  # noqa: PLC0414 - the fixture
from tests.support.stale_dashboard import EVENT, EVENT_PATH, dashboard_for
from workers.celery_app import SCHEDULE_QUEUE, create_celery
from workers.parked_events import park_event
from workers.repo_registry import RegisteredRepo, record_repo, registered_repos
from workers.runtime import WorkerRuntime
from workers.scheduling.claims import claim_key
from workers.scheduling.dispatch import (
    BEAT_ENTRY,
    DISPATCH_DUE,
    MAINTENANCE_JOB,
    RUN_MAINTENANCE,
    configure_beat,
    dispatch_due,
)
from workers.scheduling.maintenance import MaintenanceResult, run_maintenance
from workers.scheduling.tasks import register_schedule_tasks
from workers.state_keys import PENDING, REDBEAT_PREFIX

SUNDAY = date(2026, 11, 29)
MONDAY = date(2026, 11, 30)
TUESDAY = date(2026, 12, 1)
WEDNESDAY = date(2026, 12, 2)
MONDAY_2131_BERLIN = datetime(2026, 11, 30, 20, 31, tzinfo=UTC)


def maintain(worker: WorkerRuntime, remote: Path, occurrence: date) -> MaintenanceResult:
    return run_maintenance(worker, served(remote), occurrence, now=MONDAY_2131_BERLIN)


def test_a_parked_event_is_replayed_committed_once_and_unparked(
    tmp_path: Path, redis_url: str, remote: Path, forge: Forge
) -> None:
    worker = runtime(tmp_path, redis_url)
    park_event(worker, note_event(remote), ConnectionError("the forge was down"))

    result = maintain(worker, remote, MONDAY)

    assert (result.replayed, result.caught_up, result.skipped) == (1, 0, False)
    assert len(bot_commits(remote)) == 1
    assert worker.redis.hlen(PENDING) == 0
    assert len(forge.comments.bodies(7)) == 1
    assert maintain(worker, remote, TUESDAY).skipped
    assert len(bot_commits(remote)) == 1
    assert forge.comments.created == 1


def test_a_missed_learner_comment_is_caught_up_and_organized_once(
    tmp_path: Path, redis_url: str, remote: Path, forge: Forge
) -> None:
    worker = runtime(tmp_path, redis_url)
    comment_id = forge.comments.seed("alice", "learning", 7, NOTE)  # on the forge; its webhook never came

    result = maintain(worker, remote, MONDAY)

    assert (result.replayed, result.caught_up, result.skipped) == (0, 1, False)
    (commit,) = bot_commits(remote)
    message = git(remote, "log", "-1", "--format=%B", commit)
    assert f"GitLearnOS-Event: github:github.com/alice/learning#7/comment/{comment_id}@" in message
    assert forge.comments.created == 1, "one receipt"
    assert forge.listed_since == ["2026-11-28T20:31:00Z"], "48 hours back the first time"

    again = maintain(worker, remote, TUESDAY)
    assert again.skipped and again.caught_up == 0, "the comment is recognized as applied"
    assert bot_commits(remote) == [commit]
    assert forge.comments.created == 1
    assert forge.listed_since[-1] == "2026-11-30T20:31:00Z", "the next window starts where the last began"


def test_a_second_run_the_same_local_day_is_skipped_without_looking(
    tmp_path: Path, redis_url: str, remote: Path, forge: Forge
) -> None:
    worker = runtime(tmp_path, redis_url)
    forge.comments.seed("alice", "learning", 7, NOTE)
    assert not maintain(worker, remote, MONDAY).skipped
    forge.comments.seed("alice", "learning", 7, "Save this too: similar triangles keep angle order.")
    listings = len(forge.listed_since)

    second = maintain(worker, remote, MONDAY)

    assert second.skipped and second.reason == "this occurrence already ran"
    assert len(forge.listed_since) == listings, "the occurrence did not run twice"
    assert len(bot_commits(remote)) == 1
    assert forge.comments.created == 1


def test_a_run_with_no_work_is_skipped_with_no_commit_and_no_comment(
    tmp_path: Path, redis_url: str, remote: Path, forge: Forge
) -> None:
    worker = runtime(tmp_path, redis_url)
    head = git(remote, "rev-parse", "main")
    run_task, _ = register_schedule_tasks(create_celery(worker.settings, redis_url), worker)

    outcome = run_task.apply(args=[served(remote).model_dump(mode="json"), MONDAY.isoformat()]).get()

    assert outcome["skipped"] is True and outcome["reason"] == "no work"
    assert git(remote, "rev-parse", "main") == head
    assert forge.comments.comments == {}
    evidence = json.loads(worker.redis.get(claim_key(MAINTENANCE_JOB, REPO.slug, MONDAY)) or b"{}")
    assert evidence["skipped"] is True, "the skip is kept as run evidence outside the repository"


def test_comments_by_the_bot_or_strangers_change_nothing(
    tmp_path: Path, redis_url: str, remote: Path, forge: Forge
) -> None:
    worker = runtime(tmp_path, redis_url)
    forge.comments.seed("alice", "learning", 7, "Save this: a note", login="gitlearnos-bot")
    forge.comments.seed("alice", "learning", 7, NOTE, login="mallory")
    worker.settings.bot_login = "gitlearnos-bot"

    assert maintain(worker, remote, MONDAY).skipped
    assert bot_commits(remote) == []
    assert forge.comments.created == 0


def queued(redis_url: str) -> list[list[Any]]:
    """The arguments of every message Celery published to the schedule queue."""
    messages = published(redis_url, SCHEDULE_QUEUE)
    assert all(m.task == RUN_MAINTENANCE for m in messages)
    return [m.args for m in messages]


def test_dispatch_enqueues_exactly_one_run_per_due_repository(tmp_path: Path, redis_url: str) -> None:
    worker = runtime(tmp_path, redis_url)
    app = create_celery(worker.settings, redis_url)
    due = register_with_mirror(worker, seed_remote(tmp_path, "due"), "alice/learning")
    done = register_with_mirror(worker, seed_remote(tmp_path, "done"), "alice/finished")
    unsynced = REPO.model_copy(update={"full_name": "alice/new", "clone_url": str(tmp_path / "nowhere")})
    record_repo(worker.redis, note_event(tmp_path).model_copy(update={"repo": unsynced}))
    for repo in (due, done):
        worker.redis.set(claim_key(MAINTENANCE_JOB, repo.slug, SUNDAY), "{}")  # Sunday's ran
    worker.redis.set(claim_key(MAINTENANCE_JOB, done.slug, MONDAY), "{}")  # and this one already ran today

    assert len(registered_repos(worker.redis)) == 3
    assert dispatch_due(worker, app, now=datetime(2026, 11, 30, 20, 29, tzinfo=UTC)) == [], "21:29 in Berlin"
    first = dispatch_due(worker, app, now=MONDAY_2131_BERLIN)
    assert dispatch_due(worker, app, now=datetime(2026, 11, 30, 20, 32, tzinfo=UTC)) == []

    assert first == [f"maintenance/{due.slug}/2026-11-30"]
    ((payload, occurrence),) = queued(redis_url)
    assert (RegisteredRepo.model_validate(payload).repo, occurrence) == (due, "2026-11-30")


def test_a_run_queued_but_not_started_catches_up_once_when_the_worker_is_back(
    tmp_path: Path, redis_url: str, forge: Forge
) -> None:
    """The worker was down at 21:30: dispatch queued the run; messages pile up for nobody; one run happens."""
    worker = runtime(tmp_path, redis_url)
    repo = register_with_mirror(worker, seed_remote(tmp_path, "remote"), "alice/learning")
    app = create_celery(worker.settings, redis_url)
    run_task, _ = register_schedule_tasks(app, worker)
    dispatch_due(worker, app, now=MONDAY_2131_BERLIN)
    worker.redis.delete(f"gitlearnos:dispatched:maintenance/{repo.slug}/2026-11-30")  # as after its expiry
    dispatch_due(worker, app, now=datetime(2026, 11, 30, 20, 50, tzinfo=UTC))

    results = [run_task.apply(args=args).get() for args in queued(redis_url)]

    assert [r["reason"] for r in results] == ["no work", "this occurrence already ran"]
    assert dispatch_due(worker, app, now=datetime(2026, 12, 1, 6, 0, tzinfo=UTC)) == [], "07:00: no redo"


def test_beat_keeps_the_dispatcher_entry_in_redis(redis_url: str, tmp_path: Path) -> None:
    worker = runtime(tmp_path, redis_url)
    app = create_celery(worker.settings, redis_url)
    configure_beat(app, redis_url)
    RedBeatScheduler(app=app, lazy=False)

    stored = redis.Redis.from_url(redis_url).hgetall(REDBEAT_PREFIX + BEAT_ENTRY)
    definition = json.loads(stored[b"definition"])
    assert definition["task"] == DISPATCH_DUE
    assert definition["options"]["queue"] == SCHEDULE_QUEUE


def caught_up_edit(worker: WorkerRuntime, remote: Path, forge: Forge, edited: str) -> MaintenanceResult:
    """The learner's comment applied on Monday, then edited with no webhook: Tuesday's run catches it up."""
    forge.comments.seed("alice", "learning", 7, NOTE)
    assert not maintain(worker, remote, MONDAY).skipped
    (comment,) = forge.comments.comments[7][:1]
    comment["body"] = edited
    comment["updated_at"] = "2026-11-30T22:00:00Z"  # written long after the comment was created
    return run_maintenance(worker, served(remote), TUESDAY, now=datetime(2026, 12, 1, 20, 31, tzinfo=UTC))


def nothing_left_the_next_day(worker: WorkerRuntime, remote: Path) -> None:
    wednesday = run_maintenance(
        worker, served(remote), WEDNESDAY, now=datetime(2026, 12, 2, 20, 31, tzinfo=UTC)
    )
    assert wednesday.skipped and wednesday.caught_up == 0


def test_a_comment_edited_after_it_was_applied_is_caught_up_as_a_correction_not_a_second_note(
    tmp_path: Path, redis_url: str, remote: Path, forge: Forge
) -> None:
    """Issue 19: an edit is an event of its own, and maintenance replays one the webhooks missed. Adding to
    the note is a real change: a correction of the comment's record, never a second study note."""
    worker = runtime(tmp_path, redis_url)
    again = caught_up_edit(worker, remote, forge, NOTE + " Edited: also the order of the sides.")

    assert again.caught_up == 1
    correction, note = bot_commits(remote)
    assert git(remote, "log", "-1", "--format=%s", correction).startswith("Record correction of event-")
    changed = git(remote, "show", "--name-status", "--format=", correction).splitlines()
    (original,) = [line.split()[1] for line in changed if line.startswith("M") and "/events/" in line]
    assert original in git(remote, "show", "--name-only", "--format=", note).split()
    assert "Superseded by:" in git(remote, "show", f"main:{original}")
    assert forge.comments.created == 2, "one reply for the note, one for its correction"
    assert "What changed: words added to the note." in forge.comments.comments[7][-1]["body"]
    nothing_left_the_next_day(worker, remote)


def test_a_wording_only_edit_caught_up_links_the_version_and_files_nothing_new(
    tmp_path: Path, redis_url: str, remote: Path, forge: Forge
) -> None:
    worker = runtime(tmp_path, redis_url)
    again = caught_up_edit(worker, remote, forge, NOTE.replace("triangle-similarity", "triangle similarity"))

    assert again.caught_up == 1
    link, _ = bot_commits(remote)
    changed = git(remote, "show", "--name-status", "--format=", link).split()
    assert changed[0] == "M" and len(changed) == 2, "only the record, whose source versions grow"
    assert "changes only the wording or formatting" in forge.comments.comments[7][-1]["body"]
    nothing_left_the_next_day(worker, remote)


def test_a_stale_dashboard_is_regenerated_in_one_commit_and_then_left_alone(
    tmp_path: Path, redis_url: str, remote: Path, forge: Forge
) -> None:
    add_to_remote(tmp_path, remote, "dashboard.md", dashboard_for())  # written before the event record
    (tmp_path / "again").mkdir()
    add_to_remote(tmp_path / "again", remote, EVENT_PATH, EVENT)  # an edit the dashboard never saw
    worker = runtime(tmp_path, redis_url)

    first = maintain(worker, remote, MONDAY)
    second = maintain(worker, remote, TUESDAY)

    (commit,) = bot_commits(remote)
    assert first.dashboard_commit == commit and not first.skipped
    assert "event-2026-11-27-angle-order" in git(remote, "show", "main:dashboard.md")
    changed = git(remote, "show", "--name-only", "--format=", commit).split()
    assert changed == ["dashboard-progress.svg", "dashboard.md"], "the chart is regenerated with it"
    assert "GitLearnOS-Operation: maintenance" in git(remote, "log", "-1", "--format=%B", commit)
    assert second.skipped and second.dashboard_commit == "", "no timestamp-only rewrite the next day"
    assert forge.comments.created == 0, "no notification"
