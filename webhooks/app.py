"""The Litestar application: ``POST /webhooks/{forge}``, ``POST /triggers/{job}``, health and metrics.

Built by :func:`create_app` with its settings and its message builder
injected, so tests and the benchmark run the real app against a real Redis
without environment juggling.

Each delivery is counted once by forge and outcome and timed (see
:mod:`runtime.metrics`: an in-memory increment, no I/O on the request
path), and once parsed, its delivery id, forge, repository and event key are
bound to every log line the request writes.

Shutdown: uvicorn stops accepting on SIGTERM, lets in-flight requests finish,
then runs the lifespan's exit, which closes Redis. A delivery is acknowledged
(202) only after its message is on the queue, so one cut off mid-request was
never acknowledged and the forge redelivers it.

An event no operation uses (a push, an edited or labeled issue, a pull request
that is not the bot's handoff) is answered 200 ``not used`` as soon as it is
parsed: the core's routing table (:mod:`bot.routing`) says so from the event
alone, so such a delivery is never claimed, queued, locked or fetched for.

Nothing is claimed or queued unless the answer is 202: the 202 body and the
task message are built before the claim, so an answer that cannot be written
refuses the delivery, and a bug building the message is a 500 that claimed
nothing. The claim and the push are one atomic Redis call (:mod:`webhooks.dedup`):
one round trip per delivery. While Redis is unreachable
every delivery gets 503 with ``Retry-After`` (logged, never a 500); the client
retries a command whose pooled connection a Redis restart broke, so the first
delivery after the restart is accepted again.

Errors of every route share one shape and one handler (:mod:`webhooks.errors`),
and the app describes itself at ``/schema/openapi.json`` (:mod:`webhooks.openapi`).
"""

from __future__ import annotations

import re
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

import msgspec
import structlog
from celery import Celery
from litestar import Litestar, MediaType, Request, Response, get, post
from litestar.handlers import HTTPRouteHandler
from litestar.openapi import ResponseSpec
from litestar.params import FromPath
from litestar.status_codes import (
    HTTP_200_OK,
    HTTP_202_ACCEPTED,
    HTTP_400_BAD_REQUEST,
    HTTP_404_NOT_FOUND,
    HTTP_413_REQUEST_ENTITY_TOO_LARGE,
    HTTP_503_SERVICE_UNAVAILABLE,
)
from redis.asyncio import Redis
from redis.asyncio.retry import Retry
from redis.backoff import ExponentialWithJitterBackoff
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import RedisError
from structlog.contextvars import bound_contextvars

from bot.intake.events import EventKind, Forge, InboundEvent, event_key
from bot.routing import not_used_reason, route_of
from forge_adapters.intake import Ignored, WebhookError, header
from runtime import metrics
from runtime.log_setup import event_context
from runtime.metrics import DeliveryOutcome
from runtime.settings import Settings
from webhooks.dedup import DeliveryLedger
from webhooks.errors import EXCEPTION_HANDLERS, error_response, unavailable
from webhooks.forges import webhook_specs
from webhooks.openapi import WEBHOOK_RESPONSES, Queued, Readiness, openapi_config, webhook_operation
from webhooks.triggers import trigger_route
from workers.queueing import QueuedMessage

Messages = Callable[[InboundEvent], QueuedMessage]
Answer = tuple[DeliveryOutcome, Response[Any]]
# Redis unreachable (refused, reset, timed out) or answering with an error: the queue is unavailable.
REDIS_DOWN = (RedisError, OSError)
CONTENT_LENGTH = re.compile(r"[0-9]{1,20}")
log = structlog.get_logger("gitlearnos.webhooks")


def _json(code: int, **fields: Any) -> Response[dict[str, Any]]:
    return Response(content=fields, status_code=code)


def redis_client(redis_url: str) -> Redis:
    """The web process's Redis client: short timeouts, and a retry when a pooled connection broke.

    Only ``ConnectionError`` is retried (a Redis restart leaves every pooled
    connection dead; the retry reconnects), not a timeout, whose command may
    have run: the ledger's claim is written to be safe under that retry.
    """
    return Redis.from_url(
        redis_url,
        socket_timeout=2,
        socket_connect_timeout=2,
        retry=Retry(ExponentialWithJitterBackoff(base=0.05, cap=0.25), retries=3),
        retry_on_error=[RedisConnectionError],
    )


def _queued(event: InboundEvent) -> Response[bytes]:
    """The 202 answer, encoded now: whatever cannot be written must fail before the claim."""
    content = {"status": "queued", "delivery": event.delivery_id, "event_key": event_key(event)}
    body = msgspec.json.encode(content)
    return Response(content=body, status_code=HTTP_202_ACCEPTED, media_type=MediaType.JSON)


class _Intake:
    """The delivery path: verify and parse, drop what is not ours or not used, deduplicate, enqueue.

    ``ledger`` is set by the app's lifespan, on the serving loop.
    """

    def __init__(self, settings: Settings, messages: Messages) -> None:
        self.settings = settings
        self.specs = {spec.forge.value: spec for spec in webhook_specs(settings)}
        self.bot_logins = settings.bot_logins
        self.messages = messages
        self.ledger: DeliveryLedger

    async def receive(self, forge_name: str, request: Request[Any, Any, Any]) -> Answer:
        spec = self.specs.get(forge_name)
        if spec is None:
            reason = "no intake for this forge; the forges are github, gitlab and gitea"
            return DeliveryOutcome.REFUSED, error_response(HTTP_404_NOT_FOUND, reason)
        limit = self.settings.max_body_bytes
        length = header(request.headers, "Content-Length") or ""
        if CONTENT_LENGTH.fullmatch(length) and int(length) > limit:
            return DeliveryOutcome.REFUSED, self._too_large()
        body = await request.body()
        if len(body) > limit:
            return DeliveryOutcome.REFUSED, self._too_large()
        try:
            parsed = spec.receive(request.headers, body)
        except WebhookError as error:
            refusal = error_response(error.status, str(error))
            log.warning("delivery.refused", forge=spec.forge.value, status=error.status, reason=str(error))
            return DeliveryOutcome.REFUSED, refusal
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
        if route_of(event) is None:
            reason = not_used_reason(event)
            log.info("delivery.not_used", reason=reason)
            reply = _json(
                HTTP_200_OK,
                status="not used",
                kind=event.kind.value,
                reason=reason,
                delivery=event.delivery_id,
            )
            return DeliveryOutcome.IGNORED, reply
        try:
            queued = _queued(event)
        except (msgspec.EncodeError, UnicodeError):
            reason = "the event's identifiers are not valid Unicode"
            log.warning("delivery.refused", status=HTTP_400_BAD_REQUEST, reason=reason)
            return DeliveryOutcome.REFUSED, error_response(HTTP_400_BAD_REQUEST, reason)
        queue, message = self.messages(event)  # a bug here is a 500 (webhooks.errors) that claimed nothing
        try:
            first = await self.ledger.enqueue_first(forge, dedup, queue, message)
        except REDIS_DOWN as error:
            return DeliveryOutcome.ERROR, self._queue_down(error)
        if not first:
            log.info("delivery.duplicate")
            reply = _json(HTTP_200_OK, status="duplicate", delivery=event.delivery_id)
            return DeliveryOutcome.DUPLICATE, reply
        log.info("delivery.queued")
        return DeliveryOutcome.QUEUED, queued

    def _too_large(self) -> Response[dict[str, Any]]:
        return error_response(
            HTTP_413_REQUEST_ENTITY_TOO_LARGE, f"payload over {self.settings.max_body_bytes} bytes"
        )

    @staticmethod
    def _queue_down(error: Exception) -> Response[dict[str, Any]]:
        log.warning(
            "delivery.refused",
            status=HTTP_503_SERVICE_UNAVAILABLE,
            reason="redis unavailable",
            error=type(error).__name__,
        )
        return unavailable("queue unavailable; retry later")


def create_app(settings: Settings, *, redis_url: str, tasks: Celery, messages: Messages) -> Litestar:
    """Build the intake app from what the composition root (the CLI) built: ``tasks`` is the Celery app the
    trigger route builds task messages with.

    ``messages`` turns a normalized event into the worker queue's message and the list it goes on
    (:func:`workers.queueing.intake_messages`); the intake pushes it with its claim.
    """
    state: dict[str, Any] = {}
    intake = _Intake(settings, messages)

    @asynccontextmanager
    async def redis_lifespan(_: Litestar) -> AsyncIterator[None]:
        client = redis_client(redis_url)
        state["redis"] = client
        intake.ledger = DeliveryLedger(client, settings.delivery_ttl_seconds)
        try:
            yield
        finally:
            await client.aclose()

    async def deliver(forge_name: str, request: Request[Any, Any, Any]) -> Response[Any]:
        started = time.perf_counter()
        outcome = DeliveryOutcome.ERROR  # stays so only if receive() raises
        try:
            outcome, response = await intake.receive(forge_name, request)
        finally:
            metrics.count_delivery(forge_name, outcome, time.perf_counter() - started)
        return response

    def forge_route(forge: Forge) -> HTTPRouteHandler:
        @post(
            f"/webhooks/{forge.value}",
            status_code=HTTP_202_ACCEPTED,
            operation_class=webhook_operation(forge),
            operation_id=f"webhook_{forge.value}",
            summary=f"Receive a {forge.value} webhook delivery",
            description=(
                "Verified before it is read; queued (202), handled (200: ignored, not used, pong, duplicate)"
                " or refused with a reason."
            ),
            responses=WEBHOOK_RESPONSES,
            tags=["webhooks"],
        )
        async def webhook(request: Request[Any, Any, Any]) -> Response[Queued]:
            return await deliver(forge.value, request)

        return webhook

    @post("/webhooks/{forge_name:str}", status_code=HTTP_202_ACCEPTED, include_in_schema=False)
    async def unknown_forge(forge_name: FromPath[str], request: Request[Any, Any, Any]) -> Response[Any]:
        return await deliver(forge_name, request)

    @get("/healthz", tags=["health"], summary="Liveness: the process answers")
    async def healthz() -> dict[str, str]:
        return {"status": "ok"}

    @get(
        "/readyz",
        tags=["health"],
        summary="Readiness: Redis answers",
        responses={503: ResponseSpec(Readiness, description="Redis unreachable", generate_examples=False)},
    )
    async def readyz() -> Response[Readiness]:
        try:
            await state["redis"].ping()
        except Exception as error:  # any failure to reach Redis means not ready
            not_ready = Readiness(status="unavailable", redis=type(error).__name__)
            return Response(not_ready, status_code=HTTP_503_SERVICE_UNAVAILABLE)
        return Response(Readiness(status="ready", redis="ok"), status_code=HTTP_200_OK)

    @get("/metrics", media_type=metrics.CONTENT_TYPE, tags=["metrics"], summary="Prometheus metrics")
    async def metrics_endpoint() -> Response[bytes]:
        """Prometheus text exposition of this process's registry (one uvicorn process per web pod)."""
        return Response(content=metrics.exposition(), media_type=metrics.CONTENT_TYPE)

    return Litestar(
        route_handlers=[
            *(forge_route(forge) for forge in (Forge.GITHUB, Forge.GITLAB, Forge.GITEA)),
            unknown_forge,
            healthz,
            readyz,
            metrics_endpoint,
            trigger_route(settings, tasks, lambda: state["redis"]),  # forge-side schedulers
        ],
        lifespan=[redis_lifespan],
        request_max_body_size=settings.max_body_bytes + 1,
        exception_handlers=EXCEPTION_HANDLERS,
        openapi_config=openapi_config(),
        # Litestar's default logging config adds a plain-text handler to the root logger; ours renders JSON.
        logging_config=None,
    )
