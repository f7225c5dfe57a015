"""Catching up issues and comments whose webhooks never arrived (GitHub never retries a failed delivery).

Maintenance lists the issues opened and the comments updated since its last run and hands each to the
event worker as the event its webhook would have carried. Idempotency makes this safe: the event key
depends only on the repository, thread, comment id and text, so input whose webhook did arrive maps
to the same key and is recognized as already applied.

Issues: a study note is most often an issue, and GitHub never redelivers a delivery the intake refused
(a 503 while Redis was down, a crash). Each issue is replayed as ``issue.opened`` with the thread read
by the webhook's own reader, so the same event key. An issue the bot has already answered is left
alone: its webhook arrived, and an issue edited since (whose text, and so event key, changed) would
otherwise be organized a second time, which the webhook path never does (edits are not notes). The
price, stated honestly: an issue whose opening webhook was lost *and* whose text the learner edited
before the next run is organized with its edited text, which is the text the learner now stands by.

Comments: an edited comment is mapped to ``comment.edited``, which is what its webhook would have
said and which no operation acts on (the webhook path ignores edits too). Replaying it as
``comment.created`` would organize the edited text a second time under a new key. The price: a
comment whose creation webhook was lost *and* that was edited before the next run is not organized;
its text is still on the forge, and the learner can post it again.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

import structlog

from bot.intake.events import Actor, Comment, EventKind, InboundEvent, Thread
from forge_adapters.base import ForgeClient, ForgeError, OpenedIssue, UpdatedComment
from workers.parked_replay import apply_or_park
from workers.repo_registry import RegisteredRepo
from workers.runtime import WorkerRuntime
from workers.state_keys import COMMENTS_SINCE, ISSUES_SINCE

log = structlog.get_logger("gitlearnos.maintenance")

CATCH_UP_WINDOW = timedelta(hours=48)
# Outcomes that changed nothing: the input was applied before, or is not learning input.
NO_CHANGE = frozenset({"already-applied", "skipped"})
# Forges stamp created_at and updated_at separately on creation; a second of difference is not an edit.
EDIT_TOLERANCE = timedelta(seconds=1)


@dataclass(frozen=True)
class CatchUp:
    """How many caught-up comments changed state, and why listing failed (empty when it did not)."""

    changed: int = 0
    problem: str = ""


def catch_up_missed_issues(runtime: WorkerRuntime, target: RegisteredRepo, now: datetime) -> CatchUp:
    """Organize learner issues opened since the last run that the bot never answered; count changes.

    Listing failures behave as for comments (:func:`listing_failed`): a rate
    limit is raised so the task retries, anything else is the run's evidence and the window stays open.
    """
    repo = target.repo
    window = CatchUpWindow(runtime, ISSUES_SINCE.format(repo=repo.slug), now)
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


def catch_up_missed_comments(runtime: WorkerRuntime, target: RegisteredRepo, now: datetime) -> CatchUp:
    """Process learner comments a webhook may never have delivered; count those that changed state.

    The window starts where the last successful run began listing (48 hours
    back the first time), so a comment written while a run was listing is seen
    by the next one. A forge that cannot list (an error that is not a rate
    limit) does not fail the whole run: the rest of maintenance still runs, the
    problem is the run's evidence, and the window stays open for the next run.
    A rate limit is raised, so the task retries after the forge's delay.
    """
    repo = target.repo
    window = CatchUpWindow(runtime, COMMENTS_SINCE.format(repo=repo.slug), now)
    try:
        listed = forge_client(runtime, target).comments_updated_since(repo, window.since)
    except ForgeError as error:
        return listing_failed(repo.slug, "comments", error)
    changed = 0
    for comment in listed:
        if is_bot(runtime, comment.author):
            continue  # the intake drops the bot's own comments too
        changed += changed_state(apply_or_park(runtime, comment_event(target, comment)))
    window.close()
    return CatchUp(changed=changed)


def forge_client(runtime: WorkerRuntime, target: RegisteredRepo) -> ForgeClient:
    """The forge client serving ``target`` (per installation for a GitHub App)."""
    return runtime.clients.for_event(target.as_event(f"maintenance:{target.repo.slug}"))


class CatchUpWindow:
    """Where a catch-up listing starts: where the last successful one began, else 48 hours back.

    :meth:`close` is called only after every listed input was handed to the worker, so a run that
    fails halfway leaves the window open and the next run lists the same inputs again (a no-op for
    those already applied).
    """

    def __init__(self, runtime: WorkerRuntime, key: str, now: datetime) -> None:
        self._runtime, self._key, self._now = runtime, key, now
        stored: bytes | None = runtime.redis.get(key)  # type: ignore[assignment]
        self.since = datetime.fromisoformat(stored.decode()) if stored else now - CATCH_UP_WINDOW

    def close(self) -> None:
        self._runtime.redis.set(self._key, self._now.isoformat())


def listing_failed(slug: str, what: str, error: ForgeError) -> CatchUp:
    """A rate limit is raised (the task retries after the forge's delay); anything else is evidence."""
    if error.retry_after is not None:
        raise error
    log.warning("maintenance.catch_up_unavailable", repo=slug, listing=what, status=error.status)
    return CatchUp(problem=f"{what} could not be listed (forge answered {error.status or 'no status'})")


def is_bot(runtime: WorkerRuntime, author: Actor) -> bool:
    """The bot itself or any bot account: the intake drops their input, so catching up does too."""
    return author.is_bot or author.login.lower() in runtime.settings.bot_logins


def changed_state(outcome: str | None) -> int:
    """1 when a replayed input changed learning state, 0 when it was applied before, skipped or parked."""
    return int(outcome is not None and outcome not in NO_CHANGE)


def was_edited(comment: UpdatedComment) -> bool:
    """True when the forge says the comment changed after it was written."""
    return comment.created_at is not None and comment.updated_at - comment.created_at > EDIT_TOLERANCE


def comment_event(target: RegisteredRepo, comment: UpdatedComment) -> InboundEvent:
    """The event the comment's webhook would have carried, as far as the listing tells."""
    return target.as_event(
        f"maintenance:{comment.comment_id}",
        EventKind.COMMENT_EDITED if was_edited(comment) else EventKind.COMMENT_CREATED,
        actor=comment.author,
        thread=Thread(number=comment.thread_number, is_pull_request=comment.is_pull_request),
        comment=Comment(
            id=comment.comment_id,
            body=comment.body,
            created_at=comment.created_at,
            updated_at=comment.updated_at,
        ),
        occurred_at=comment.updated_at,
    )
