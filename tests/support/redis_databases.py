"""Logical databases of the shared test Redis: each caller gets a flushed one, different from the last.

Databases 1–15 are handed out in turn (0 is left alone), so tests and module-scoped servers that run one
after another never read each other's keys. Under pytest-xdist each worker process takes only its own
share of them (gw0 1, 1+n, …; gw1 2, 2+n, …), so two workers on one ``REDIS_URL`` server never meet.
"""

from __future__ import annotations

import itertools
import os
import threading

import redis


def _own_databases() -> list[int]:
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1") or 1)
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw")
    index = int(worker) if worker.isdigit() else 0
    if not 1 <= workers <= 15 or index >= workers:
        raise RuntimeError(f"{workers} pytest-xdist workers cannot share Redis databases 1-15 one each")
    return list(range(1 + index, 16, workers))


_databases = itertools.cycle(_own_databases())
_lock = threading.Lock()  # the mutant runs take theirs from worker threads


def fresh_database(redis_server: str) -> str:
    """The URL of the next logical database of ``redis_server`` (a base URL without one), flushed."""
    with _lock:
        url = f"{redis_server}/{next(_databases)}"
    redis.Redis.from_url(url).flushdb()
    return url
