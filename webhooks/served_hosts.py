"""Intake refuses a delivery whose repository is not on the forge host the operator configured.

A signed payload can still name any host (GitLab's plaintext token signs
nothing; a leaked secret signs anything), and the worker would otherwise mint
and send a token for it. Refusing at intake means nothing is queued and no
delivery id is claimed; the worker checks again (:mod:`workers.repo_access`)
for messages queued before this check existed.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.intake.events import InboundEvent
from forge_adapters.intake import ParseResult, WebhookError, WebhookSpec
from forge_adapters.repo_address import foreign_reason
from runtime import metrics
from runtime.settings import Settings


class ForeignRepository(WebhookError):
    """The reason names the forge and the rule, never the payload's host or path (safe to echo)."""

    status = 403


def served_only(spec: WebhookSpec, settings: Settings) -> WebhookSpec:
    """``spec`` whose parsed events must name a repository on the configured host of its forge."""

    def receive(headers: Mapping[str, str], body: bytes) -> ParseResult:
        parsed = spec.receive(headers, body)
        if isinstance(parsed, InboundEvent) and parsed.repo is not None:
            reason = foreign_reason(settings, parsed.repo)
            if reason is not None:
                metrics.count_foreign_repository(spec.forge.value)
                raise ForeignRepository(f"refused: {reason}")
        return parsed

    return WebhookSpec(forge=spec.forge, receive=receive, dedup_key=spec.dedup_key)
