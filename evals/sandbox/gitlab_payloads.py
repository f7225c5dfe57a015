"""GitLab webhook payloads (``Issue Hook``, ``Note Hook``) for what happens in the sandbox.

GitLab's webhooks use their own "hook attributes", not the REST entities: ``user`` has ``username`` and
``email``, ``project`` has ``path_with_namespace``, ``git_http_url`` and a numeric ``visibility_level``,
timestamps read ``2017-12-10 16:37:38 UTC``, and labels are objects. Shapes follow
``fixtures/webhooks/gitlab/issue_hook__open*.json`` and ``note_hook__issue*.json``. GitLab has no ping
and (since 16.11) announces a comment edit as a ``Note Hook`` with action ``update``.
"""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime

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
from evals.sandbox.gitlab_objects import VISIBILITY_LEVEL, GitLabRenderer, issue_state
from evals.sandbox.models import Comment, Issue, Repository, Review
from evals.sandbox.rendering import JSON, label_id, rfc3339

ISSUE_HOOK = "Issue Hook"
NOTE_HOOK = "Note Hook"
MERGE_REQUEST_HOOK = "Merge Request Hook"
_STATE_ID = {"opened": 1, "closed": 2}


def hook_time(moment: datetime) -> str:
    return moment.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S UTC")


def render(gl: GitLabRenderer, event: ForgeEvent) -> RenderedEvent | None:
    match event:
        case IssueOpened(issue):
            return RenderedEvent(ISSUE_HOOK, "open", issue_hook(gl, issue, "open"))
        case CommentCreated(comment):
            return RenderedEvent(NOTE_HOOK, "create", note_hook(gl, comment, comment.author, "create"))
        case CommentEdited(_, after, editor):
            return RenderedEvent(NOTE_HOOK, "update", note_hook(gl, after, editor, "update"))
        case HookAdded():
            return None  # GitLab only sends test events on request
        case PullOpened(pull, sender):
            return RenderedEvent(MERGE_REQUEST_HOOK, "open", merge_request_hook(gl, pull, sender, "open"))
        case PullClosed(pull, sender):
            action = "merge" if pull.pull is not None and pull.pull.merged else "close"
            return RenderedEvent(MERGE_REQUEST_HOOK, action, merge_request_hook(gl, pull, sender, action))
        case LineCommentCreated(comment):
            return RenderedEvent(NOTE_HOOK, "create", note_hook(gl, comment, comment.author, "create"))
        case ReviewSubmitted(review):
            return _review(gl, review)
    return None


def _review(gl: GitLabRenderer, review: Review) -> RenderedEvent | None:
    """GitLab has no review bodies: an approval is a Merge Request Hook (``approval``); other verdicts reach
    hooks only as the notes they leave, so a review with words is a note and one without is nothing."""
    pull = gl.store.pull(review.repo, review.number)
    if review.state == "APPROVED":
        return RenderedEvent(
            MERGE_REQUEST_HOOK, "approval", merge_request_hook(gl, pull, review.author, "approval")
        )
    if not review.body:
        return None
    note = Comment(
        id=review.id,
        repo=review.repo,
        issue_number=review.number,
        author=review.author,
        body=review.body,
        created_at=review.submitted_at,
        updated_at=review.submitted_at,
    )
    return RenderedEvent(NOTE_HOOK, "create", note_hook(gl, note, review.author, "create"))


def merge_request_hook(gl: GitLabRenderer, pull: Issue, actor: str, action: str) -> JSON:
    repo = gl.store.repository(pull.repo)
    return {
        "object_kind": "merge_request",
        "event_type": "merge_request",
        "user": _user(gl, actor),
        "project": _project(gl, repo),
        "object_attributes": _merge_request(gl, pull) | {"action": action},
        "labels": [],
        "changes": {},
        "repository": _repository(gl, repo),
    }


def _merge_request(gl: GitLabRenderer, pull: Issue) -> JSON:
    """A merge request's hook attributes (``object_attributes`` of a MR hook, ``merge_request`` of a note)."""
    assert pull.pull is not None
    rest = gl.merge_request(pull)
    return {
        "id": pull.id,
        "iid": pull.number,
        "title": pull.title,
        "description": pull.body,
        "source_branch": pull.pull.head,
        "target_branch": pull.pull.base,
        "state": rest["state"],
        "author_id": gl.store.user(pull.author).id,
        "project_id": rest["project_id"],
        "created_at": hook_time(pull.created_at),
        "updated_at": hook_time(pull.updated_at),
        "merge_commit_sha": pull.pull.merge_commit,
        "url": rest["web_url"],
        "last_commit": {"id": rest["sha"]},
        "labels": [],
    }


def issue_hook(gl: GitLabRenderer, issue: Issue, action: str) -> JSON:
    repo = gl.store.repository(issue.repo)
    return {
        "object_kind": "issue",
        "event_type": "issue",
        "user": _user(gl, issue.author),
        "project": _project(gl, repo),
        "object_attributes": _issue(gl, issue) | {"action": action},
        "labels": _labels(gl, issue),
        "changes": {},
        "repository": _repository(gl, repo),
    }


def note_hook(gl: GitLabRenderer, comment: Comment, actor: str, action: str) -> JSON:
    repo = gl.store.repository(comment.repo)
    issue = gl.store.issue(comment.repo, comment.issue_number)
    on_pull = issue.pull is not None
    edited_by = gl.store.user(actor).id if action == "update" else None
    position = (
        {"new_path": comment.path, "old_path": comment.path, "new_line": comment.line, "old_line": None}
        if comment.path
        else None
    )
    note = {
        "attachment": None,
        "author_id": gl.store.user(comment.author).id,
        "change_position": None,
        "commit_id": None,
        "created_at": hook_time(comment.created_at),
        "discussion_id": hashlib.sha1(f"note:{comment.id}".encode(), usedforsecurity=False).hexdigest(),
        "id": comment.id,
        "line_code": None,
        "note": comment.body,
        "noteable_id": issue.id,
        "noteable_type": "MergeRequest" if on_pull else "Issue",
        "original_position": position,
        "position": position,
        "project_id": repo.id,
        "resolved_at": None,
        "resolved_by_id": None,
        "resolved_by_push": None,
        "st_diff": None,
        "system": False,
        "type": "DiffNote" if comment.path else None,
        "updated_at": hook_time(comment.updated_at),
        "updated_by_id": edited_by,
        "description": comment.body,
        "url": gl.note_web_url(comment),
        "action": action,
    }
    return {
        "object_kind": "note",
        "event_type": "note",
        "user": _user(gl, actor),
        "project_id": repo.id,
        "project": _project(gl, repo),
        "object_attributes": note,
        "repository": _repository(gl, repo),
        **({"merge_request": _merge_request(gl, issue)} if on_pull else {"issue": _issue(gl, issue)}),
    }


def _user(gl: GitLabRenderer, login: str) -> JSON:
    user = gl.store.user(login)
    name = gl.username(login)
    return {
        "id": user.id,
        "name": name,
        "username": name,
        "avatar_url": gl.avatar_url(user),
        "email": user.email,
    }


def _project(gl: GitLabRenderer, repo: Repository) -> JSON:
    web = gl.web_url(repo.full_name)
    ssh = gl.ssh_url(repo.full_name)
    return {
        "id": repo.id,
        "name": repo.name,
        "description": "",
        "web_url": web,
        "avatar_url": None,
        "git_ssh_url": ssh,
        "git_http_url": gl.clone_url(repo.full_name),
        "namespace": gl.username(repo.owner),
        "visibility_level": VISIBILITY_LEVEL[repo.private],
        "path_with_namespace": repo.full_name,
        "default_branch": repo.default_branch,
        "ci_config_path": None,
        "homepage": web,
        "url": ssh,
        "ssh_url": ssh,
        "http_url": gl.clone_url(repo.full_name),
    }


def _repository(gl: GitLabRenderer, repo: Repository) -> JSON:
    """The deprecated ``repository`` block GitLab still sends beside ``project``."""
    return {
        "name": repo.name,
        "url": gl.ssh_url(repo.full_name),
        "description": "",
        "homepage": gl.web_url(repo.full_name),
    }


def _labels(gl: GitLabRenderer, issue: Issue) -> list[JSON]:
    repo = gl.store.repository(issue.repo)
    return [
        {
            "id": label_id(issue.repo, name),
            "title": name,
            "color": "#ededed",
            "project_id": repo.id,
            "created_at": rfc3339(repo.created_at),
            "updated_at": rfc3339(repo.created_at),
            "template": False,
            "description": None,
            "type": "ProjectLabel",
            "group_id": None,
        }
        for name in issue.labels
    ]


def _issue(gl: GitLabRenderer, issue: Issue) -> JSON:
    """An issue's hook attributes: ``object_attributes`` of an Issue Hook, ``issue`` of a Note Hook."""
    state = issue_state(issue)
    return {
        "author_id": gl.store.user(issue.author).id,
        "branch_name": None,
        "closed_at": None,
        "confidential": False,
        "created_at": hook_time(issue.created_at),
        "description": issue.body,
        "discussion_locked": None,
        "due_date": None,
        "id": issue.id,
        "iid": issue.number,
        "last_edited_at": None,
        "last_edited_by_id": None,
        "milestone_id": None,
        "moved_to_id": None,
        "duplicated_to_id": None,
        "project_id": gl.store.repository(issue.repo).id,
        "relative_position": None,
        "state_id": _STATE_ID[state],
        "time_estimate": 0,
        "title": issue.title,
        "updated_at": hook_time(issue.updated_at),
        "updated_by_id": None,
        "type": "Issue",
        "url": gl.issue_web_url(issue.repo, issue.number),
        "total_time_spent": 0,
        "time_change": 0,
        "human_total_time_spent": None,
        "human_time_change": None,
        "human_time_estimate": None,
        "assignee_ids": [],
        "assignee_id": None,
        "labels": _labels(gl, issue),
        "state": state,
        "severity": "unknown",
    }
