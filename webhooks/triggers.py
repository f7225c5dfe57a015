"""``POST /triggers/{job}``: a forge-side scheduler wakes a recurring job of one served repository.

For deployments where the forge's own scheduler (GitHub Actions ``schedule``, a GitLab pipeline
schedule, Gitea/Forgejo Actions ``schedule``) should wake the bot instead of, or besides, the bot's
beat. The workflow templates that call it are in ``workers/templates/``.

The request: JSON ``{"forge": "github", "repository": "owner/name"}`` (``host`` optional, for a
forge instance serving several hosts), signed with ``X-GitLearnOS-Signature: sha256=<hex>``, the
HMAC-SHA256 of the raw body under ``GITLEARNOS_TRIGGER_SECRET``. Verification is strict and comes
before parsing (:func:`verify_trigger`): no secret configured is 503 (fail closed), a missing or
wrong signature is 401, compared in constant time. Only repositories the bot already serves (seen in
an event) are accepted; the job runs in the worker through
:func:`workers.scheduling.runs.run_triggered`, which maps the trigger onto the same occurrence logic
the beat uses, so a replayed or duplicated trigger cannot run an occurrence twice.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Callable
from typing import Any

import structlog
from celery import Celery
from litestar import Request, Response, post
from litestar.handlers import HTTPRouteHandler
from litestar.params import FromPath
from litestar.status_codes import (
    HTTP_202_ACCEPTED,
    HTTP_404_NOT_FOUND,
    HTTP_413_REQUEST_ENTITY_TOO_LARGE,
)
from redis.asyncio import Redis
from redis.exceptions import RedisError

from bot.intake.events import Forge
from forge_adapters.intake import (
    MalformedPayload,
    NotConfigured,
    SignatureError,
    WebhookError,
    decode_json_body,
    header,
)
from forge_adapters.payload_fields import text
from runtime.settings import Settings
from webhooks.errors import error_response, unavailable
from webhooks.openapi import TRIGGER_RESPONSES, TriggerOperation, TriggerQueued
from workers.celery_app import RUN_TRIGGERED, SCHEDULE_QUEUE
from workers.queueing import task_envelope
from workers.repo_registry import RegisteredRepo
from workers.state_keys import REPOS

SIGNATURE_HEADER = "X-GitLearnOS-Signature"
SIGNATURE_PREFIX = "sha256="
JOBS = ("maintenance", "due-review")
MAX_TRIGGER_BYTES = 64 * 1024
log = structlog.get_logger("gitlearnos.triggers")


def sign(secret: str, body: bytes) -> str:
    """The header value a trigger must carry for ``body`` (what the workflow templates compute)."""
    return SIGNATURE_PREFIX + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


def verify_trigger(secret: str, body: bytes, signature: str | None) -> None:
    """Raise unless ``signature`` is the HMAC of ``body`` under ``secret``; no secret refuses everything."""
    if not secret:
        raise NotConfigured("triggers are disabled: GITLEARNOS_TRIGGER_SECRET is not set")
    if not signature:
        raise SignatureError(f"missing {SIGNATURE_HEADER} header")
    # Bytes, not str: compare_digest raises on a non-ASCII str, and a header is whatever bytes were sent.
    given = signature.strip().encode("utf-8", "surrogateescape")
    if not hmac.compare_digest(sign(secret, body).encode("ascii"), given):
        raise SignatureError(f"{SIGNATURE_HEADER} does not match the body")


def requested_repository(body: bytes) -> tuple[Forge, str, str]:
    """``(forge, full name, host or "")`` named by a verified body."""
    data = decode_json_body(body, "application/json")
    try:
        forge = Forge(data["forge"])
        full_name = text(data["repository"], "repository").strip().strip("/")
        host = text(data.get("host"), "host").strip()
    except (ValueError, KeyError, TypeError) as error:
        raise MalformedPayload(
            'the body must be JSON like {"forge": "github", "repository": "owner/name"}'
        ) from error
    if full_name.count("/") < 1 or forge is Forge.LOCAL:
        raise MalformedPayload("repository must be owner/name on github, gitlab or gitea")
    return forge, full_name, host


async def served_repository(client: Redis, forge: Forge, full_name: str, host: str) -> RegisteredRepo | None:
    """The registered repository the trigger names; None when the bot does not serve exactly one."""
    raw: dict[bytes | str, bytes | str] = await client.hgetall(REPOS)
    matches = []
    for value in raw.values():
        entry = RegisteredRepo.model_validate_json(value)
        repo = entry.repo
        if (
            repo.forge is forge
            and repo.full_name.lower() == full_name.lower()
            and (not host or repo.host == host)
        ):
            matches.append(entry)
    return matches[0] if len(matches) == 1 else None


def trigger_route(settings: Settings, tasks: Celery, redis: Callable[[], Redis]) -> HTTPRouteHandler:
    """The ``POST /triggers/{job}`` handler; ``redis`` gives the app's async client (made in its lifespan),
    ``tasks`` the Celery app the composition root built, used only to build task messages."""

    @post(
        "/triggers/{job:str}",
        status_code=HTTP_202_ACCEPTED,
        operation_class=TriggerOperation,
        operation_id="trigger_job",
        summary="Wake a recurring job (maintenance, due-review) of one served repository",
        responses=TRIGGER_RESPONSES,
        tags=["triggers"],
    )
    async def trigger(job: FromPath[str], request: Request[Any, Any, Any]) -> Response[Any]:
        if job not in JOBS:
            return error_response(HTTP_404_NOT_FOUND, f"no such job; jobs: {', '.join(JOBS)}")
        body = await request.body()
        if len(body) > MAX_TRIGGER_BYTES:
            return error_response(HTTP_413_REQUEST_ENTITY_TOO_LARGE, "trigger body over 64 KiB")
        try:
            verify_trigger(
                settings.secret_value(settings.trigger_secret),
                body,
                header(request.headers, SIGNATURE_HEADER),
            )
            forge, full_name, host = requested_repository(body)
        except WebhookError as error:
            log.warning("trigger.refused", job=job, status=error.status, reason=str(error))
            return error_response(error.status, str(error))
        try:
            target = await served_repository(redis(), forge, full_name, host)
            if target is None:
                reason = f"this {forge.value} repository is not served by this bot (no event seen from it)"
                return error_response(HTTP_404_NOT_FOUND, reason)
            message = task_envelope(
                tasks, RUN_TRIGGERED, [target.model_dump(mode="json"), [job]], SCHEDULE_QUEUE
            )
            await redis().lpush(SCHEDULE_QUEUE, message)
        except (RedisError, OSError) as error:
            log.warning("trigger.refused", job=job, reason="redis unavailable", error=type(error).__name__)
            return unavailable("queue unavailable; retry later")
        log.info("trigger.queued", job=job, repo=target.repo.slug)
        queued = TriggerQueued(status="queued", job=job, repository=target.repo.slug)
        return Response(queued, status_code=HTTP_202_ACCEPTED)

    return trigger
