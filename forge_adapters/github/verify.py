"""GitHub's webhook check and its intake spec: signature first, then translation. Pure, no I/O.

GitHub signs the raw body with HMAC-SHA256 (``X-Hub-Signature-256:
sha256=<hex>``); the legacy SHA-1 header is ignored. Verification runs before
parsing and fails closed: no secret configured means every delivery is refused.
The translation lives in :mod:`.translate`.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Mapping

from bot.intake.events import Forge, InboundEvent
from forge_adapters.github.translate import parse_delivery
from forge_adapters.intake import NotConfigured, ParseResult, SignatureError, WebhookSpec, header

__all__ = ["github_webhooks", "sign", "verify_signature"]

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

    def dedup_key(headers: Mapping[str, str], body: bytes, event: InboundEvent) -> str:  # noqa: ARG001 - WebhookSpec.dedup_key's signature; this forge's delivery id is the key
        return event.delivery_id

    return WebhookSpec(forge=Forge.GITHUB, receive=receive, dedup_key=dedup_key)
