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

import structlog

from bot.plan import CommitSpec, FileWrite, Outcome, Plan
from bot.snapshot import RepoSnapshot
from bot.trailers import TRAILER_EVENT, TRAILER_OPERATION
from workers.executor import CONFLICT, Executed, Job, OnConflict, execute
from workers.git_workspace import Mirror
from workers.repo_registry import RegisteredRepo
from workers.runtime import WorkerRuntime

log = structlog.get_logger("gitlearnos.schedule")

COMMITTED = Outcome.COMMITTED.value

# Given the synced repository, the files to write and the commit, or None when nothing changes.
Change = Callable[[RepoSnapshot], tuple[Sequence[FileWrite], CommitSpec] | None]


def commit_scheduled_change(
    runtime: WorkerRuntime,
    target: RegisteredRepo,
    label: str,
    change: Change,
    *,
    before_push: Callable[[], None] | None = None,
) -> Executed:
    """Take the lock, sync, ask ``change`` what to write, commit it with ``label`` as event key, push.

    ``before_push`` runs between the commit and the push (tests use it to play a learner who pushes
    at exactly that moment; the base revision check is the push itself, which git refuses when the
    branch moved).
    """

    def planner(mirror: Mirror) -> Plan:
        planned = change(mirror)
        if planned is None:
            return Plan(outcome=Outcome.UNCHANGED, reason="nothing to change")
        writes, spec = planned
        if TRAILER_EVENT not in dict(spec.trailers):
            spec = spec.model_copy(update={"trailers": ((TRAILER_EVENT, label), *spec.trailers)})
        operation = dict(spec.trailers).get(TRAILER_OPERATION, "")
        return Plan(
            outcome=Outcome.COMMITTED, event_key=label, operation=operation, writes=tuple(writes), commit=spec
        )

    job = Job(target=target, client=runtime.client_for(target), key=label)
    done = execute(runtime, job, planner, on_conflict=OnConflict.STOP, before_push=before_push)
    if done.outcome == CONFLICT:
        log.warning("scheduled.conflict", repo=target.repo.slug, run=label)
    elif done.outcome == COMMITTED:
        log.info("scheduled.committed", repo=target.repo.slug, run=label, commit=done.commit)
    return done
