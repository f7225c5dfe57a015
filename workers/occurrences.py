"""Scheduled runs happen at most once per occurrence (``<job>/<repo>/<local date>``).

The protocol: "A scheduled run must use an idempotency key derived from job
and scheduled occurrence." The claim is a Redis ``SET NX`` with a lease as
long as the repository lock, so a run whose worker died can be claimed again;
a failed run gives its claim back (every scheduled job is idempotent, so
running the occurrence again loses nothing); a finished run leaves its result
as the record that it ran.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import asdict
from datetime import UTC, date, datetime
from typing import TYPE_CHECKING, Any, TypeVar

import redis

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

from bot.schedule_rules import occurrence_key

OCCURRENCE = "gitlearnos:occurrence:{key}"
OCCURRENCE_TTL = 3 * 24 * 3600  # longer than an occurrence can stay the latest one

Result = TypeVar("Result", bound="DataclassInstance")


def claim_key(job: str, repo_slug: str, occurrence: date) -> str:
    """The Redis key that claims one occurrence of ``job`` for one repository."""
    return label_claim_key(occurrence_key(job, repo_slug, occurrence))


def label_claim_key(label: str) -> str:
    """The Redis key that claims the run named ``label`` (an occurrence key, or a verification run's)."""
    return OCCURRENCE.format(key=label)


def run_once(
    client: redis.Redis, key: str, *, lease: int, now: datetime, run: Callable[[], Result]
) -> Result | None:
    """``run()`` unless this occurrence is already claimed (then None); its dataclass result is recorded."""
    if not client.set(key, f"running since {now.isoformat()}", nx=True, ex=lease):
        return None
    try:
        result = run()
    except BaseException:
        client.delete(key)
        raise
    evidence: dict[str, Any] = asdict(result) | {"finished_at": datetime.now(UTC).isoformat()}
    client.set(key, json.dumps(evidence), ex=OCCURRENCE_TTL)
    return result
