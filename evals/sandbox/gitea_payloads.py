"""Gitea webhook payloads (``issues``, ``issue_comment``) for what happens in the sandbox.

Gitea's payloads are its API structs wrapped in ``action``/``repository``/``sender``, shaped like
``fixtures/webhooks/gitea/issues__opened.json`` and ``issue_comment__created_on_issue.json``: an issue
event carries its ``number`` at the top, a comment event says ``is_pull`` (always false here: the sandbox
has no pull requests), and an edit carries ``changes.body.from``. Gitea sends no ping for a new hook.
"""

from __future__ import annotations

from evals.sandbox.events import (
    CommentCreated,
    CommentEdited,
    ForgeEvent,
    HookAdded,
    IssueOpened,
    RenderedEvent,
)
from evals.sandbox.gitea_objects import GiteaRenderer
from evals.sandbox.models import Comment
from evals.sandbox.rendering import JSON

ISSUES = "issues"
ISSUE_COMMENT = "issue_comment"


def render(gitea: GiteaRenderer, event: ForgeEvent) -> RenderedEvent | None:
    match event:
        case IssueOpened(issue):
            payload = {"action": "opened", "number": issue.number, "issue": gitea.issue(issue)}
            return RenderedEvent(ISSUES, "opened", payload | _envelope(gitea, issue.repo, issue.author))
        case CommentCreated(comment):
            return RenderedEvent(
                ISSUE_COMMENT, "created", _comment(gitea, "created", comment, comment.author)
            )
        case CommentEdited(before, after, editor):
            payload = _comment(gitea, "edited", after, editor) | {"changes": {"body": {"from": before.body}}}
            return RenderedEvent(ISSUE_COMMENT, "edited", payload)
        case HookAdded():
            return None  # Gitea only sends "Test Delivery" on request


def _comment(gitea: GiteaRenderer, action: str, comment: Comment, sender: str) -> JSON:
    issue = gitea.store.issue(comment.repo, comment.issue_number)
    body = {"action": action, "issue": gitea.issue(issue), "comment": gitea.comment(comment)}
    return body | _envelope(gitea, comment.repo, sender) | {"is_pull": False}


def _envelope(gitea: GiteaRenderer, repo: str, sender: str) -> JSON:
    return {"repository": gitea.repository(gitea.store.repository(repo)), "sender": gitea.user(sender)}
