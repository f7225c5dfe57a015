"""Logical databases of the shared test Redis: each caller gets a flushed one, different from the last.

Databases 1–15 are handed out in turn (0 is left alone), so tests and module-scoped servers that run one
after another never read each other's keys.
"""

from __future__ import annotations

import itertools

import redis

_databases = itertools.cycle(range(1, 16))


def fresh_database(redis_server: str) -> str:
    """The URL of the next logical database of ``redis_server`` (a base URL without one), flushed."""
    url = f"{redis_server}/{next(_databases)}"
    redis.Redis.from_url(url).flushdb()
    return url
