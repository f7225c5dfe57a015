"""GitLab webhooks: authenticate, name the delivery, translate. Pure, no I/O.

:func:`gitlab_webhooks` builds the intake's :class:`WebhookSpec` for GitLab.
Authentication lives in :mod:`.verify`, translation in :mod:`.translate`;
this module composes them and turns every payload-shape failure into
:class:`MalformedPayload`, so intake only ever sees ``WebhookError``\\ s.

Delivery identity, strongest first: ``Idempotency-Key`` (GitLab 17.4+, kept
across GitLab's retries and "Resend Request"), ``X-Gitlab-Event-UUID``
(14.8+, one per event), and for older instances a hash of the raw body, so
a byte-identical retry is still recognized.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable, Mapping

from bot.intake.events import Forge, InboundEvent
from forge_adapters.gitlab.delivery import Delivery
from forge_adapters.gitlab.translate import translate
from forge_adapters.gitlab.verify import TOKEN_HEADER, verify_signature, verify_token
from forge_adapters.intake import (
    PAYLOAD_ERRORS,
    MalformedPayload,
    ParseResult,
    WebhookSpec,
    decode_json_body,
    echo,
    header,
    malformed,
)

EVENT_HEADER = "X-Gitlab-Event"
DELIVERY_HEADERS = ("Idempotency-Key", "X-Gitlab-Event-UUID")
INSTANCE_HEADER = "X-Gitlab-Instance"


def delivery_key(headers: Mapping[str, str], body: bytes) -> str:
    """The id that stays the same when GitLab delivers the same event again."""
    for name in DELIVERY_HEADERS:
        value = (header(headers, name) or "").strip()
        if value:
            return value
    return "body-sha256:" + hashlib.sha256(body).hexdigest()


def parse_delivery(headers: Mapping[str, str], body: bytes) -> ParseResult:
    """Translate one authenticated GitLab delivery into an event, or say why it is ignored."""
    hook = (header(headers, EVENT_HEADER) or "").strip()
    if not hook:
        raise MalformedPayload(f"missing {EVENT_HEADER} header")
    # GitLab only ever sends JSON (no form encoding), whatever Content-Type claims.
    data = decode_json_body(body, None)
    delivery = Delivery(
        hook=hook.title(),
        delivery_id=delivery_key(headers, body),
        data=data,
        instance=(header(headers, INSTANCE_HEADER) or "").strip(),
    )
    try:
        return translate(delivery)
    except PAYLOAD_ERRORS as exc:
        raise malformed(echo(delivery.hook, words=True), exc) from exc


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

    def dedup_key(headers: Mapping[str, str], body: bytes, event: InboundEvent) -> str:
        return event.delivery_id

    return WebhookSpec(forge=Forge.GITLAB, receive=receive, dedup_key=dedup_key)
