"""What the HTTP surface documents about itself at ``/schema/openapi.json``.

The webhook and trigger handlers read their raw body (a signature covers the
exact bytes, so Litestar must not parse it first) and read their headers
themselves, so Litestar cannot infer either. The operation classes here add
them to the schema: each forge's headers, the JSON object body, the answer
bodies per status code and the ``Retry-After`` header of a 503. The answer
shapes are the ones :mod:`webhooks.app` and :mod:`webhooks.errors` write.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from litestar.openapi import OpenAPIConfig, ResponseSpec
from litestar.openapi.spec import (
    OpenAPIHeader,
    OpenAPIMediaType,
    OpenAPIResponse,
    OpenAPIType,
    Operation,
    Parameter,
    RequestBody,
    Schema,
)

from bot.intake.events import Forge


@dataclass
class Queued:
    """202: the event is on the worker queue; ``event_key`` is its ``GitLearnOS-Event`` trailer."""

    status: Literal["queued"]
    delivery: str
    event_key: str


@dataclass
class Handled:
    """200: nothing to queue — ignored (with the reason), not used, a ping answered, or a delivery seen.

    ``not used``: a valid event that no operation of the routing table takes (a push, an edited or
    labeled issue, a pull request that is not the bot's handoff); it is never claimed or queued.
    """

    status: Literal["ignored", "not used", "pong", "duplicate"]
    reason: str | None = None
    delivery: str | None = None
    kind: str | None = None  # not used: the event's kind (``push``, ``issue.labeled``, …)


@dataclass
class TriggerQueued:
    """202: the job of this served repository is on the schedule queue."""

    status: Literal["queued"]
    job: str
    repository: str


@dataclass
class Readiness:
    """``/readyz``: ready (200) when Redis answers; else 503 naming the kind of failure."""

    status: Literal["ready", "unavailable"]
    redis: str


@dataclass
class ErrorBody:
    """Every refusal and error: a reason a person can act on (never learner text)."""

    status: Literal["error"]
    reason: str


def _error(description: str) -> ResponseSpec:
    return ResponseSpec(data_container=ErrorBody, description=description, generate_examples=False)


WEBHOOK_RESPONSES = {
    200: ResponseSpec(Handled, description="ignored, not used, pong or duplicate", generate_examples=False),
    400: _error("malformed: not a JSON object, a field of the wrong type, a missing header"),
    401: _error("missing or wrong signature or token"),
    403: _error("the repository is not on the forge host this bot is configured for"),
    404: _error("no intake for this forge"),
    413: _error("body over the configured limit (25 MiB by default)"),
    503: _error("no secret configured for this forge (fail closed), or Redis unreachable: retry later"),
}
TRIGGER_RESPONSES = {
    400: _error("the body is not a trigger request"),
    401: _error("missing or wrong X-GitLearnOS-Signature"),
    404: _error("no such job, or the repository is not served by this bot"),
    413: _error("body over 64 KiB"),
    503: _error("GITLEARNOS_TRIGGER_SECRET not set (fail closed), or Redis unreachable: retry later"),
}
RETRY_AFTER = OpenAPIHeader(
    schema=Schema(type=OpenAPIType.INTEGER, minimum=1),
    description="seconds to wait before retrying, when Redis is unreachable",
)


def _header(name: str, description: str, *, required: bool = False) -> Parameter:
    schema = Schema(type=OpenAPIType.STRING)
    return Parameter(name=name, param_in="header", schema=schema, description=description, required=required)


FORGE_HEADERS: dict[Forge, tuple[Parameter, ...]] = {
    Forge.GITHUB: (
        _header("X-GitHub-Event", "event name: issues, issue_comment, pull_request, push, ping, …"),
        _header("X-GitHub-Delivery", "delivery id; a redelivery keeps it (the dedup key)"),
        _header("X-Hub-Signature-256", "sha256=<hex HMAC-SHA256 of the raw body under the webhook secret>"),
    ),
    Forge.GITLAB: (
        _header("X-Gitlab-Event", "hook name: Issue Hook, Note Hook, Merge Request Hook, Push Hook, …"),
        _header("X-Gitlab-Token", "the webhook secret, compared in constant time"),
        _header("Idempotency-Key", "delivery id kept across GitLab's retries (GitLab 17.4+)"),
        _header("X-Gitlab-Event-UUID", "event id (GitLab 14.8+), the dedup key without Idempotency-Key"),
        _header("webhook-id", "Standard Webhooks id (required when a signing token is configured)"),
        _header("webhook-timestamp", "Unix time in ASCII digits, within 5 minutes of now"),
        _header("webhook-signature", "v1,<base64 HMAC-SHA256 of id.timestamp.body>"),
    ),
    Forge.GITEA: (
        _header("X-Gitea-Event", "coarse event name (X-Forgejo-Event on Forgejo)"),
        _header("X-Gitea-Event-Type", "fine event type (X-Forgejo-Event-Type)"),
        _header("X-Gitea-Delivery", "delivery id (X-Forgejo-Delivery)"),
        _header("X-Gitea-Signature", "bare hex HMAC-SHA256 of the JSON payload (X-Forgejo-Signature)"),
    ),
}


def _json_body(description: str, schema: Schema) -> RequestBody:
    return RequestBody(
        content={"application/json": OpenAPIMediaType(schema=schema)}, description=description, required=True
    )


def webhook_operation(forge: Forge) -> type[Operation]:
    """The operation class of ``POST /webhooks/<forge>``: its headers, body and ``Retry-After``."""
    headers = FORGE_HEADERS[forge]

    @dataclass
    class WebhookOperation(Operation):
        def __post_init__(self) -> None:
            self.parameters = [*(self.parameters or []), *headers]
            self.request_body = _json_body(
                f"the {forge.value} webhook payload, exactly as signed",
                Schema(type=OpenAPIType.OBJECT, additional_properties=True),
            )
            _add_retry_after(self)

    return WebhookOperation


@dataclass
class TriggerOperation(Operation):
    """``POST /triggers/{job}``: the signature header and the request body."""

    def __post_init__(self) -> None:
        self.parameters = [
            *(self.parameters or []),
            _header("X-GitLearnOS-Signature", "sha256=<hex HMAC-SHA256 of the raw body>", required=True),
        ]
        self.request_body = _json_body(
            "which served repository's job to run",
            Schema(
                type=OpenAPIType.OBJECT,
                required=["forge", "repository"],
                properties={
                    "forge": Schema(type=OpenAPIType.STRING, enum=["github", "gitlab", "gitea"]),
                    "repository": Schema(
                        type=OpenAPIType.STRING, description="owner/name", pattern=r"^[\w.-]+(/[\w.-]+)+$"
                    ),
                    "host": Schema(type=OpenAPIType.STRING),
                },
            ),
        )
        _add_retry_after(self)


def _add_retry_after(operation: Operation) -> None:
    response = (operation.responses or {}).get("503")
    if isinstance(response, OpenAPIResponse):
        response.headers = {"Retry-After": RETRY_AFTER}


def openapi_config() -> OpenAPIConfig:
    return OpenAPIConfig(
        title="GitLearnOS Bot",
        version="0.1.0",
        description=(
            "Forge webhooks in (GitHub, GitLab, Gitea/Forgejo), each verified before it is read and "
            "queued for a worker; forge-side schedulers wake recurring jobs; health and metrics."
        ),
        path="/schema",
    )
