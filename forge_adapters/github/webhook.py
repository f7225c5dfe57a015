"""GitHub webhooks: signature check and delivery → InboundEvent. Pure, no I/O.

GitHub signs the raw body with HMAC-SHA256 (``X-Hub-Signature-256:
sha256=<hex>``); the legacy SHA-1 header is ignored. Verification runs before
parsing and fails closed: no secret configured means every delivery is refused.
The per-event translation lives in :mod:`.translate`.

When the bot runs as a GitHub App, whatever it posts carries
``performed_via_github_app`` naming that App. Installation tokens post as
``<slug>[bot]`` (dropped as a bot anyway), but a user-to-server token posts
under a person's login, so the App id is what recognizes the bot's own words:
such a delivery is ignored here, before it could loop back as learner input.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Mapping
from typing import Any

from bot.intake.events import Forge, InboundEvent
from forge_adapters.github.payload import is_bot_user, via_app
from forge_adapters.github.translate import TRANSLATORS
from forge_adapters.intake import (
    PAYLOAD_ERRORS,
    Ignored,
    MalformedPayload,
    NotConfigured,
    ParseResult,
    SignatureError,
    WebhookSpec,
    decode_json_body,
    echo,
    header,
    malformed,
)
from forge_adapters.payload_fields import optional_object

__all__ = ["github_webhooks", "is_bot_user", "parse_delivery", "sign", "verify_signature"]

SIGNATURE_PREFIX = "sha256="
# The object whose author an event is about, per event name: where ``performed_via_github_app`` sits.
AUTHORED_OBJECT = {
    "issues": "issue",
    "issue_comment": "comment",
    "pull_request": "pull_request",
    "pull_request_review": "review",
    "pull_request_review_comment": "comment",
}


def sign(body: bytes, secret: str) -> str:
    """The ``X-Hub-Signature-256`` value GitHub would send for ``body``."""
    return SIGNATURE_PREFIX + hmac.new(secret.encode("utf-8"), body, hashlib.sha256).hexdigest()


def verify_signature(body: bytes, signature: str | None, secret: str | None) -> None:
    """Raise unless ``signature`` is GitHub's HMAC of ``body`` under ``secret`` (constant time)."""
    if not secret:
        raise NotConfigured("no GitHub webhook secret is configured; refusing all GitHub deliveries")
    if not signature or not signature.startswith(SIGNATURE_PREFIX):
        raise SignatureError("missing or malformed X-Hub-Signature-256")
    if not hmac.compare_digest(
        sign(body, secret).encode("ascii"), signature.strip().encode("ascii", "replace")
    ):
        raise SignatureError("X-Hub-Signature-256 does not match the body")


def posted_by_app(name: str, data: Mapping[str, Any], app_id: int) -> bool:
    """Whether the issue, comment or review this event is about was posted through App ``app_id``."""
    key = AUTHORED_OBJECT.get(name)
    return key is not None and via_app(optional_object(data.get(key), key)) == app_id


def parse_delivery(headers: Mapping[str, str], body: bytes, app_id: int | None = None) -> ParseResult:
    """Translate one verified GitHub delivery into an event, or say why it is ignored.

    ``app_id``: the bot's own GitHub App, whose posts are ignored.
    """
    name = header(headers, "X-GitHub-Event")
    delivery = header(headers, "X-GitHub-Delivery") or ""
    if not name:
        raise MalformedPayload("missing X-GitHub-Event header")
    if not delivery:
        raise MalformedPayload("missing X-GitHub-Delivery header")
    data = decode_json_body(body, header(headers, "Content-Type"))
    translate = TRANSLATORS.get(name)
    if translate is None:
        return Ignored(f"{echo(name, words=True)} events are not used", delivery)
    try:
        if app_id is not None and posted_by_app(name, data, app_id):
            return Ignored("posted through this bot's own GitHub App", delivery)
        return translate(delivery, data)
    except PAYLOAD_ERRORS as exc:
        raise malformed(name, exc) from exc


def app_number(app_id: str) -> int | None:
    """The configured ``GITLEARNOS_GITHUB_APP_ID`` as GitHub's payloads write it, if one is set."""
    value = app_id.strip()
    return int(value) if value.isascii() and value.isdigit() else None


def github_webhooks(secret: str, app_id: str = "") -> WebhookSpec:
    """GitHub's intake: ``X-Hub-Signature-256`` check, then translation; redeliveries keep the delivery id."""
    own_app = app_number(app_id)

    def receive(headers: Mapping[str, str], body: bytes) -> ParseResult:
        verify_signature(body, header(headers, "X-Hub-Signature-256"), secret)
        return parse_delivery(headers, body, own_app)

    def dedup_key(headers: Mapping[str, str], body: bytes, event: InboundEvent) -> str:
        return event.delivery_id

    return WebhookSpec(forge=Forge.GITHUB, receive=receive, dedup_key=dedup_key)
