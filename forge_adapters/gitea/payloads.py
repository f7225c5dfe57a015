"""Gitea/Forgejo payloads → :class:`InboundEvent`, one function per event family. Pure, no I/O.

Field facts (webhooks-spec §3.5–3.6, checked against the fixtures):

- Issue and pull-request numbers are the top-level ``number`` (Go ``Index``);
  some payloads leave ``pull_request.number`` out, so the top level wins.
- A comment on a pull request arrives as ``issue_comment``; it is marked by
  ``is_pull: true`` (newer Gitea), a non-null ``issue.pull_request`` (all
  versions) or the fine event type ``pull_request_comment``. Any one suffices.
- A merge is ``action: closed`` with ``pull_request.merged: true``; there is no
  ``merged`` action.
- Review submissions carry ``review: {type, content}`` with ``type`` one of
  ``pull_request_review_{approved,rejected,comment}``; the review has no id.

The actor is always ``sender``: the account that acted. For an edited comment
that may differ from the comment's author (repository writers may edit others'
comments), and authorization must judge the one who acted.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from bot.events import Comment, EventKind, Forge, InboundEvent, Push, Review, ReviewState, Thread
from forge_adapters.common_push import NULL_SHA, changed_paths, is_null_sha
from forge_adapters.gitea.fields import actor, labels, login, mapping, repo_ref, when
from forge_adapters.intake import Ignored, ParseResult

# Gitea trims ``commits`` to [ui] FEED_MAX_COMMIT_NUM (default 5); ``total_commits`` (newer) tells the truth.
DEFAULT_FEED_MAX_COMMITS = 5

ISSUE_ACTIONS = {
    "opened": EventKind.ISSUE_OPENED,
    "edited": EventKind.ISSUE_EDITED,
    "label_updated": EventKind.ISSUE_LABELED,
}
COMMENT_ACTIONS = {"created": EventKind.COMMENT_CREATED, "edited": EventKind.COMMENT_EDITED}
REVIEW_STATES = {
    # review.type and the fine event type share these names; the coarse names follow.
    "pull_request_review_approved": ReviewState.APPROVED,
    "pull_request_review_rejected": ReviewState.CHANGES_REQUESTED,
    "pull_request_review_comment": ReviewState.COMMENTED,
    "pull_request_approved": ReviewState.APPROVED,
    "pull_request_rejected": ReviewState.CHANGES_REQUESTED,
    "pull_request_comment": ReviewState.COMMENTED,
}
REF_PREFIXES = {"branch": "refs/heads/", "tag": "refs/tags/"}


@dataclass(frozen=True)
class Delivery:
    """What the headers said: delivery id, coarse event and fine event type ("" from old senders)."""

    id: str
    event: str
    event_type: str = ""

    @property
    def name(self) -> str:
        return self.event_type or self.event


def _issue_thread(issue: Mapping[str, Any], *, is_pull: bool) -> Thread:
    return Thread(
        number=int(issue["number"]),
        title=str(issue.get("title") or ""),
        body=str(issue.get("body") or ""),
        labels=labels(issue.get("labels")),
        is_pull_request=is_pull or bool(issue.get("pull_request")),
        url=str(issue.get("html_url") or ""),
        author=login(issue.get("user")),
    )


def _pr_thread(data: Mapping[str, Any], *, merged: bool | None = None) -> Thread:
    pull = mapping(data.get("pull_request"), "pull_request")
    head = pull.get("head")
    return Thread(
        number=int(data.get("number") or pull["number"]),
        title=str(pull.get("title") or ""),
        body=str(pull.get("body") or ""),
        labels=labels(pull.get("labels")),
        is_pull_request=True,
        url=str(pull.get("html_url") or ""),
        author=login(pull.get("user")),
        merged=merged,
        head_branch=str(head.get("ref") or "") if isinstance(head, Mapping) else "",
    )


def _event(delivery: Delivery, data: Mapping[str, Any], kind: EventKind, **parts: Any) -> InboundEvent:
    return InboundEvent(
        forge=Forge.GITEA,
        delivery_id=delivery.id,
        kind=kind,
        repo=repo_ref(data),
        actor=actor(data.get("sender")),
        **parts,
    )


def translate_issues(delivery: Delivery, data: Mapping[str, Any]) -> ParseResult:
    action = str(data.get("action") or "")
    kind = ISSUE_ACTIONS.get(action)
    if kind is None:
        return Ignored(f"{delivery.name}.{action} is not used", delivery.id)
    issue = mapping(data.get("issue"), "issue")
    thread = _issue_thread(issue, is_pull=False)
    return _event(delivery, data, kind, thread=thread, occurred_at=when(issue.get("updated_at")))


def translate_comment(delivery: Delivery, data: Mapping[str, Any]) -> ParseResult:
    action = str(data.get("action") or "")
    kind = COMMENT_ACTIONS.get(action)
    if kind is None:
        return Ignored(f"{delivery.name}.{action} is not used", delivery.id)
    raw = mapping(data.get("comment"), "comment")
    is_pull = data.get("is_pull") is True or delivery.event_type == "pull_request_comment"
    comment = Comment(
        id=raw["id"],
        body=str(raw.get("body") or ""),
        url=str(raw.get("html_url") or ""),
        created_at=when(raw.get("created_at")),
        updated_at=when(raw.get("updated_at")),
    )
    thread = _issue_thread(mapping(data.get("issue"), "issue"), is_pull=is_pull)
    occurred = comment.updated_at or comment.created_at
    return _event(delivery, data, kind, thread=thread, comment=comment, occurred_at=occurred)


def translate_pull_request(delivery: Delivery, data: Mapping[str, Any]) -> ParseResult:
    action = str(data.get("action") or "")
    pull = mapping(data.get("pull_request"), "pull_request")
    if action == "opened":
        thread = _pr_thread(data)
        return _event(
            delivery, data, EventKind.PR_OPENED, thread=thread, occurred_at=when(pull.get("created_at"))
        )
    if action == "closed":
        merged = pull.get("merged") is True
        kind = EventKind.PR_MERGED if merged else EventKind.PR_CLOSED
        moment = when(pull.get("merged_at") if merged else pull.get("closed_at")) or when(
            pull.get("updated_at")
        )
        return _event(delivery, data, kind, thread=_pr_thread(data, merged=merged), occurred_at=moment)
    if action == "synchronized":
        return Ignored(
            "pull_request.synchronized (new commits on a PR branch) is not used; the push event carries them",
            delivery.id,
        )
    return Ignored(f"{delivery.name}.{action} is not used", delivery.id)


def translate_review(delivery: Delivery, data: Mapping[str, Any]) -> ParseResult:
    raw = mapping(data.get("review"), "review")
    # The body is signed and the headers are not, so ``review.type`` wins; routing guarantees the fallback.
    state = REVIEW_STATES.get(str(raw.get("type") or "")) or REVIEW_STATES[delivery.name]
    pull = mapping(data.get("pull_request"), "pull_request")
    return _event(
        delivery,
        data,
        EventKind.REVIEW_SUBMITTED,
        thread=_pr_thread(data),
        review=Review(state=state, body=str(raw.get("content") or "")),
        occurred_at=when(pull.get("updated_at")),
    )


def translate_push(delivery: Delivery, data: Mapping[str, Any]) -> ParseResult:
    """A push; ``commits_truncated`` when Gitea cut the commit list, so the paths may be incomplete.

    Newer Gitea sends ``total_commits``; without it, a list as long as the
    default cut (5) is assumed cut, since reconciliation can only gain from
    re-reading the repository.
    """
    before, after = str(data.get("before") or ""), str(data.get("after") or "")
    commits = data.get("commits")
    listed = len(commits) if isinstance(commits, list) else 0
    total = data.get("total_commits")
    truncated = total > listed if isinstance(total, int) else listed >= DEFAULT_FEED_MAX_COMMITS
    forced = data.get("forced")
    push = Push(
        ref=str(data["ref"]),
        before=before,
        after=after,
        created=is_null_sha(before),
        deleted=is_null_sha(after),
        forced=forced if isinstance(forced, bool) else None,
        changed_paths=changed_paths(commits),
        commits_truncated=truncated,
    )
    return _event(delivery, data, EventKind.PUSH, push=push)


def translate_delete(delivery: Delivery, data: Mapping[str, Any]) -> ParseResult:
    """A branch or tag deletion, as the push with ``deleted=True`` the other forges send.

    Gitea sends no ``push`` event for a deletion, only this one, and it names
    neither the old commit nor any paths. Forgejo's ``gitea``-type hooks send
    the short ref name, its ``forgejo`` type the full one; both are accepted.
    """
    ref = str(data.get("ref") or "")
    ref_type = str(data.get("ref_type") or "")
    if ref_type not in REF_PREFIXES:
        return Ignored(f"delete of a {ref_type or 'unnamed'} ref is not used", delivery.id)
    full_ref = ref if ref.startswith("refs/") else REF_PREFIXES[ref_type] + ref
    push = Push(ref=full_ref, after=NULL_SHA, deleted=True)
    return _event(delivery, data, EventKind.PUSH, push=push)


def translate_create(delivery: Delivery, data: Mapping[str, Any]) -> ParseResult:
    return Ignored("create events are not used; the push that creates the ref says the same", delivery.id)
