"""Forge-neutral events: what happened in the sandbox, before any forge renders it as a webhook.

An API handler raises one :data:`ForgeEvent`; every hook of the repository then gets it in its own
flavour (GitHub, GitLab or Gitea), whichever forge's API the change came through. A flavour may have no
payload for an event (only GitHub pings a new hook) and then that hook gets nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from evals.sandbox.models import Comment, Hook, Issue
from evals.sandbox.store import SandboxStore


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


ForgeEvent = IssueOpened | CommentCreated | CommentEdited | HookAdded


@dataclass(frozen=True)
class RenderedEvent:
    """One flavour's webhook for an event: the event name its headers carry, the action, the payload."""

    name: str
    action: str | None
    payload: Mapping[str, Any]


def from_github_payload(
    name: str, payload: Mapping[str, Any], store: SandboxStore
) -> tuple[str, ForgeEvent] | None:
    """Recover ``(site URL, neutral event)`` from a GitHub payload the GitHub REST handlers built.

    ``rest_api.py`` hands the sender GitHub-rendered events; this maps them back through the ids they
    carry so GitLab and Gitea hooks get their own shapes too. ``None`` for events other flavours lack.
    """
    repository = payload.get("repository") or {}
    full_name = repository.get("full_name", "")
    site_url = str(repository.get("html_url", "")).removesuffix(f"/{full_name}")
    action = payload.get("action")
    if name == "issues" and action == "opened":
        return site_url, IssueOpened(store.issue(full_name, payload["issue"]["number"]))
    if name == "issue_comment" and action in ("created", "edited"):
        comment = store.comment(full_name, payload["comment"]["id"])
        if action == "created":
            return site_url, CommentCreated(comment)
        before = comment.model_copy(update={"body": payload["changes"]["body"]["from"]})
        return site_url, CommentEdited(before, comment, payload["sender"]["login"])
    return None
