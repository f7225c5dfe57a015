"""GitLab delivery authentication (shared token, Standard Webhooks signature) and the intake spec. Pure.

GitLab's classic check is a shared password: ``X-Gitlab-Token`` carries the
configured secret **in plain text** (no HMAC over the body), so all we can do
is compare it in constant time. Newer GitLab (feature flag
``webhook_signing_token``, MRs !230944/!231325) can also sign each delivery
the Standard Webhooks way: ``webhook-signature: v1,<base64 HMAC-SHA256>``
over ``{webhook-id}.{webhook-timestamp}.{raw body}``, keyed with the bytes
behind a ``whsec_<base64>`` signing token. When the operator configures a
signing token we require that signature too, and a timestamp within five
minutes of ``now`` so a captured delivery cannot be replayed later.

Both checks fail closed: no secret configured refuses everything
(:class:`NotConfigured`, 503), a missing or wrong credential is a
:class:`SignatureError` (401). ``now`` is a parameter: the caller owns the clock.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import re
import time
from collections.abc import Callable, Mapping

from bot.intake.events import Forge, InboundEvent
from forge_adapters.gitlab.translate import parse_delivery
from forge_adapters.intake import NotConfigured, ParseResult, SignatureError, WebhookSpec, header

TOKEN_HEADER = "X-Gitlab-Token"  # noqa: S105 - a header name
SIGNATURE_HEADER = "webhook-signature"
ID_HEADER = "webhook-id"
TIMESTAMP_HEADER = "webhook-timestamp"
SIGNING_TOKEN_PREFIX = "whsec_"  # noqa: S105 - the format's prefix
SIGNATURE_VERSION = "v1"
TIMESTAMP_TOLERANCE_SECONDS = 5 * 60
# ASCII digits only: str.isdigit() also takes "²" and "١٢٣", which int() then refuses (or takes).
UNIX_TIME = re.compile(r"[0-9]{1,12}")


def verify_token(token: str | None, secret: str) -> None:
    """Raise unless ``token`` (the ``X-Gitlab-Token`` value) is ``secret``, compared in constant time."""
    if not secret:
        raise NotConfigured("no GitLab webhook secret is configured; refusing all GitLab deliveries")
    if not token:
        raise SignatureError("missing X-Gitlab-Token")
    if not hmac.compare_digest(token.encode("utf-8"), secret.encode("utf-8")):
        raise SignatureError("X-Gitlab-Token does not match the configured secret")


def signing_key(signing_token: str) -> bytes:
    """The HMAC key behind a ``whsec_<base64>`` token, as Standard Webhooks defines it."""
    encoded = signing_token.removeprefix(SIGNING_TOKEN_PREFIX)
    try:
        return base64.b64decode(encoded, validate=True)
    except (binascii.Error, ValueError) as exc:
        raise NotConfigured(
            "the GitLab signing token is not of the form whsec_<base64>; copy it again from the hook settings"
        ) from exc


def sign(webhook_id: str, timestamp: str, body: bytes, signing_token: str) -> str:
    """One ``webhook-signature`` entry, as GitLab would send it for this delivery."""
    signed = f"{webhook_id}.{timestamp}.".encode() + body
    digest = hmac.new(signing_key(signing_token), signed, hashlib.sha256).digest()
    return f"{SIGNATURE_VERSION},{base64.b64encode(digest).decode('ascii')}"


def verify_signature(headers: Mapping[str, str], body: bytes, signing_token: str, *, now: float) -> None:
    """Raise unless one ``v1`` entry of ``webhook-signature`` signs this body, id and fresh timestamp.

    The header may hold several space-separated entries (a sender rotating
    keys signs with each); any one matching is enough.
    """
    webhook_id = header(headers, ID_HEADER)
    timestamp = header(headers, TIMESTAMP_HEADER)
    signatures = header(headers, SIGNATURE_HEADER)
    if not (webhook_id and timestamp and signatures):
        raise SignatureError("missing webhook-id, webhook-timestamp or webhook-signature")
    if not UNIX_TIME.fullmatch(timestamp):
        raise SignatureError("webhook-timestamp is not a Unix time")
    if abs(now - int(timestamp)) > TIMESTAMP_TOLERANCE_SECONDS:
        raise SignatureError("webhook-timestamp is more than 5 minutes from now; refusing a possible replay")
    expected = sign(webhook_id, timestamp, body, signing_token).encode("ascii")
    offered = (entry.encode("ascii", "replace") for entry in signatures.split())
    # No short-circuit: every entry is compared, each in constant time.
    if not any([hmac.compare_digest(expected, entry) for entry in offered]):
        raise SignatureError("webhook-signature does not match the body")


def gitlab_webhooks(
    secret: str, signing_token: str = "", *, clock: Callable[[], float] = time.time
) -> WebhookSpec:
    """GitLab's intake: ``X-Gitlab-Token``, then (if configured) ``webhook-signature``, then translation.

    ``clock`` gives the current Unix time for the signature's five-minute
    freshness window; tests pass a fixed one.
    """

    def receive(headers: Mapping[str, str], body: bytes) -> ParseResult:
        verify_token(header(headers, TOKEN_HEADER), secret)
        if signing_token:
            verify_signature(headers, body, signing_token, now=clock())
        return parse_delivery(headers, body)

    def dedup_key(headers: Mapping[str, str], body: bytes, event: InboundEvent) -> str:  # noqa: ARG001 - WebhookSpec.dedup_key's signature; this forge's delivery id is the key
        return event.delivery_id

    return WebhookSpec(forge=Forge.GITLAB, receive=receive, dedup_key=dedup_key)
