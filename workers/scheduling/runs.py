"""Running one recurring job for one repository: the one entry every trigger shares.

The beat's dispatcher, a forge-side trigger (``POST /triggers/{job}``, a GitLab scheduled pipeline)
and schedule verification all end in :func:`run_job`, so they share the occurrence claim, the writer
lock and the base-revision check of the jobs themselves: whichever wakes a job first runs the
occurrence, the others find it claimed.

A forge scheduler (GitHub Actions ``schedule``, a GitLab pipeline schedule, Gitea/Forgejo Actions)
only says "wake up"; it knows neither the learner's time zone nor which occurrence ran. So a trigger
(:func:`run_triggered`) is mapped onto exactly what the beat's dispatcher does: the pure rules
(:func:`bot.automation.schedule_rules.due_occurrence`) pick the occurrence that is due on the learner's
clock, the occurrence claim makes it run once however many schedulers fire (beat and a forge both, a
retried trigger, a replayed request), and quiet hours defer it. A trigger when nothing is due
finishes as ``not-due`` with no effect, which is what makes an hourly forge cron safe.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from typing import Any

import structlog

from workers.parked_events import park_record
from workers.repo_registry import RegisteredRepo
from workers.runtime import WorkerRuntime
from workers.scheduling.dispatch import (
    DUE_REVIEW_JOB,
    SCHEDULED_JOBS,
    due_now,
    learner_automation,
    local_wall_clock,
)
from workers.scheduling.due_review import deliver_once
from workers.scheduling.maintenance import maintain_once

log = structlog.get_logger("gitlearnos.triggers")

TRIGGERABLE_JOBS = tuple(SCHEDULED_JOBS)


def run_job(
    runtime: WorkerRuntime, target: RegisteredRepo, job: str, label: str, *, now: datetime | None = None
) -> dict[str, Any]:
    """The run's result (``outcome``, ``skipped``, ``reason``, ...) as recorded for the occurrence."""
    if job == DUE_REVIEW_JOB:
        return asdict(deliver_once(runtime, target, label, now=now))
    return asdict(maintain_once(runtime, target, label, now=now))


@dataclass(frozen=True)
class TriggeredRun:
    repository: str
    results: dict[str, dict[str, Any]] = field(default_factory=dict)


def run_triggered(
    runtime: WorkerRuntime, target: RegisteredRepo, jobs: tuple[str, ...], *, now: datetime | None = None
) -> TriggeredRun:
    """Run each of ``jobs`` whose occurrence is due for ``target`` now; say why the others did not run."""
    now = now or datetime.now(UTC)
    with runtime.synced_mirror(target):  # the schedule as the remote has it now
        automation = learner_automation(runtime.settings, target.repo)
    results: dict[str, dict[str, Any]] = {}
    if automation is None:
        return TriggeredRun(target.repo.slug, {job: {"outcome": "not-configured"} for job in jobs})
    local_now = local_wall_clock(now, automation.time_zone)
    for job in jobs:
        due = (
            due_now(runtime, target.repo.slug, automation, local_now, job) if local_now is not None else None
        )
        if due is None:
            results[job] = {"outcome": "not-due", "reason": "no occurrence is due (or it already ran)"}
            continue
        results[job] = run_job(runtime, target, job, due[1], now=now)
    log.info(
        "trigger.finished",
        repository=target.repo.slug,
        outcomes={j: r.get("outcome") for j, r in results.items()},
    )
    return TriggeredRun(target.repo.slug, results)


def park_trigger(
    runtime: WorkerRuntime, target: RegisteredRepo, jobs: list[str], error: Exception, task_id: str
) -> None:
    """Keep a trigger whose retries ran out; maintenance queues it again (:mod:`workers.scheduling.missed`).

    Its pending entry is filed under its repository (``<slug>#trigger|...``) like the events.
    """
    name = f"{target.repo.slug}#trigger|{','.join(jobs)}|{task_id}".encode("utf-8", "backslashreplace")
    park_record(runtime, name, {"trigger": target.model_dump(mode="json"), "jobs": list(jobs)}, error)
    log.error("trigger.parked", repository=target.repo.slug, error=type(error).__name__)
