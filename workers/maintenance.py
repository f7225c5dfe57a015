"""The ``maintenance`` job for one learner repository, once per scheduled occurrence.

What one run reconciles, in order (protocol "Automation", ``maintenance``):

1. unprocessed input: parked events are replayed (:mod:`workers.parked_events`), and issues and
   comments whose webhooks were lost or refused (GitHub never redelivers) are caught up
   (:mod:`workers.missed_issues`, :mod:`workers.missed_comments`), each through the event worker,
   whose idempotency makes a replay of applied input a no-op;
2. stale views: a dashboard (or its progress chart) that differs from what the records imply is
   regenerated with the chart in one commit (:func:`bot.automation.maintenance_findings.refreshed_views`),
   under the writer lock and on the inspected base; a learner push meanwhile stops the run with a
   conflict, nothing is forced;
3. waiting feedback, contradictory state and repeated evidence waiting for synthesis are *reported*
   in the run's evidence (:func:`bot.automation.maintenance_findings.findings`), not fixed.

Each run belongs to one occurrence, ``maintenance/<repo>/<local date>``, claimed with ``SET NX``
before any work (:mod:`workers.occurrences`): a second run of the same occurrence finishes as
skipped. The run holds no repository lock while replaying: every input takes the lock inside
``handle_event`` (Redis locks are not re-entrant, and per-input locking lets webhook events
interleave with a long run). Scheduling lives in :mod:`workers.schedule_dispatch`.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from datetime import UTC, date, datetime
from typing import Any

import structlog
from celery import Celery, Task

from bot.automation.maintenance_findings import Findings, findings, refreshed_views
from bot.automation.schedule_rules import occurrence_key
from bot.plan import CommitSpec, FileWrite
from bot.setup.operation import BOT_NAME
from bot.snapshot import RepoSnapshot
from bot.trailers import TRAILER_OPERATION
from workers.events import MAX_RETRIES, WorkerRuntime, retry_delay
from workers.missed_comments import catch_up_missed_comments
from workers.missed_issues import catch_up_missed_issues
from workers.occurrences import claim_key as occurrence_claim_key
from workers.occurrences import label_claim_key, run_once
from workers.parked_events import parked_count, replay_parked
from workers.rag_reconcile import enqueue_rag_replays
from workers.repo_access import ensure_served
from workers.repo_registry import RegisteredRepo
from workers.schedule_dispatch import (
    DISPATCH_DUE,
    MAINTENANCE_JOB,
    RUN_MAINTENANCE,
    SCHEDULED_JOBS,
    configure_beat,
    dispatch_due,
    route_schedule_tasks,
)
from workers.scheduled_commit import COMMITTED, CONFLICT, commit_scheduled_change

__all__ = ["configure_beat", "register_maintenance_tasks", "run_maintenance"]  # cli.py imports both

log = structlog.get_logger("gitlearnos.maintenance")

JOB = MAINTENANCE_JOB


@dataclass(frozen=True)
class MaintenanceResult:
    """What one run did; ``skipped`` means no learning state changed and nothing parked was resolved."""

    occurrence: str
    replayed: int = 0
    caught_up: int = 0
    skipped: bool = True
    reason: str = ""
    outcome: str = "skipped"
    dashboard_commit: str = ""
    still_parked: int = 0
    catch_up_problem: str = ""
    waiting_feedback: tuple[str, ...] = ()
    contradictions: tuple[str, ...] = ()
    awaiting_synthesis: tuple[str, ...] = ()


def claim_key(repo_slug: str, occurrence: date) -> str:
    """The Redis key that claims one maintenance occurrence of one repository."""
    return occurrence_claim_key(JOB, repo_slug, occurrence)


def run_maintenance(
    runtime: WorkerRuntime, target: RegisteredRepo, occurrence: date, *, now: datetime | None = None
) -> MaintenanceResult:
    """Run the ``occurrence`` of maintenance for ``target`` at most once; raise to have it retried."""
    return maintain_once(runtime, target, occurrence_key(JOB, target.repo.slug, occurrence), now=now)


def maintain_once(
    runtime: WorkerRuntime, target: RegisteredRepo, label: str, *, now: datetime | None = None
) -> MaintenanceResult:
    """Run maintenance under the occurrence key ``label`` at most once (scheduled, triggered or verifying)."""
    now = now or datetime.now(UTC)
    lease = runtime.settings.lock_timeout_seconds
    result = run_once(
        runtime.redis,
        label_claim_key(label),
        lease=lease,
        now=now,
        run=lambda: _run(runtime, target, label, now),
    )
    if result is None:
        log.info("maintenance.occurrence_already_claimed", occurrence=label)
        return MaintenanceResult(occurrence=label, reason="this occurrence already ran")
    log.info("maintenance.finished", **asdict(result))
    return result


def _run(runtime: WorkerRuntime, target: RegisteredRepo, label: str, now: datetime) -> MaintenanceResult:
    # The gate every job passes, before any listing or replay: a repository gone public is left alone.
    client = runtime.clients.for_event(target.as_event(f"maintenance:{label}"))
    ensure_served(runtime.settings, runtime.visibility, client, target.repo)
    replayed = replay_parked(runtime, target)
    # Issues first: a note's issue comes before the comments on it.
    catch_ups = (catch_up_missed_issues(runtime, target, now), catch_up_missed_comments(runtime, target, now))
    caught_up = sum(catch_up.changed for catch_up in catch_ups)
    enqueue_rag_replays(runtime, target)  # sources whose material drifted from the index: replay
    review = _RepositoryReview(now)
    refresh = commit_scheduled_change(runtime, target, label, review.change)
    report = review.findings
    changed = bool(replayed or caught_up or refresh.outcome == COMMITTED)
    conflict = refresh.outcome == CONFLICT
    return MaintenanceResult(
        occurrence=label,
        replayed=replayed,
        caught_up=caught_up,
        skipped=not changed and not conflict,
        reason=refresh.reason if conflict else ("" if changed else "no work"),
        outcome=CONFLICT if conflict else (COMMITTED if changed else "skipped"),
        dashboard_commit=refresh.commit if refresh.outcome == COMMITTED else "",
        still_parked=parked_count(runtime, target),
        catch_up_problem="; ".join(catch_up.problem for catch_up in catch_ups if catch_up.problem),
        waiting_feedback=report.waiting_feedback,
        contradictions=report.contradictions,
        awaiting_synthesis=report.awaiting_synthesis,
    )


class _RepositoryReview:
    """The in-repository part of a run, read under the writer lock: refresh the dashboard, note findings."""

    def __init__(self, now: datetime) -> None:
        self._today = now.date()
        self.findings = Findings()

    def change(self, snapshot: RepoSnapshot) -> tuple[tuple[FileWrite, ...], CommitSpec] | None:
        self.findings = findings(snapshot)
        views = refreshed_views(snapshot, self._today, updated_by=BOT_NAME)
        if not views:
            return None
        spec = CommitSpec(
            subject="Regenerate the stale dashboard",
            body="dashboard.md or its chart differed from what the records imply; regenerated from them.",
            trailers=((TRAILER_OPERATION, JOB),),
        )
        return tuple(FileWrite(path=path, content=text) for path, text in views.items()), spec


def register_maintenance_tasks(app: Celery, runtime: WorkerRuntime) -> tuple[Task, Task]:
    """Register the maintenance run and the dispatcher on ``app`` (routed to the schedule queue).

    Also registers the tasks every worker of the schedule queue needs besides these (schedule
    verification and forge-side triggers), so the command line registers them without knowing them.
    The scheduled tasks are ``shared=False``: each closes over its ``runtime``, and a shared task would
    be copied into every Celery app created later in the process (a test's next app) with the old one.
    """
    from workers.automation import register_automation_tasks  # imports this module

    route_schedule_tasks(app)
    register_automation_tasks(app, runtime)

    @app.task(name=DISPATCH_DUE, shared=False, bind=True)  # type: ignore[untyped-decorator]
    def dispatch_due_task(self: Task) -> list[str]:
        from workers.automation import request_verifications

        request_verifications(runtime, self.app)
        return dispatch_due(runtime, self.app, jobs=tuple(SCHEDULED_JOBS))

    @app.task(name=RUN_MAINTENANCE, shared=False, bind=True, max_retries=MAX_RETRIES)  # type: ignore[untyped-decorator]
    def run_maintenance_task(self: Task, payload: dict[str, Any], occurrence: str) -> dict[str, Any]:
        target = RegisteredRepo.model_validate(payload)
        try:
            return asdict(run_maintenance(runtime, target, date.fromisoformat(occurrence)))
        except Exception as error:
            countdown = retry_delay(error, self.request.retries)
            if countdown is not None and self.request.retries < MAX_RETRIES:
                raise self.retry(countdown=countdown, exc=error) from error
            raise

    return run_maintenance_task, dispatch_due_task
