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

Intake's event messages come from an :class:`Envelopes` template built once per task and queue: only
the ids, the body and the two display headers change per message, so a delivery costs a few
microseconds to wrap instead of the ~0.2 ms of ``as_task_v2`` (most of it Celery's ``saferepr`` of the
arguments). Their ``argsrepr`` (what ``celery inspect`` and monitoring show) names the event by its key
and never quotes the learner's text. The intake pushes the message itself, in the same Redis call as
its delivery claim (:mod:`webhooks.dedup`).
"""

from __future__ import annotations

import base64
import json
import time
import uuid
from collections.abc import Callable
from typing import Any

import msgspec
from celery import Celery
from kombu.serialization import dumps

from bot.intake.events import EventKind, InboundEvent, event_key
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


class Envelopes:
    """Task messages for one task on one queue, as :func:`task_envelope` writes them, from a template.

    The body is the same JSON (compact separators; the worker decodes it alike); ``kwargsrepr`` is
    ``repr`` of the keyword arguments, which is what ``saferepr`` gives for the flat numbers passed here.
    """

    def __init__(self, app: Celery, name: str, queue: str) -> None:
        headers, properties, _, _ = app.amqp.as_task_v2(
            "", name, args=[], kwargs={}, argsrepr="", kwargsrepr=""
        )
        content_type, content_encoding, _ = dumps(None, serializer="json")  # type: ignore[no-untyped-call]
        self._content = {"content-encoding": content_encoding, "content-type": content_type}
        self._headers: dict[str, Any] = headers
        self._properties: dict[str, Any] = {
            **properties,
            "delivery_mode": PERSISTENT,
            "delivery_info": {"exchange": "", "routing_key": queue},
            "priority": 0,
            "body_encoding": "base64",
        }
        self._encoding: str = content_encoding
        self._embed = {"callbacks": None, "errbacks": None, "chain": None, "chord": None}

    def __call__(self, args: list[object], kwargs: dict[str, object], argsrepr: str) -> bytes:
        task_id = str(uuid.uuid4())
        body = msgspec.json.encode([args, kwargs, self._embed])
        headers = {**self._headers, "id": task_id, "root_id": task_id}
        headers["argsrepr"], headers["kwargsrepr"] = argsrepr, repr(kwargs)
        properties = {**self._properties, "correlation_id": task_id, "delivery_tag": str(uuid.uuid4())}
        envelope = {"body": base64.b64encode(body).decode("ascii"), **self._content, "headers": headers}
        envelope["properties"] = properties
        return msgspec.json.encode(envelope)


QueuedMessage = tuple[str, bytes]  # the queue's list and the message to push onto it


def intake_messages(app: Celery) -> Callable[[InboundEvent], QueuedMessage]:
    """The message that queues ``workers.events.process_event`` for an event, and the list it goes on.

    A schedule event (a GitLab scheduled pipeline starting, a GitHub ``workflow_dispatch``) is no
    learner input: it goes to the schedule queue as a forge-side trigger of every recurring job, so
    it meets the same occurrence logic as the beat (:mod:`workers.scheduling.runs`).
    """
    events = Envelopes(app, PROCESS_EVENT, EVENTS_QUEUE)

    def message(event: InboundEvent) -> QueuedMessage:
        if event.kind is EventKind.SCHEDULE and event.repo is not None:
            target = {"repo": event.repo.model_dump(mode="json"), "installation_id": event.installation_id}
            every_job: list[str] = []
            return SCHEDULE_QUEUE, task_envelope(
                app, RUN_TRIGGERED, [target, every_job], SCHEDULE_QUEUE
            ).encode()
        args: list[object] = [event.model_dump(mode="json")]
        return EVENTS_QUEUE, events(args, {"queued_at": time.time()}, f"[<event {event_key(event)}>]")

    return message
