"""Forge-neutral events: what happened in the sandbox, before any forge renders it as a webhook.

An API handler raises one :data:`ForgeEvent`; every hook of the repository then gets it in its own
flavour (GitHub, GitLab or Gitea), whichever forge's API the change came through. A flavour may have no
payload for an event (only GitHub pings a new hook) and then that hook gets nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from evals.sandbox.models import Comment, Hook, Issue, Review


@dataclass(frozen=True)
class IssueOpened:
    issue: Issue


@dataclass(frozen=True)
class CommentCreated:
    comment: Comment


@dataclass(frozen=True)
class CommentEdited:
    before: Comment
    after: Comment
    editor: str


@dataclass(frozen=True)
class HookAdded:
    hook: Hook
    sender: str


@dataclass(frozen=True)
class PullOpened:
    pull: Issue
    sender: str


@dataclass(frozen=True)
class PullClosed:
    """Closed, merged or not (``pull.pull.merged`` says); GitLab alone names a merge its own action."""

    pull: Issue
    sender: str


@dataclass(frozen=True)
class ReviewSubmitted:
    review: Review


@dataclass(frozen=True)
class LineCommentCreated:
    """A comment on one line of a pull request's diff (``comment.path``/``line`` set)."""

    comment: Comment


ForgeEvent = (
    IssueOpened
    | CommentCreated
    | CommentEdited
    | HookAdded
    | PullOpened
    | PullClosed
    | ReviewSubmitted
    | LineCommentCreated
)


@dataclass(frozen=True)
class RenderedEvent:
    """One flavour's webhook for an event: the event name its headers carry, the action, the payload."""

    name: str
    action: str | None
    payload: Mapping[str, Any]
    event_type: str = ""  # Gitea's fine type (``X-Gitea-Event-Type``) where it differs from ``name``
