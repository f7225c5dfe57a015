"""The scheduler's listing of recurring jobs: one entry per repository and job, with an opaque task ID.

The beat has one RedBeat entry, the dispatcher, which wakes every repository's jobs from its
``gitlearnos.yml`` (:mod:`workers.scheduling.dispatch`). What the protocol calls "the recurring task
observed in the scheduler" is therefore two facts together: the dispatcher entry is live (a beat holds
RedBeat's lock), and the repository's job is registered here under a stable, opaque ID. The listing
(:func:`scheduled_tasks`) is what an operator, or scenario 15, compares ``automation.md`` with.
"""

from __future__ import annotations

import hashlib
import json
from datetime import UTC, datetime

import redis

from bot.automation.record import JOBS
from bot.automation.schedule_rules import job_schedule, next_run
from bot.config import Automation
from workers.repo_registry import RegisteredRepo
from workers.runtime import WorkerRuntime
from workers.scheduling.dispatch import BEAT_ENTRY, local_wall_clock
from workers.state_keys import REDBEAT_LOCK, REDBEAT_PREFIX, SCHEDULES


def schedule_fingerprint(automation: Automation) -> str:
    """Identifies the schedules as the learner set them: a change means "schedules updated"."""
    jobs = {job: job_schedule(automation, job).model_dump(mode="json") for job in JOBS}
    text = json.dumps({"time_zone": automation.time_zone, "jobs": jobs}, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def task_id(repo_slug: str, job: str) -> str:
    """The opaque, stable ID of one repository's recurring ``job`` in the scheduler's listing."""
    return f"{job}-{hashlib.sha256(repo_slug.encode()).hexdigest()[:16]}"


def scheduler_listed(runtime: WorkerRuntime) -> bool:
    """A live scheduler: the dispatcher entry is in RedBeat and a beat holds RedBeat's lock."""
    return bool(runtime.redis.exists(REDBEAT_PREFIX + BEAT_ENTRY)) and bool(
        runtime.redis.exists(REDBEAT_LOCK)
    )


def next_run_text(now: datetime, automation: Automation, job: str) -> str:
    local_now = local_wall_clock(now, automation.time_zone)
    upcoming = next_run(local_now, job_schedule(automation, job)) if local_now is not None else None
    return f"{upcoming:%Y-%m-%d %H:%M} {automation.time_zone}" if upcoming is not None else ""


def register_schedules(
    runtime: WorkerRuntime, target: RegisteredRepo, automation: Automation, now: datetime
) -> dict[str, str]:
    """List both jobs of ``target`` in the scheduler's registry; their task IDs by job."""
    ids = {}
    for job in JOBS:
        schedule = job_schedule(automation, job)
        ids[job] = task_id(target.repo.slug, job)
        entry = {
            "repository": target.repo.slug,
            "job": job,
            "time_zone": automation.time_zone,
            "recurrence": schedule.recurrence,
            "local_time": schedule.local_time,
            "registered_at": now.isoformat(),
        }
        runtime.redis.hset(SCHEDULES, ids[job], json.dumps(entry))
    return ids


def scheduled_tasks(client: redis.Redis, *, now: datetime | None = None) -> list[dict[str, str]]:
    """The scheduler's listing: every registered recurring task with its ID and next run."""
    now = now or datetime.now(UTC)
    raw: dict[bytes, bytes] = client.hgetall(SCHEDULES)  # type: ignore[assignment]
    listing = []
    for key, value in sorted(raw.items()):
        entry = json.loads(value)
        automation = Automation.model_validate(
            {
                "time_zone": entry["time_zone"],
                "jobs": {entry["job"]: {k: entry[k] for k in ("recurrence", "local_time")}},
            }
        )
        listing.append(
            entry | {"task_id": key.decode(), "next_run": next_run_text(now, automation, entry["job"])}
        )
    return listing
