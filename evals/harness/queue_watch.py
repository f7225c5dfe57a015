"""Which tasks were sent to a Celery queue while something happened, seen in Redis itself (MONITOR).

A message a worker takes and acknowledges leaves no trace in the queue, so "no RAG call was made" cannot be
read afterwards. Watching the broker's own command stream while the learner's step runs is independent of
anything the bot reports: kombu sends every task with ``LPUSH <queue> <message>``. MONITOR shows every
database of the server, so only the commands on ``redis_url``'s own database count: another stack on
another database of the same server (the mutant runs go two at a time) pushes onto a queue of that name too.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager

import redis

TASK = re.compile(r'\\?"task\\?":\s*\\?"(?P<task>[\w.:-]+)')
STOP_WAIT_S = 5.0


def pushed_tasks(command: str, queue: str) -> list[str]:
    """The task names in one MONITOR line if it pushes onto ``queue`` (any priority lane), else none."""
    parts = command.split(" ", 2)
    if len(parts) < 3 or parts[0].upper() not in {"LPUSH", "RPUSH"}:
        return []
    if not parts[1].strip('"').startswith(queue):
        return []
    return [match["task"] for match in TASK.finditer(parts[2])]


@contextmanager
def tasks_sent(redis_url: str, queue: str) -> Iterator[list[str]]:
    """Yield a list that fills with the names of tasks pushed onto ``queue`` until the block ends."""
    sent: list[str] = []
    stop = threading.Event()
    started = threading.Event()
    client = redis.Redis.from_url(redis_url)
    database = int(client.connection_pool.connection_kwargs.get("db") or 0)

    def watch() -> None:
        with client.monitor() as monitor:  # type: ignore[no-untyped-call]
            started.set()
            while not stop.is_set():
                seen = monitor.next_command()
                if int(seen.get("db", database)) == database:
                    sent.extend(pushed_tasks(seen["command"], queue))

    thread = threading.Thread(target=watch, daemon=True)
    thread.start()
    started.wait(STOP_WAIT_S)
    try:
        yield sent
    finally:
        stop.set()
        client.ping()  # any command wakes the monitor so it sees the stop
        thread.join(STOP_WAIT_S)
        client.close()
