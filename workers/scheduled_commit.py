"""One commit by a scheduled run: under the writer lock, on the inspected base, never forced.

Protocol "Automation": a scheduled run "must ... acquire one writer lock or lease, inspect the current
Git revision, and create at most one commit only when learning state changes. If another writer
changed the base revision, stop and report the conflict; never silently rebase, force-push, or
overwrite learner work." Interactive events re-plan on the new head; a scheduled run does not, so this
helper reports :data:`CONFLICT` and leaves the remote (and the learner's commit) as it is. A commit
already carrying the run's ``GitLearnOS-Event`` key (an earlier attempt that pushed) is not made again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import structlog

from bot.plan import CommitSpec, FileWrite
from bot.snapshot import RepoSnapshot
from bot.trailers import TRAILER_EVENT
from workers.events import WorkerRuntime
from workers.git_workspace import Mirror
from workers.repo_lock import repository_lock
from workers.repo_registry import RegisteredRepo

log = structlog.get_logger("gitlearnos.schedule")

COMMITTED = "committed"
CONFLICT = "conflict"
UNCHANGED = "unchanged"
ALREADY = "already-applied"
CONFLICT_REASON = "the remote moved since the run inspected it; stopped without rebase or force-push"

# Given the synced repository, the files to write and the commit, or None when nothing changes.
Change = Callable[[RepoSnapshot], tuple[Sequence[FileWrite], CommitSpec] | None]


@dataclass(frozen=True)
class CommitResult:
    outcome: str
    commit: str = ""
    reason: str = ""


def open_mirror(runtime: WorkerRuntime, target: RegisteredRepo, label: str) -> Mirror:
    """The worker's mirror of ``target``, with credentials for a scheduled run named ``label``."""
    client = runtime.clients.for_event(target.as_event(f"scheduled:{label}"))
    return runtime.mirror_of(target.repo, client)


def commit_scheduled_change(
    runtime: WorkerRuntime,
    target: RegisteredRepo,
    label: str,
    change: Change,
    *,
    before_push: Callable[[], None] | None = None,
) -> CommitResult:
    """Take the lock, sync, ask ``change`` what to write, commit it with ``label`` as event key, push.

    ``before_push`` runs between the commit and the push (tests use it to play a learner who pushes
    at exactly that moment; the base revision check is the push itself, which git refuses when the
    branch moved).
    """
    with repository_lock(runtime.redis, target.repo, timeout=runtime.settings.lock_timeout_seconds) as lease:
        mirror = open_mirror(runtime, target, label)
        mirror.sync()
        recorded = mirror.find_trailer(TRAILER_EVENT, label)
        if recorded is not None:
            return CommitResult(ALREADY, recorded.id, "an earlier attempt of this run already committed")
        planned = change(mirror)
        if planned is None:
            return CommitResult(UNCHANGED, reason="nothing to change")
        writes, spec = planned
        if TRAILER_EVENT not in dict(spec.trailers):
            spec = spec.model_copy(update={"trailers": ((TRAILER_EVENT, label), *spec.trailers)})
        commit_id = mirror.commit(tuple(writes), (), spec.message())
        if before_push is not None:
            before_push()
        lease.ensure_held()  # fencing: push only while this run still holds the repository
        if not mirror.push():
            log.warning("scheduled.conflict", repo=target.repo.slug, run=label)
            return CommitResult(CONFLICT, reason=CONFLICT_REASON)
        log.info("scheduled.committed", repo=target.repo.slug, run=label, commit=commit_id)
        return CommitResult(COMMITTED, commit_id)
