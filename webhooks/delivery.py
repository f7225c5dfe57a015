"""The delivery path, served straight from ASGI: verify and parse, drop what is not ours or not used,
deduplicate, enqueue, answer.

Why not a Litestar handler: a delivery is the one request the intake serves by the thousand, and most of
its cost was the framework around it (routing, the middleware stack, ``Request`` and ``Response``
objects, the response's header negotiation), not the work. :class:`DeliveryPath` is the ASGI callable the
app (:class:`webhooks.app.IntakeApp`) hands ``POST /webhooks/{github,gitlab,gitea}`` to before its router;
everything else, including any other spelling of those paths, stays Litestar's. The answers are the same
bytes a Litestar handler gave: the same statuses, JSON bodies (msgspec-encoded, compact), ``Content-Type``
and ``Retry-After`` headers, the same refusals (404 unknown forge, 413 over the body limit, 401/400/403/503
from the forge adapters: a missing secret fails closed), the same log lines with the delivery's
identifiers, the same metrics, and a bug is the same logged and counted 500 (:mod:`webhooks.errors`).

Each delivery is counted once by forge and outcome and timed (see :mod:`runtime.metrics`: an in-memory
increment, no I/O on the request path). Its identifiers (forge, delivery id, repository, event key) are
passed to every log line the delivery writes, computed once.

An event no operation uses (a push, an edited or labeled issue, a pull request that is not the bot's
handoff) is answered 200 ``not used`` as soon as it is parsed: the core's routing table
(:mod:`bot.routing`) says so from the event alone, so such a delivery is never claimed, queued, locked
or fetched for.

Nothing is claimed or queued unless the answer is 202: the 202 body and the task message are built
before the claim, so an answer that cannot be written refuses the delivery, and a bug building the
message is a 500 that claimed nothing. The claim and the push are one atomic Redis call
(:mod:`webhooks.dedup`): one round trip per delivery. While Redis is unreachable every delivery gets 503
with ``Retry-After`` (logged, never a 500). A delivery is acknowledged only after its message is on the
queue, so one cut off mid-request (the client gone before its body arrived) claims nothing and is never
acknowledged: the forge redelivers it.
"""

from __future__ import annotations

import logging
import re
import time
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, NamedTuple

import msgspec
import structlog
from redis.exceptions import RedisError

from bot.intake.events import EventKind, Forge, InboundEvent, event_key
from bot.routing import not_used_reason, route_of
from forge_adapters.intake import Ignored, WebhookError, WebhookSpec
from runtime import metrics
from runtime.metrics import DeliveryOutcome
from runtime.settings import Settings
from webhooks.dedup import DeliveryLedger
from webhooks.errors import RETRY_AFTER_SECONDS, log_unhandled, safe_reason
from webhooks.forges import webhook_specs
from workers.queueing import QueuedMessage

Scope = Mapping[str, Any]
Receive = Callable[[], Awaitable[Any]]
Send = Callable[[Any], Awaitable[None]]
Messages = Callable[[InboundEvent, str], QueuedMessage]  # the event and its event key
# Redis unreachable (refused, reset, timed out) or answering with an error: the queue is unavailable.
REDIS_DOWN = (RedisError, OSError)
CONTENT_LENGTH = re.compile(r"[0-9]{1,20}")
JSON_HEADERS = ((b"content-type", b"application/json"),)
RETRY_LATER = ((b"retry-after", str(RETRY_AFTER_SECONDS).encode()),)
log = structlog.get_logger("gitlearnos.webhooks")
_encode = msgspec.json.encode
_root = logging.getLogger()


def info(event: str, **fields: Any) -> None:
    """``log.info``, skipped outright below INFO: a structlog call costs microseconds even when filtered.

    :func:`runtime.log_setup.configure_logging` gives the root logger and structlog one level, and the
    standard library caches the answer of ``isEnabledFor``.
    """
    if _root.isEnabledFor(logging.INFO):
        log.info(event, **fields)


def log_queued(**fields: Any) -> None:
    """``delivery.queued``, at DEBUG: the line the intake would write by the thousand.

    Rendering it as JSON and flushing it cost more than the rest of the answer but the Redis call; at
    INFO a queued delivery shows in ``gitlearnos_deliveries_total{outcome="queued"}``, and the worker's
    lines for the event carry the same delivery id and event key. Every other outcome stays at INFO.
    """
    if _root.isEnabledFor(logging.DEBUG):
        log.debug("delivery.queued", **fields)


class Reply(NamedTuple):
    """An answer as it goes on the wire: status, JSON body, headers beyond ``Content-Type``."""

    status: int
    body: bytes
    headers: tuple[tuple[bytes, bytes], ...] = ()


def reply(code: int, /, **fields: Any) -> Reply:
    """A JSON answer; ``code`` is positional only, since most bodies have a ``status`` field of their own."""
    return Reply(code, _encode(fields))


def refusal(status: int, reason: str, headers: tuple[tuple[bytes, bytes], ...] = ()) -> Reply:
    """The error shape every route shares (:func:`webhooks.errors.error_response`), as bytes."""
    return Reply(status, _encode({"status": "error", "reason": safe_reason(reason)}), headers)


INTERNAL_ERROR = refusal(500, "internal error; it has been logged")


def request_headers(scope: Scope) -> dict[str, str]:
    """The request's headers by lower-case name, the first of repeated ones (as Litestar's ``get`` gives)."""
    return {
        name.decode("latin-1").lower(): value.decode("latin-1") for name, value in reversed(scope["headers"])
    }


class DeliveryPath:
    """``POST /webhooks/{forge}`` as one ASGI callable; ``ledger`` is set by the app's lifespan."""

    def __init__(self, settings: Settings, messages: Messages) -> None:
        self.limit = settings.max_body_bytes
        self.specs = {spec.forge.value: spec for spec in webhook_specs(settings)}
        self.routes = {f"/webhooks/{forge}": forge for forge in self.specs}
        self.bot_logins = settings.bot_logins
        self.messages = messages
        self.ledger: DeliveryLedger
        self.too_large = refusal(413, f"payload over {self.limit} bytes")

    async def __call__(self, forge_name: str, scope: Scope, receive: Receive, send: Send) -> None:
        answer: Reply | None
        try:
            answer = await self.counted(forge_name, request_headers(scope), receive)
        except Exception as error:  # a bug: logged and counted like any route's (webhooks.errors)
            log_unhandled(f"/webhooks/{forge_name}", scope["method"], error)
            answer = INTERNAL_ERROR
        if answer is None:  # the client left before its body arrived: nothing to answer, nothing claimed
            return
        status, body, extra = answer
        headers = [*JSON_HEADERS, (b"content-length", str(len(body)).encode()), *extra]
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body})

    async def counted(self, forge_name: str, headers: dict[str, str], receive: Receive) -> Reply | None:
        """The delivery's answer, counted by forge and outcome and timed, whatever happens."""
        started = time.perf_counter()
        outcome = DeliveryOutcome.ERROR  # stays so only if the delivery raises
        try:
            outcome, answer = await self.receive(forge_name, headers, receive)
        finally:
            metrics.count_delivery(forge_name, outcome, time.perf_counter() - started)
        return answer

    async def read_body(self, headers: Mapping[str, str], receive: Receive) -> bytes | Reply | None:
        """The body, or the 413 once it is known to pass the limit, or ``None`` if the client left."""
        length = headers.get("content-length", "")
        if CONTENT_LENGTH.fullmatch(length) and int(length) > self.limit:
            return self.too_large
        message = await receive()
        if message["type"] != "http.request":
            return None
        body: bytes = message.get("body", b"")
        if not message.get("more_body", False):
            return self.too_large if len(body) > self.limit else body
        chunks = [body]
        size = len(body)
        while message.get("more_body", False):
            message = await receive()
            if message["type"] != "http.request":
                return None
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.limit:
                return self.too_large
            chunks.append(chunk)
        return b"".join(chunks)

    async def receive(
        self, forge_name: str, headers: dict[str, str], receive: Receive
    ) -> tuple[DeliveryOutcome, Reply | None]:
        spec = self.specs.get(forge_name)
        if spec is None:
            reason = "no intake for this forge; the forges are github, gitlab and gitea"
            return DeliveryOutcome.REFUSED, refusal(404, reason)
        body = await self.read_body(headers, receive)
        if not isinstance(body, bytes):
            return DeliveryOutcome.REFUSED, body
        return await self.deliver(spec, headers, body)

    async def deliver(
        self, spec: WebhookSpec, headers: dict[str, str], body: bytes
    ) -> tuple[DeliveryOutcome, Reply]:
        """A whole body, read: the same path for this ASGI route and Litestar's fallback handler."""
        forge = spec.forge
        try:
            parsed = spec.receive(headers, body)
        except WebhookError as error:
            log.warning("delivery.refused", forge=forge.value, status=error.status, reason=str(error))
            return DeliveryOutcome.REFUSED, refusal(error.status, str(error))
        if isinstance(parsed, Ignored):
            context = {"forge": forge.value, "delivery": parsed.delivery_id}
            info("delivery.ignored", reason=parsed.reason, **context)
            return DeliveryOutcome.IGNORED, reply(200, status="ignored", reason=parsed.reason)
        return await self.accept(forge, parsed, spec.dedup_key(headers, body, parsed))

    async def accept(self, forge: Forge, event: InboundEvent, dedup: str) -> tuple[DeliveryOutcome, Reply]:
        key = event_key(event)
        context = {"forge": forge.value, "delivery": event.delivery_id}
        if event.repo is not None:
            context["repo"] = event.repo.slug
        context["event_key"] = key
        if event.kind is EventKind.PING:
            return DeliveryOutcome.IGNORED, reply(200, status="pong")
        actor = event.actor
        if actor is not None and (actor.is_bot or actor.login.lower() in self.bot_logins):
            info("delivery.ignored", reason="bot account", **context)
            return DeliveryOutcome.IGNORED, reply(200, status="ignored", reason="sent by a bot account")
        if route_of(event) is None:
            reason = not_used_reason(event)
            info("delivery.not_used", reason=reason, **context)
            answer = reply(
                200, status="not used", kind=event.kind.value, reason=reason, delivery=event.delivery_id
            )
            return DeliveryOutcome.IGNORED, answer
        try:  # the 202 answer, encoded now: whatever cannot be written must fail before the claim
            queued = reply(202, status="queued", delivery=event.delivery_id, event_key=key)
        except (msgspec.EncodeError, UnicodeError):
            reason = "the event's identifiers are not valid Unicode"
            log.warning("delivery.refused", status=400, reason=reason, **context)
            return DeliveryOutcome.REFUSED, refusal(400, reason)
        # A bug in building the message is a 500 (webhooks.errors) that claimed nothing.
        queue, message = self.messages(event, key)
        try:
            first = await self.ledger.enqueue_first(forge, dedup, queue, message)
        except REDIS_DOWN as error:
            down = {"status": 503, "reason": "redis unavailable", "error": type(error).__name__}
            log.warning("delivery.refused", **down, **context)
            return DeliveryOutcome.ERROR, refusal(503, "queue unavailable; retry later", RETRY_LATER)
        if not first:
            info("delivery.duplicate", **context)
            return DeliveryOutcome.DUPLICATE, reply(200, status="duplicate", delivery=event.delivery_id)
        log_queued(**context)
        return DeliveryOutcome.QUEUED, queued
