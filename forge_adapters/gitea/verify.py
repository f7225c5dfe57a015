"""Gitea and Forgejo webhook checks and their intake spec: signature, dedup key, then translation. Pure.

Gitea and Forgejo webhooks: signature check, event routing, dedup key. Pure, no I/O.

Gitea gives a delivery **5 seconds** by default (``[webhook] DELIVER_TIMEOUT``)
and never retries a failed one (webhooks-spec §3.3), so intake must stay this
cheap: verify, translate, enqueue, answer. Anything slower loses the event.

**Signature.** ``X-Gitea-Signature`` / ``X-Forgejo-Signature`` is the bare hex
HMAC-SHA256 of the JSON payload (no ``sha256=`` prefix). For a JSON hook that
is the raw body. For a form hook (``payload=<url-encoded JSON>``) Gitea still
signs the JSON string, not the form body it sends (``deliver.go``: the HMAC is
written over ``t.PayloadContent``), so the ``payload`` field is decoded first
and its bytes verified. A hook without a secret sends an *empty* signature
header; that is refused like a missing one, and an unset secret on our side
refuses everything (fail closed).

**Dedup key.** A Gitea replay (the "Replay" of a past delivery) is a new hook task
with a **new** ``X-Gitea-Delivery`` but the same payload (§3.3), so a key
containing the delivery id never catches a replay. The key is the SHA-256 of
the signed payload bytes alone: exactly what Gitea vouched for, nothing from
the unsigned headers (which a replayer could vary to slip past the ledger).
A form hook and a JSON hook carrying one payload get one key, and the same
event sent by two hooks (repository and organization) is handled once. Two
genuinely different events do not share a payload: every payload carries the
changed object's new state (ids, timestamps, commit ids, action). If two ever
did, they would say the same thing, and the effect-level ``GitLearnOS-Event``
trailer check would treat the second as done anyway.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Mapping
from urllib.parse import parse_qs

from bot.intake.events import Forge, InboundEvent
from forge_adapters.gitea.translate import first_header, read_delivery, translate
from forge_adapters.intake import (
    MalformedPayload,
    NotConfigured,
    ParseResult,
    SignatureError,
    WebhookSpec,
    decode_json_body,
    header,
)

SIGNATURE_HEADERS = ("X-Forgejo-Signature", "X-Gitea-Signature")
FORM_CONTENT_TYPE = "application/x-www-form-urlencoded"


def sign(payload: bytes, secret: str) -> str:
    """The ``X-Gitea-Signature`` value Gitea sends for ``payload``: bare lowercase hex."""
    return hmac.new(secret.encode("utf-8"), payload, hashlib.sha256).hexdigest()


def signed_payload(body: bytes, content_type: str | None) -> bytes:
    """The bytes Gitea signed: the body of a JSON hook, the ``payload`` field of a form hook."""
    if not content_type or FORM_CONTENT_TYPE not in content_type.lower():
        return body
    try:
        fields = parse_qs(body.decode("utf-8"), strict_parsing=True, errors="strict")
        (payload,) = fields["payload"]
    except (UnicodeDecodeError, ValueError, KeyError) as exc:
        raise MalformedPayload(f"form body has no single 'payload' field: {type(exc).__name__}") from exc
    return payload.encode("utf-8")


def verify_signature(payload: bytes, signature: str | None, secret: str) -> None:
    """Raise unless ``signature`` is the hex HMAC-SHA256 of ``payload`` under ``secret`` (constant time)."""
    if not secret:
        raise NotConfigured("no Gitea webhook secret is configured; refusing all Gitea/Forgejo deliveries")
    if not signature or not signature.strip():  # Gitea sends "" when the hook has no secret
        raise SignatureError(
            "missing or empty X-Gitea-Signature; set the same secret on the Gitea/Forgejo webhook"
        )
    given = signature.strip().lower().encode("ascii", "replace")
    if not hmac.compare_digest(sign(payload, secret).encode("ascii"), given):
        raise SignatureError("X-Gitea-Signature does not match the payload")


def dedup_key(headers: Mapping[str, str], body: bytes, event: InboundEvent | None = None) -> str:  # noqa: ARG001 - WebhookSpec's signature
    """SHA-256 of the signed payload: the same for a replay under a new delivery id."""
    payload = signed_payload(body, header(headers, "Content-Type"))
    return "sha256:" + hashlib.sha256(payload).hexdigest()


def gitea_webhooks(secret: str) -> WebhookSpec:
    """Gitea/Forgejo intake: check the payload HMAC, then translate; dedup on the payload, not the id."""

    def receive(headers: Mapping[str, str], body: bytes) -> ParseResult:
        if not secret:  # before touching the body: an unconfigured forge refuses everything
            raise NotConfigured(
                "no Gitea webhook secret is configured; refusing all Gitea/Forgejo deliveries"
            )
        payload = signed_payload(body, header(headers, "Content-Type"))
        verify_signature(payload, first_header(headers, SIGNATURE_HEADERS), secret)
        delivery = read_delivery(headers)
        return translate(delivery, decode_json_body(payload, "application/json"))

    return WebhookSpec(forge=Forge.GITEA, receive=receive, dedup_key=dedup_key)
