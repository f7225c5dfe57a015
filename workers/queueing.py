"""Handing events from the web process to the Celery queue, without blocking the event loop.

``app.send_task`` is synchronous and costs about a millisecond per call
(kombu builds a Redis pipeline and client state for every publish), which
would cap one web process well below the intake target. Intake therefore
builds the task message with Celery's own protocol code (``as_task_v2``) and
pushes it with the async Redis client onto the list the Celery Redis
transport consumes — the same envelope kombu's ``Channel.basic_publish``
writes when Celery publishes to a queue through the default (anonymous) exchange. A test compares the two
envelopes field by field, and the end-to-end tests have a real worker consume
what this publisher sends.

Each event message carries ``queued_at`` (Unix time) as a keyword argument, so
the worker can measure queue wait; a message without it (published by an
older intake) is still accepted.
"""

from __future__ import annotations

import base64
import json
import time
import uuid
from collections.abc import Awaitable, Callable

from celery import Celery
from kombu.serialization import dumps
from redis.asyncio import Redis

from bot.intake.events import EventKind, InboundEvent
from workers.celery_app import EVENTS_QUEUE, PROCESS_EVENT, RUN_TRIGGERED, SCHEDULE_QUEUE

PERSISTENT = 2


def task_envelope(
    app: Celery, name: str, args: list[object], queue: str, kwargs: dict[str, object] | None = None
) -> str:
    """The JSON string kombu's Redis transport would push for ``app.send_task(name, args, kwargs)``."""
    task_id = str(uuid.uuid4())
    headers, properties, body, _ = app.amqp.as_task_v2(task_id, name, args=args, kwargs=kwargs or {})
    content_type, content_encoding, data = dumps(body, serializer="json")  # type: ignore[no-untyped-call]
    raw = data.encode(content_encoding) if isinstance(data, str) else data
    envelope = {
        "body": base64.b64encode(raw).decode("ascii"),
        "content-encoding": content_encoding,
        "content-type": content_type,
        "headers": headers,
        "properties": {
            **properties,
            "delivery_mode": PERSISTENT,
            "delivery_info": {"exchange": "", "routing_key": queue},
            "priority": 0,
            "body_encoding": "base64",
            "delivery_tag": str(uuid.uuid4()),
        },
    }
    return json.dumps(envelope)


def redis_enqueue(app: Celery, client: Redis) -> Callable[[InboundEvent], Awaitable[None]]:
    """An async ``enqueue(event)`` that queues ``workers.events.process_event`` on the events queue.

    A schedule event (a GitLab scheduled pipeline starting, a GitHub ``workflow_dispatch``) is no
    learner input: it goes to the schedule queue as a forge-side trigger of every recurring job, so
    it meets the same occurrence logic as the beat (:mod:`workers.scheduling.runs`).
    """

    async def enqueue(event: InboundEvent) -> None:
        if event.kind is EventKind.SCHEDULE and event.repo is not None:
            target = {"repo": event.repo.model_dump(mode="json"), "installation_id": event.installation_id}
            every_job: list[str] = []
            message = task_envelope(app, RUN_TRIGGERED, [target, every_job], SCHEDULE_QUEUE)
            await client.lpush(SCHEDULE_QUEUE, message)
            return
        args: list[object] = [event.model_dump(mode="json")]
        kwargs: dict[str, object] = {"queued_at": time.time()}
        await client.lpush(EVENTS_QUEUE, task_envelope(app, PROCESS_EVENT, args, EVENTS_QUEUE, kwargs))

    return enqueue
