"""Handing events from the web process to the Celery queue."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from functools import partial

import anyio.to_thread
from celery import Celery

from bot.events import InboundEvent
from workers.celery_app import EVENTS_QUEUE, PROCESS_EVENT


def celery_enqueue(app: Celery) -> Callable[[InboundEvent], Awaitable[None]]:
    """An async ``enqueue(event)`` that publishes ``workers.events.process_event`` off the event loop."""

    async def enqueue(event: InboundEvent) -> None:
        send = partial(app.send_task, PROCESS_EVENT, args=[event.model_dump(mode="json")], queue=EVENTS_QUEUE)
        await anyio.to_thread.run_sync(send)

    return enqueue
