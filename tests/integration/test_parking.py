"""Parking never loses or overwrites an accepted event: one entry per delivery, any content, Redis down."""

from __future__ import annotations

import json
from pathlib import Path

import redis
from pydantic import SecretStr

from bot.intake.events import EventKind, Forge, InboundEvent, RepoRef, build_event, event_key
from bot.intake.rule_agent import RuleAgent
from runtime.settings import Settings
from tests.support.learner import issue_event
from tests.support.restartable_redis import RestartableRedis
from workers.celery_app import RUN_TRIGGERED, create_celery
from workers.parked_events import clear_parked, flush_unparked, park_event
from workers.repo_registry import RegisteredRepo
from workers.runtime import ForgeClients, WorkerRuntime
from workers.scheduling.missed import replay_parked
from workers.scheduling.tasks import register_trigger_task
from workers.state_keys import PENDING


def worker(tmp_path: Path, url: str) -> WorkerRuntime:
    settings = Settings(data_dir=tmp_path / "data", github_token=SecretStr("t0ken"))
    return WorkerRuntime(
        settings=settings, redis=redis.Redis.from_url(url), agent=RuleAgent(), clients=ForgeClients(settings)
    )


def parked_events(url: str) -> list[InboundEvent]:
    records = redis.Redis.from_url(url).hgetall(PENDING).values()
    return [build_event(json.loads(raw)["event"]) for raw in records]


def test_opened_edited_and_labeled_on_one_text_each_keep_their_entry(tmp_path: Path, redis_url: str) -> None:
    runtime = worker(tmp_path, redis_url)
    kinds = (EventKind.ISSUE_OPENED, EventKind.ISSUE_EDITED, EventKind.ISSUE_LABELED)
    events = [
        issue_event(kind=kind).model_copy(update={"delivery_id": f"delivery-{n}"})
        for n, kind in enumerate(kinds)
    ]
    assert len({event_key(e) for e in events}) == 1, "the same text: one event key"
    for event in events:
        park_event(runtime, event, ConnectionError("the forge was down"))
    park_event(runtime, events[0], ConnectionError("parked again by a replay"))  # same delivery: same entry
    assert sorted(e.delivery_id for e in parked_events(redis_url)) == [
        "delivery-0",
        "delivery-1",
        "delivery-2",
    ]


def test_a_lone_surrogate_parks_and_comes_back_intact(tmp_path: Path, redis_url: str) -> None:
    runtime = worker(tmp_path, redis_url)
    event = issue_event(title="broken \ud800 title", body="and \udfff body")
    park_event(runtime, event, ValueError("could not apply"))
    (back,) = parked_events(redis_url)
    assert back == event


def test_parking_waits_in_memory_while_redis_is_down(tmp_path: Path) -> None:
    with RestartableRedis(tmp_path / "redis") as server:
        runtime = worker(tmp_path, server.url)
        server.stop()
        event = issue_event()
        park_event(runtime, event, ConnectionError("the forge was down"))  # no exception: it waits
        assert runtime.unparked
        server.start()
        flush_unparked(runtime)  # what the next task of this process does first
        assert runtime.unparked == {}
        assert parked_events(server.url) == [event]


def test_an_applied_event_clears_every_parked_delivery_of_it(tmp_path: Path, redis_url: str) -> None:
    runtime = worker(tmp_path, redis_url)
    note = issue_event()
    other = issue_event(number=8)
    for delivery in ("first", "second"):
        park_event(runtime, note.model_copy(update={"delivery_id": delivery}), ConnectionError("down"))
    park_event(runtime, other, ConnectionError("down"))
    assert clear_parked(runtime, event_key(note)) == 2
    assert parked_events(redis_url) == [other]


def test_a_trigger_that_gives_up_is_parked_and_requeued_by_maintenance(
    tmp_path: Path, redis_url: str
) -> None:
    """A Gitea repository with no Gitea URL configured: a configuration error, parked at once, not retried."""

    runtime = worker(tmp_path, redis_url)
    app = create_celery(runtime.settings, redis_url)
    task = register_trigger_task(app, runtime)
    target = RegisteredRepo(
        repo=RepoRef(forge=Forge.GITEA, host="git.example.org", full_name="alice/learning")
    )
    result = task.apply(args=[target.model_dump(mode="json"), ["due-review"]])
    assert result.failed(), "not retried: waiting does not configure a forge"
    (raw,) = redis.Redis.from_url(redis_url).hgetall(PENDING).values()
    assert json.loads(raw)["error"] == "ForgeNotConfigured"
    runtime.celery = app
    assert replay_parked(runtime, target) == 1
    (queued,) = redis.Redis.from_url(redis_url).lrange("schedule", 0, -1)
    assert json.loads(queued)["headers"]["task"] == RUN_TRIGGERED
    assert redis.Redis.from_url(redis_url).hlen(PENDING) == 0
