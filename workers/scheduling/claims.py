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
import uuid
from collections.abc import Callable
from dataclasses import asdict
from datetime import UTC, date, datetime
from typing import TYPE_CHECKING, Any, TypeVar

import redis

from bot.automation.schedule_rules import occurrence_key
from workers.repo_lock import Lease
from workers.state_keys import OCCURRENCE

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

OCCURRENCE_TTL = 3 * 24 * 3600  # longer than an occurrence can stay the latest one
CLAIM_LEASE_SECONDS = 15.0  # a dead worker's claim runs out this long after its last renewal
ALREADY_RAN = "this occurrence already ran"  # the reason a run finds its occurrence claimed

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
    claim = client.lock(key, timeout=claim_lease, thread_local=False)
    if not claim.acquire(blocking=False, token=token):
        return None
    held = Lease(claim, key, max_hold=lease, renew_every=claim_lease / 3)
    try:
        result = run()
    except BaseException:
        held.release()
        raise
    held.stop()
    evidence: dict[str, Any] = asdict(result) | {"finished_at": datetime.now(UTC).isoformat()}
    client.set(key, json.dumps(evidence), ex=OCCURRENCE_TTL)
    return result
