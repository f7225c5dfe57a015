"""The Litestar application: ``POST /webhooks/{forge}``, ``POST /triggers/{job}``, health and metrics.

Built by :func:`create_app` with its settings and its enqueue function
injected, so tests and the benchmark run the real app against a real Redis
without environment juggling.

Each delivery is counted once by forge and outcome and timed (see
:mod:`gitlearnos.metrics`: an in-memory increment, no I/O on the request
path), and once parsed, its delivery id, forge, repository and event key are
bound to every log line the request writes.

Shutdown: uvicorn stops accepting on SIGTERM, lets in-flight requests finish,
then runs the lifespan's exit, which closes Redis. A delivery is acknowledged
(202) only after its message is on the queue, so one cut off mid-request was
never acknowledged and the forge redelivers it.
"""

from __future__ import annotations

import time
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
from structlog.contextvars import bound_contextvars

from bot.events import EventKind, Forge, InboundEvent, event_key
from forge_adapters.intake import Ignored, WebhookError, header
from gitlearnos import metrics
from gitlearnos.log_setup import event_context
from gitlearnos.metrics import DeliveryOutcome
from gitlearnos.settings import Settings
from webhooks.dedup import DeliveryLedger
from webhooks.forges import webhook_specs
from webhooks.triggers import trigger_route

Enqueue = Callable[[InboundEvent], Awaitable[None]]
Answer = tuple[DeliveryOutcome, Response[dict[str, Any]]]
log = structlog.get_logger("gitlearnos.webhooks")


def _json(code: int, **fields: Any) -> Response[dict[str, Any]]:
    return Response(content=fields, status_code=code)


class _Intake:
    """The delivery path: verify and parse, drop what is not ours, deduplicate, enqueue.

    ``ledger`` and ``enqueue`` are set by the app's lifespan, on the serving loop.
    """

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.specs = {spec.forge.value: spec for spec in webhook_specs(settings)}
        self.bot_logins = settings.bot_logins
        self.ledger: DeliveryLedger
        self.enqueue: Enqueue

    async def receive(self, forge_name: str, request: Request[Any, Any, Any]) -> Answer:
        spec = self.specs.get(forge_name)
        if spec is None:
            reason = f"no intake for forge {forge_name!r}"
            return DeliveryOutcome.REFUSED, _json(HTTP_404_NOT_FOUND, status="error", reason=reason)
        too_large = _json(HTTP_413_REQUEST_ENTITY_TOO_LARGE, status="error", reason="payload over 25 MiB")
        length = header(request.headers, "Content-Length")
        if length and length.isdigit() and int(length) > self.settings.max_body_bytes:
            return DeliveryOutcome.REFUSED, too_large
        body = await request.body()
        if len(body) > self.settings.max_body_bytes:
            return DeliveryOutcome.REFUSED, too_large
        try:
            parsed = spec.receive(request.headers, body)
        except WebhookError as error:
            log.warning("delivery.refused", forge=spec.forge.value, status=error.status, reason=str(error))
            return DeliveryOutcome.REFUSED, _json(error.status, status="error", reason=str(error))
        with bound_contextvars(**event_context(spec.forge, parsed)):
            dedup = "" if isinstance(parsed, Ignored) else spec.dedup_key(request.headers, body, parsed)
            return await self.accept(spec.forge, parsed, dedup)

    async def accept(self, forge: Forge, event: InboundEvent | Ignored, dedup: str) -> Answer:
        if isinstance(event, Ignored):
            log.info("delivery.ignored", reason=event.reason)
            return DeliveryOutcome.IGNORED, _json(HTTP_200_OK, status="ignored", reason=event.reason)
        if event.kind is EventKind.PING:
            return DeliveryOutcome.IGNORED, _json(HTTP_200_OK, status="pong")
        actor = event.actor
        if actor is not None and (actor.is_bot or actor.login.lower() in self.bot_logins):
            log.info("delivery.ignored", reason="bot account")
            reply = _json(HTTP_200_OK, status="ignored", reason="sent by a bot account")
            return DeliveryOutcome.IGNORED, reply
        if not await self.ledger.claim(forge, dedup):
            log.info("delivery.duplicate")
            reply = _json(HTTP_200_OK, status="duplicate", delivery=event.delivery_id)
            return DeliveryOutcome.DUPLICATE, reply
        try:
            await self.enqueue(event)
        except Exception:
            await self.ledger.release(forge, dedup)
            log.exception("delivery.enqueue_failed")
            reply = _json(
                HTTP_503_SERVICE_UNAVAILABLE, status="error", reason="queue unavailable; retry later"
            )
            return DeliveryOutcome.ERROR, reply
        log.info("delivery.queued")
        reply = _json(
            HTTP_202_ACCEPTED, status="queued", delivery=event.delivery_id, event_key=event_key(event)
        )
        return DeliveryOutcome.QUEUED, reply


def create_app(settings: Settings, *, redis_url: str, make_enqueue: Callable[[Redis], Enqueue]) -> Litestar:
    """Build the intake app.

    ``make_enqueue`` receives the app's async Redis client (created in the lifespan, on the serving loop)
    and returns the function that hands a normalized event to the worker queue.
    """
    state: dict[str, Any] = {}
    intake = _Intake(settings)

    @asynccontextmanager
    async def redis_lifespan(_: Litestar) -> AsyncIterator[None]:
        client = Redis.from_url(redis_url, socket_timeout=2, socket_connect_timeout=2)
        state["redis"] = client
        intake.ledger = DeliveryLedger(client, settings.delivery_ttl_seconds)
        intake.enqueue = make_enqueue(client)
        try:
            yield
        finally:
            await client.aclose()

    @post("/webhooks/{forge_name:str}", status_code=HTTP_202_ACCEPTED)
    async def webhook(forge_name: FromPath[str], request: Request[Any, Any, Any]) -> Response[dict[str, Any]]:
        started = time.perf_counter()
        outcome = DeliveryOutcome.ERROR  # stays so only if receive() raises
        try:
            outcome, response = await intake.receive(forge_name, request)
        finally:
            metrics.count_delivery(forge_name, outcome, time.perf_counter() - started)
        return response

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

    @get("/metrics", media_type=metrics.CONTENT_TYPE)
    async def metrics_endpoint() -> Response[bytes]:
        """Prometheus text exposition of this process's registry (one uvicorn process per web pod)."""
        return Response(content=metrics.exposition(), media_type=metrics.CONTENT_TYPE)

    return Litestar(
        route_handlers=[
            webhook,
            healthz,
            readyz,
            metrics_endpoint,
            trigger_route(settings, redis_url, lambda: state["redis"]),  # forge-side schedulers
        ],
        lifespan=[redis_lifespan],
        request_max_body_size=settings.max_body_bytes + 1,
        openapi_config=None,
        # Litestar's default logging config adds a plain-text handler to the root logger; ours renders JSON.
        logging_config=None,
    )
