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
import itertools
import json
import os
import time
import uuid
from collections.abc import Callable
from typing import Any

import msgspec
from celery import Celery
from kombu.serialization import dumps

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


class Envelopes:
    """Task messages for one task on one queue, as :func:`task_envelope` writes them, from a template.

    The envelope is JSON bytes cut once into the parts that never change, with the per-message values
    (ids, the base64 body, the display headers) encoded into the gaps: no dict is copied or encoded per
    message. The body is the same JSON (compact separators; the worker decodes it alike);
    ``kwargsrepr`` is ``repr`` of the keyword arguments, which is what ``saferepr`` gives for the flat
    numbers passed here. The parsed envelope has the keys :func:`task_envelope` writes (a test compares
    them), in another order, which no JSON reader minds.
    """

    def __init__(self, app: Celery, name: str, queue: str) -> None:
        headers, properties, _, _ = app.amqp.as_task_v2(
            "", name, args=[], kwargs={}, argsrepr="", kwargsrepr=""
        )
        content_type, content_encoding, _ = dumps(None, serializer="json")  # type: ignore[no-untyped-call]
        per_message = ("id", "root_id", "argsrepr", "kwargsrepr", "correlation_id", "delivery_tag")
        fixed_headers = {key: value for key, value in headers.items() if key not in per_message}
        fixed_properties = {
            **{key: value for key, value in properties.items() if key not in per_message},
            "delivery_mode": PERSISTENT,
            "delivery_info": {"exchange": "", "routing_key": queue},
            "priority": 0,
            "body_encoding": "base64",
        }
        fixed = msgspec.json.encode({"content-encoding": content_encoding, "content-type": content_type})[
            1:-1
        ]
        # {"body":<b64>,<fixed>,"headers":{<fixed headers>,"id":<id>,"root_id":<id>,"argsrepr":<a>,
        #  "kwargsrepr":<k>},"properties":{<fixed properties>,"correlation_id":<id>,"delivery_tag":<tag>}}
        self._parts = (
            b'{"body":"',
            b'",' + fixed + b',"headers":{' + _members(fixed_headers) + b'"id":"',
            b'","root_id":"',
            b'","argsrepr":',
            b',"kwargsrepr":',
            b'},"properties":{' + _members(fixed_properties) + b'"correlation_id":"',
            b'","delivery_tag":"',
            b'"}}',
        )
        self._embed = b',{"callbacks":null,"errbacks":null,"chain":null,"chord":null}]'

    def __call__(self, args: bytes, kwargs: dict[str, object], argsrepr: str) -> bytes:
        """The message for ``args`` (the JSON array of the task's arguments, already encoded)."""
        task_id, tag = new_ids()
        body = b"[" + args + b"," + msgspec.json.encode(kwargs) + self._embed
        start, after_body, root, after_root, after_args, after_kwargs, after_id, end = self._parts
        return b"".join(
            (
                start,
                base64.b64encode(body),
                after_body,
                task_id,
                root,
                task_id,
                after_root,
                msgspec.json.encode(argsrepr),
                after_args,
                msgspec.json.encode(repr(kwargs)),
                after_kwargs,
                task_id,
                after_id,
                tag,
                end,
            )
        )


def _members(fields: dict[str, Any]) -> bytes:
    """An object's members as JSON, each followed by a comma: the fixed start of an object."""
    encoded = msgspec.json.encode(fields)[1:-1]
    return encoded + b"," if encoded else b""


def new_id() -> str:
    """A random (version 4) UUID as text, as ``uuid.uuid4`` gives, from one ``os.urandom`` call."""
    return str(uuid.UUID(bytes=os.urandom(16), version=4))


def new_ids() -> tuple[bytes, bytes]:
    """Two random (version 4) UUIDs as ASCII text, what :func:`new_id` gives, from one ``os.urandom``
    call and without ``uuid.UUID`` objects: a tenth of the cost, on a path taken for every delivery."""
    raw = bytearray(os.urandom(32))
    for start in (0, 16):
        raw[start + 6] = raw[start + 6] & 0x0F | 0x40  # version 4
        raw[start + 8] = raw[start + 8] & 0x3F | 0x80  # the RFC 4122 variant
    text = raw.hex().encode()

    def canonical(at: int) -> bytes:  # 8-4-4-4-12 hex digits
        cuts = (at, at + 8, at + 12, at + 16, at + 20, at + 32)
        return b"-".join(text[start:end] for start, end in itertools.pairwise(cuts))

    return canonical(0), canonical(32)


QueuedMessage = tuple[str, bytes]  # the queue's list and the message to push onto it


def intake_messages(app: Celery) -> Callable[[InboundEvent, str], QueuedMessage]:
    """The message that queues ``workers.events.process_event`` for an event (named by its ``event_key``,
    computed once by the caller), and the list it goes on.

    The event goes in as pydantic's own JSON (``model_dump_json``, what ``model_dump(mode="json")``
    then a JSON encoder gave, without the intermediate objects). A schedule event (a GitLab scheduled
    pipeline starting, a GitHub ``workflow_dispatch``) is no learner input: it goes to the schedule
    queue as a forge-side trigger of every recurring job, so it meets the same occurrence logic as the
    beat (:mod:`workers.scheduling.runs`).
    """
    events = Envelopes(app, PROCESS_EVENT, EVENTS_QUEUE)

    def message(event: InboundEvent, key: str) -> QueuedMessage:
        if event.kind is EventKind.SCHEDULE and event.repo is not None:
            target = {"repo": event.repo.model_dump(mode="json")}
            every_job: list[str] = []
            return SCHEDULE_QUEUE, task_envelope(
                app, RUN_TRIGGERED, [target, every_job], SCHEDULE_QUEUE
            ).encode()
        args = b"[" + event.model_dump_json().encode() + b"]"
        return EVENTS_QUEUE, events(args, {"queued_at": time.time()}, f"[<event {key}>]")

    return message
