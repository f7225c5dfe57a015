"""The Litestar application: ``POST /webhooks/{forge}``, ``POST /triggers/{job}``, health and metrics.

Built by :func:`create_app` with its settings and its message builder
injected, so tests and the benchmark run the real app against a real Redis
without environment juggling.

A delivery (``POST /webhooks/github``, ``/gitlab``, ``/gitea``) is answered by
the delivery path (:mod:`webhooks.delivery`), a plain ASGI callable the app
hands it to before its router: verify, parse, deduplicate and enqueue in one
Redis round trip, counted, logged with its identifiers. Litestar routes
everything else, and keeps a handler for those paths too (for the schema, an
unknown forge's 404, and any spelling the delivery path does not take), which
runs the same path.

Shutdown: the server stops accepting on SIGTERM, lets in-flight requests finish,
then runs the lifespan's exit, which closes Redis. A delivery is acknowledged
(202) only after its message is on the queue, so one cut off mid-request was
never acknowledged and the forge redelivers it. The client retries a command
whose pooled connection a Redis restart broke, so the first delivery after the
restart is accepted again.

Errors of every route share one shape and one handler (:mod:`webhooks.errors`),
and the app describes itself at ``/schema/openapi.json`` (:mod:`webhooks.openapi`).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from celery import Celery
from litestar import Litestar, MediaType, Request, Response, get, post
from litestar.handlers import HTTPRouteHandler
from litestar.openapi import ResponseSpec
from litestar.params import FromPath
from litestar.status_codes import (
    HTTP_200_OK,
    HTTP_202_ACCEPTED,
    HTTP_400_BAD_REQUEST,
    HTTP_503_SERVICE_UNAVAILABLE,
)
from redis.asyncio import Redis
from redis.asyncio.retry import Retry
from redis.backoff import ExponentialWithJitterBackoff
from redis.exceptions import ConnectionError as RedisConnectionError

from bot.intake.events import Forge
from runtime import metrics
from runtime.settings import Settings
from webhooks.dedup import DeliveryLedger
from webhooks.delivery import DeliveryPath, Messages, refusal, request_headers
from webhooks.errors import EXCEPTION_HANDLERS
from webhooks.openapi import WEBHOOK_RESPONSES, Queued, Readiness, openapi_config, webhook_operation
from webhooks.triggers import trigger_route


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
        # redis-py's Retry also retries timeouts unless told otherwise: a silent Redis then held a
        # delivery for four socket timeouts (8 s, near a forge's 10 s limit) before its 503.
        retry=Retry(
            ExponentialWithJitterBackoff(base=0.05, cap=0.25),
            retries=3,
            supported_errors=(RedisConnectionError,),
        ),
        retry_on_error=[RedisConnectionError],
    )


class IntakeApp(Litestar):
    """Litestar, with ``POST /webhooks/{github,gitlab,gitea}`` answered by :class:`DeliveryPath` first.

    The delivery path is a plain ASGI callable (:mod:`webhooks.delivery` says why); every other request,
    including any other spelling of those paths, goes through Litestar's router as before.
    """

    delivery_path: DeliveryPath

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http" and scope["method"] == "POST":
            forge = self.delivery_path.routes.get(scope["path"])
            if forge is not None:
                await self.delivery_path(forge, scope, receive, send)
                return
        await super().__call__(scope, receive, send)


def create_app(settings: Settings, *, redis_url: str, tasks: Celery, messages: Messages) -> Litestar:
    """Build the intake app from what the composition root (the CLI) built: ``tasks`` is the Celery app the
    trigger route builds task messages with.

    ``messages`` turns a normalized event into the worker queue's message and the list it goes on
    (:func:`workers.queueing.intake_messages`); the intake pushes it with its claim.
    """
    state: dict[str, Any] = {}
    path = DeliveryPath(settings, messages)

    @asynccontextmanager
    async def redis_lifespan(_: Litestar) -> AsyncIterator[None]:
        client = redis_client(redis_url)
        state["redis"] = client
        path.ledger = DeliveryLedger(client, settings.delivery_ttl_seconds)
        try:
            yield
        finally:
            await client.aclose()

    async def deliver(forge_name: str, request: Request[Any, Any, Any]) -> Response[Any]:
        """What the routes below answer (paths the delivery path does not take): the same path, as a
        Litestar response; a bug raises into Litestar's handler (:mod:`webhooks.errors`)."""
        answer = await path.counted(forge_name, request_headers(request.scope), request.receive)
        if answer is None:
            answer = refusal(HTTP_400_BAD_REQUEST, "the client left before its body arrived")
        headers = {name.decode(): value.decode() for name, value in answer.headers}
        return Response(answer.body, status_code=answer.status, media_type=MediaType.JSON, headers=headers)

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

    app = IntakeApp(
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
    app.delivery_path = path
    return app
