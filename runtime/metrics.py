"""Prometheus metrics for the intake and the workers, and how each process exposes them.

Every label is a closed set spelled out here — forge, delivery outcome, task
outcome, retry reason, operation — so a school running one bot for hundreds of
learners does not grow a time series per learner. Repository names, delivery
ids, event keys, learner text and tokens are never labels; they belong in the
logs (see :mod:`runtime.log_setup`), which carry them per line.

The metric objects are module-level, as prometheus-client intends: like a
logger they hold no client, setting or connection, only in-process numbers.

How each process exposes them:

* **web** (``gitlearnos serve``) is one uvicorn process, so the default
  registry is the truth and the app serves it at ``GET /metrics``.
* **worker** (``gitlearnos worker --metrics-port N``) runs tasks in Celery's
  prefork children, whose in-process counters the parent cannot see. The
  worker therefore uses prometheus-client's multiprocess mode: before
  anything imports ``prometheus_client`` it points ``PROMETHEUS_MULTIPROC_DIR``
  at a directory of its own under the data directory (emptied at start, so a
  restart resets the counters as Prometheus expects), every child writes its
  numbers to memory-mapped files there, and the parent serves their sum.
  Binding happens before the pool forks, so a port clash fails the start
  instead of silently losing metrics; serving starts once the pool is up, so
  no child inherits a running server thread. The alternatives are worse:
  a Pushgateway is one more service and loses the per-instance view, and
  Celery's ``threads``/``solo`` pools would give up process isolation for git.

Not measured on purpose: RAG ingests. Nothing ingests into RAG yet (the
``rag`` queue has no task), and a metric that is always zero would read as
"working, nothing to do". Add ``gitlearnos_rag_ingests_total{outcome}`` here
together with the task that ingests.
"""

from __future__ import annotations

import functools
import threading
import time
from enum import StrEnum
from socketserver import ThreadingMixIn
from typing import Any
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer, make_server

from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    Counter,
    Histogram,
    generate_latest,
    make_wsgi_app,
    values,
)
from prometheus_client.multiprocess import MultiProcessCollector

from bot.intake.events import Forge
from bot.plan import Outcome

CONTENT_TYPE = CONTENT_TYPE_LATEST
UNKNOWN = "unknown"
OTHER = "other"


class DeliveryOutcome(StrEnum):
    """What the intake did with one request to ``POST /webhooks/{forge}``."""

    QUEUED = "queued"
    DUPLICATE = "duplicate"
    IGNORED = "ignored"  # valid, deliberately unused: ping, bot's own event, unused event kind
    REFUSED = "refused"  # bad signature, no secret configured, malformed, too large, unknown forge
    ERROR = "error"  # ours: the queue was unavailable or the handler raised


class TaskOutcome(StrEnum):
    """Task endings that are not an operation outcome (those come from :class:`bot.plan.Outcome`)."""

    ALREADY_APPLIED = "already-applied"
    RETRY = "retry"
    FAILED = "failed"  # gave up: the event is parked


TASK_OUTCOMES = frozenset(o.value for o in Outcome) | frozenset(o.value for o in TaskOutcome)
FORGES = frozenset(f.value for f in Forge)

DELIVERIES = Counter(
    "gitlearnos_deliveries_total",
    "Webhook deliveries received, by forge and by what the intake did with them.",
    ["forge", "outcome"],
)
INTAKE_SECONDS = Histogram(
    "gitlearnos_intake_seconds",
    "Time the intake spent on one webhook request: verify, parse, deduplicate, enqueue.",
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5),
)
QUEUE_WAIT_SECONDS = Histogram(
    "gitlearnos_queue_wait_seconds",
    "Time from the intake queueing an event to a worker starting it (first attempt only).",
    buckets=(0.01, 0.05, 0.1, 0.5, 1.0, 5.0, 15.0, 60.0, 300.0, 900.0, 3600.0),
)
TASK_SECONDS = Histogram(
    "gitlearnos_task_seconds",
    "Duration of one event task attempt, by how it ended.",
    ["outcome"],
    buckets=(0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 120.0, 300.0, 600.0),
)
COMMITS = Counter(
    "gitlearnos_commits_total",
    "Commits the bot pushed to learner repositories, by operation.",
    ["operation"],
)
TASK_RETRIES = Counter(
    "gitlearnos_task_retries_total",
    "Event task attempts scheduled for a retry, by the kind of error that caused it.",
    ["reason"],
)
HTTP_SERVER_ERRORS = Counter(
    "gitlearnos_http_server_errors_total",
    "Requests that ended in an unhandled exception (a 500), by route template; each is logged with its "
    "traceback.",
    ["route"],
)
EVENTS_PARKED = Counter(
    "gitlearnos_events_parked_total",
    "Events that could not be applied and were parked in the pending hash for a later replay.",
)

FOREIGN_REPOSITORIES = Counter(
    "gitlearnos_foreign_repositories_total",
    "Deliveries refused because their repository is not on the forge host this bot is configured for.",
    ["forge"],
)


def count_foreign_repository(forge: str) -> None:
    FOREIGN_REPOSITORIES.labels(forge=forge_label(forge)).inc()


def forge_label(name: str) -> str:
    """The forge label for a URL segment: a known forge, or ``unknown`` (never the raw path)."""
    return name if name in FORGES else UNKNOWN


@functools.cache
def _delivery_counter(forge: str, outcome: DeliveryOutcome) -> Any:
    """The counter child of one forge label and outcome, looked up once: the labels are a closed set."""
    return DELIVERIES.labels(forge=forge, outcome=outcome.value)


def count_delivery(forge: str, outcome: DeliveryOutcome, seconds: float) -> None:
    _delivery_counter(forge_label(forge), outcome).inc()
    INTAKE_SECONDS.observe(seconds)


def count_server_error(route: str) -> None:
    """One unhandled exception; ``route`` is a route template of the app (a closed set) or ``unmatched``."""
    HTTP_SERVER_ERRORS.labels(route=route).inc()


def observe_task(outcome: str, seconds: float) -> None:
    TASK_SECONDS.labels(outcome=outcome if outcome in TASK_OUTCOMES else OTHER).observe(seconds)


def observe_queue_wait(queued_at: float, now: float | None = None) -> None:
    """Record the wait since ``queued_at`` (Unix time set by intake); clock skew never goes below zero."""
    waited = (time.time() if now is None else now) - queued_at
    QUEUE_WAIT_SECONDS.observe(max(waited, 0.0))


def count_retry(error: Exception) -> None:
    """One retry, labelled by the error class (a closed set: the retryable classes the tasks name)."""
    TASK_RETRIES.labels(reason=type(error).__name__).inc()


def count_commit(operation: str) -> None:
    """One pushed commit; ``operation`` is a code-defined name (organize, undo, setup...)."""
    COMMITS.labels(operation=operation or UNKNOWN).inc()


def multiprocess_active() -> bool:
    """Whether this process writes its metrics to ``PROMETHEUS_MULTIPROC_DIR`` files."""
    return bool(getattr(values.ValueClass, "_multiprocess", False))


def _registry() -> CollectorRegistry:
    if not multiprocess_active():
        return REGISTRY
    registry = CollectorRegistry()
    MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
    return registry


def exposition() -> bytes:
    """This process's metrics (or, in multiprocess mode, all processes') in the text format."""
    return generate_latest(_registry())


class _QuietHandler(WSGIRequestHandler):
    """No access log on stderr: scrapes every few seconds are noise, and not JSON."""

    def log_message(self, format: str, *args: Any) -> None:  # noqa: ARG002 - the base class's signature
        return


class _ThreadingServer(ThreadingMixIn, WSGIServer):
    daemon_threads = True


class MetricsServer:
    """A ``/metrics`` HTTP server bound now and started later (the worker binds before forking)."""

    def __init__(self, host: str, port: int) -> None:
        if not multiprocess_active():
            raise RuntimeError(
                "worker metrics need PROMETHEUS_MULTIPROC_DIR set before prometheus_client is imported"
            )
        self._server = make_server(
            host, port, make_wsgi_app(_registry()), _ThreadingServer, handler_class=_QuietHandler
        )
        self._thread: threading.Thread | None = None

    @property
    def port(self) -> int:
        return int(self._server.server_address[1])

    def start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._server.serve_forever, name="metrics", daemon=True)
            self._thread.start()

    def stop(self) -> None:
        if self._thread is not None:
            self._server.shutdown()
        self._server.server_close()
