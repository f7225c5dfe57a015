"""The Celery application factory.

Tasks are acknowledged late and rejected back to the queue if a worker dies,
one message is prefetched at a time, and every time limit sits well below the
Redis visibility timeout, so a message is redelivered only when its worker is
really gone. That is safe because every task's effects are idempotent (see
``workers.events``).
"""

from __future__ import annotations

from celery import Celery

from gitlearnos.settings import Settings

EVENTS_QUEUE = "events"
SCHEDULE_QUEUE = "schedule"
RAG_QUEUE = "rag"
PROCESS_EVENT = "workers.events.process_event"
# A forge-side schedule (POST /triggers/{job}, a GitLab scheduled pipeline); see workers.triggered_runs.
RUN_TRIGGERED = "workers.triggered_runs.run_triggered"
# Verify a repository's recurring jobs and record them in automation.md; see workers.automation.
VERIFY_SCHEDULES = "workers.automation.verify_schedules"
SYNC_SOURCE = "workers.rag.sync_source"  # on RAG_QUEUE: ingest one source record, commit its receipt
ANSWER_QUESTION = "workers.rag_answer.answer_question"  # on RAG_QUEUE: query, reply with evidence
VISIBILITY_TIMEOUT = 3600


def create_celery(settings: Settings, redis_url: str) -> Celery:
    app = Celery("gitlearnos", broker=redis_url, set_as_current=False)
    app.conf.update(
        task_acks_late=True,
        task_reject_on_worker_lost=True,
        worker_prefetch_multiplier=1,
        task_default_queue=EVENTS_QUEUE,
        task_routes={PROCESS_EVENT: {"queue": EVENTS_QUEUE}},
        task_serializer="json",
        accept_content=["json"],
        task_ignore_result=True,
        task_time_limit=settings.lock_timeout_seconds - 30,
        task_soft_time_limit=settings.lock_timeout_seconds - 60,
        broker_transport_options={"visibility_timeout": VISIBILITY_TIMEOUT},
        broker_connection_retry_on_startup=True,
        worker_hijack_root_logger=False,
        worker_send_task_events=False,
        enable_utc=True,
        # Read by workers.schedule_dispatch.configure_beat: how often beat asks what is due.
        gitlearnos_dispatch_every=settings.dispatch_interval_seconds,
    )
    return app
