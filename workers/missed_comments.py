"""Catching up comments whose webhooks never arrived (GitHub never retries a failed delivery).

The forge's "comments updated since" listing is replayed through the event worker as the events
their webhooks would have carried. Idempotency makes this safe: the event key depends only on the
repository, thread, comment id and text, so a comment whose webhook did arrive maps to the same key
and is recognized as already applied.

An edited comment is mapped to ``comment.edited``, which is what its webhook would have said and
which no operation acts on (the webhook path ignores edits too). Replaying it as ``comment.created``
would organize the edited text a second time under a new key. The price, stated honestly: a comment
whose creation webhook was lost *and* that was edited before the next run is not organized; its
text is still on the forge, and the learner can post it again.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

import structlog

from bot.events import Comment, EventKind, InboundEvent, Thread
from forge_adapters.base import ForgeError, UpdatedComment
from workers.events import WorkerRuntime
from workers.parked_events import apply_or_park
from workers.repo_registry import RegisteredRepo

log = structlog.get_logger("gitlearnos.maintenance")

SINCE = "gitlearnos:maintenance:since:{repo}"
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
    client = runtime.clients.for_event(target.as_event(f"maintenance:{repo.slug}"))
    since_key = SINCE.format(repo=repo.slug)
    stored: bytes | None = runtime.redis.get(since_key)  # type: ignore[assignment]
    since = datetime.fromisoformat(stored.decode()) if stored else now - CATCH_UP_WINDOW
    try:
        listed = client.comments_updated_since(repo, since)
    except ForgeError as error:
        if error.retry_after is not None:
            raise
        log.warning("maintenance.catch_up_unavailable", repo=repo.slug, status=error.status)
        return CatchUp(problem=f"comments could not be listed (forge answered {error.status or 'no status'})")
    changed = 0
    for comment in listed:
        if comment.author.is_bot or comment.author.login.lower() in runtime.settings.bot_logins:
            continue  # the intake drops the bot's own comments too
        outcome = apply_or_park(runtime, comment_event(target, comment))
        changed += outcome is not None and outcome not in NO_CHANGE
    runtime.redis.set(since_key, now.isoformat())
    return CatchUp(changed=changed)


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
