"""One writer per learner repository: the Redis lock every operation that commits takes.

redis-py's ``Lock`` holds a token, so only its owner can release it, and a
timeout longer than any task frees it if a worker dies. A busy repository is
not an error: it raises :class:`RetryLater` and the task retries a few seconds later.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import redis
import structlog

from bot.events import RepoRef

LOCK = "gitlearnos:lock:{repo}"
log = structlog.get_logger("gitlearnos.worker")


class RetryLater(Exception):
    """The task cannot finish now (lock busy, remote moved, rate limit); retry after ``countdown`` seconds."""

    def __init__(self, reason: str, countdown: float) -> None:
        super().__init__(reason)
        self.countdown = countdown


@contextmanager
def repository_lock(client: redis.Redis, repo: RepoRef, *, timeout: int, wait: float = 30) -> Iterator[None]:
    lock = client.lock(LOCK.format(repo=repo.slug), timeout=timeout, blocking_timeout=wait)
    if not lock.acquire():
        raise RetryLater("another operation holds this repository", countdown=5)
    try:
        yield
    finally:
        try:
            lock.release()
        except redis.exceptions.LockError:
            log.warning("lock.expired_before_release", repo=repo.slug)
