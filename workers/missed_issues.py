"""Catching up issues whose opening webhook never arrived, so a refused delivery is still organized.

GitHub never redelivers a delivery the intake refused (a 503 while Redis was down, a crash), and a
study note is most often an issue, not a comment. Maintenance therefore lists the issues opened
since its last run and hands each to the event worker as the ``issue.opened`` event its webhook would
have carried: the same thread (read with the webhook's own reader), so the same event key. An issue
whose webhook did arrive is recognized as already applied by that key.

An issue the bot has already answered is left alone, without replaying it: its webhook arrived, and
an issue edited since (whose text, and so event key, changed) would otherwise be organized a second
time, which the webhook path never does (edits are not notes). The price, stated honestly: an issue
whose opening webhook was lost *and* whose text the learner edited before the next run is organized
with its edited text, which is the text the learner now stands by.
"""

from __future__ import annotations

from datetime import datetime

import structlog

from bot.intake.events import EventKind, InboundEvent
from forge_adapters.base import ForgeClient, ForgeError, OpenedIssue
from workers.events import WorkerRuntime
from workers.missed_comments import (
    CatchUp,
    CatchUpWindow,
    changed_state,
    forge_client,
    is_bot,
    listing_failed,
)
from workers.parked_events import apply_or_park
from workers.repo_registry import RegisteredRepo

log = structlog.get_logger("gitlearnos.maintenance")

SINCE = "gitlearnos:maintenance:issues-since:{repo}"


def catch_up_missed_issues(runtime: WorkerRuntime, target: RegisteredRepo, now: datetime) -> CatchUp:
    """Organize learner issues opened since the last run that the bot never answered; count changes.

    Listing failures behave as for comments (:func:`workers.missed_comments.listing_failed`): a rate
    limit is raised so the task retries, anything else is the run's evidence and the window stays open.
    """
    repo = target.repo
    window = CatchUpWindow(runtime, SINCE.format(repo=repo.slug), now)
    client = forge_client(runtime, target)
    try:
        listed = client.issues_opened_since(repo, window.since)
    except ForgeError as error:
        return listing_failed(repo.slug, "issues", error)
    changed = 0
    for issue in listed:
        if is_bot(runtime, issue.author) or _answered(client, target, issue):
            continue
        changed += changed_state(apply_or_park(runtime, issue_event(target, issue)))
    window.close()
    return CatchUp(changed=changed)


def _answered(client: ForgeClient, target: RegisteredRepo, issue: OpenedIssue) -> bool:
    """True when the bot already spoke in the issue, i.e. its opening webhook was processed."""
    number = issue.thread.number
    try:
        messages = client.thread_messages(target.repo, number, is_pull_request=False)
    except ForgeError as error:
        if error.retry_after is not None:
            raise
        # Unknown: replay it; the event key still makes an applied issue a no-op.
        log.warning(
            "maintenance.thread_unreadable", repo=target.repo.slug, number=number, status=error.status
        )
        return False
    # Every adapter marks the bot's own account (and any bot user) as ``is_bot``.
    return any(message.is_bot for message in messages)


def issue_event(target: RegisteredRepo, issue: OpenedIssue) -> InboundEvent:
    """The ``issue.opened`` event the issue's webhook would have carried."""
    return target.as_event(
        f"maintenance:issue:{issue.thread.number}",
        EventKind.ISSUE_OPENED,
        actor=issue.author,
        thread=issue.thread,
        occurred_at=issue.created_at,
    )
