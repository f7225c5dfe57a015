"""Gitea and Forgejo deliveries → :class:`InboundEvent`, one function per event family. Pure, no I/O.

**Headers.** Gitea sends every name three times (``X-Gitea-*``, ``X-Gogs-*``,
``X-GitHub-*``) and Forgejo adds ``X-Forgejo-*`` with the same values (§3.1).
The Gitea/Forgejo names are read first so a Gitea delivery is never mistaken
for a GitHub one. ``X-Gitea-Event`` is coarse and ``X-Gitea-Event-Type`` fine,
and the same word means different things in each: coarse
``pull_request_comment`` is a *review* comment, fine ``pull_request_comment``
a PR *conversation* comment (coarse ``issue_comment``). So the fine type is
routed through its own table and the coarse name, for senders that predate
the fine header, through another; the two are never mixed.

Shared objects (the client reads API answers with the same readers):

- Users have no bot flag (webhooks-spec §3.4). ``[bot]`` logins and the
  Actions pseudo-user (``gitea-actions``, Forgejo ``forgejo-actions``, id -2)
  count as bots; intake drops the bot's own login from settings.
- Go's zero time (``0001-01-01T00:00:00Z``) means "not set" in old payloads.
- The repository's host comes from its ``html_url`` (port included), so one
  bot can serve several instances without confusing their repositories.

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

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any
from urllib.parse import urlsplit

from bot.intake.events import (
    Actor,
    Comment,
    EventKind,
    Forge,
    InboundEvent,
    PushDetails,
    RepoRef,
    Review,
    ReviewState,
    Thread,
    build_event,
)
from forge_adapters.common_push import NULL_SHA, changed_paths, is_null_sha
from forge_adapters.intake import (
    PAYLOAD_ERRORS,
    Ignored,
    MalformedPayload,
    ParseResult,
    echo,
    header,
    malformed,
    parse_time,
)
from forge_adapters.payload_fields import (
    json_object,
    object_list,
    optional_object,
    optional_whole_number,
    text,
    user_id,
    whole_number,
)

EVENT_HEADERS = ("X-Forgejo-Event", "X-Gitea-Event", "X-GitHub-Event")
EVENT_TYPE_HEADERS = ("X-Forgejo-Event-Type", "X-Gitea-Event-Type", "X-GitHub-Event-Type")
DELIVERY_HEADERS = ("X-Forgejo-Delivery", "X-Gitea-Delivery", "X-GitHub-Delivery")
ACTIONS_USER_ID = -2
ACTIONS_USER_LOGINS = frozenset({"gitea-actions", "forgejo-actions"})


def mapping(value: object, what: str) -> Mapping[str, Any]:
    """``value`` as a JSON object, or a ``PayloadShapeError`` the caller turns into MalformedPayload."""
    return json_object(value, what)


def is_bot_user(user: Mapping[str, Any]) -> bool:
    name = str(user.get("login") or "")
    return name.endswith("[bot]") or name.lower() in ACTIONS_USER_LOGINS or user.get("id") == ACTIONS_USER_ID


def actor(user: object, what: str = "sender") -> Actor | None:
    """The account in a ``sender`` object; absent or ``null`` is nobody, anything else malformed."""
    account = optional_object(user, what)
    name = text(account.get("login"), f"{what}.login")
    if not name:
        return None
    return Actor(login=name, id=user_id(account.get("id")), is_bot=is_bot_user(account))


def when(value: object) -> datetime | None:
    moment = parse_time(value)
    return None if moment is None or moment.year <= 1 else moment


def repo_ref(data: Mapping[str, Any]) -> RepoRef:
    repo = mapping(data.get("repository"), "repository")
    clone_url = text(repo.get("clone_url"), "repository.clone_url")
    location = text(repo.get("html_url"), "repository.html_url") or clone_url
    private = repo.get("private")
    return RepoRef(
        forge=Forge.GITEA,
        host=urlsplit(location).netloc,
        full_name=text(repo["full_name"], "repository.full_name"),
        default_branch=text(repo.get("default_branch"), "repository.default_branch") or "main",
        clone_url=clone_url,
        private=private if isinstance(private, bool) else None,
    )


def labels(raw: object) -> tuple[str, ...]:
    names = (text(label.get("name"), "labels.name") for label in object_list(raw, "labels"))
    return tuple(name for name in names if name)


def login(user: object, what: str = "user") -> str:
    return text(optional_object(user, what).get("login"), f"{what}.login")


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
        number=whole_number(issue["number"], "issue.number"),
        title=text(issue.get("title"), "issue.title"),
        body=text(issue.get("body"), "issue.body"),
        labels=labels(issue.get("labels")),
        is_pull_request=is_pull or bool(issue.get("pull_request")),
        url=text(issue.get("html_url"), "issue.html_url"),
        author=login(issue.get("user"), "issue.user"),
    )


def issue_thread(issue: Mapping[str, Any]) -> Thread:
    """The thread an ``issues`` delivery carries; the REST API's issue object has the same shape."""
    return _issue_thread(issue, is_pull=False)


def _pr_thread(data: Mapping[str, Any], *, merged: bool | None = None) -> Thread:
    pull = mapping(data.get("pull_request"), "pull_request")
    head = optional_object(pull.get("head"), "pull_request.head")
    number = optional_whole_number(data.get("number"), "number")
    return Thread(
        number=number or whole_number(pull["number"], "pull_request.number"),
        title=text(pull.get("title"), "pull_request.title"),
        body=text(pull.get("body"), "pull_request.body"),
        labels=labels(pull.get("labels")),
        is_pull_request=True,
        url=text(pull.get("html_url"), "pull_request.html_url"),
        author=login(pull.get("user"), "pull_request.user"),
        merged=merged,
        head_branch=text(head.get("ref"), "pull_request.head.ref"),
    )


def _event(delivery: Delivery, data: Mapping[str, Any], kind: EventKind, **parts: Any) -> InboundEvent:
    return build_event(
        dict(
            forge=Forge.GITEA,
            delivery_id=delivery.id,
            kind=kind,
            repo=repo_ref(data),
            actor=actor(data.get("sender")),
            **parts,
        )
    )


def translate_issues(delivery: Delivery, data: Mapping[str, Any]) -> ParseResult:
    action = text(data.get("action"), "action")
    kind = ISSUE_ACTIONS.get(action)
    if kind is None:
        return Ignored(f"{delivery.name}.{echo(action)} is not used", delivery.id)
    issue = mapping(data.get("issue"), "issue")
    thread = _issue_thread(issue, is_pull=False)
    return _event(delivery, data, kind, thread=thread, occurred_at=when(issue.get("updated_at")))


def translate_comment(delivery: Delivery, data: Mapping[str, Any]) -> ParseResult:
    action = text(data.get("action"), "action")
    kind = COMMENT_ACTIONS.get(action)
    if kind is None:
        return Ignored(f"{delivery.name}.{echo(action)} is not used", delivery.id)
    raw = mapping(data.get("comment"), "comment")
    is_pull = data.get("is_pull") is True or delivery.event_type == "pull_request_comment"
    comment = Comment(
        id=whole_number(raw["id"], "comment.id"),
        body=text(raw.get("body"), "comment.body"),
        url=text(raw.get("html_url"), "comment.html_url"),
        created_at=when(raw.get("created_at")),
        updated_at=when(raw.get("updated_at")),
    )
    thread = _issue_thread(mapping(data.get("issue"), "issue"), is_pull=is_pull)
    occurred = comment.updated_at or comment.created_at
    return _event(delivery, data, kind, thread=thread, comment=comment, occurred_at=occurred)


def translate_pull_request(delivery: Delivery, data: Mapping[str, Any]) -> ParseResult:
    action = text(data.get("action"), "action")
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
    return Ignored(f"{delivery.name}.{echo(action)} is not used", delivery.id)


def translate_review(delivery: Delivery, data: Mapping[str, Any]) -> ParseResult:
    raw = mapping(data.get("review"), "review")
    # The body is signed and the headers are not, so ``review.type`` wins; routing guarantees the fallback.
    state = REVIEW_STATES.get(text(raw.get("type"), "review.type")) or REVIEW_STATES[delivery.name]
    pull = mapping(data.get("pull_request"), "pull_request")
    return _event(
        delivery,
        data,
        EventKind.REVIEW_SUBMITTED,
        thread=_pr_thread(data),
        review=Review(state=state, body=text(raw.get("content"), "review.content")),
        occurred_at=when(pull.get("updated_at")),
    )


def translate_push(delivery: Delivery, data: Mapping[str, Any]) -> ParseResult:
    """A push; ``commits_truncated`` when Gitea cut the commit list, so the paths may be incomplete.

    Newer Gitea sends ``total_commits``; without it, a list as long as the
    default cut (5) is assumed cut, since reconciliation can only gain from
    re-reading the repository.
    """
    before, after = text(data.get("before"), "before"), text(data.get("after"), "after")
    commits = data.get("commits")
    listed = len(commits) if isinstance(commits, list) else 0
    total = data.get("total_commits")
    truncated = total > listed if isinstance(total, int) else listed >= DEFAULT_FEED_MAX_COMMITS
    forced = data.get("forced")
    push = PushDetails(
        ref=text(data["ref"], "ref"),
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
    ref = text(data.get("ref"), "ref")
    ref_type = text(data.get("ref_type"), "ref_type")
    if ref_type not in REF_PREFIXES:
        return Ignored(
            f"delete of a {echo(ref_type) if ref_type else 'unnamed'} ref is not used", delivery.id
        )
    full_ref = ref if ref.startswith("refs/") else REF_PREFIXES[ref_type] + ref
    push = PushDetails(ref=full_ref, after=NULL_SHA, deleted=True)
    return _event(delivery, data, EventKind.PUSH, push=push)


def translate_create(delivery: Delivery, _data: Mapping[str, Any]) -> ParseResult:
    return Ignored("create events are not used; the push that creates the ref says the same", delivery.id)


Translator = Callable[[Delivery, Mapping[str, Any]], ParseResult]

BY_EVENT_TYPE: dict[str, Translator] = {
    "issues": translate_issues,
    "issue_label": translate_issues,
    "issue_comment": translate_comment,
    "pull_request_comment": translate_comment,
    "pull_request": translate_pull_request,
    "pull_request_sync": translate_pull_request,
    "pull_request_review_approved": translate_review,
    "pull_request_review_rejected": translate_review,
    "pull_request_review_comment": translate_review,
    "push": translate_push,
    "delete": translate_delete,
    "create": translate_create,
}
BY_EVENT: dict[str, Translator] = {
    "issues": translate_issues,
    "issue_comment": translate_comment,
    "pull_request": translate_pull_request,
    "pull_request_approved": translate_review,
    "pull_request_rejected": translate_review,
    "pull_request_comment": translate_review,
    "push": translate_push,
    "delete": translate_delete,
    "create": translate_create,
}


def first_header(headers: Mapping[str, str], names: tuple[str, ...]) -> str | None:
    """The first non-empty value among ``names``, in the order given."""
    for name in names:
        value = header(headers, name)
        if value:
            return value
    return None


def read_delivery(headers: Mapping[str, str]) -> Delivery:
    event = first_header(headers, EVENT_HEADERS)
    delivery = first_header(headers, DELIVERY_HEADERS)
    if not event:
        raise MalformedPayload("missing X-Gitea-Event header")
    if not delivery:
        raise MalformedPayload("missing X-Gitea-Delivery header")
    return Delivery(id=delivery, event=event, event_type=first_header(headers, EVENT_TYPE_HEADERS) or "")


def translate(delivery: Delivery, data: Mapping[str, Any]) -> ParseResult:
    """Route by the fine event type when the sender gave one, else by the coarse name."""
    table = BY_EVENT_TYPE if delivery.event_type else BY_EVENT
    translator = table.get(delivery.name)
    if translator is None:
        return Ignored(f"{echo(delivery.name, words=True)} events are not used", delivery.id)
    try:
        return translator(delivery, data)
    except PAYLOAD_ERRORS as exc:
        raise malformed(delivery.name, exc) from exc
