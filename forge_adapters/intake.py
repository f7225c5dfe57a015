"""Forge-neutral pieces of webhook translation: results, errors, header access."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any
from urllib.parse import parse_qs

from bot.events import Forge, InboundEvent


class WebhookError(Exception):
    """A delivery we refuse; ``status`` is the HTTP status intake answers with."""

    status = 400


class SignatureError(WebhookError):
    status = 401


class NotConfigured(WebhookError):
    """No secret is configured: fail closed rather than accept unsigned input."""

    status = 503


class MalformedPayload(WebhookError):
    status = 400


@dataclass(frozen=True)
class Ignored:
    """A valid delivery the bot deliberately does nothing with, and why."""

    reason: str
    delivery_id: str = ""


ParseResult = InboundEvent | Ignored


def header(headers: Mapping[str, str], name: str) -> str | None:
    """Case-insensitive header lookup that works for plain dicts and multi-dicts alike."""
    lowered = name.lower()
    for key, value in headers.items():
        if key.lower() == lowered:
            return value
    return None


def decode_json_body(body: bytes, content_type: str | None) -> dict[str, Any]:
    """The payload object, from a JSON body or a form body's ``payload`` field."""
    try:
        if content_type and "application/x-www-form-urlencoded" in content_type:
            fields = parse_qs(body.decode("utf-8"), strict_parsing=True)
            text = fields["payload"][0]
        else:
            text = body.decode("utf-8")
        data = json.loads(text)
    except (UnicodeDecodeError, ValueError, KeyError, IndexError) as exc:
        raise MalformedPayload(f"body is not a JSON webhook payload: {type(exc).__name__}") from exc
    if not isinstance(data, dict):
        raise MalformedPayload("payload is not a JSON object")
    return data


def parse_time(value: object) -> datetime | None:
    if not isinstance(value, str) or not value:
        return None
    try:
        return datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None


@dataclass(frozen=True)
class WebhookSpec:
    """How one forge's deliveries are checked, read and deduplicated.

    ``receive`` verifies the raw body first (raising :class:`WebhookError`) and
    only then parses it. ``dedup_key`` names the delivery for the intake ledger:
    the forge's own delivery id where redeliveries keep it, something stronger
    where they do not.
    """

    forge: Forge
    receive: Callable[[Mapping[str, str], bytes], ParseResult]
    dedup_key: Callable[[Mapping[str, str], bytes, InboundEvent], str]


def during_rotation(current: WebhookSpec, previous: WebhookSpec | None) -> WebhookSpec:
    """Accept deliveries signed with the current secret, or with the previous one while it is still set.

    Rotating a webhook secret cannot be atomic: the forge switches when the operator saves the new
    secret, and deliveries already in flight (or redelivered later) carry the old one. Keeping the old
    secret configured for a window, then removing it, rotates without refusing anything. An unset
    current secret still fails closed, whatever the previous one says.
    """
    if previous is None:
        return current

    def receive(headers: Mapping[str, str], body: bytes) -> ParseResult:
        try:
            return current.receive(headers, body)
        except SignatureError:
            return previous.receive(headers, body)

    return WebhookSpec(forge=current.forge, receive=receive, dedup_key=current.dedup_key)
