"""The Litestar application: ``POST /webhooks/{forge}``, ``/healthz``, ``/readyz``.

Built by :func:`create_app` with its settings and its enqueue function
injected, so tests and the benchmark run the real app against a real Redis
without environment juggling.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any

import structlog
from litestar import Litestar, Request, Response, get, post
from litestar.params import FromPath
from litestar.status_codes import (
    HTTP_200_OK,
    HTTP_202_ACCEPTED,
    HTTP_404_NOT_FOUND,
    HTTP_413_REQUEST_ENTITY_TOO_LARGE,
    HTTP_503_SERVICE_UNAVAILABLE,
)
from redis.asyncio import Redis

from bot.events import EventKind, Forge, InboundEvent, event_key
from forge_adapters.intake import Ignored, WebhookError, header
from gitlearnos.settings import Settings
from webhooks.dedup import DeliveryLedger
from webhooks.forges import webhook_specs

Enqueue = Callable[[InboundEvent], Awaitable[None]]
log = structlog.get_logger("gitlearnos.webhooks")


def _json(code: int, **fields: Any) -> Response[dict[str, Any]]:
    return Response(content=fields, status_code=code)


def create_app(settings: Settings, *, redis_url: str, make_enqueue: Callable[[Redis], Enqueue]) -> Litestar:
    """Build the intake app.

    ``make_enqueue`` receives the app's async Redis client (created in the lifespan, on the serving loop)
    and returns the function that hands a normalized event to the worker queue.
    """
    state: dict[str, Any] = {}
    specs = {spec.forge.value: spec for spec in webhook_specs(settings)}
    bot_logins = settings.bot_logins

    @asynccontextmanager
    async def redis_lifespan(_: Litestar) -> AsyncIterator[None]:
        client = Redis.from_url(redis_url, socket_timeout=2, socket_connect_timeout=2)
        state["redis"] = client
        state["ledger"] = DeliveryLedger(client, settings.delivery_ttl_seconds)
        state["enqueue"] = make_enqueue(client)
        try:
            yield
        finally:
            await client.aclose()

    async def accept(forge: Forge, event: InboundEvent | Ignored, dedup: str) -> Response[dict[str, Any]]:
        if isinstance(event, Ignored):
            log.info("delivery.ignored", forge=forge.value, delivery=event.delivery_id, reason=event.reason)
            return _json(HTTP_200_OK, status="ignored", reason=event.reason)
        if event.kind is EventKind.PING:
            return _json(HTTP_200_OK, status="pong")
        actor = event.actor
        if actor is not None and (actor.is_bot or actor.login.lower() in bot_logins):
            log.info("delivery.ignored", forge=forge.value, delivery=event.delivery_id, reason="bot account")
            return _json(HTTP_200_OK, status="ignored", reason="sent by a bot account")
        ledger: DeliveryLedger = state["ledger"]
        if not await ledger.claim(forge, dedup):
            return _json(HTTP_200_OK, status="duplicate", delivery=event.delivery_id)
        try:
            await state["enqueue"](event)
        except Exception:
            await ledger.release(forge, dedup)
            log.exception("delivery.enqueue_failed", forge=forge.value, delivery=event.delivery_id)
            return _json(
                HTTP_503_SERVICE_UNAVAILABLE, status="error", reason="queue unavailable; retry later"
            )
        key = event_key(event)
        log.info("delivery.queued", forge=forge.value, delivery=event.delivery_id, event_key=key)
        return _json(HTTP_202_ACCEPTED, status="queued", delivery=event.delivery_id, event_key=key)

    @post("/webhooks/{forge_name:str}", status_code=HTTP_202_ACCEPTED)
    async def webhook(forge_name: FromPath[str], request: Request[Any, Any, Any]) -> Response[dict[str, Any]]:
        spec = specs.get(forge_name)
        if spec is None:
            return _json(HTTP_404_NOT_FOUND, status="error", reason=f"no intake for forge {forge_name!r}")
        length = header(request.headers, "Content-Length")
        if length and length.isdigit() and int(length) > settings.max_body_bytes:
            return _json(HTTP_413_REQUEST_ENTITY_TOO_LARGE, status="error", reason="payload over 25 MiB")
        body = await request.body()
        if len(body) > settings.max_body_bytes:
            return _json(HTTP_413_REQUEST_ENTITY_TOO_LARGE, status="error", reason="payload over 25 MiB")
        try:
            parsed = spec.receive(request.headers, body)
        except WebhookError as error:
            log.warning("delivery.refused", forge=forge_name, status=error.status, reason=str(error))
            return _json(error.status, status="error", reason=str(error))
        dedup = "" if isinstance(parsed, Ignored) else spec.dedup_key(request.headers, body, parsed)
        return await accept(spec.forge, parsed, dedup)

    @get("/healthz")
    async def healthz() -> dict[str, str]:
        return {"status": "ok"}

    @get("/readyz")
    async def readyz() -> Response[dict[str, Any]]:
        try:
            await state["redis"].ping()
        except Exception as error:  # any failure to reach Redis means not ready
            return _json(HTTP_503_SERVICE_UNAVAILABLE, status="unavailable", redis=type(error).__name__)
        return _json(HTTP_200_OK, status="ready", redis="ok")

    return Litestar(
        route_handlers=[webhook, healthz, readyz],
        lifespan=[redis_lifespan],
        request_max_body_size=settings.max_body_bytes + 1,
        openapi_config=None,
    )
