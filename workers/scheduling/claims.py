"""Scheduled runs happen at most once per occurrence (``<job>/<repo>/<local date>``).

The protocol: "A scheduled run must use an idempotency key derived from job
and scheduled occurrence." The claim is a Redis ``SET NX`` with a short lease
(:data:`CLAIM_LEASE_SECONDS`) that a thread renews while the run goes on (at
most ``lease`` seconds in all), so a run whose worker was SIGKILLed frees its
occurrence within seconds and the redelivered message runs it; a claim as long
as the longest run once left such an occurrence "running" for ten minutes, and
the redelivery gave up on it. A failed run gives its claim back (every
scheduled job is idempotent, so running the occurrence again loses nothing); a
finished run leaves its result as the record that it ran (:func:`recorded_run` reads it back).
"""

from __future__ import annotations

import json
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import asdict
from datetime import UTC, date, datetime
from typing import TYPE_CHECKING, Any, TypeVar

import redis
import structlog

from bot.automation.schedule_rules import occurrence_key
from workers.state_keys import OCCURRENCE

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

OCCURRENCE_TTL = 3 * 24 * 3600  # longer than an occurrence can stay the latest one
CLAIM_LEASE_SECONDS = 15.0  # a dead worker's claim runs out this long after its last renewal
ALREADY_RAN = "this occurrence already ran"  # the reason a run finds its occurrence claimed
log = structlog.get_logger("gitlearnos.worker")

Result = TypeVar("Result", bound="DataclassInstance")


def claim_key(job: str, repo_slug: str, occurrence: date) -> str:
    """The Redis key that claims one occurrence of ``job`` for one repository."""
    return label_claim_key(occurrence_key(job, repo_slug, occurrence))


def label_claim_key(label: str) -> str:
    """The Redis key that claims the run named ``label`` (an occurrence key, or a verification run's)."""
    return OCCURRENCE.format(key=label)


class ClaimedOccurrences:
    """The occurrences of one repository's ``job`` already claimed, as the core's ``ran`` container."""

    def __init__(self, client: redis.Redis, repo_slug: str, job: str) -> None:
        self._client = client
        self._slug = repo_slug
        self._job = job

    def __contains__(self, occurrence: object) -> bool:
        if not isinstance(occurrence, date):
            return False
        return bool(self._client.exists(claim_key(self._job, self._slug, occurrence)))


def recorded_run(client: redis.Redis, label: str) -> dict[str, Any] | None:
    """The finished result Redis keeps for the run ``label``; None while it runs or if it never ran."""
    raw: bytes | None = client.get(label_claim_key(label))  # type: ignore[assignment]
    if raw is None:
        return None
    try:
        found = json.loads(raw)
    except ValueError:
        return None  # "running since ...": a lease, not a result
    return found if isinstance(found, dict) else None


def run_once(
    client: redis.Redis,
    key: str,
    *,
    lease: int,
    now: datetime,
    run: Callable[[], Result],
    claim_lease: float = CLAIM_LEASE_SECONDS,
) -> Result | None:
    """``run()`` unless this occurrence is already claimed (then None); its dataclass result is recorded.

    ``lease`` bounds how long one run may keep its claim alive; ``claim_lease`` is how soon a claim whose
    worker died runs out.
    """
    token = f"running since {now.isoformat()} ({uuid.uuid4().hex[:12]})"
    if not client.set(key, token, nx=True, px=int(claim_lease * 1000)):
        return None
    renewal = _ClaimRenewal(client, key, token, claim_lease=claim_lease, max_hold=lease)
    try:
        result = run()
    except BaseException:
        renewal.stop()
        _release(client, key, token)
        raise
    renewal.stop()
    evidence: dict[str, Any] = asdict(result) | {"finished_at": datetime.now(UTC).isoformat()}
    client.set(key, json.dumps(evidence), ex=OCCURRENCE_TTL)
    return result


# Only the claim's own holder extends or frees it (the value is its token).
_IF_OURS = "if redis.call('get', KEYS[1]) == ARGV[1] then return {action} end return 0"
_EXTEND = _IF_OURS.format(action="redis.call('pexpire', KEYS[1], ARGV[2])")
_RELEASE = _IF_OURS.format(action="redis.call('del', KEYS[1])")


def _release(client: redis.Redis, key: str, token: str) -> None:
    try:
        client.eval(_RELEASE, 1, key, token)
    except redis.RedisError:
        log.warning("occurrence.release_failed", claim=key)  # the claim lapses on its own


class _ClaimRenewal:
    """Extends a running claim every third of its lease until stopped or ``max_hold`` seconds passed."""

    def __init__(self, client: redis.Redis, key: str, token: str, *, claim_lease: float, max_hold: float):
        self._args = (key, token, int(claim_lease * 1000))
        self._client = client
        self._until = time.monotonic() + max_hold
        self._every = claim_lease / 3
        self._stopped = threading.Event()
        self._thread = threading.Thread(target=self._renew, name=f"claim:{key}", daemon=True)
        self._thread.start()

    def _renew(self) -> None:
        key, token, millis = self._args
        while not self._stopped.wait(self._every) and time.monotonic() < self._until:
            try:
                self._client.eval(_EXTEND, 1, key, token, millis)
            except redis.RedisError:
                log.warning("occurrence.renewal_failed", claim=key)  # retried at the next tick

    def stop(self) -> None:
        self._stopped.set()
        self._thread.join(timeout=1)
