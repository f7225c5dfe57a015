"""Intake's direct publisher writes the message kombu would, so a Celery worker consumes it."""

from __future__ import annotations

import base64
import json

import redis

from bot.intake.events import InboundEvent, event_key
from forge_adapters.github.translate import parse_delivery
from runtime.settings import Settings
from tests.support.forge_requests import signed_headers
from tests.support.payloads import FIXTURES
from workers.celery_app import EVENTS_QUEUE, PROCESS_EVENT, create_celery
from workers.queueing import intake_messages, task_envelope


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


def test_intakes_prebuilt_message_is_the_envelope_celery_would_write_without_the_learners_text(
    redis_url: str,
) -> None:
    """The template-built event message the intake pushes against the full Celery build of the same task."""
    app = create_celery(Settings(), redis_url)
    body = (FIXTURES / "github" / "issues__opened.json").read_bytes()
    event = parse_delivery(signed_headers("github", "issues__opened", body), body)
    assert isinstance(event, InboundEvent)

    queue, message = intake_messages(app)(event, event_key(event))
    ours = json.loads(message)
    ours_body = json.loads(base64.b64decode(ours["body"]))
    full = json.loads(
        task_envelope(app, PROCESS_EVENT, [event.model_dump(mode="json")], EVENTS_QUEUE, ours_body[1])
    )

    assert queue == EVENTS_QUEUE
    assert ours_body == json.loads(base64.b64decode(full["body"]))
    assert "queued_at" in ours_body[1]
    per_message = {"id", "root_id", "argsrepr"}
    for key in full["headers"].keys() - per_message:
        assert ours["headers"][key] == full["headers"][key], key
    assert ours["headers"]["id"] == ours["headers"]["root_id"] == ours["properties"]["correlation_id"]
    assert ours["headers"]["id"] != full["headers"]["id"]
    for key in full["properties"].keys() - {"correlation_id", "delivery_tag"}:
        assert ours["properties"][key] == full["properties"][key], key
    assert ours.keys() == full.keys() and ours["properties"].keys() == full["properties"].keys()
    learner_text = json.loads(body)["issue"]["body"]
    assert event_key(event) in ours["headers"]["argsrepr"]
    assert (
        learner_text[:15] in full["headers"]["argsrepr"]
        and learner_text[:15] not in ours["headers"]["argsrepr"]
    )
