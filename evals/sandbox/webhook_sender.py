"""Deliver webhooks as the forges do: one POST per hook, after the API answer, never retried (GitHub and
Gitea never retry; GitLab may after a timeout, which ``redeliver`` imitates on demand).

Each hook gets the event in its own flavour (payload from :mod:`evals.sandbox.flavours`, headers from
:mod:`evals.sandbox.webhook_headers`), whichever forge's API caused it. Every attempt is recorded (status,
duration) for ``/_sandbox/deliveries``, and each body is stored as bytes so a redelivery sends exactly the
same bytes. Redelivery follows each forge: GitHub resends under the same ``X-GitHub-Delivery``, GitLab
under the same ``Idempotency-Key`` (new ``X-Gitlab-Webhook-UUID``), and Gitea replays as a new delivery
with a new ``X-Gitea-Delivery`` — the dedup rules a bot must get right on each.
"""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import httpx
import structlog

from evals.sandbox.events import ForgeEvent, RenderedEvent
from evals.sandbox.flavours import FLAVOURS
from evals.sandbox.hook_topics import hears
from evals.sandbox.models import Delivery, Forge, Hook, utc_now
from evals.sandbox.store import SandboxStore
from evals.sandbox.webhook_headers import HEADERS, OutgoingDelivery

# How long each forge waits for a receiver's answer: 10 s on github.com and gitlab.com, Gitea's default
# DELIVER_TIMEOUT is 5 s. A bot slow enough to pass on one forge can time out on another.
DELIVERY_TIMEOUT_S = {Forge.GITHUB: 10.0, Forge.GITLAB: 10.0, Forge.GITEA: 5.0}

log = structlog.get_logger(__name__)


def _serialise(payload: Mapping[str, Any]) -> bytes:
    return json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode()


class WebhookSender:
    def __init__(self, store: SandboxStore, *, timeout_s: float | None = None) -> None:
        """``timeout_s`` overrides every forge's own receiver timeout (tests of slow receivers)."""
        self._store = store
        self._timeout_s = timeout_s

    def prepare_event(
        self, hooks: Sequence[Hook], site_url: str, event: ForgeEvent
    ) -> list[OutgoingDelivery]:
        """Deliveries of a forge-neutral event, rendered for clients that used ``site_url``."""
        return self._prepare(
            [hook for hook in hooks if hears(hook, event)],
            site_url,
            lambda forge: FLAVOURS[forge].render_event(site_url, self._store, event),
        )

    def _prepare(
        self, hooks: Sequence[Hook], site_url: str, render: Callable[[Forge], RenderedEvent | None]
    ) -> list[OutgoingDelivery]:
        """Render once per flavour present, serialise once, give each hook its own id; store the bodies."""
        trigger_id = str(uuid.uuid4())
        cache: dict[Forge, tuple[RenderedEvent, bytes] | None] = {}
        deliveries = []
        for hook in hooks:
            if hook.forge not in cache:
                flavoured = render(hook.forge)
                cache[hook.forge] = (flavoured, _serialise(flavoured.payload)) if flavoured else None
            if (entry := cache[hook.forge]) is None:
                continue  # this forge sends nothing for such an event
            flavoured, body = entry
            delivery = OutgoingDelivery(
                str(uuid.uuid4()),
                hook.id,
                flavoured.name,
                flavoured.action,
                body,
                forge=hook.forge,
                trigger_id=trigger_id,
                site_url=site_url,
                event_type=flavoured.event_type,
            )
            self._store.save_delivery_body(delivery.guid, body)
            deliveries.append(delivery)
        return deliveries

    def deliver_all(self, deliveries: Sequence[OutgoingDelivery]) -> None:
        """Send each delivery once; meant to run as a background task after the API response."""
        for delivery in deliveries:
            self._send(delivery, redelivery_of=None)

    def redeliver(self, guid: str) -> Delivery:
        """Send a past delivery again with the same body, under the id its forge would use."""
        original = self._store.first_delivery(guid)
        body = self._store.delivery_body(guid)
        new_guid = str(uuid.uuid4()) if original.forge is Forge.GITEA else guid
        if new_guid != guid:
            self._store.save_delivery_body(new_guid, body)
        again = OutgoingDelivery(
            new_guid,
            original.hook_id,
            original.event,
            original.action,
            body,
            forge=original.forge,
            trigger_id=str(uuid.uuid4()),  # a resend is a new trigger for GitLab
            site_url=original.site_url or "",
            event_type=original.event_type or "",
        )
        return self._send(again, redelivery_of=guid)

    def _send(self, delivery: OutgoingDelivery, redelivery_of: str | None) -> Delivery:
        hook = self._store.hook(delivery.hook_id)
        headers = HEADERS[delivery.forge](delivery, hook, self._store.repository(hook.repo).id)
        started = time.monotonic()
        status_code: int | None = None
        error: str | None = None
        try:
            response = httpx.post(
                hook.url,
                content=delivery.body,
                headers=headers,
                timeout=self._timeout_s or DELIVERY_TIMEOUT_S[delivery.forge],
                trust_env=False,
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
            redelivery=redelivery_of is not None,
            redelivery_of=redelivery_of,
            forge=delivery.forge,
            site_url=delivery.site_url or None,
            event_type=delivery.event_type or None,
        )
        self._store.record_delivery(record)
        log.info(
            "sandbox_webhook_delivered",
            guid=record.guid,
            hook_id=hook.id,
            forge=delivery.forge.value,
            forge_event=record.event,
            status_code=status_code,
            error=error,
            redelivery_of=redelivery_of,
        )
        return record
