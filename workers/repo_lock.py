"""One writer per learner repository: a short Redis lease every operation that commits takes.

The lease is short (:data:`LEASE_SECONDS`) and a thread renews it while the job runs, so a worker
that is SIGKILLed (no ``finally``, no release) frees its repository within seconds, not after the
longest a job may take; ``timeout`` still bounds how long one holder may keep renewing (a hung
job lets go). redis-py's ``Lock`` holds a token, so only its owner renews or releases it.

Renewal can fail (Redis restarted, the process was paused past the lease), and then another worker
may already hold the repository. So before anything leaves the worker — a push — the job calls
:meth:`Lease.ensure_held`, the fencing check: it re-reads the token in Redis and raises
:class:`RetryLater` if the lease is no longer this job's, and the retry re-plans on whatever the
other writer pushed. A busy repository is not an error either: it raises :class:`RetryLater`.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import redis
import structlog
from redis.lock import Lock

from bot.intake.events import RepoRef
from workers.state_keys import LOCK

LEASE_SECONDS = 15.0  # a dead holder frees the repository this long after its last renewal
RENEW_EVERY = LEASE_SECONDS / 3  # two renewals may fail (a Redis blip) before the lease lapses
log = structlog.get_logger("gitlearnos.worker")


class RetryLater(Exception):
    """The task cannot finish now (lock busy, remote moved, rate limit); retry after ``countdown`` seconds."""

    def __init__(self, reason: str, countdown: float) -> None:
        super().__init__(reason)
        self.countdown = countdown


class Lease:
    """A held Redis lock, renewed by a daemon thread until :meth:`stop` or ``max_hold`` seconds.

    ``name`` says what it holds in the log: a repository's slug, or an occurrence's claim
    (:mod:`workers.scheduling.claims` holds its claims the same way).
    """

    def __init__(self, lock: Lock, name: str, *, max_hold: float, renew_every: float = RENEW_EVERY) -> None:
        self._lock = lock
        self._name = name
        self._until = time.monotonic() + max_hold
        self._renew_every = renew_every
        self._stopped = threading.Event()
        self._thread = threading.Thread(target=self._renew, name=f"lease:{name}", daemon=True)
        self._thread.start()

    def _renew(self) -> None:
        while not self._stopped.wait(self._renew_every):
            if time.monotonic() > self._until:
                log.warning("lock.max_hold_reached", held=self._name)
                return  # the lease runs out on its own; ensure_held then refuses the push
            try:
                self._lock.reacquire()
            except (redis.exceptions.LockError, redis.exceptions.RedisError):
                log.warning("lock.renewal_failed", held=self._name)  # retried at the next tick

    def ensure_held(self) -> None:
        """The fencing check: raise :class:`RetryLater` unless this job still holds the repository."""
        try:
            held = self._lock.owned()
        except redis.exceptions.RedisError:
            held = False
        if not held:
            log.warning("lock.lost_before_push", repo=self._name)
            raise RetryLater("the repository lease lapsed; re-planning under a new one", countdown=1)

    def stop(self) -> None:
        self._stopped.set()
        self._thread.join(timeout=1)

    def release(self) -> None:
        """Stop renewing and free the lock if it is still ours (else it has lapsed or moved on)."""
        self.stop()
        try:
            self._lock.release()
        except redis.exceptions.LockError:
            log.warning("lock.expired_before_release", held=self._name)
        except redis.exceptions.RedisError:
            log.warning("lock.release_failed", held=self._name)  # the lease lapses on its own


@contextmanager
def repository_lock(
    client: redis.Redis,
    repo: RepoRef,
    *,
    timeout: float,
    wait: float = 30,
    lease: float = LEASE_SECONDS,
) -> Iterator[Lease]:
    """Hold ``repo``'s lease for the block (at most ``timeout`` seconds); yields it for fencing checks."""
    # Not thread-local: the renewing thread must see the token the acquiring thread got.
    lock = client.lock(LOCK.format(repo=repo.slug), timeout=lease, blocking_timeout=wait, thread_local=False)
    if not lock.acquire():
        raise RetryLater("another operation holds this repository", countdown=5)
    held = Lease(lock, repo.slug, max_hold=timeout, renew_every=lease / 3)
    try:
        yield held
    finally:
        held.release()
