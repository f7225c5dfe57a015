"""One translator per GitHub event name: payload → :class:`InboundEvent` or :class:`Ignored`. Pure.

Each translator decides only which actions it uses and which payload objects
fill the event; the objects themselves are read by :mod:`.payload`. Anything
the bot has no use for comes back as :class:`Ignored` with a reason a forge
operator can read in the delivery log.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bot.intake.events import EventKind, Forge, InboundEvent, Push, Review, ReviewState
from forge_adapters.common_push import changed_paths
from forge_adapters.github.payload import (
    actor,
    author,
    comment,
    issue_thread,
    pull_request_thread,
    repo_ref,
)
from forge_adapters.intake import Ignored, ParseResult, echo, parse_time
from forge_adapters.payload_fields import (
    json_object,
    object_list,
    optional_object,
    optional_whole_number,
    text,
)

Translator = Callable[[str, Mapping[str, Any]], ParseResult]

ISSUE_ACTIONS = {
    "opened": EventKind.ISSUE_OPENED,
    "edited": EventKind.ISSUE_EDITED,
    "labeled": EventKind.ISSUE_LABELED,
}
COMMENT_ACTIONS = {"created": EventKind.COMMENT_CREATED, "edited": EventKind.COMMENT_EDITED}
# ``dismissed`` reviews (and any state GitHub adds later) carry no teacher verdict to record.
REVIEW_STATES = {state.value: state for state in ReviewState}
BRANCH_PREFIX = "refs/heads/"
# GitHub lists at most this many commits in a push payload; past it, changed paths are incomplete.
MAX_PUSH_COMMITS = 2048


def _event(delivery: str, kind: EventKind, data: Mapping[str, Any], **fields: Any) -> InboundEvent:
    installation = optional_object(data.get("installation"), "installation")
    return InboundEvent(
        forge=Forge.GITHUB,
        delivery_id=delivery,
        kind=kind,
        repo=repo_ref(data),
        installation_id=optional_whole_number(installation.get("id"), "installation.id"),
        **fields,
    )


def _action(data: Mapping[str, Any]) -> str:
    return text(data.get("action"), "action")


def _unused(name: str, action: str, delivery: str) -> Ignored:
    return Ignored(f"{name}.{echo(action)} is not used", delivery)


def ping(delivery: str, data: Mapping[str, Any]) -> ParseResult:
    return _event(delivery, EventKind.PING, data, actor=actor(data.get("sender")))


def issues(delivery: str, data: Mapping[str, Any]) -> ParseResult:
    action = _action(data)
    kind = ISSUE_ACTIONS.get(action)
    if kind is None:
        return _unused("issues", action, delivery)
    issue = json_object(data["issue"], "issue")
    return _event(
        delivery,
        kind,
        data,
        actor=actor(data.get("sender")),
        thread=issue_thread(issue),
        occurred_at=parse_time(issue.get("updated_at") or issue.get("created_at")),
    )


def issue_comment(delivery: str, data: Mapping[str, Any]) -> ParseResult:
    """Conversation comments on issues *and* pull requests (``issue.pull_request`` tells them apart)."""
    action = _action(data)
    kind = COMMENT_ACTIONS.get(action)
    if kind is None:
        return _unused("issue_comment", action, delivery)
    raw = json_object(data["comment"], "comment")
    posted = comment(raw)
    return _event(
        delivery,
        kind,
        data,
        actor=author(raw, data),
        thread=issue_thread(json_object(data["issue"], "issue")),
        comment=posted,
        occurred_at=posted.updated_at or posted.created_at,
    )


def pull_request(delivery: str, data: Mapping[str, Any]) -> ParseResult:
    """Opened, merged or closed; GitHub says "merged" as ``closed`` plus ``pull_request.merged``.

    ``synchronize`` and the rest are ignored: the bot's PRs are handoff packs
    whose new commits it pushed itself, and pushes arrive as ``push`` anyway.
    """
    action = _action(data)
    pull = json_object(data["pull_request"], "pull_request")
    if action == "opened":
        kind, merged = EventKind.PR_OPENED, None
    elif action == "closed":
        merged = bool(pull.get("merged"))
        kind = EventKind.PR_MERGED if merged else EventKind.PR_CLOSED
    else:
        return _unused("pull_request", action, delivery)
    return _event(
        delivery,
        kind,
        data,
        actor=actor(data.get("sender")),
        thread=pull_request_thread(pull, merged=merged),
        occurred_at=parse_time(pull.get("merged_at") or pull.get("closed_at") or pull.get("created_at")),
    )


def pull_request_review(delivery: str, data: Mapping[str, Any]) -> ParseResult:
    """A submitted review: the teacher's verdict. Its body is often null (approval without words)."""
    action = _action(data)
    if action != "submitted":
        return _unused("pull_request_review", action, delivery)
    raw = json_object(data["review"], "review")
    given = text(raw.get("state"), "review.state")
    state = REVIEW_STATES.get(given.lower())
    if state is None:
        return Ignored(f"a review in state {echo(given)!r} carries no verdict", delivery)
    return _event(
        delivery,
        EventKind.REVIEW_SUBMITTED,
        data,
        actor=author(raw, data),
        thread=pull_request_thread(json_object(data["pull_request"], "pull_request")),
        review=Review(
            id=optional_whole_number(raw.get("id"), "review.id"),
            state=state,
            body=text(raw.get("body"), "review.body"),
        ),
        occurred_at=parse_time(raw.get("submitted_at")),
    )


def pull_request_review_comment(delivery: str, data: Mapping[str, Any]) -> ParseResult:
    """A line comment on a PR diff; its path and line say what the teacher pointed at."""
    action = _action(data)
    if action != "created":
        return _unused("pull_request_review_comment", action, delivery)
    raw = json_object(data["comment"], "comment")
    posted = comment(raw, on_diff=True)
    return _event(
        delivery,
        EventKind.REVIEW_COMMENT,
        data,
        actor=author(raw, data),
        thread=pull_request_thread(json_object(data["pull_request"], "pull_request")),
        comment=posted,
        occurred_at=posted.created_at,
    )


def push(delivery: str, data: Mapping[str, Any]) -> ParseResult:
    """Branch pushes (including creation, deletion and force pushes); tags carry no learning state."""
    ref = text(data["ref"], "ref")
    if not ref.startswith(BRANCH_PREFIX):
        kind = "tag" if ref.startswith("refs/tags/") else "non-branch"
        return Ignored(f"push to {echo(ref)} is a {kind} push; only branch pushes are used", delivery)
    commits = object_list(data.get("commits"), "commits")
    forced = data.get("forced")
    head = optional_object(data.get("head_commit"), "head_commit")
    return _event(
        delivery,
        EventKind.PUSH,
        data,
        actor=actor(data.get("sender")),
        push=Push(
            ref=ref,
            before=text(data.get("before"), "before"),
            after=text(data.get("after"), "after"),
            created=bool(data.get("created")),
            deleted=bool(data.get("deleted")),
            forced=forced if isinstance(forced, bool) else None,
            changed_paths=changed_paths(commits),
            commits_truncated=len(commits) >= MAX_PUSH_COMMITS,
        ),
        occurred_at=parse_time(head.get("timestamp")),
    )


def installation(delivery: str, data: Mapping[str, Any]) -> ParseResult:
    """The App was installed. An installation spans many repositories, so the event names none."""
    action = _action(data)
    if action != "created":
        return _unused("installation", action, delivery)
    return _event(delivery, EventKind.INSTALL, data, actor=actor(data.get("sender")))


def dispatch(delivery: str, data: Mapping[str, Any]) -> ParseResult:
    """``repository_dispatch`` / ``workflow_dispatch``: a scheduled workflow asking for a scheduled run.

    The event carries no actor on purpose. A scheduled workflow dispatches
    with ``GITHUB_TOKEN``, so the sender is ``github-actions[bot]``, which the
    bot-loop guard would drop; and GitHub already requires write access to
    dispatch, so the sender needs no further check. ``event_type`` and
    ``inputs`` are not carried either: which scheduled operation runs, and
    when it is due, is the learner's ``gitlearnos.yml``'s call, not the caller's.
    """
    return _event(delivery, EventKind.SCHEDULE, data)


TRANSLATORS: Mapping[str, Translator] = {
    "ping": ping,
    "issues": issues,
    "issue_comment": issue_comment,
    "pull_request": pull_request,
    "pull_request_review": pull_request_review,
    "pull_request_review_comment": pull_request_review_comment,
    "push": push,
    "installation": installation,
    "repository_dispatch": dispatch,
    "workflow_dispatch": dispatch,
}
