"""Queueing a plan's follow-up jobs once its commit is on the remote.

A follow-up (today: ``rag-ingest`` of a source record) must never run before the commit it depends on
is pushed, and must never be lost silently: without a Celery app to send with, the record simply stays
``pending`` in Git and the log says why, so the next run that touches the source queues it again.
The message carries identifiers only (repository, record path); the rag worker re-reads everything
from the pushed head. A ``rag-answer`` job (a learner's question about their own material) also carries
the question and the reply's thread and marker, since those are not in the repository; it commits
nothing, so it is queued whatever the plan's outcome. So is ``verify-schedules`` (a learner asked
to finish the deployment): the verification answers on the learner's issue.
"""

from __future__ import annotations

import structlog
from celery import Celery

from bot.automation.deployment_request import VERIFY_SCHEDULES as VERIFY_JOB
from bot.plan import FollowUpJob
from bot.rag.links import RAG_INGEST
from bot.rag.questions import RAG_ANSWER
from workers.celery_app import ANSWER_QUESTION, RAG_QUEUE, SCHEDULE_QUEUE, SYNC_SOURCE, VERIFY_SCHEDULES
from workers.repo_registry import RegisteredRepo

log = structlog.get_logger("gitlearnos.follow_ups")
TASKS = {
    RAG_INGEST: (SYNC_SOURCE, RAG_QUEUE),
    RAG_ANSWER: (ANSWER_QUESTION, RAG_QUEUE),
    VERIFY_JOB: (VERIFY_SCHEDULES, SCHEDULE_QUEUE),
}
# Read-only jobs, queued even when the plan committed nothing.
NEEDS_NO_COMMIT = frozenset({RAG_ANSWER, VERIFY_JOB})


def enqueue_follow_ups(
    app: Celery | None, target: RegisteredRepo, jobs: tuple[FollowUpJob, ...], *, committed: bool = True
) -> int:
    """Send each job to its queue; returns how many were queued.

    ``committed`` is False for a plan whose commit did not happen: then only read-only jobs are sent,
    since any other job would work on a commit that is not on the remote.
    """
    queued = 0
    for job in jobs:
        if not committed and job.kind not in NEEDS_NO_COMMIT:
            log.warning("follow_up.needs_commit", repo=target.repo.slug, kind=job.kind, path=job.path)
            continue
        name, queue = TASKS[job.kind]
        if app is None:
            log.warning("follow_up.not_queued", repo=target.repo.slug, kind=job.kind, path=job.path)
            continue
        app.send_task(name, *_arguments(target, job), queue=queue)
        log.info("follow_up.queued", repo=target.repo.slug, kind=job.kind, path=job.path, queue=queue)
        queued += 1
    return queued


def _arguments(target: RegisteredRepo, job: FollowUpJob) -> tuple[list[object], dict[str, object]]:
    """The task's positional and keyword arguments: identifiers, never what the repository holds."""
    repo = target.model_dump(mode="json")
    if job.kind == RAG_INGEST:
        return [repo, job.path], {}
    if job.kind == VERIFY_JOB and job.reply is not None:
        return [repo], {"reply_to": job.reply.thread_number, "requested_by": job.requested_by}
    return [repo, job.model_dump(mode="json")], {}
