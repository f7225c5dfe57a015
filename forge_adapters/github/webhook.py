"""GitHub webhooks: signature check and delivery → InboundEvent. Pure, no I/O.

GitHub signs the raw body with HMAC-SHA256 (``X-Hub-Signature-256:
sha256=<hex>``); the legacy SHA-1 header is ignored. Verification runs before
parsing and fails closed: no secret configured means every delivery is refused.
The per-event translation lives in :mod:`.translate`.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Mapping

from pydantic import ValidationError

from bot.events import Forge, InboundEvent
from forge_adapters.github.payload import is_bot_user
from forge_adapters.github.translate import TRANSLATORS
from forge_adapters.intake import (
    Ignored,
    MalformedPayload,
    NotConfigured,
    ParseResult,
    SignatureError,
    WebhookSpec,
    decode_json_body,
    header,
)

__all__ = ["github_webhooks", "is_bot_user", "parse_delivery", "sign", "verify_signature"]

SIGNATURE_PREFIX = "sha256="


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


def parse_delivery(headers: Mapping[str, str], body: bytes) -> ParseResult:
    """Translate one verified GitHub delivery into an event, or say why it is ignored."""
    name = header(headers, "X-GitHub-Event")
    delivery = header(headers, "X-GitHub-Delivery") or ""
    if not name:
        raise MalformedPayload("missing X-GitHub-Event header")
    if not delivery:
        raise MalformedPayload("missing X-GitHub-Delivery header")
    data = decode_json_body(body, header(headers, "Content-Type"))
    translate = TRANSLATORS.get(name)
    if translate is None:
        return Ignored(f"{name} events are not used", delivery)
    try:
        return translate(delivery, data)
    except (KeyError, TypeError, ValueError, ValidationError) as exc:
        raise MalformedPayload(
            f"{name} payload is missing or has invalid fields: {type(exc).__name__}"
        ) from exc


def github_webhooks(secret: str) -> WebhookSpec:
    """GitHub's intake: ``X-Hub-Signature-256`` check, then translation; redeliveries keep the delivery id."""

    def receive(headers: Mapping[str, str], body: bytes) -> ParseResult:
        verify_signature(body, header(headers, "X-Hub-Signature-256"), secret)
        return parse_delivery(headers, body)

    def dedup_key(headers: Mapping[str, str], body: bytes, event: InboundEvent) -> str:
        return event.delivery_id

    return WebhookSpec(forge=Forge.GITHUB, receive=receive, dedup_key=dedup_key)
