"""What intake and the workers published to Celery's queues on the test's Redis, read back as messages
(Celery's message protocol 2: a JSON envelope whose base64 body is ``[args, kwargs, embed]``), and the
rag queue run as the rag worker would run it.
"""

from __future__ import annotations

import base64
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import redis

from bot.plan import FollowUpJob
from tests.support.rag_worker_setup import target
from workers.celery_app import (
    ANSWER_QUESTION,
    EVENTS_QUEUE,
    RAG_QUEUE,
    SCHEDULE_QUEUE,
    SYNC_SOURCE,
)
from workers.rag import sync_source
from workers.rag_answer import answer_question
from workers.runtime import WorkerRuntime


@dataclass(frozen=True)
class Published:
    """One task message waiting on a queue."""

    task: str
    args: list[Any]
    kwargs: dict[str, Any]


def decoded(raw: bytes | str) -> Published:
    message = json.loads(raw)
    args, kwargs, _ = json.loads(base64.b64decode(message["body"]))
    return Published(message["headers"]["task"], args, kwargs)


def published(client: redis.Redis | str, queue: str) -> list[Published]:
    """Every message waiting on ``queue``, oldest first (``client`` or a Redis URL)."""
    if isinstance(client, str):
        client = redis.Redis.from_url(client)
    return [decoded(raw) for raw in client.lrange(queue, 0, -1)]


def queued(redis_url: str) -> list[Any]:
    """The event argument of every message Celery published to the events queue."""
    return [message.args[0] for message in published(redis_url, EVENTS_QUEUE)]


def scheduled_messages(redis_url: str) -> list[tuple[str, list[Any]]]:
    """(task name, arguments) of every message published to the schedule queue."""
    return [(message.task, message.args) for message in published(redis_url, SCHEDULE_QUEUE)]


def drain_rag_queue(runtime: WorkerRuntime) -> list[tuple[str, Any]]:
    """Run every message on the rag queue as the rag worker would; returns each task's name and detail."""
    ran = []
    while (raw := runtime.redis.lpop(RAG_QUEUE)) is not None:
        message = decoded(raw)  # type: ignore[arg-type]
        payload, detail = message.args
        repo = target(Path(payload["repo"]["clone_url"]))
        if message.task == SYNC_SOURCE:
            sync_source(runtime, repo, detail)
        elif message.task == ANSWER_QUESTION:
            answer_question(runtime, repo, FollowUpJob.model_validate(detail))
        ran.append((message.task, detail))
    return ran
