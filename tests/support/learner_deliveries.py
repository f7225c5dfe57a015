"""Real GitHub webhook payloads moved to the learner's private repository, and the event worker run on
whatever intake queued (the queue drained): a delivery goes through ``POST /webhooks/github`` and the
worker as in production.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import redis

from bot.intake.events import build_event
from tests.support.celery_queues import queued
from tests.support.event_worker import runtime
from tests.support.payloads import load_fixture
from workers.celery_app import EVENTS_QUEUE
from workers.events import handle_event

ISSUE_URL = "https://github.com/alice/learning/issues/{number}"


def addressed(name: str, remote: Path, **issue: Any) -> dict[str, Any]:
    """A real GitHub payload, moved to the learner's private repository (the bare remote) and author;
    ``issue`` overrides fields of its issue (``number`` also moves its links and its comment's)."""
    payload: dict[str, Any] = load_fixture("github", name)
    payload["repository"] = {
        "full_name": "alice/learning",
        "html_url": "https://github.com/alice/learning",
        "clone_url": str(remote),
        "default_branch": "main",
        "private": True,
    }
    alice = {"login": "alice", "id": 1, "type": "User"}
    payload["sender"] = alice
    if "issue" in payload and issue:
        number = issue.get("number", payload["issue"]["number"])
        payload["issue"] |= {"user": alice, "html_url": ISSUE_URL.format(number=number), **issue}
        if "comment" in payload:
            comment_id = payload["comment"]["id"]
            url = f"{ISSUE_URL.format(number=number)}#issuecomment-{comment_id}"
            payload["comment"] |= {"user": alice, "html_url": url}
    return payload


def with_comment(payload: dict[str, Any], body: str) -> dict[str, Any]:
    """``payload`` with its comment's text replaced."""
    payload["comment"] = payload["comment"] | {"body": body}
    return payload


def run_worker(tmp_path: Path, redis_url: str) -> list[str]:
    """Handle every queued event as the worker does, then empty the queue; the outcomes, in order."""
    worker = runtime(tmp_path, redis_url)
    outcomes = [handle_event(worker, build_event(event)) for event in queued(redis_url)]
    redis.Redis.from_url(redis_url).delete(EVENTS_QUEUE)
    return outcomes
