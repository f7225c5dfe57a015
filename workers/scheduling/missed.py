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

Parked events (:mod:`workers.parked_events`) go back to the same ``handle_event`` on each run; one
failing input must not starve the others, so a failure is parked again (never dropped) and the run
goes on.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import partial
from typing import Any, TypeVar

import structlog

from bot.intake.events import Actor, Comment, EventKind, InboundEvent, Thread, build_event, event_key
from forge_adapters.base import ForgeClient, ForgeError, OpenedIssue, UpdatedComment
from workers.celery_app import RUN_TRIGGERED, SCHEDULE_QUEUE
from workers.events import handle_event
from workers.parked_events import clear_parked, park_event
from workers.repo_registry import RegisteredRepo
from workers.runtime import WorkerRuntime
from workers.state_keys import COMMENTS_SINCE, ISSUES_SINCE, PENDING

log = structlog.get_logger("gitlearnos.maintenance")
Listed = TypeVar("Listed", OpenedIssue, UpdatedComment)

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
    """Organize learner issues opened since the last run that the bot never answered; count changes."""
    client = runtime.client_for(target)

    def event_of(issue: OpenedIssue) -> InboundEvent | None:
        answered = is_bot(runtime, issue.author) or _answered(client, target, issue)
        return None if answered else issue_event(target, issue)

    listing = partial(client.issues_opened_since, target.repo)
    return _catch_up(runtime, target, now, listing, event_of, since_key=ISSUES_SINCE, what="issues")


def catch_up_missed_comments(runtime: WorkerRuntime, target: RegisteredRepo, now: datetime) -> CatchUp:
    """Process learner comments a webhook may never have delivered; count those that changed state."""

    def event_of(comment: UpdatedComment) -> InboundEvent | None:
        # The intake drops the bot's own comments too.
        return None if is_bot(runtime, comment.author) else comment_event(target, comment)

    listing = partial(runtime.client_for(target).comments_updated_since, target.repo)
    return _catch_up(runtime, target, now, listing, event_of, since_key=COMMENTS_SINCE, what="comments")


def _catch_up(
    runtime: WorkerRuntime,
    target: RegisteredRepo,
    now: datetime,
    listing: Callable[[datetime], Iterable[Listed]],
    event_of: Callable[[Listed], InboundEvent | None],
    *,
    since_key: str,
    what: str,
) -> CatchUp:
    """Hand each listed input's event to the event worker; count those that changed state.

    The window starts where the last successful run began listing (48 hours back the first time), so
    input written while a run was listing is seen by the next one; it moves only after every listed
    input was handed over, so a run that fails halfway lists the same inputs again (a no-op for those
    already applied). A forge that cannot list (an error that is not a rate limit) does not fail the
    whole run: the problem is the run's evidence and the window stays open. A rate limit is raised,
    so the task retries after the forge's delay.
    """
    key = since_key.format(repo=target.repo.slug)
    stored: bytes | None = runtime.redis.get(key)  # type: ignore[assignment]
    since = datetime.fromisoformat(stored.decode()) if stored else now - CATCH_UP_WINDOW
    try:
        listed = listing(since)
    except ForgeError as error:
        if error.retry_after is not None:
            raise
        log.warning(
            "maintenance.catch_up_unavailable", repo=target.repo.slug, listing=what, status=error.status
        )
        return CatchUp(problem=f"{what} could not be listed (forge answered {error.status or 'no status'})")
    changed = sum(changed_state(apply_or_park(runtime, e)) for item in listed if (e := event_of(item)))
    runtime.redis.set(key, now.isoformat())
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


def apply_or_park(runtime: WorkerRuntime, event: InboundEvent) -> str | None:
    """``handle_event``'s outcome, or None when it failed; a failed event is parked, never dropped."""
    try:
        return handle_event(runtime, event)
    except Exception as error:
        park_event(runtime, event, error)
        return None


def replay_parked(runtime: WorkerRuntime, target: RegisteredRepo) -> int:
    """Hand this repository's parked events to ``handle_event`` again; unpark each that now completes."""
    replayed = 0
    parked: dict[bytes, bytes] = runtime.redis.hgetall(PENDING)  # type: ignore[assignment]
    for key, raw in parked.items():
        try:
            record = json.loads(raw)
            if "trigger" in record:
                replayed += _requeue_trigger(runtime, target, key, record)
                continue
            event = build_event(record["event"])
        except (ValueError, KeyError, TypeError):
            log.error("maintenance.unreadable_parked_event", event_key=key.decode(errors="replace"))
            continue  # left in place for a person to look at; it must not block the other events
        if event.repo is None or event.repo.slug != target.repo.slug:
            continue
        if apply_or_park(runtime, event) is None:
            continue
        runtime.redis.hdel(PENDING, key)
        clear_parked(runtime, event_key(event))  # its other deliveries are applied by the same commit
        replayed += 1
    return replayed


def _requeue_trigger(
    runtime: WorkerRuntime, target: RegisteredRepo, key: bytes, record: dict[str, Any]
) -> int:
    """Queue a parked trigger of ``target`` again; its occurrence claims make a second run a no-op."""
    parked = RegisteredRepo.model_validate(record["trigger"])
    if parked.repo.slug != target.repo.slug or runtime.celery is None:
        return 0
    jobs = [str(job) for job in record.get("jobs", [])]
    runtime.celery.send_task(RUN_TRIGGERED, [parked.model_dump(mode="json"), jobs], queue=SCHEDULE_QUEUE)
    runtime.redis.hdel(PENDING, key)
    return 1
