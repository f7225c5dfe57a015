"""Queueing a plan's follow-up jobs once its commit is on the remote.

A follow-up (today: ``rag-ingest`` of a source record) must never run before the commit it depends on
is pushed, and must never be lost silently: without a Celery app to send with, the record simply stays
``pending`` in Git and the log says why, so the next run that touches the source queues it again.
The message carries identifiers only (repository, record path); the rag worker re-reads everything
from the pushed head.
"""

from __future__ import annotations

import structlog
from celery import Celery

from bot.plan import FollowUpJob
from bot.rag_links import RAG_INGEST
from workers.celery_app import RAG_QUEUE, SYNC_SOURCE
from workers.repo_registry import RegisteredRepo

log = structlog.get_logger("gitlearnos.follow_ups")
TASKS = {RAG_INGEST: (SYNC_SOURCE, RAG_QUEUE)}


def enqueue_follow_ups(app: Celery | None, target: RegisteredRepo, jobs: tuple[FollowUpJob, ...]) -> int:
    """Send each job to its queue; returns how many were queued."""
    queued = 0
    for job in jobs:
        name, queue = TASKS[job.kind]
        if app is None:
            log.warning("follow_up.not_queued", repo=target.repo.slug, kind=job.kind, path=job.path)
            continue
        app.send_task(name, args=[target.model_dump(mode="json"), job.path], queue=queue)
        log.info("follow_up.queued", repo=target.repo.slug, kind=job.kind, path=job.path, queue=queue)
        queued += 1
    return queued
