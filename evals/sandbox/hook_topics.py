"""Which events a sandbox hook hears, and how each forge lists that choice.

A real hook is subscribed to some events only; a hook that misses one is a broken setup the bot cannot
see from its side (``gitlearnos doctor`` reads the forge's hook list to find it). The sandbox keeps the
choice forge-neutral, as a set of topics; ``None`` means every topic. Each forge spells the choice its own
way in its hook object (GitHub's and Gitea's ``events`` list, GitLab's ``*_events`` switches), rendered here.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from evals.sandbox.events import (
    CommentCreated,
    CommentEdited,
    ForgeEvent,
    IssueOpened,
    LineCommentCreated,
    PullClosed,
    PullOpened,
    ReviewSubmitted,
)
from evals.sandbox.models import Forge, Hook
from evals.sandbox.rendering import JSON

ISSUES, COMMENTS, PULLS, REVIEWS = "issues", "comments", "pulls", "reviews"
TOPICS = (ISSUES, COMMENTS, PULLS, REVIEWS)

# Each forge's names for a topic: GitHub's and Gitea's event names, GitLab's hook switches.
FORGE_EVENTS: dict[Forge, dict[str, tuple[str, ...]]] = {
    Forge.GITHUB: {
        ISSUES: ("issues",),
        COMMENTS: ("issue_comment",),
        PULLS: ("pull_request",),
        REVIEWS: ("pull_request_review", "pull_request_review_comment"),
    },
    Forge.GITLAB: {
        ISSUES: ("issues_events", "confidential_issues_events"),
        COMMENTS: ("note_events", "confidential_note_events"),
        PULLS: ("merge_requests_events",),
        REVIEWS: ("merge_requests_events",),
    },
    Forge.GITEA: {
        ISSUES: ("issues",),
        COMMENTS: ("issue_comment",),
        PULLS: ("pull_request",),
        REVIEWS: ("pull_request_review",),
    },
}


def check_topics(topics: Iterable[str] | None) -> tuple[str, ...] | None:
    """``topics`` as stored on a hook; a name the sandbox does not know is a caller's mistake."""
    if topics is None:
        return None
    chosen = tuple(dict.fromkeys(topics))
    unknown = [topic for topic in chosen if topic not in TOPICS]
    if unknown:
        raise ValueError(f"unknown hook events {unknown}; the sandbox knows {list(TOPICS)}")
    return chosen


def topic_of(event: ForgeEvent) -> str | None:
    """The topic ``event`` belongs to; ``None`` (a ping) reaches every hook."""
    match event:
        case IssueOpened():
            return ISSUES
        case CommentCreated() | CommentEdited():
            return COMMENTS
        case PullOpened() | PullClosed():
            return PULLS
        case ReviewSubmitted() | LineCommentCreated():
            return REVIEWS
    return None


def hears(hook: Hook, event: ForgeEvent) -> bool:
    topic = topic_of(event)
    return hook.events is None or topic is None or topic in hook.events


def with_topics(forge: Forge, rendered: JSON, hook: Hook) -> JSON:
    """``rendered`` (a hook object subscribed to everything) narrowed to the hook's topics."""
    if hook.events is None:
        return rendered
    names = FORGE_EVENTS[forge]
    chosen = [name for topic in hook.events for name in names[topic]]
    narrowed: dict[str, Any] = dict(rendered)
    if forge is Forge.GITLAB:
        for switch in {name for topic in TOPICS for name in names[topic]}:
            narrowed[switch] = switch in chosen
        return narrowed
    narrowed["events"] = list(dict.fromkeys(chosen))
    return narrowed
