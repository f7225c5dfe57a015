"""A real Celery worker from :func:`workers.celery_app.create_celery`, with one slow task, for outage tests.

``python -m tests.support.busy_worker <redis url> [fail-at-start]`` runs it through
:func:`workers.celery_app.run_worker` (as ``gitlearnos worker`` does) and exits with its code.
``slow(name, seconds)`` marks ``busy:started:<name>``, sleeps, then marks ``busy:done:<name>``
(retrying while Redis is away), so a test sees which tasks ran to the end across a Redis restart.
"""

from __future__ import annotations

import sys
import time
from typing import Any

import redis
import structlog
from celery import Celery, bootsteps

from runtime.log_setup import configure_logging
from runtime.settings import Settings
from workers.celery_app import create_celery, run_worker

SLOW = "tests.busy_worker.slow"


def _mark(url: str, key: str) -> None:
    for _ in range(120):
        try:
            redis.Redis.from_url(url).incr(key)
            return
        except redis.exceptions.ConnectionError:
            time.sleep(0.5)


class FailAtStart(bootsteps.StartStopStep):
    """An unrecoverable error inside the worker (what kombu's ``AttributeError`` was)."""

    def start(self, parent: Any) -> None:
        raise RuntimeError("unrecoverable, on purpose")


def build(url: str) -> Celery:
    app = create_celery(Settings(), url)

    @app.task(name=SLOW, shared=False)  # type: ignore[untyped-decorator]
    def slow(name: str, seconds: float) -> None:
        _mark(url, f"busy:started:{name}")
        structlog.get_logger("gitlearnos.worker").info("busy.started", task=name)
        time.sleep(seconds)
        _mark(url, f"busy:done:{name}")

    return app


if __name__ == "__main__":
    broker = sys.argv[1]
    configure_logging("INFO")  # as ``gitlearnos worker`` does
    worker_app = build(broker)
    if "fail-at-start" in sys.argv[2:]:
        worker_app.steps["consumer"].add(FailAtStart)
    argv = ["worker", "--queues", "events", "--concurrency", "1", "--loglevel", "INFO"]
    sys.exit(run_worker(worker_app, [*argv, "--without-gossip", "--without-mingle", "--without-heartbeat"]))
