"""GitHub webhook payloads for what happens in the sandbox, shaped like GitHub's real deliveries.

Each builder returns ``(event name, payload)``; the event name goes into ``X-GitHub-Event``. Shapes follow
``fixtures/webhooks/github/issues__opened.json``, ``issue_comment__created_on_issue.json``,
``issue_comment__edited.json`` and ``ping__hook.json``, with the sandbox's own values.
"""

from __future__ import annotations

from enum import StrEnum

from evals.sandbox.github_objects import GitHubRenderer
from evals.sandbox.models import Comment, Hook, Issue, Review
from evals.sandbox.rendering import JSON

# GitHub's ping payloads carry one line of "GitHub zen"; any constant sentence serves.
PING_ZEN = "Keep it logically awesome."


class GitHubEvent(StrEnum):
    PING = "ping"
    ISSUES = "issues"
    ISSUE_COMMENT = "issue_comment"
    PULL_REQUEST = "pull_request"
    PULL_REQUEST_REVIEW = "pull_request_review"
    PULL_REQUEST_REVIEW_COMMENT = "pull_request_review_comment"


def _envelope(gh: GitHubRenderer, repo: str, sender: str) -> JSON:
    return {"repository": gh.repository(gh.store.repository(repo)), "sender": gh.user(sender)}


def issue_opened(gh: GitHubRenderer, issue: Issue) -> tuple[GitHubEvent, JSON]:
    payload = {"action": "opened", "issue": gh.issue(issue)} | _envelope(gh, issue.repo, issue.author)
    return GitHubEvent.ISSUES, payload


def comment_created(gh: GitHubRenderer, comment: Comment) -> tuple[GitHubEvent, JSON]:
    return GitHubEvent.ISSUE_COMMENT, _comment_payload(gh, "created", comment, sender=comment.author)


def comment_edited(
    gh: GitHubRenderer, before: Comment, after: Comment, editor: str
) -> tuple[GitHubEvent, JSON]:
    payload = _comment_payload(gh, "edited", after, sender=editor) | {
        "changes": {"body": {"from": before.body}}
    }
    return GitHubEvent.ISSUE_COMMENT, payload


def _comment_payload(gh: GitHubRenderer, action: str, comment: Comment, *, sender: str) -> JSON:
    issue = gh.store.issue(comment.repo, comment.issue_number)
    body = {"action": action, "issue": gh.issue(issue), "comment": gh.comment(comment)}
    return body | _envelope(gh, comment.repo, sender)


def ping(gh: GitHubRenderer, hook: Hook, sender: str) -> tuple[GitHubEvent, JSON]:
    payload = {"zen": PING_ZEN, "hook_id": hook.id, "hook": gh.hook(hook)} | _envelope(gh, hook.repo, sender)
    return GitHubEvent.PING, payload


def pull_request(gh: GitHubRenderer, pull: Issue, sender: str) -> tuple[GitHubEvent, JSON]:
    """``opened``, or ``closed`` with ``pull_request.merged`` saying whether it was a merge."""
    action = "opened" if pull.state == "open" else "closed"
    payload = {"action": action, "number": pull.number, "pull_request": gh.pull(pull)}
    return GitHubEvent.PULL_REQUEST, payload | _envelope(gh, pull.repo, sender)


def review_submitted(gh: GitHubRenderer, review: Review) -> tuple[GitHubEvent, JSON]:
    pull = gh.store.pull(review.repo, review.number)
    payload = {"action": "submitted", "review": gh.review(review), "pull_request": gh.pull(pull)}
    return GitHubEvent.PULL_REQUEST_REVIEW, payload | _envelope(gh, review.repo, review.author)


def review_comment_created(gh: GitHubRenderer, comment: Comment) -> tuple[GitHubEvent, JSON]:
    pull = gh.store.pull(comment.repo, comment.issue_number)
    payload = {"action": "created", "comment": gh.review_comment(comment), "pull_request": gh.pull(pull)}
    return GitHubEvent.PULL_REQUEST_REVIEW_COMMENT, payload | _envelope(gh, comment.repo, comment.author)
