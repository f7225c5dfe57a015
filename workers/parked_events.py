"""Parked events: what failed for good waits in ``gitlearnos:pending`` until a later run applies it.

Parking never raises and never loses an entry: Redis gets a few quick retries, and what it still
does not take waits in :attr:`WorkerRuntime.unparked` for the next park or task of the process.
Replaying is :mod:`workers.scheduling.missed`'s.
"""

from __future__ import annotations

import json
import time
from datetime import UTC, datetime
from typing import Any

import redis
import structlog

from bot.intake.events import InboundEvent, event_key
from runtime import metrics
from workers.repo_registry import RegisteredRepo
from workers.runtime import WorkerRuntime
from workers.state_keys import PENDING

log = structlog.get_logger("gitlearnos.worker")
# Parking retries a Redis blip a few times (seconds) before keeping the event in memory.
PARK_ATTEMPTS = (0.1, 0.5, 1.0, 2.0)


def pending_field(event: InboundEvent) -> bytes:
    """The event's own entry in the pending hash: event key, kind and delivery, so none overwrites another.

    ``issue.opened``, ``edited`` and ``labeled`` on the same text share an event key; each delivery
    still parks on its own. A lone surrogate (U+D800 from a payload's JSON) is written escaped, so
    no content can make parking fail.
    """
    field_text = f"{event_key(event)}|{event.kind.value}|{event.delivery_id}"
    return field_text.encode("utf-8", "backslashreplace")


def park_event(runtime: WorkerRuntime, event: InboundEvent, error: Exception) -> None:
    """Keep an event that could not be applied, so nothing the learner wrote is lost.

    The pending hash holds the event (not the learner's text in logs) until a
    later run applies it; idempotency makes replaying it safe.
    """
    key = event_key(event)
    park_record(runtime, pending_field(event), {"event": event.model_dump(mode="json")}, error)
    log.error(
        "event.parked",
        event_key=key.encode("utf-8", "backslashreplace").decode("ascii", "replace"),
        error=type(error).__name__,
        delivery=event.delivery_id,
        in_memory=bool(runtime.unparked),
    )


def count_parked(runtime: WorkerRuntime, event: InboundEvent, error: Exception) -> None:
    """The event task's way of giving up: park the event and count it."""
    park_event(runtime, event, error)
    metrics.EVENTS_PARKED.inc()


def park_record(runtime: WorkerRuntime, name: bytes, record: dict[str, Any], error: Exception) -> None:
    """Write one pending entry; never raises.

    ``json.dumps`` escapes every non-ASCII character (lone surrogates too), so any content encodes.
    If Redis does not answer after a few quick retries the entry waits in ``runtime.unparked`` and
    is written by the next park or task of this process.
    """
    stamped = record | {"error": type(error).__name__, "parked_at": datetime.now(UTC).isoformat()}
    runtime.unparked[name] = json.dumps(stamped)
    flush_unparked(runtime, attempts=PARK_ATTEMPTS)


def flush_unparked(runtime: WorkerRuntime, attempts: tuple[float, ...] = ()) -> None:
    """Write every parked record Redis has not taken yet; after ``attempts`` (waits) keep them in memory."""
    for wait in (*attempts, None):
        if not runtime.unparked:
            return
        try:
            runtime.redis.hset(PENDING, mapping=dict(runtime.unparked))  # type: ignore[arg-type]
        except redis.exceptions.RedisError:
            if wait is None:
                log.error("event.park_deferred", waiting=len(runtime.unparked))
                return
            time.sleep(wait)
            continue
        runtime.unparked.clear()
        return


def clear_parked(runtime: WorkerRuntime, key: str) -> int:
    """Remove the parked entries of ``key``: its commit exists, so every delivery of it is applied."""
    prefix = key.encode("utf-8", "backslashreplace")
    escaped = b"".join(b"\\" + bytes([c]) if c in b"*?[]\\" else bytes([c]) for c in prefix)
    try:
        fields = [name for name, _ in runtime.redis.hscan_iter(PENDING, match=escaped + b"|*")]
        return int(runtime.redis.hdel(PENDING, *fields)) if fields else 0
    except redis.exceptions.RedisError:
        log.warning("event.unpark_deferred")  # maintenance's replay finds it applied and clears it
        return 0


def parked_count(runtime: WorkerRuntime, target: RegisteredRepo) -> int:
    """How many of this repository's events are still parked (unprocessed input, for the report)."""
    parked: dict[bytes, bytes] = runtime.redis.hgetall(PENDING)  # type: ignore[assignment]
    slug_marker = target.repo.slug + "#"
    return sum(1 for key in parked if key.decode(errors="replace").startswith(slug_marker))
