"""The Celery application factory, and how the worker process runs and recovers.

Delivery: tasks are acknowledged late and rejected back to the queue if a pool process dies, and one
message is prefetched at a time. That is safe because every task's effects are idempotent (see
``workers.events``).

Recovery of a dead worker (the Redis transport's ``visibility_timeout``): a message a worker took
but never acknowledged sits in kombu's ``unacked`` hash, scored in ``unacked_index`` by when it was
taken; any worker's sweep (every :data:`RESTORE_EVERY` s) puts entries older than
:data:`VISIBILITY_TIMEOUT` back on their queue. That timeout is short (under a minute) so a
SIGKILLed worker's messages come back within a minute, not an hour. A long job must not be handed
to a second worker while it still runs, so the worker's main process re-scores every message it
holds (running or reserved) each :data:`KEEP_VISIBLE_EVERY` s (:class:`KeepHeldMessagesVisible`):
only a worker that stopped renewing — one that is gone — loses its messages. The repository lease
(``workers.repo_lock``, 15 s, renewed by the job) is shorter still, so by the time a message comes
back its repository is free, and the fencing check keeps a stale holder from pushing. If a renewal
is ever missed (the main process paused for longer than the timeout), the duplicate meets the
lease and the ``GitLearnOS-Event`` trailer and becomes a no-op.

Exit codes: Celery's ``worker_main`` drops the worker's exit code, so an unrecoverable error
exited 0 and ``Restart=on-failure`` supervisors left it dead; :func:`run_worker` returns it.
"""

from __future__ import annotations

import time
from typing import Any

import redis
from celery import Celery, bootsteps
from kombu.transport import redis as kombu_redis

from runtime.settings import Settings

EVENTS_QUEUE = "events"
SCHEDULE_QUEUE = "schedule"
RAG_QUEUE = "rag"
PROCESS_EVENT = "workers.events.process_event"
# A forge-side schedule (POST /triggers/{job}, a GitLab scheduled pipeline); see workers.scheduling.runs.
RUN_TRIGGERED = "workers.triggered_runs.run_triggered"
# Verify a repository's recurring jobs and record them in automation.md; see workers.scheduling.verification.
VERIFY_SCHEDULES = "workers.automation.verify_schedules"
SYNC_SOURCE = "workers.rag.sync_source"  # on RAG_QUEUE: ingest one source record, commit its receipt
ANSWER_QUESTION = "workers.rag_answer.answer_question"  # on RAG_QUEUE: query, reply with evidence
VISIBILITY_TIMEOUT = 45  # seconds a dead worker's message stays taken before it goes back to its queue
RESTORE_EVERY = 5  # seconds between sweeps for such messages
KEEP_VISIBLE_EVERY = 10.0  # seconds between re-scorings of the messages a live worker holds


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
        broker_transport_options={
            "visibility_timeout": VISIBILITY_TIMEOUT,
            "unacked_restore_interval": RESTORE_EVERY,
            "unacked_restore_throttle": 1,  # every sweep scans; the default 10 makes it 10x slower
        },
        broker_connection_retry_on_startup=True,
        broker_connection_retry=True,
        broker_connection_max_retries=None,  # Redis restarting is an outage to wait out, not an exit
        worker_hijack_root_logger=False,
        worker_redirect_stdouts=False,  # print()s and warnings go to the JSON stream, not re-logged as text
        worker_send_task_events=False,
        enable_utc=True,
        # Read by workers.scheduling.dispatch.configure_beat: how often beat asks what is due.
        gitlearnos_dispatch_every=settings.dispatch_interval_seconds,
    )
    app.steps["consumer"].add(KeepHeldMessagesVisible)
    return app


class KeepHeldMessagesVisible(bootsteps.StartStopStep):  # type: ignore[misc]
    """Re-score, every few seconds, each message this worker holds, so the sweep leaves it alone.

    Runs on the consumer's timer in the main process, which stays responsive however long a job
    takes in a pool process; ``XX`` only touches entries still there (an acknowledged message is
    gone and stays gone).
    """

    requires = ("celery.worker.consumer.tasks:Tasks",)

    def __init__(self, parent: Any, **kwargs: Any) -> None:
        super().__init__(parent, **kwargs)
        self._timer: Any = None

    def start(self, parent: Any) -> None:
        self._timer = parent.timer.call_repeatedly(KEEP_VISIBLE_EVERY, keep_visible, (parent,), priority=10)

    def stop(self, parent: Any) -> None:  # noqa: ARG002 - Celery's bootstep signature
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None


def keep_visible(consumer: Any) -> int:
    """Re-score the messages ``consumer`` holds; returns how many (0 while the broker is away)."""
    task_consumer = getattr(consumer, "task_consumer", None)
    channel = getattr(task_consumer, "channel", None)
    qos = getattr(channel, "qos", None)
    held = list(getattr(qos, "_delivered", None) or ())
    if not held or channel is None or qos is None:
        return 0
    try:
        with channel.conn_or_acquire() as client:
            client.zadd(qos.unacked_index_key, dict.fromkeys(held, time.time()), xx=True)
    except Exception:  # the broker is away: the consumer reconnects; the next tick retries
        return 0
    return len(held)


def run_worker(app: Celery, argv: list[str]) -> int:
    """Run ``celery worker`` with ``argv`` and return its exit code.

    What ``app.start`` does, keeping the code: click, run with ``standalone_mode=False``, returns
    the worker's ``ctx.exit`` code from ``main``, and ``app.start``/``worker_main`` drop it.
    """
    # The celery command line (click and every subcommand) loads only in a process that runs a worker.
    from celery.bin.celery import celery as celery_command  # noqa: PLC0415
    from click.exceptions import Exit  # noqa: PLC0415

    celery_command.params[0].default = app
    try:
        code = celery_command.main(args=argv, standalone_mode=False)
    except Exit as stopped:
        code = stopped.exit_code
    finally:
        celery_command.params[0].default = None
    return code if isinstance(code, int) else 0


def _supports_batch_publish(self: kombu_redis.Transport) -> bool:
    """kombu 5.7's property, safe once the connection is closed.

    Losing the broker closes the connection, which sets ``transport.client`` to None; kombu's
    property then reads ``None.hostname`` and a busy worker restoring its unacked messages died of
    ``AttributeError`` ("Unrecoverable error"). A closed transport batches nothing.
    """
    if self.client is None:
        return False
    return bool(_KOMBU_SUPPORTS_BATCH_PUBLISH(self))


def _connparams(self: kombu_redis.Channel, asynchronous: bool = False) -> dict[str, Any]:
    """kombu's connection parameters, or a connection error once the connection was closed.

    A channel of a closed connection (its transport's ``client`` is None) that restores its unacked
    messages needs a new pool; kombu then reads ``None.hostname`` — the ``AttributeError`` that
    killed a busy worker when Redis restarted. As a connection error, the consumer reconnects and the
    messages come back through the visibility timeout.
    """
    if getattr(self.connection, "client", None) is None:
        raise redis.exceptions.ConnectionError("the broker connection was closed; reconnecting")
    return _KOMBU_CONNPARAMS(self, asynchronous=asynchronous)  # type: ignore[no-untyped-call,no-any-return]


_KOMBU_CONNPARAMS = kombu_redis.Channel._connparams
kombu_redis.Channel._connparams = _connparams  # type: ignore[method-assign]
_KOMBU_PROPERTY = getattr(kombu_redis.Transport, "supports_batch_publish", None)
if isinstance(_KOMBU_PROPERTY, property) and _KOMBU_PROPERTY.fget is not None:
    _KOMBU_SUPPORTS_BATCH_PUBLISH = _KOMBU_PROPERTY.fget
    kombu_redis.Transport.supports_batch_publish = property(_supports_batch_publish)  # type: ignore[method-assign,assignment]
