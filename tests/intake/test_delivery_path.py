"""The delivery path in front of Litestar answers as Litestar's own handler does, and reads bodies safely.

``POST /webhooks/{forge}`` is served by a plain ASGI callable (:mod:`webhooks.delivery`); any other
spelling of the path still reaches Litestar's handler, which runs the same path. Both must give the
same answer. A body streamed in chunks past the limit is refused 413 before it is all read, and a
client that leaves mid-body gets no answer and claims nothing (the forge redelivers it).
"""

from __future__ import annotations

import asyncio
from typing import Any

from litestar.testing import TestClient

from tests.support.forge_requests import claims, queue_lengths, settings, signed_headers, wire
from tests.support.intake_app import intake_app
from tests.support.payloads import FIXTURES

BODY = (FIXTURES / "github" / "issues__opened.json").read_bytes()


def test_the_litestar_route_and_the_delivery_path_answer_alike(redis_url: str) -> None:
    with TestClient(intake_app(settings(), redis_url)) as client:
        answers = [
            client.post(path, content=BODY, headers=signed_headers("github", "issues__opened", BODY, d))
            for path, d in (("/webhooks/github", "via-path"), ("/webhooks/github/", "via-litestar"))
        ]
    fast, routed = answers
    assert fast.status_code == routed.status_code == 202
    assert fast.headers["content-type"] == routed.headers["content-type"] == "application/json"
    assert {**fast.json(), "delivery": ""} == {**routed.json(), "delivery": ""}
    assert (fast.json()["delivery"], routed.json()["delivery"]) == ("via-path", "via-litestar")
    assert queue_lengths(redis_url) == 2


def asgi_post(redis_url: str, chunks: list[dict[str, Any]], **overrides: Any) -> list[dict[str, Any]]:
    """Send one delivery straight to the app's ASGI callable, its body as ``chunks``; what it sent back."""
    app: Any = intake_app(settings(**overrides), redis_url)  # called as the server would, with plain dicts
    headers = signed_headers("github", "issues__opened", BODY, "chunked")
    scope = {
        "type": "http",
        "method": "POST",
        "path": "/webhooks/github",
        "headers": [(name.lower().encode(), value) for name, value in wire(headers).items()],
    }
    incoming = iter(chunks)
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return next(incoming)

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    asyncio.run(app(scope, receive, send))
    return sent


def test_a_chunked_body_past_the_limit_is_refused_before_it_is_all_read(redis_url: str) -> None:
    chunk = {"type": "http.request", "body": b"x" * 600, "more_body": True}
    sent = asgi_post(redis_url, [chunk, chunk, chunk], max_body_bytes=1024)  # the third is never read
    assert sent[0]["status"] == 413
    assert sent[1]["body"] == b'{"status":"error","reason":"payload over 1024 bytes"}'
    assert claims(redis_url) == 0 and queue_lengths(redis_url) == 0


def test_a_client_that_leaves_mid_body_gets_no_answer_and_claims_nothing(redis_url: str) -> None:
    half = {"type": "http.request", "body": BODY[:100], "more_body": True}
    assert asgi_post(redis_url, [half, {"type": "http.disconnect"}]) == []
    assert claims(redis_url) == 0 and queue_lengths(redis_url) == 0
