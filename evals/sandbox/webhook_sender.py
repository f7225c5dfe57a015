"""Deliver webhooks as GitHub does: one signed POST per hook, after the API answer, never retried.

Every attempt is recorded (status, duration) for ``/_sandbox/deliveries``. The body of each delivery is
stored as bytes, so :meth:`WebhookSender.redeliver` sends exactly the same bytes under the same
``X-GitHub-Delivery`` id — GitHub's redelivery semantics, which the bot's dedup relies on.
"""

from __future__ import annotations

import hmac
import json
import time
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import httpx
import structlog

from evals.sandbox.models import Delivery, Hook, utc_now
from evals.sandbox.store import SandboxStore

USER_AGENT = "GitHub-Hookshot/sandbox"
DELIVERY_TIMEOUT_S = 10.0  # github.com gives a receiver 10 s to answer

log = structlog.get_logger(__name__)


@dataclass(frozen=True)
class OutgoingDelivery:
    guid: str
    hook_id: int
    event: str
    action: str | None
    body: bytes


def sign(secret: str, body: bytes, algorithm: str = "sha256") -> str:
    """``X-Hub-Signature(-256)`` value: ``<algorithm>=`` + hex HMAC of the exact body bytes."""
    return f"{algorithm}=" + hmac.new(secret.encode(), body, algorithm).hexdigest()


def github_headers(delivery: OutgoingDelivery, hook: Hook, repo_id: int) -> dict[str, str]:
    headers = {
        "Content-Type": "application/json",
        "User-Agent": USER_AGENT,
        "X-GitHub-Event": delivery.event,
        "X-GitHub-Delivery": delivery.guid,
        "X-GitHub-Hook-ID": str(hook.id),
        "X-GitHub-Hook-Installation-Target-Type": "repository",
        "X-GitHub-Hook-Installation-Target-ID": str(repo_id),
    }
    if hook.secret:  # GitHub sends the legacy SHA-1 header too; receivers must ignore it
        headers["X-Hub-Signature"] = sign(hook.secret, delivery.body, "sha1")
        headers["X-Hub-Signature-256"] = sign(hook.secret, delivery.body)
    return headers


class WebhookSender:
    def __init__(self, store: SandboxStore, *, timeout_s: float = DELIVERY_TIMEOUT_S) -> None:
        self._store = store
        self._timeout_s = timeout_s

    def prepare(
        self, hooks: Sequence[Hook], event: str, payload: Mapping[str, Any]
    ) -> list[OutgoingDelivery]:
        """Serialise the payload once and give each hook its own delivery id; store the bodies."""
        body = json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode()
        action = payload.get("action")
        deliveries = []
        for hook in hooks:
            delivery = OutgoingDelivery(str(uuid.uuid4()), hook.id, event, action, body)
            self._store.save_delivery_body(delivery.guid, body)
            deliveries.append(delivery)
        return deliveries

    def deliver_all(self, deliveries: Sequence[OutgoingDelivery]) -> None:
        """Send each delivery once; meant to run as a background task after the API response."""
        for delivery in deliveries:
            self._send(delivery, redelivery=False)

    def redeliver(self, guid: str) -> Delivery:
        """Send a past delivery again: same id, same body, signed with the hook's current secret."""
        original = self._store.first_delivery(guid)
        body = self._store.delivery_body(guid)
        again = OutgoingDelivery(guid, original.hook_id, original.event, original.action, body)
        return self._send(again, redelivery=True)

    def _send(self, delivery: OutgoingDelivery, redelivery: bool) -> Delivery:
        hook = self._store.hook(delivery.hook_id)
        headers = github_headers(delivery, hook, self._store.repository(hook.repo).id)
        started = time.monotonic()
        status_code: int | None = None
        error: str | None = None
        try:
            response = httpx.post(
                hook.url, content=delivery.body, headers=headers, timeout=self._timeout_s, trust_env=False
            )
            status_code = response.status_code
        except httpx.HTTPError as exc:
            error = f"{type(exc).__name__}: {exc}"
        record = Delivery(
            guid=delivery.guid,
            hook_id=hook.id,
            repo=hook.repo,
            event=delivery.event,
            action=delivery.action,
            delivered_at=utc_now(),
            status_code=status_code,
            duration_ms=round((time.monotonic() - started) * 1000),
            error=error,
            redelivery=redelivery,
        )
        self._store.record_delivery(record)
        log.info(
            "sandbox_webhook_delivered",
            guid=record.guid,
            hook_id=hook.id,
            github_event=record.event,
            status_code=status_code,
            error=error,
            redelivery=redelivery,
        )
        return record
