"""One translator per GitHub event name: payload → :class:`InboundEvent` or :class:`Ignored`. Pure.

Each translator decides only which actions it uses and which payload objects
fill the event; the objects themselves are read by :mod:`.payload`. Anything
the bot has no use for comes back as :class:`Ignored` with a reason a forge
operator can read in the delivery log.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from bot.events import EventKind, Forge, InboundEvent, Push, Review, ReviewState
from forge_adapters.github.payload import (
    actor,
    comment,
    issue_thread,
    pull_request_thread,
    repo_ref,
)
from forge_adapters.intake import Ignored, ParseResult, parse_time

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
    installation = data.get("installation")
    installation_id = installation.get("id") if isinstance(installation, Mapping) else None
    return InboundEvent(
        forge=Forge.GITHUB,
        delivery_id=delivery,
        kind=kind,
        repo=repo_ref(data),
        installation_id=installation_id if isinstance(installation_id, int) else None,
        **fields,
    )


def _unused(name: str, action: str, delivery: str) -> Ignored:
    return Ignored(f"{name}.{action} is not used", delivery)


def ping(delivery: str, data: Mapping[str, Any]) -> ParseResult:
    return _event(delivery, EventKind.PING, data, actor=actor(data.get("sender")))


def issues(delivery: str, data: Mapping[str, Any]) -> ParseResult:
    action = str(data.get("action") or "")
    kind = ISSUE_ACTIONS.get(action)
    if kind is None:
        return _unused("issues", action, delivery)
    issue = data["issue"]
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
    action = str(data.get("action") or "")
    kind = COMMENT_ACTIONS.get(action)
    if kind is None:
        return _unused("issue_comment", action, delivery)
    raw = data["comment"]
    posted = comment(raw)
    return _event(
        delivery,
        kind,
        data,
        actor=actor(raw.get("user") or data.get("sender")),
        thread=issue_thread(data["issue"]),
        comment=posted,
        occurred_at=posted.updated_at or posted.created_at,
    )


def pull_request(delivery: str, data: Mapping[str, Any]) -> ParseResult:
    """Opened, merged or closed; GitHub says "merged" as ``closed`` plus ``pull_request.merged``.

    ``synchronize`` and the rest are ignored: the bot's PRs are handoff packs
    whose new commits it pushed itself, and pushes arrive as ``push`` anyway.
    """
    action = str(data.get("action") or "")
    pull = data["pull_request"]
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
    action = str(data.get("action") or "")
    if action != "submitted":
        return _unused("pull_request_review", action, delivery)
    raw = data["review"]
    state = REVIEW_STATES.get(str(raw.get("state") or "").lower())
    if state is None:
        return Ignored(f"a review in state {raw.get('state')!r} carries no verdict", delivery)
    return _event(
        delivery,
        EventKind.REVIEW_SUBMITTED,
        data,
        actor=actor(raw.get("user") or data.get("sender")),
        thread=pull_request_thread(data["pull_request"]),
        review=Review(id=raw.get("id"), state=state, body=str(raw.get("body") or "")),
        occurred_at=parse_time(raw.get("submitted_at")),
    )


def pull_request_review_comment(delivery: str, data: Mapping[str, Any]) -> ParseResult:
    """A line comment on a PR diff; its path and line say what the teacher pointed at."""
    action = str(data.get("action") or "")
    if action != "created":
        return _unused("pull_request_review_comment", action, delivery)
    raw = data["comment"]
    posted = comment(raw, on_diff=True)
    return _event(
        delivery,
        EventKind.REVIEW_COMMENT,
        data,
        actor=actor(raw.get("user") or data.get("sender")),
        thread=pull_request_thread(data["pull_request"]),
        comment=posted,
        occurred_at=posted.created_at,
    )


def changed_paths(commits: Iterable[Mapping[str, Any]]) -> tuple[str, ...]:
    """Every path a pushed commit added, modified or removed, each once, sorted."""
    paths = {
        str(path)
        for commit in commits
        for key in ("added", "modified", "removed")
        for path in commit.get(key) or ()
    }
    return tuple(sorted(paths))


def push(delivery: str, data: Mapping[str, Any]) -> ParseResult:
    """Branch pushes (including creation, deletion and force pushes); tags carry no learning state."""
    ref = str(data["ref"])
    if not ref.startswith(BRANCH_PREFIX):
        kind = "tag" if ref.startswith("refs/tags/") else "non-branch"
        return Ignored(f"push to {ref} is a {kind} push; only branch pushes are used", delivery)
    commits = list(data.get("commits") or ())
    forced = data.get("forced")
    head = data.get("head_commit")
    return _event(
        delivery,
        EventKind.PUSH,
        data,
        actor=actor(data.get("sender")),
        push=Push(
            ref=ref,
            before=str(data.get("before") or ""),
            after=str(data.get("after") or ""),
            created=bool(data.get("created")),
            deleted=bool(data.get("deleted")),
            forced=forced if isinstance(forced, bool) else None,
            changed_paths=changed_paths(commits),
            commits_truncated=len(commits) >= MAX_PUSH_COMMITS,
        ),
        occurred_at=parse_time(head.get("timestamp")) if isinstance(head, Mapping) else None,
    )


def installation(delivery: str, data: Mapping[str, Any]) -> ParseResult:
    """The App was installed. An installation spans many repositories, so the event names none."""
    action = str(data.get("action") or "")
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
