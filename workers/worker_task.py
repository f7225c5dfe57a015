"""The one base class of every worker task: retries with backoff, the forge's ``Retry-After``, giving up.

Each task is a short shim that calls :meth:`WorkerTask.attempt` with its work. A failure that waiting
can cure (a busy repository, a forge outage or rate limit, a Redis restart, git over the network) is
retried after :func:`retry_delay`; one that cannot (a refused repository, a missing forge
configuration, a 4xx) or the last retry goes to the task's ``give_up`` (the event task parks the
event) and is raised.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import asdict
from typing import Any, TypeVar

import structlog
from celery import Celery, Task
from celery.exceptions import Reject, Retry
from kombu.exceptions import OperationalError

from forge_adapters.base import ForgeError, ForgeNotConfigured
from runtime import metrics
from workers.repo_access import RepositoryRefused
from workers.repo_lock import RetryLater
from workers.repo_registry import RegisteredRepo
from workers.runtime import REDIS_BLIPS

log = structlog.get_logger("gitlearnos.worker")
T = TypeVar("T")

# Retries back off exponentially with jitter: about 5 s, 10 s, 20 s ... capped at 5 minutes, so the
# twelve of them span roughly half an hour (a forge or network outage of that length loses nothing).
MAX_RETRIES = 12
BACKOFF_FIRST = 5.0
BACKOFF_CAP = 300.0
# Publishing a retry goes through Redis too: the waits (seconds) before giving up and parking.
RETRY_PUBLISH_WAITS = (0.5, 1.0, 2.0, 4.0, 8.0)
PUBLISH_BLIPS = (*REDIS_BLIPS, OperationalError, OSError)  # what kombu raises when the broker is away


def retry_countdown(error: Exception) -> float | None:
    """The least wait before retrying (the forge's own delay wins), or None when retrying cannot help."""
    if isinstance(error, RepositoryRefused):  # a public or foreign repository stays so: never retried
        return None
    if isinstance(error, RetryLater):
        return error.countdown
    if isinstance(error, REDIS_BLIPS):
        return 1.0  # Redis restarts in seconds; the backoff's jitter spreads the workers it failed
    if isinstance(error, ForgeNotConfigured):
        return None  # the operator must fix the configuration; waiting changes nothing
    if isinstance(error, ForgeError):
        if error.retry_after is not None:
            return max(error.retry_after, 1.0)
        return 10.0 if (error.status or 500) >= 500 else None
    return 15.0  # git over the network: transient more often than not


def retry_delay(error: Exception, retries: int, rng: random.Random | None = None) -> float | None:
    """Seconds before retry number ``retries + 1``: exponential with jitter, never below the least wait.

    The exponential part doubles from :data:`BACKOFF_FIRST` up to :data:`BACKOFF_CAP`; "equal
    jitter" (half fixed, half random) spreads the workers that one outage failed together, so they
    do not all come back in the same second.
    """
    least = retry_countdown(error)
    if least is None:
        return None
    ceiling = min(BACKOFF_CAP, BACKOFF_FIRST * 2.0 ** min(retries, 32))
    jittered = ceiling / 2 + (rng or random).uniform(0, ceiling / 2)
    return max(least, jittered)


class WorkerTask(Task):  # type: ignore[misc]
    """Base of every task: ``attempt`` runs the work and turns a curable failure into a retry.

    ``retry_on`` narrows which failures are retried at all (the event task parks anything else at
    once); ``max_retries`` comes from the task's decorator.
    """

    retry_on: tuple[type[Exception], ...] = (Exception,)
    count_retries = False  # the event task reports its retries in the metrics

    def attempt(self, work: Callable[[], T], give_up: Callable[[Exception], None] | None = None) -> T:
        """``work()``'s result; raises :class:`Retry` for a retry, else calls ``give_up`` and re-raises."""
        try:
            return work()
        except Retry:
            raise
        except Exception as error:
            countdown = retry_delay(error, self.request.retries) if isinstance(error, self.retry_on) else None
            if countdown is not None and self.request.retries < self.max_retries:
                retried = self._publish_retry(countdown, error)
                if retried is not None:
                    if self.count_retries:
                        metrics.count_retry(error)
                    raise retried from error
            if give_up is not None:
                give_up(error)
            raise

    def _publish_retry(self, countdown: float, error: Exception) -> Retry | None:
        """Queue the task's next attempt; None when Redis would not take it (the caller gives up).

        ``Task.retry`` publishes through Redis; when that fails it raises ``Reject(requeue=False)``,
        which would drop the message with nothing parked. Right after a Redis restart the first
        publish often fails, so it is tried again a few times over about fifteen seconds.
        """
        for wait in (*RETRY_PUBLISH_WAITS, None):
            try:
                retried: Retry = self.retry(countdown=countdown, exc=error, throw=False)
                return retried
            except Reject as rejected:
                if wait is None or not isinstance(rejected.reason, PUBLISH_BLIPS):
                    log.error("task.retry_unpublished", task=self.name, error=type(error).__name__)
                    return None
                time.sleep(wait)
        return None


def routed(app: Celery, name: str, queue: str) -> None:
    """Route task ``name`` to ``queue`` on ``app``."""
    app.conf.task_routes = dict(app.conf.task_routes or {}) | {name: {"queue": queue}}


def repo_task(app: Celery, name: str, work: Callable[..., Any], *, queue: str | None = None) -> Task:
    """Register ``name``: ``work(target, *args)`` on the served repository the first argument names.

    Its dataclass result is returned as a dict. ``shared=False``: the task closes over its runtime,
    and a shared task would be copied into every Celery app created later in the process.
    """
    if queue is not None:
        routed(app, name, queue)

    @app.task(name=name, base=WorkerTask, shared=False, bind=True, max_retries=MAX_RETRIES)  # type: ignore[untyped-decorator]
    def repo_job(self: WorkerTask, payload: dict[str, Any], *args: Any, **kwargs: Any) -> dict[str, Any]:
        target = RegisteredRepo.model_validate(payload)
        return asdict(self.attempt(lambda: work(target, *args, **kwargs)))

    return repo_job
