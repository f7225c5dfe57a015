"""Issues, comments (notes) and merge requests from GitLab payloads. Pure.

Issues and merge requests number their ``iid``\\ s separately, so
``thread.is_pull_request`` is what tells issue 3 from merge request 3.

Deliberate decisions:

- **Confidential** issues and notes (``Confidential … Hook``, ``confidential``,
  internal notes) are normalized with ``confidential=True`` on the thread
  and/or the comment, not dropped. In a learner's private repository a
  confidential issue is still the learner writing, and losing their input is
  what the design forbids. The flag lets the core keep that text out of
  anything more widely visible than the issue (PR handoff packs, external models).
- **System notes** (``system: true``: "changed the title", "added label …")
  are GitLab's own activity log, not a person writing: ignored.
- **Line comments** (``DiffNote``) are comments on the merge request like any
  other, with ``comment.path``/``comment.line`` set from ``position``.
- **Approvals**: GitLab has no review bodies. ``approval`` (one person
  approved) and ``approved`` (the merge request became approved) both become
  an ``approved`` review; one click often sends both, so both carry the same
  review id, ``approval/<login>``, for the core to see one act.
- **Updates** of merge requests (new commits, edits) and issue updates that
  touch neither content nor labels are ignored with a reason.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.intake.events import Comment, EventKind, Review, ReviewState
from forge_adapters.gitlab.delivery import Delivery, thread, updated_at
from forge_adapters.gitlab.fields import gitlab_time, mapping, optional_mapping
from forge_adapters.intake import ParseResult, echo
from forge_adapters.payload_fields import text, whole_number

CONTENT_CHANGES = frozenset({"title", "description"})
NOTE_TARGETS = {"Issue": ("issue", False), "MergeRequest": ("merge_request", True)}
NOTE_ACTIONS = {"create": EventKind.COMMENT_CREATED, "update": EventKind.COMMENT_EDITED}
MERGE_REQUEST_ACTIONS = {
    "open": EventKind.PR_OPENED,
    "merge": EventKind.PR_MERGED,
    "close": EventKind.PR_CLOSED,
    "approved": EventKind.REVIEW_SUBMITTED,
    "approval": EventKind.REVIEW_SUBMITTED,
}


def issue_event(delivery: Delivery) -> ParseResult:
    if delivery.data.get("object_kind") == "work_item":
        return delivery.ignore("work items other than issues (tasks, epics, …) are not used")
    attrs = mapping(delivery.data, "object_attributes")
    action = text(attrs.get("action"), "action")
    kind = _issue_kind(action, optional_mapping(delivery.data, "changes"))
    if not isinstance(kind, EventKind):  # a reason; test for the enum, since an EventKind is a str too
        return delivery.ignore(kind)
    user = delivery.user
    issue = thread(
        attrs,
        labels=delivery.data.get("labels", attrs.get("labels")),
        author=user.login if user and kind is EventKind.ISSUE_OPENED else "",
        confidential=delivery.confidential or attrs.get("confidential") is True,
    )
    return delivery.event(kind, actor=user, thread=issue, occurred_at=updated_at(attrs))


def _issue_kind(action: str, changes: Mapping[str, Any]) -> EventKind | str:
    """The kind of an issue action, or why it is ignored. A content edit wins over a label change."""
    if action == "open":
        return EventKind.ISSUE_OPENED
    if action != "update":
        return f"issue action {echo(action)!r} is not used"
    if CONTENT_CHANGES & changes.keys():
        return EventKind.ISSUE_EDITED
    if "labels" in changes:
        return EventKind.ISSUE_LABELED
    return "issue update changed neither title, description nor labels"


def note_event(delivery: Delivery) -> ParseResult:
    attrs = mapping(delivery.data, "object_attributes")
    if attrs.get("system") is True:
        return delivery.ignore("system note: GitLab's own activity record, not written by a person")
    noteable = text(attrs.get("noteable_type"), "noteable_type")
    if noteable not in NOTE_TARGETS:
        return delivery.ignore(
            f"comments on {echo(noteable) if noteable else 'unknown objects'} are not used;"
            " only issues and merge requests"
        )
    # before GitLab 16.11 only creations came, without action
    action = text(attrs.get("action"), "action") or "create"
    kind = NOTE_ACTIONS.get(action)
    if kind is None:
        return delivery.ignore(f"comment action {echo(action)!r} is not used")
    key, is_pull_request = NOTE_TARGETS[noteable]
    target = mapping(delivery.data, key)
    internal = attrs.get("internal") is True or attrs.get("confidential") is True
    path, line = _diff_position(attrs)
    comment = Comment(
        id=whole_number(attrs["id"], "object_attributes.id"),
        body=text(attrs.get("note"), "note"),
        url=text(attrs.get("url"), "url"),
        created_at=gitlab_time(attrs.get("created_at")),
        updated_at=gitlab_time(attrs.get("updated_at")),
        path=path,
        line=line,
        confidential=delivery.confidential or internal,
    )
    # A confidential hook for a note not marked internal means the issue itself is confidential.
    commented_on = thread(
        target,
        labels=target.get("labels"),
        is_pull_request=is_pull_request,
        confidential=target.get("confidential") is True or (delivery.confidential and not internal),
    )
    return delivery.event(
        kind,
        actor=delivery.user,
        thread=commented_on,
        comment=comment,
        occurred_at=comment.updated_at or comment.created_at,
    )


def _diff_position(attrs: Mapping[str, Any]) -> tuple[str, int | None]:
    """File and line of a line comment on a merge request's diff (``DiffNote``)."""
    if attrs.get("type") != "DiffNote":
        return "", None
    position = optional_mapping(attrs, "position")
    path = position.get("new_path") or position.get("old_path") or ""
    line = position.get("new_line") or position.get("old_line")
    return str(path), line if isinstance(line, int) else None


def merge_request_event(delivery: Delivery) -> ParseResult:
    attrs = mapping(delivery.data, "object_attributes")
    action = text(attrs.get("action"), "action")
    kind = MERGE_REQUEST_ACTIONS.get(action)
    if kind is None:
        return delivery.ignore(f"merge request action {echo(action)!r} is not used")
    user = delivery.user
    merge_request = thread(
        attrs,
        labels=delivery.data.get("labels", attrs.get("labels")),
        is_pull_request=True,
        author=user.login if user and kind is EventKind.PR_OPENED else "",
        merged={EventKind.PR_MERGED: True, EventKind.PR_CLOSED: False}.get(kind),
    )
    review = None
    if kind is EventKind.REVIEW_SUBMITTED:
        review = Review(id=f"approval/{user.login}" if user else None, state=ReviewState.APPROVED)
    return delivery.event(
        kind, actor=user, thread=merge_request, review=review, occurred_at=updated_at(attrs)
    )
