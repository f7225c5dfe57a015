"""The ``maintenance`` job for one learner repository, once per scheduled occurrence.

What one run reconciles, in order (protocol "Automation", ``maintenance``):

1. unprocessed input: parked events are replayed (:mod:`workers.parked_events`), and issues and
   comments whose webhooks were lost or refused (GitHub never redelivers) are caught up
   (:mod:`workers.scheduling.missed`), each through the event worker, whose idempotency makes a
   replay of applied input a no-op; sources whose committed material drifted from the RAG index are
   queued for a replay (:func:`enqueue_rag_replays`);
2. stale views: a dashboard (or its progress chart) that differs from what the records imply is
   regenerated with the chart, and a source record still saying ``verified`` for material changed
   since its ingest is marked stale (:func:`bot.rag.reconcile.stale_source_marks`), in one commit
   (:func:`bot.automation.maintenance_findings.refreshed_views`),
   under the writer lock and on the inspected base; a learner push meanwhile stops the run with a
   conflict, nothing is forced;
3. a gap holding two distinct observations of one situation and no model is synthesized in that same
   commit (:func:`bot.automation.pattern_synthesis.synthesis_writes`: one model, one transfer task);
4. waiting feedback, contradictory state and repeated evidence waiting for synthesis are *reported*
   in the run's evidence (:func:`bot.automation.maintenance_findings.findings`), not fixed.

Each run belongs to one occurrence, ``maintenance/<repo>/<local date>``, claimed with ``SET NX``
before any work (:mod:`workers.scheduling.claims`): a second run of the same occurrence finishes as
skipped. The run holds no repository lock while replaying: every input takes the lock inside
``handle_event`` (Redis locks are not re-entrant, and per-input locking lets webhook events
interleave with a long run). Scheduling lives in :mod:`workers.scheduling.dispatch`, the task in
:mod:`workers.scheduling.tasks`.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from datetime import UTC, date, datetime

import structlog

from bot.automation.maintenance_findings import Findings, findings, refreshed_views
from bot.automation.pattern_synthesis import synthesis_writes
from bot.automation.schedule_rules import occurrence_key
from bot.plan import CommitSpec, FileWrite
from bot.rag.reconcile import replays_due, stale_source_marks
from bot.setup.operation import BOT_NAME
from bot.snapshot import OverlaySnapshot, RepoSnapshot
from bot.trailers import TRAILER_OPERATION
from workers.executor import CONFLICT, enqueue_follow_ups
from workers.git_checkout import GitWorkspaceError
from workers.parked_events import parked_count
from workers.repo_access import ensure_served
from workers.repo_lock import RetryLater
from workers.repo_registry import RegisteredRepo
from workers.runtime import WorkerRuntime
from workers.scheduled_commit import COMMITTED, commit_scheduled_change
from workers.scheduling.claims import ALREADY_RAN, label_claim_key, run_once
from workers.scheduling.dispatch import MAINTENANCE_JOB
from workers.scheduling.missed import catch_up_missed_comments, catch_up_missed_issues, replay_parked

log = structlog.get_logger("gitlearnos.maintenance")

JOB = MAINTENANCE_JOB
REFRESH_COMMIT = (
    "Regenerate the stale dashboard",
    "dashboard.md or its chart differed from what the records imply; regenerated from them.",
)
STALE_COMMIT = (
    "Mark stale source records",
    "Their committed material changed since the RAG ingest: not verified for the current text; "
    "re-ingest due.",
)
SYNTHESIS_COMMIT = (
    "Synthesize repeated errors into models",
    "A gap held two distinct observations of one situation and no model: the events linked, one model and "
    "one planned transfer task each; the views regenerated with them.",
)


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
        return MaintenanceResult(occurrence=label, reason=ALREADY_RAN)
    log.info("maintenance.finished", **asdict(result))
    return result


def _run(runtime: WorkerRuntime, target: RegisteredRepo, label: str, now: datetime) -> MaintenanceResult:
    # The gate every job passes, before any listing or replay: a repository gone public is left alone.
    ensure_served(runtime.settings, runtime.visibility, runtime.client_for(target), target.repo)
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
        synthesized = synthesis_writes(snapshot, self._today)  # repeated situations no model covers yet
        views = refreshed_views(OverlaySnapshot(snapshot, synthesized), self._today, updated_by=BOT_NAME)
        stale = stale_source_marks(snapshot)  # sources whose material changed since their ingest
        writes = synthesized | views | stale
        if not writes:
            return None
        subject, body = SYNTHESIS_COMMIT if synthesized else REFRESH_COMMIT if views else STALE_COMMIT
        spec = CommitSpec(subject=subject, body=body, trailers=((TRAILER_OPERATION, JOB),))
        return tuple(FileWrite(path=path, content=text) for path, text in writes.items()), spec


def enqueue_rag_replays(runtime: WorkerRuntime, target: RegisteredRepo) -> int:
    """Queue the rag worker's sync job for every source record due for a replay; how many were queued.

    The rule of what is due is the core's (:func:`bot.rag.reconcile.replays_due`). The writer lock is
    taken only to reset the mirror and read the head (the mirror is shared with every committing
    task); nothing is committed here, the sync job commits its own receipt. A busy repository or an
    unreachable remote is logged and skipped, never failing the rest of maintenance: the next run
    checks again, and nothing is lost because Git still holds the drift.
    """
    repo = target.repo
    try:
        with runtime.synced_mirror(target) as mirror:
            jobs = replays_due(mirror)
    except (RetryLater, GitWorkspaceError) as error:
        log.warning("maintenance.rag_replays_not_checked", repo=repo.slug, reason=str(error))
        return 0
    queued = enqueue_follow_ups(runtime.celery, target, jobs)
    log.info("maintenance.rag_replays", repo=repo.slug, due=[job.path for job in jobs], queued=queued)
    return queued
