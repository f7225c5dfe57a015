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
    LineCommentCreated,
    PullClosed,
    PullOpened,
    RenderedEvent,
    ReviewSubmitted,
)
from evals.sandbox.gitea_objects import GiteaRenderer
from evals.sandbox.models import Comment
from evals.sandbox.rendering import JSON

ISSUES = "issues"
ISSUE_COMMENT = "issue_comment"
PULL_REQUEST = "pull_request"


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
        case PullOpened(pull, sender) | PullClosed(pull, sender):
            action = "opened" if pull.state == "open" else "closed"  # a merge is "closed" + merged
            payload = {"action": action, "number": pull.number, "pull_request": gitea.pull(pull)}
            return RenderedEvent(PULL_REQUEST, action, payload | _envelope(gitea, pull.repo, sender))
        case ReviewSubmitted(review):
            return _review(
                gitea,
                review.repo,
                review.number,
                sender=review.author,
                kind=REVIEW_TYPES[review.state],
                body=review.body,
            )
        case LineCommentCreated(comment):
            # Gitea announces a line comment as a comment-type review, without its file and line.
            kind = REVIEW_TYPES["COMMENTED"]
            return _review(
                gitea, comment.repo, comment.issue_number, sender=comment.author, kind=kind, body=comment.body
            )
    return None


# review.type (= the fine event type) and the coarse X-Gitea-Event name of each verdict.
REVIEW_TYPES = {
    "APPROVED": "pull_request_review_approved",
    "CHANGES_REQUESTED": "pull_request_review_rejected",
    "COMMENTED": "pull_request_review_comment",
}
COARSE_REVIEW_EVENT = {
    "pull_request_review_approved": "pull_request_approved",
    "pull_request_review_rejected": "pull_request_rejected",
    "pull_request_review_comment": "pull_request_comment",
}


def _review(
    gitea: GiteaRenderer, repo: str, number: int, *, sender: str, kind: str, body: str
) -> RenderedEvent:
    pull = gitea.store.pull(repo, number)
    payload = {
        "action": "reviewed",
        "number": number,
        "pull_request": gitea.pull(pull),
        "review": {"type": kind, "content": body},
    } | _envelope(gitea, repo, sender)
    return RenderedEvent(COARSE_REVIEW_EVENT[kind], "reviewed", payload, event_type=kind)


def _comment(gitea: GiteaRenderer, action: str, comment: Comment, sender: str) -> JSON:
    issue = gitea.store.issue(comment.repo, comment.issue_number)
    body = {"action": action, "issue": gitea.issue(issue), "comment": gitea.comment(comment)}
    return body | _envelope(gitea, comment.repo, sender) | {"is_pull": issue.pull is not None}


def _envelope(gitea: GiteaRenderer, repo: str, sender: str) -> JSON:
    return {"repository": gitea.repository(gitea.store.repository(repo)), "sender": gitea.user(sender)}
