"""The JSON logs of one delivery, intake to commit: identifiers on every line, no token, no learner text.

A signed GitHub delivery goes through the real app and a real Redis; the
message the intake queued is run by the real task against a real Git remote,
with GitHub's API faked at HTTP (respx). Every log line both processes would
write — structlog's and the standard library's (Celery's) — is captured as
rendered, then searched.
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from runtime.log_setup import configure_logging
from tests.support.celery_queues import published
from tests.support.event_worker import github as github  # noqa: PLC0414 - the fixture
from tests.support.event_worker import remote as remote  # noqa: PLC0414 - the fixture
from tests.support.event_worker import runtime
from tests.support.fake_github import FakeGitHubComments
from tests.support.git_remotes import bot_commits
from tests.support.github_intake import deliver, make_client
from tests.support.learner import NOTE
from tests.support.payloads import load_fixture
from workers.celery_app import EVENTS_QUEUE, create_celery
from workers.events import register_event_task

TOKEN = "t0ken"  # what tests.integration.test_event_worker.runtime configures as the GitHub token
DELIVERY = "log-context-delivery-1"


@pytest.fixture
def json_logs() -> Iterator[io.StringIO]:
    """Every log line, rendered exactly as in production, into one buffer (at INFO)."""
    buffer = io.StringIO()
    configure_logging("INFO", stream=buffer)
    try:
        yield buffer
    finally:
        configure_logging("WARNING")


def learner_delivery(bare: Path) -> dict[str, Any]:
    """GitHub's issues.opened fixture, pointed at the local bare remote and carrying the learner's note."""
    payload = load_fixture("github", "issues__opened")
    payload["repository"].update(clone_url=str(bare), private=True, default_branch="main")
    payload["issue"].update(title="Similar triangles: fix corresponding vertices first", body=NOTE)
    return payload


def queued_message(redis_url: str) -> tuple[list[Any], dict[str, Any]]:
    (message,) = published(redis_url, EVENTS_QUEUE)
    return message.args, message.kwargs


def test_logs_of_a_delivery_carry_its_identifiers_and_none_of_its_secrets(
    tmp_path: Path,
    redis_url: str,
    remote: Path,
    github: FakeGitHubComments,
    json_logs: io.StringIO,
) -> None:
    with make_client(redis_url) as client:
        response = deliver(client, "issues", learner_delivery(remote), delivery=DELIVERY)
    assert response.status_code == 202, response.text
    event_key = response.json()["event_key"]

    worker = runtime(tmp_path, redis_url)
    task = register_event_task(create_celery(worker.settings, redis_url), worker)
    args, kwargs = queued_message(redis_url)
    assert "queued_at" in kwargs
    result = task.apply(args=args, kwargs=kwargs)
    assert result.get() == "committed", json_logs.getvalue()
    assert len(bot_commits(remote)) == 1

    text = json_logs.getvalue()
    lines = [json.loads(line) for line in text.splitlines()]
    events = [line["event"] for line in lines]
    assert "event.committed" in events, events  # delivery.queued is a DEBUG line (tests/intake)
    for line in lines:
        if line["event"].startswith(("delivery.", "event.")):
            assert line["delivery"] == DELIVERY, line
            assert line["event_key"] == event_key, line
            assert line["repo"] == "github:github.com/Codertocat/Hello-World", line
            assert line["forge"] == "github", line
    assert any(line.get("logger", "").startswith("celery") for line in lines), "stdlib lines are JSON too"
    assert TOKEN not in text
    for fragment in (NOTE, NOTE[:40], "corresponding vertices must be fixed", "Similar triangles"):
        assert fragment not in text, fragment
