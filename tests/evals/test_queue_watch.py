"""The rag-queue watch counts only its own Redis database: MONITOR shows the whole server, and a second
stack on another database of the same server (two mutant runs at once) pushes onto a queue of that name."""

from __future__ import annotations

import time

import redis

from evals.harness.queue_watch import tasks_sent
from tests.support.redis_databases import fresh_database

MESSAGE = '{"headers": {"task": "workers.rag.ingest"}}'


def test_a_task_pushed_on_another_database_of_the_server_is_not_counted(redis_server: str) -> None:
    watched, other = fresh_database(redis_server), fresh_database(redis_server)
    with tasks_sent(watched, "rag") as sent:
        redis.Redis.from_url(other).lpush("rag", MESSAGE)
        redis.Redis.from_url(watched).lpush("rag", MESSAGE)
        deadline = time.monotonic() + 5
        while not sent and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(0.2)  # the other database's push came first; it would be in by now
    assert sent == ["workers.rag.ingest"]
