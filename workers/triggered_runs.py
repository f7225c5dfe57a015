"""Runs woken by a forge-side scheduler: ``POST /triggers/{job}`` or a GitLab scheduled pipeline.

A forge scheduler (GitHub Actions ``schedule``, a GitLab pipeline schedule, Gitea/Forgejo Actions)
only says "wake up"; it knows neither the learner's time zone nor which occurrence ran. So a trigger
is mapped onto exactly what the beat's dispatcher does: the pure rules
(:func:`bot.automation.schedule_rules.due_occurrence`) pick the occurrence that is due on the learner's clock,
the occurrence claim makes it run once however many schedulers fire (beat and a forge both, a
retried trigger, a replayed request), and quiet hours defer it. A trigger when nothing is due
finishes as ``not-due`` with no effect, which is what makes an hourly forge cron safe.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import structlog
from celery import Celery, Task

from bot.automation.schedule_rules import due_occurrence, occurrence_key
from workers.celery_app import RUN_TRIGGERED, SCHEDULE_QUEUE
from workers.events import MAX_RETRIES, WorkerRuntime, park_record, retry_delay
from workers.job_runs import run_job
from workers.repo_lock import repository_lock
from workers.repo_registry import RegisteredRepo
from workers.schedule_dispatch import SCHEDULED_JOBS, ClaimedOccurrences, learner_automation, local_wall_clock
from workers.scheduled_commit import open_mirror

log = structlog.get_logger("gitlearnos.triggers")

TRIGGERABLE_JOBS = tuple(SCHEDULED_JOBS)


@dataclass(frozen=True)
class TriggeredRun:
    repository: str
    results: dict[str, dict[str, Any]] = field(default_factory=dict)


def run_triggered(
    runtime: WorkerRuntime, target: RegisteredRepo, jobs: tuple[str, ...], *, now: datetime | None = None
) -> TriggeredRun:
    """Run each of ``jobs`` whose occurrence is due for ``target`` now; say why the others did not run."""
    now = now or datetime.now(UTC)
    with repository_lock(runtime.redis, target.repo, timeout=runtime.settings.lock_timeout_seconds):
        open_mirror(runtime, target, f"trigger/{target.repo.slug}").sync()  # read the current schedule
    automation = learner_automation(runtime.settings, target.repo)
    results: dict[str, dict[str, Any]] = {}
    if automation is None:
        return TriggeredRun(target.repo.slug, {job: {"outcome": "not-configured"} for job in jobs})
    local_now = local_wall_clock(now, automation.time_zone)
    for job in jobs:
        occurrence = (
            due_occurrence(
                local_now, automation, job, ran=ClaimedOccurrences(runtime.redis, target.repo.slug, job)
            )
            if local_now is not None
            else None
        )
        if occurrence is None:
            results[job] = {"outcome": "not-due", "reason": "no occurrence is due (or it already ran)"}
            continue
        label = occurrence_key(job, target.repo.slug, occurrence)
        results[job] = run_job(runtime, target, job, label, now=now)
    log.info(
        "trigger.finished",
        repository=target.repo.slug,
        outcomes={j: r.get("outcome") for j, r in results.items()},
    )
    return TriggeredRun(target.repo.slug, results)


def register_trigger_task(app: Celery, runtime: WorkerRuntime) -> Task:
    routes = dict(app.conf.task_routes or {})
    routes |= {RUN_TRIGGERED: {"queue": SCHEDULE_QUEUE}}
    app.conf.task_routes = routes

    @app.task(name=RUN_TRIGGERED, shared=False, bind=True, max_retries=MAX_RETRIES)  # type: ignore[untyped-decorator]
    def run_triggered_task(self: Task, payload: dict[str, Any], jobs: list[str]) -> dict[str, Any]:
        target = RegisteredRepo.model_validate(payload)
        # An empty list (a forge schedule event names no job) wakes every job; the rules pick what is due.
        wanted = tuple(job for job in jobs if job in TRIGGERABLE_JOBS) or TRIGGERABLE_JOBS
        try:
            return run_triggered(runtime, target, wanted).results
        except Exception as error:
            countdown = retry_delay(error, self.request.retries)
            if countdown is not None and self.request.retries < MAX_RETRIES:
                raise self.retry(countdown=countdown, exc=error) from error
            park_trigger(runtime, target, jobs, error, self.request.id or "")
            raise

    return run_triggered_task


def trigger_field(target: RegisteredRepo, jobs: list[str], task_id: str) -> bytes:
    """A given-up trigger's pending entry, under its repository (``<slug>#trigger|...``) like its events."""
    return f"{target.repo.slug}#trigger|{','.join(jobs)}|{task_id}".encode("utf-8", "backslashreplace")


def park_trigger(
    runtime: WorkerRuntime, target: RegisteredRepo, jobs: list[str], error: Exception, task_id: str
) -> None:
    """Keep a trigger whose retries ran out; maintenance queues it again (:mod:`workers.parked_events`)."""
    record = {"trigger": target.model_dump(mode="json"), "jobs": list(jobs)}
    park_record(runtime, trigger_field(target, jobs, task_id), record, error)
    log.error("trigger.parked", repository=target.repo.slug, error=type(error).__name__)
