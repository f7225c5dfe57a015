"""What intake and the workers published to Celery's queues on the test's Redis, read back as messages:
the events queue's event arguments, the schedule queue's task names and arguments, and the rag queue run
as the rag worker would run it.
"""

from __future__ import annotations

import base64
import json
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


def queued(redis_url: str) -> list[Any]:
    """The event argument of every message Celery published to the events queue."""
    raw = redis.Redis.from_url(redis_url).lrange(EVENTS_QUEUE, 0, -1)
    return [json.loads(base64.b64decode(json.loads(item)["body"]))[0][0] for item in raw]


def scheduled_messages(redis_url: str) -> list[tuple[str, list[Any]]]:
    """(task name, arguments) of every message published to the schedule queue."""
    raw = redis.Redis.from_url(redis_url).lrange(SCHEDULE_QUEUE, 0, -1)
    messages = [json.loads(item) for item in raw]
    return [(m["headers"]["task"], json.loads(base64.b64decode(m["body"]))[0]) for m in messages]


def drain_rag_queue(runtime: WorkerRuntime) -> list[tuple[str, Any]]:
    """Run every message on the rag queue as the rag worker would; returns each task's name and detail."""
    ran = []
    while (raw := runtime.redis.lpop(RAG_QUEUE)) is not None:
        message = json.loads(raw)  # type: ignore[arg-type]
        payload, detail = json.loads(base64.b64decode(message["body"]))[0]
        name = message["headers"]["task"]
        repo = target(Path(payload["repo"]["clone_url"]))
        if name == SYNC_SOURCE:
            sync_source(runtime, repo, detail)
        elif name == ANSWER_QUESTION:
            answer_question(runtime, repo, FollowUpJob.model_validate(detail))
        ran.append((name, detail))
    return ran
