"""One JSON error shape on every route; an unhandled exception is logged, counted, and claims nothing."""

from __future__ import annotations

import io
import json

import pytest
from litestar.testing import TestClient
from prometheus_client import REGISTRY

from bot.intake.events import InboundEvent
from runtime.log_setup import configure_logging
from tests.support.forge_requests import claims, intake_client, post, settings, signed_headers
from tests.support.payloads import FIXTURES
from webhooks.app import create_app
from workers.celery_app import create_celery


def server_errors(route: str) -> float:
    value = REGISTRY.get_sample_value("gitlearnos_http_server_errors_total", {"route": route})
    return value or 0.0


def test_litestars_own_refusals_have_the_intake_shape(redis_url: str) -> None:
    with intake_client(redis_url) as client:
        missing = client.get("/nowhere")
        wrong_method = client.get("/webhooks/github")
        unknown_forge = client.post("/webhooks/bitbucket", content=b"{}")
    assert missing.status_code == 404 and missing.json()["status"] == "error"
    assert wrong_method.status_code == 405 and wrong_method.json()["status"] == "error"
    assert unknown_forge.status_code == 404
    assert unknown_forge.json() == {
        "status": "error",
        "reason": "no intake for this forge; the forges are github, gitlab and gitea",
    }


def test_an_unhandled_exception_is_a_logged_counted_500_that_claims_nothing(
    redis_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Building the task message raising something no one expected (a bug, not Redis being down)."""

    def enqueue(event: InboundEvent, key: str) -> tuple[str, bytes]:
        raise RuntimeError(f"a bug quoting learner text: {event.thread and event.thread.body}")

    stream = io.StringIO()
    configure_logging("INFO", stream=stream)
    before = server_errors("/webhooks/github")
    body = (FIXTURES / "github" / "issues__opened.json").read_bytes()
    tasks = create_celery(settings(), redis_url)
    app = create_app(settings(), redis_url=redis_url, tasks=tasks, messages=enqueue)
    try:
        with TestClient(app, raise_server_exceptions=False) as client:
            response = post(client, "github", body, signed_headers("github", "issues__opened", body))
    finally:
        configure_logging("WARNING")
    assert response.status_code == 500
    assert response.json() == {"status": "error", "reason": "internal error; it has been logged"}
    assert server_errors("/webhooks/github") == before + 1
    assert claims(redis_url) == 0
    lines = [json.loads(line) for line in stream.getvalue().splitlines() if line.startswith("{")]
    (logged,) = [line for line in lines if line.get("event") == "http.unhandled_exception"]
    assert logged["error"] == "RuntimeError" and logged["route"] == "/webhooks/github"
    assert "in enqueue" in logged["traceback"]
    learner_text = json.loads(body)["issue"]["body"]
    assert learner_text and learner_text not in stream.getvalue()
