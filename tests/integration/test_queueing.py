"""Intake's direct publisher writes exactly the message kombu would, so a Celery worker consumes it."""

from __future__ import annotations

import base64
import json

import redis

from runtime.settings import Settings
from workers.celery_app import EVENTS_QUEUE, PROCESS_EVENT, create_celery
from workers.queueing import task_envelope


def test_envelope_matches_what_celery_send_task_publishes(redis_url: str) -> None:
    app = create_celery(Settings(), redis_url)
    args = [{"kind": "issue.opened", "delivery_id": "x"}]
    app.send_task(PROCESS_EVENT, args=args, queue=EVENTS_QUEUE)
    client = redis.Redis.from_url(redis_url)
    (from_celery,) = [json.loads(item) for item in client.lrange(EVENTS_QUEUE, 0, -1)]
    ours = json.loads(task_envelope(app, PROCESS_EVENT, args, EVENTS_QUEUE))

    assert ours.keys() == from_celery.keys()
    assert ours["headers"].keys() == from_celery["headers"].keys()
    assert ours["properties"].keys() == from_celery["properties"].keys()
    for key in ("content-type", "content-encoding"):
        assert ours[key] == from_celery[key]
    for key in ("task", "lang", "retries", "eta", "expires", "argsrepr", "kwargsrepr"):
        assert ours["headers"][key] == from_celery["headers"][key], key
    for key in ("body_encoding", "delivery_mode", "priority", "delivery_info"):
        assert ours["properties"][key] == from_celery["properties"][key], key
    assert json.loads(base64.b64decode(ours["body"])) == json.loads(base64.b64decode(from_celery["body"]))
