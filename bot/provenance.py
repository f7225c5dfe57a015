"""Where an input came from, said the same way in records, receipts and commit messages."""

from __future__ import annotations

from bot.intake.events import Forge, InboundEvent


def source_name(event: InboundEvent) -> str:
    """Short name of the input: ``issue #7``, ``comment 99 on issue #7`` or ``local input``."""
    if event.forge is Forge.LOCAL or event.thread is None:
        return "local input"
    kind = "pull request" if event.thread.is_pull_request else "issue"
    where = f"{kind} #{event.thread.number}"
    return f"comment {event.comment.id} on {where}" if event.comment is not None else where


def source_locator(event: InboundEvent) -> str:
    """A traceable locator: a link to the forge object, or the local command that supplied it."""
    if event.forge is Forge.LOCAL or event.repo is None or event.thread is None:
        return "local input via `gitlearnos local`"
    where = f"{event.forge.value} {source_name(event)} in {event.repo.full_name}"
    url = event.comment.url if event.comment is not None and event.comment.url else event.thread.url
    return f"[{where}]({url})" if url else where


def automation_done(event: InboundEvent, operation: str) -> str:
    """The receipt's "Automation actually completed" line for an interactive run."""
    trigger = "local command" if event.forge is Forge.LOCAL else "webhook-triggered"
    return f"immediate: this {trigger} {operation} run only; no scheduled job ran"
