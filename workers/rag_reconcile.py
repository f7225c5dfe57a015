"""Maintenance's hook into the RAG layer: queue replays of sources whose committed material drifted.

Kept apart from :mod:`workers.maintenance` so the run calls it in one line; the rule of what is due lives
in :func:`bot.rag.reconcile.replays_due`. The hook takes the writer lock only to reset the mirror and
read the head (the mirror is shared with every committing task), queues the rag worker's sync job per
due record, and commits nothing itself: the sync job commits its own receipt. A busy repository or an
unreachable remote is logged and skipped, never failing the rest of maintenance; the next run checks
again, and nothing is lost because Git still holds the drift.
"""

from __future__ import annotations

import structlog

from bot.rag.reconcile import replays_due
from workers.events import WorkerRuntime
from workers.follow_ups import enqueue_follow_ups
from workers.git_checkout import GitWorkspaceError
from workers.repo_lock import RetryLater, repository_lock
from workers.repo_registry import RegisteredRepo

log = structlog.get_logger("gitlearnos.maintenance")


def enqueue_rag_replays(runtime: WorkerRuntime, target: RegisteredRepo) -> int:
    """Queue a sync job for every source record due for a replay; returns how many were queued."""
    settings, repo = runtime.settings, target.repo
    try:
        with repository_lock(runtime.redis, repo, timeout=settings.lock_timeout_seconds):
            client = runtime.clients.for_event(target.as_event(f"maintenance-rag:{repo.slug}"))
            mirror = runtime.mirror_of(repo, client)
            mirror.sync()
            jobs = replays_due(mirror)
    except (RetryLater, GitWorkspaceError) as error:
        log.warning("maintenance.rag_replays_not_checked", repo=repo.slug, reason=str(error))
        return 0
    queued = enqueue_follow_ups(runtime.celery, target, jobs)
    log.info("maintenance.rag_replays", repo=repo.slug, due=[job.path for job in jobs], queued=queued)
    return queued
