"""The schedule queue's Celery tasks: the dispatcher, maintenance, schedule verification, forge triggers.

Registered in one place so the command line registers them without knowing them, and so the jobs
themselves (:mod:`workers.scheduling.maintenance`, :mod:`workers.scheduling.verification`,
:mod:`workers.scheduling.runs`) import no task machinery and no one another's registration. The tasks
are ``shared=False``: each closes over its ``runtime``, and a shared task would be copied into every
Celery app created later in the process (a test's next app) with the old one.
"""

from __future__ import annotations

from datetime import date
from functools import partial
from typing import Any

from celery import Celery, Task

from workers.celery_app import RUN_TRIGGERED, VERIFY_SCHEDULES
from workers.repo_registry import RegisteredRepo
from workers.runtime import WorkerRuntime
from workers.scheduling.dispatch import (
    DISPATCH_DUE,
    RUN_MAINTENANCE,
    SCHEDULED_JOBS,
    dispatch_due,
    route_schedule_tasks,
)
from workers.scheduling.maintenance import MaintenanceResult, run_maintenance
from workers.scheduling.runs import TRIGGERABLE_JOBS, park_trigger, run_triggered
from workers.scheduling.verification import request_verifications, verify_schedules
from workers.worker_task import MAX_RETRIES, WorkerTask, repo_task


def register_schedule_tasks(app: Celery, runtime: WorkerRuntime) -> tuple[Task, Task]:
    """Register every task of the schedule queue on ``app``; the maintenance run and the dispatcher."""
    register_verification_task(app, runtime)
    register_trigger_task(app, runtime)

    @app.task(name=DISPATCH_DUE, shared=False, bind=True)  # type: ignore[untyped-decorator]
    def dispatch_due_task(self: Task) -> list[str]:
        request_verifications(runtime, self.app)
        return dispatch_due(runtime, self.app, jobs=tuple(SCHEDULED_JOBS))

    def maintain(target: RegisteredRepo, occurrence: str) -> MaintenanceResult:
        return run_maintenance(runtime, target, date.fromisoformat(occurrence))

    return repo_task(app, RUN_MAINTENANCE, maintain), dispatch_due_task


def register_verification_task(app: Celery, runtime: WorkerRuntime) -> Task:
    """The verification task (also what a learner's "Finish deployment" request queues)."""
    route_schedule_tasks(app)

    return repo_task(app, VERIFY_SCHEDULES, partial(verify_schedules, runtime))


def register_trigger_task(app: Celery, runtime: WorkerRuntime) -> Task:
    """The task a forge-side trigger queues; a trigger whose retries ran out is parked."""
    route_schedule_tasks(app)

    @app.task(name=RUN_TRIGGERED, base=WorkerTask, shared=False, bind=True, max_retries=MAX_RETRIES)  # type: ignore[untyped-decorator]
    def run_triggered_task(self: WorkerTask, payload: dict[str, Any], jobs: list[str]) -> dict[str, Any]:
        target = RegisteredRepo.model_validate(payload)
        # An empty list (a forge schedule event names no job) wakes every job; the rules pick what is due.
        wanted = tuple(job for job in jobs if job in TRIGGERABLE_JOBS) or TRIGGERABLE_JOBS
        return self.attempt(
            lambda: run_triggered(runtime, target, wanted).results,
            lambda error: park_trigger(runtime, target, jobs, error, self.request.id or ""),
        )

    return run_triggered_task
