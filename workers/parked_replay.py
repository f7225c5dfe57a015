"""Replaying parked events (:mod:`workers.parked_events`) on a later run.

Each parked event goes back to the event worker's own :func:`workers.events.handle_event`; its
trailer and reply-marker checks make an input that was already applied a no-op, so replaying is
always safe. One failing input must not starve the others in the same run, so a failure is parked
again (never dropped) and the run goes on.
"""

from __future__ import annotations

import json
from typing import Any

import structlog

from bot.intake.events import InboundEvent, event_key
from workers.celery_app import RUN_TRIGGERED, SCHEDULE_QUEUE
from workers.events import handle_event
from workers.parked_events import clear_parked, park_event
from workers.repo_registry import RegisteredRepo
from workers.runtime import WorkerRuntime
from workers.state_keys import PENDING

log = structlog.get_logger("gitlearnos.maintenance")


def apply_or_park(runtime: WorkerRuntime, event: InboundEvent) -> str | None:
    """``handle_event``'s outcome, or None when it failed; a failed event is parked, never dropped."""
    try:
        return handle_event(runtime, event)
    except Exception as error:
        park_event(runtime, event, error)
        return None


def replay_parked(runtime: WorkerRuntime, target: RegisteredRepo) -> int:
    """Hand this repository's parked events to ``handle_event`` again; unpark each that now completes."""
    replayed = 0
    parked: dict[bytes, bytes] = runtime.redis.hgetall(PENDING)  # type: ignore[assignment]
    for key, raw in parked.items():
        try:
            record = json.loads(raw)
            if "trigger" in record:
                replayed += _requeue_trigger(runtime, target, key, record)
                continue
            event = InboundEvent.model_validate(record["event"])
        except (ValueError, KeyError, TypeError):
            log.error("maintenance.unreadable_parked_event", event_key=key.decode(errors="replace"))
            continue  # left in place for a person to look at; it must not block the other events
        if event.repo is None or event.repo.slug != target.repo.slug:
            continue
        if apply_or_park(runtime, event) is None:
            continue
        runtime.redis.hdel(PENDING, key)
        clear_parked(runtime, event_key(event))  # its other deliveries are applied by the same commit
        replayed += 1
    return replayed


def _requeue_trigger(
    runtime: WorkerRuntime, target: RegisteredRepo, key: bytes, record: dict[str, Any]
) -> int:
    """Queue a parked trigger of ``target`` again; its occurrence claims make a second run a no-op."""
    parked = RegisteredRepo.model_validate(record["trigger"])
    if parked.repo.slug != target.repo.slug or runtime.celery is None:
        return 0
    jobs = [str(job) for job in record.get("jobs", [])]
    runtime.celery.send_task(RUN_TRIGGERED, [parked.model_dump(mode="json"), jobs], queue=SCHEDULE_QUEUE)
    runtime.redis.hdel(PENDING, key)
    return 1
