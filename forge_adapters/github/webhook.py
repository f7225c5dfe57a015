"""GitHub webhooks: signature check and payload → InboundEvent. Pure, no I/O.

GitHub signs the raw body with HMAC-SHA256 (``X-Hub-Signature-256:
sha256=<hex>``); the legacy SHA-1 header is ignored. Verification runs before
parsing and fails closed: no secret configured means every delivery is refused.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Mapping
from typing import Any
from urllib.parse import urlsplit

from pydantic import ValidationError

from bot.events import Actor, Comment, EventKind, Forge, InboundEvent, RepoRef, Thread
from forge_adapters.intake import (
    Ignored,
    MalformedPayload,
    NotConfigured,
    ParseResult,
    SignatureError,
    WebhookSpec,
    decode_json_body,
    header,
    parse_time,
)

SIGNATURE_PREFIX = "sha256="

ISSUE_ACTIONS = {
    "opened": EventKind.ISSUE_OPENED,
    "edited": EventKind.ISSUE_EDITED,
    "labeled": EventKind.ISSUE_LABELED,
}
COMMENT_ACTIONS = {"created": EventKind.COMMENT_CREATED, "edited": EventKind.COMMENT_EDITED}


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


def is_bot_user(user: Mapping[str, Any] | None) -> bool:
    if not user:
        return False
    login = str(user.get("login", ""))
    return user.get("type") == "Bot" or login.endswith("[bot]")


def _actor(user: Mapping[str, Any] | None) -> Actor | None:
    if not user or not user.get("login"):
        return None
    return Actor(login=str(user["login"]), id=user.get("id"), is_bot=is_bot_user(user))


def _repo(data: Mapping[str, Any]) -> RepoRef | None:
    repo = data.get("repository")
    if not isinstance(repo, Mapping) or not repo.get("full_name"):
        return None
    host = urlsplit(str(repo.get("html_url") or "https://github.com/")).netloc or "github.com"
    private = repo.get("private")
    return RepoRef(
        forge=Forge.GITHUB,
        host=host,
        full_name=str(repo["full_name"]),
        default_branch=str(repo.get("default_branch") or repo.get("master_branch") or "main"),
        clone_url=str(repo.get("clone_url") or ""),
        private=private if isinstance(private, bool) else None,
    )


def _thread(issue: Mapping[str, Any]) -> Thread:
    labels = tuple(
        str(label.get("name", "")) for label in issue.get("labels") or () if isinstance(label, Mapping)
    )
    user = issue.get("user") or {}
    return Thread(
        number=int(issue["number"]),
        title=str(issue.get("title") or ""),
        body=str(issue.get("body") or ""),
        labels=labels,
        is_pull_request=bool(issue.get("pull_request")),
        url=str(issue.get("html_url") or ""),
        author=str(user.get("login", "")) if isinstance(user, Mapping) else "",
    )


def parse_delivery(headers: Mapping[str, str], body: bytes) -> ParseResult:
    """Translate one verified GitHub delivery into an event, or say why it is ignored."""
    name = header(headers, "X-GitHub-Event")
    delivery = header(headers, "X-GitHub-Delivery") or ""
    if not name:
        raise MalformedPayload("missing X-GitHub-Event header")
    if not delivery:
        raise MalformedPayload("missing X-GitHub-Delivery header")
    data = decode_json_body(body, header(headers, "Content-Type"))
    try:
        return _translate(name, delivery, data)
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


def _translate(name: str, delivery: str, data: Mapping[str, Any]) -> ParseResult:
    action = str(data.get("action") or "")
    if name == "ping":
        return InboundEvent(forge=Forge.GITHUB, delivery_id=delivery, kind=EventKind.PING, repo=_repo(data))
    if name == "issues":
        kind = ISSUE_ACTIONS.get(action)
        if kind is None:
            return Ignored(f"issues.{action} is not used", delivery)
        issue = data["issue"]
        return InboundEvent(
            forge=Forge.GITHUB,
            delivery_id=delivery,
            kind=kind,
            repo=_repo(data),
            actor=_actor(data.get("sender")),
            thread=_thread(issue),
            occurred_at=parse_time(issue.get("updated_at") or issue.get("created_at")),
        )
    if name == "issue_comment":
        kind = COMMENT_ACTIONS.get(action)
        if kind is None:
            return Ignored(f"issue_comment.{action} is not used", delivery)
        raw = data["comment"]
        comment = Comment(
            id=raw["id"],
            body=str(raw.get("body") or ""),
            url=str(raw.get("html_url") or ""),
            created_at=parse_time(raw.get("created_at")),
            updated_at=parse_time(raw.get("updated_at")),
        )
        return InboundEvent(
            forge=Forge.GITHUB,
            delivery_id=delivery,
            kind=kind,
            repo=_repo(data),
            actor=_actor(raw.get("user") or data.get("sender")),
            thread=_thread(data["issue"]),
            comment=comment,
            occurred_at=comment.updated_at or comment.created_at,
        )
    return Ignored(f"{name} events are not used yet", delivery)
