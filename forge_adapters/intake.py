"""Forge-neutral pieces of webhook translation: results, errors, header access, the JSON decoder.

Everything here assumes the body is signed but hostile: a forge signs what a
learner typed, and a leaked secret signs anything. So the decoder refuses what
JSON readers downstream cannot hold (non-finite or out-of-range numbers, lone
surrogates, invalid UTF-8, nesting past :data:`MAX_JSON_DEPTH`), and every
refusal's message names a field or a failure kind, never a value: intake
echoes it to the forge, and logs it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from datetime import datetime
from itertools import compress
from typing import Any
from urllib.parse import parse_qs

import msgspec
from pydantic import ValidationError

from bot.intake.events import Forge, InboundEvent
from forge_adapters.payload_fields import PayloadShapeError

# Real payloads nest six levels deep; far past that is an attack on the decoder, not a webhook.
MAX_JSON_DEPTH = 32
# What a payload reader raises on a payload of the wrong shape; adapters turn these into MalformedPayload.
PAYLOAD_ERRORS: tuple[type[Exception], ...] = (
    KeyError,
    IndexError,
    TypeError,
    ValueError,
    AttributeError,
    ArithmeticError,
    ValidationError,
)
CONTAINERS = frozenset({dict, list})  # what msgspec decodes JSON arrays and objects into
_is_container = CONTAINERS.__contains__
ECHOABLE = re.compile(r"[A-Za-z0-9_.:/+@-]{1,64}")
ECHOABLE_WORDS = re.compile(r"(?=.{1,64}$)[A-Za-z0-9_.:/+@-]+( [A-Za-z0-9_.:/+@-]+)*")


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


def malformed(event: str, error: Exception) -> MalformedPayload:
    """The refusal for a payload whose reader raised one of :data:`PAYLOAD_ERRORS`.

    ``event`` is a name from the adapter's own routing table (a reader runs
    only for a known event), so it is repeated as is. A missing key and a
    :class:`~forge_adapters.payload_fields.PayloadShapeError` name the field;
    anything else names only the failure's type, because pydantic's and
    ``int()``'s messages may quote learner text.
    """
    if isinstance(error, KeyError):
        field = echo(error.args[0] if error.args else "")
        return MalformedPayload(f"{event} payload lacks the field {field!r}")
    if isinstance(error, PayloadShapeError):
        return MalformedPayload(f"{event} payload: {error}")
    return MalformedPayload(f"{event} payload has invalid fields ({type(error).__name__})")


def echo(value: object, *, words: bool = False) -> str:
    """``value`` when it is a short identifier (an action, a state, a ref), else a placeholder.

    Ignore reasons name what the bot does not use (``issues.deleted is not
    used``); that name comes from the delivery, so only identifier-like text
    is repeated back, never a sentence a learner could have written into a
    payload field. ``words`` also allows single spaces, for header values
    such as GitLab's ``Wiki Page Hook`` (headers carry no learner text).
    """
    pattern = ECHOABLE_WORDS if words else ECHOABLE
    if isinstance(value, str) and pattern.fullmatch(value):
        return value
    return "(unrecognized)" if value else "(none)"


@dataclass(frozen=True)
class Ignored:
    """A valid delivery the bot deliberately does nothing with, and why."""

    reason: str
    delivery_id: str = ""


ParseResult = InboundEvent | Ignored


def header(headers: Mapping[str, str], name: str) -> str | None:
    """Case-insensitive header lookup that works for plain dicts and multi-dicts alike.

    The intake's headers come keyed by lower-case name (:func:`webhooks.delivery.request_headers`), so
    that spelling is tried first, in one lookup; any other mapping is searched.
    """
    lowered = name.lower()
    found = headers.get(lowered)
    if found is not None:
        return found
    for key, value in headers.items():
        if key.lower() == lowered:
            return value
    return None


def decode_json_body(body: bytes, content_type: str | None) -> dict[str, Any]:
    """The payload object, from a JSON body or a form body's ``payload`` field.

    msgspec, not :mod:`json`: it refuses ``NaN``/``Infinity``, numbers out of
    range (``1e400``), lone surrogates (``"\\ud800"``, which no UTF-8 encoder
    downstream could write) and invalid UTF-8, and it stops at its own
    recursion guard where :func:`json.loads` raises ``RecursionError``.
    """
    try:
        if content_type and "application/x-www-form-urlencoded" in content_type:
            fields = parse_qs(body.decode("utf-8"), strict_parsing=True)
            raw = fields["payload"][0].encode("utf-8")
        else:
            raw = body
        data = msgspec.json.decode(raw)
    except RecursionError as exc:
        raise MalformedPayload(f"payload nests deeper than {MAX_JSON_DEPTH} levels") from exc
    except (UnicodeError, ValueError, KeyError, IndexError, msgspec.MsgspecError) as exc:
        raise MalformedPayload(f"body is not a JSON webhook payload: {_decode_failure(exc)}") from exc
    if not isinstance(data, dict):
        raise MalformedPayload("payload is not a JSON object")
    if not shallow_enough(raw) and nesting_depth(data) > MAX_JSON_DEPTH:
        raise MalformedPayload(f"payload nests deeper than {MAX_JSON_DEPTH} levels")
    return data


def _decode_failure(error: Exception) -> str:
    """msgspec's own words (they name a byte offset or a path, never the text), else the error's type."""
    if isinstance(error, msgspec.MsgspecError):
        return str(error).split(" - at ", 1)[0][:120]
    return type(error).__name__


def nesting_depth(data: object) -> int:
    """How deeply arrays and objects nest in decoded JSON (stopping past :data:`MAX_JSON_DEPTH`).

    Walked a level at a time without recursion; each node's children are filtered to the containers
    by ``compress`` over their types, so the per-value work runs in C: a real 13 KB GitHub payload has
    some 70 containers among 700 values.
    """
    level: list[Any] = [data] if type(data) in CONTAINERS else []
    depth = 0
    while level:
        depth += 1
        if depth > MAX_JSON_DEPTH:
            return depth
        below: list[Any] = []
        for node in level:
            values: Iterable[Any] = node.values() if type(node) is dict else node
            below.extend(compress(values, map(_is_container, map(type, values))))
        level = below
    return depth


def shallow_enough(raw: bytes) -> bool:
    """Whether ``raw`` cannot nest past :data:`MAX_JSON_DEPTH`: it has no more opening brackets than that.

    Every array or object opens with a ``[`` or ``{`` byte (brackets inside strings only add to the
    count), so this is a safe bound, counted in C, that spares most small payloads the walk.
    """
    return raw.count(b"{") + raw.count(b"[") <= MAX_JSON_DEPTH


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
