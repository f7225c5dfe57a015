"""GitLab delivery → :class:`InboundEvent`, or :class:`Ignored` with the reason. Pure.

Dispatch is on ``X-Gitlab-Event`` (``Note Hook``, ``Merge Request Hook``, …),
cross-checked against the body's ``object_kind``.

A delivery that is valid but not useful is :class:`Ignored` (HTTP 200), never
an error: GitLab disables hooks that keep failing, a 4xx ones for good.

Schedules: a Pipeline Hook fires on every status change of a pipeline, so only
a ``schedule`` pipeline turning ``pending`` (its start) is a trigger. Its
actor is left out on purpose: the schedule's owner may be the bot's own token
user, and a trigger must not be dropped as bot-authored.

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

Delivery identity, strongest first: ``Idempotency-Key`` (GitLab 17.4+, kept
across GitLab's retries and "Resend Request"), ``X-Gitlab-Event-UUID``
(14.8+, one per event), and for older instances a hash of the raw body, so
a byte-identical retry is still recognized.

The readers of shared objects (project, user, labels, times) raise ``KeyError`` or
:class:`PayloadShapeError` on a payload that lacks what they need; :func:`parse_delivery` turns those
into :class:`~forge_adapters.intake.MalformedPayload` in one place. The same user rules serve
webhooks and API answers (see :mod:`.client`).
"""

from __future__ import annotations

import hashlib
import re
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
from forge_adapters.common_push import changed_paths, is_null_sha
from forge_adapters.intake import (
    PAYLOAD_ERRORS,
    Ignored,
    MalformedPayload,
    ParseResult,
    decode_json_body,
    echo,
    header,
    malformed,
    parse_time,
)
from forge_adapters.payload_fields import PayloadShapeError, text, user_id, whole_number

EVENT_HEADER = "X-Gitlab-Event"
DELIVERY_HEADERS = ("Idempotency-Key", "X-Gitlab-Event-UUID")
INSTANCE_HEADER = "X-Gitlab-Instance"
# Project and group access tokens act through generated users (GitLab docs,
# "Bot users for projects/groups"): project_<id>_bot_<random> today,
# project_<id>_bot and project_<id>_bot<n> on older instances.
TOKEN_BOT_USERNAME = re.compile(
    r"""
    ^(?:project|group)_\d+_bot   # whose token: project or group <id>
    (?:_[A-Za-z0-9]+|\d*)$       # _<random> (current) or <n>/nothing (older GitLab)
    """,
    re.VERBOSE,
)

# visibility_level in webhook payloads (Gitlab::VisibilityLevel); API answers spell it out.
KNOWN_LEVELS = {0: "private", 10: "internal", 20: "public"}


def mapping(data: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    """``data[key]`` when it is a JSON object; a ``TypeError``/``KeyError`` otherwise."""
    value = data[key]
    if not isinstance(value, Mapping):
        raise PayloadShapeError(f"{key} is not an object")
    return value


def optional_mapping(data: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    value = data.get(key)
    return value if isinstance(value, Mapping) else {}


def gitlab_time(value: object) -> datetime | None:
    """GitLab writes both ISO 8601 and ``2017-12-10 17:05:56 UTC``; read either."""
    if isinstance(value, str) and value.endswith(" UTC"):
        value = value.removesuffix(" UTC") + "+00:00"
    return parse_time(value)


def is_bot_user(user: Mapping[str, Any]) -> bool:
    """GitLab payloads carry no bot flag (API answers may: ``bot``); token bots are known by name."""
    return user.get("bot") is True or bool(TOKEN_BOT_USERNAME.match(str(user.get("username") or "")))


def actor(user: Mapping[str, Any]) -> Actor | None:
    """The person (or bot) in a ``user``/``author`` object; older payloads have no ``id``."""
    username = user.get("username")
    if not isinstance(username, str) or not username:
        return None
    return Actor(login=username, id=user_id(user.get("id")), is_bot=is_bot_user(user))


def is_private(project: Mapping[str, Any]) -> bool | None:
    """Private means visible to members only; ``internal`` (every signed-in user) is not private."""
    level = project.get("visibility_level")
    visibility = KNOWN_LEVELS.get(level) if isinstance(level, int) else project.get("visibility")
    if visibility not in KNOWN_LEVELS.values():
        return None
    return visibility == "private"


def repo_ref(project: Mapping[str, Any], instance: str = "") -> RepoRef:
    """The repository a delivery is about; host from the project's web URL, else ``X-Gitlab-Instance``."""
    web_url = text(project.get("web_url"), "project.web_url")
    host = urlsplit(web_url).netloc or urlsplit(f"//{instance}").netloc
    if not host:
        raise PayloadShapeError("the payload does not say which GitLab host it comes from")
    clone_url = text(project.get("git_http_url"), "project.git_http_url") or text(
        project.get("http_url"), "project.http_url"
    )
    return RepoRef(
        forge=Forge.GITLAB,
        host=host,
        full_name=text(project["path_with_namespace"], "project.path_with_namespace"),
        default_branch=text(project.get("default_branch"), "project.default_branch") or "main",
        clone_url=clone_url,
        private=is_private(project),
    )


def label_names(labels: object) -> tuple[str, ...]:
    """Label titles from a payload's ``labels`` list (objects with ``title``, or bare strings)."""
    if not isinstance(labels, list):
        return ()
    names = (label.get("title") if isinstance(label, Mapping) else label for label in labels)
    return tuple(str(name) for name in names if isinstance(name, str) and name)


@dataclass(frozen=True)
class Delivery:
    """The hook name (``X-Gitlab-Event``), the delivery id and the decoded body."""

    hook: str
    delivery_id: str
    data: Mapping[str, Any]
    instance: str = ""  # X-Gitlab-Instance: the host when the project has no web_url

    @property
    def confidential(self) -> bool:
        """``Confidential Issue Hook``/``Confidential Note Hook`` (``event_type: confidential_*``)."""
        event_type = str(self.data.get("event_type") or "")
        return self.hook.startswith("Confidential ") or event_type.startswith("confidential_")

    @property
    def user(self) -> Actor | None:
        return actor(optional_mapping(self.data, "user"))

    def event(self, kind: EventKind, **parts: Any) -> InboundEvent:
        repo = repo_ref(mapping(self.data, "project"), self.instance)
        return build_event(
            dict(forge=Forge.GITLAB, delivery_id=self.delivery_id, kind=kind, repo=repo, **parts)
        )

    def ignore(self, reason: str) -> Ignored:
        return Ignored(reason, self.delivery_id)


def thread(attrs: Mapping[str, Any], *, labels: object, **facts: Any) -> Thread:
    """An issue or merge request from its attributes; the number is the ``iid``, never the global ``id``."""
    return Thread(
        number=whole_number(attrs["iid"], "iid"),
        title=text(attrs.get("title"), "title"),
        body=text(attrs.get("description"), "description"),
        labels=label_names(labels),
        url=text(attrs.get("url"), "url"),
        head_branch=text(attrs.get("source_branch"), "source_branch"),
        **facts,
    )


def updated_at(attrs: Mapping[str, Any]) -> datetime | None:
    return gitlab_time(attrs.get("updated_at") or attrs.get("created_at"))


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


IGNORED_HOOKS = {
    "Tag Push Hook": "tag pushes are not used; the learning record lives on branches",
    "System Hook": "system hooks (instance administration) are not used; add a project or group hook instead",
}


def translate(delivery: Delivery) -> ParseResult:
    """The event a delivery stands for; ``KeyError``/``ValueError``/``TypeError`` when malformed."""
    if delivery.hook in IGNORED_HOOKS:
        return delivery.ignore(IGNORED_HOOKS[delivery.hook])
    route = ROUTES.get(delivery.hook)
    if route is None:
        return delivery.ignore(f"{echo(delivery.hook, words=True)} events are not used")
    object_kinds, translate_hook = route
    object_kind = delivery.data.get("object_kind")
    if object_kind is not None and object_kind not in object_kinds:
        raise PayloadShapeError(f"X-Gitlab-Event {delivery.hook!r} does not match its object_kind")
    return translate_hook(delivery)


def push_event(delivery: Delivery) -> ParseResult:
    data = delivery.data
    before, after = text(data.get("before"), "before"), text(data.get("after"), "after")
    commits = data.get("commits")
    total = data.get("total_commits_count")
    listed = len(commits) if isinstance(commits, list) else 0
    push = PushDetails(
        ref=text(data["ref"], "ref"),
        before=before,
        after=after,
        created=is_null_sha(before),
        deleted=is_null_sha(after),
        forced=None,  # GitLab does not say
        changed_paths=changed_paths(commits),
        commits_truncated=isinstance(total, int) and total > listed,  # GitLab lists at most 20 commits
    )
    pusher = actor({"username": data.get("user_username"), "id": data.get("user_id")})
    return delivery.event(EventKind.PUSH, actor=pusher, push=push)


def pipeline_event(delivery: Delivery) -> ParseResult:
    attrs = mapping(delivery.data, "object_attributes")
    source, status = attrs.get("source"), attrs.get("status")
    if source != "schedule":
        return delivery.ignore(f"pipelines from {echo(source)!r} are not used, only scheduled")
    if status != "pending":
        return delivery.ignore(
            f"scheduled pipeline is {echo(status)!r}; only its start ('pending') triggers a run"
        )
    return delivery.event(EventKind.SCHEDULE, occurred_at=gitlab_time(attrs.get("created_at")))


Translator = Callable[[Delivery], ParseResult]
ROUTES: dict[str, tuple[frozenset[str], Translator]] = {
    "Issue Hook": (frozenset({"issue", "work_item"}), issue_event),
    "Confidential Issue Hook": (frozenset({"issue", "work_item"}), issue_event),
    "Note Hook": (frozenset({"note"}), note_event),
    "Confidential Note Hook": (frozenset({"note"}), note_event),
    "Merge Request Hook": (frozenset({"merge_request"}), merge_request_event),
    "Push Hook": (frozenset({"push"}), push_event),
    "Pipeline Hook": (frozenset({"pipeline"}), pipeline_event),
}


def delivery_key(headers: Mapping[str, str], body: bytes) -> str:
    """The id that stays the same when GitLab delivers the same event again."""
    for name in DELIVERY_HEADERS:
        value = (header(headers, name) or "").strip()
        if value:
            return value
    return "body-sha256:" + hashlib.sha256(body).hexdigest()


def parse_delivery(headers: Mapping[str, str], body: bytes) -> ParseResult:
    """Translate one authenticated GitLab delivery into an event, or say why it is ignored."""
    hook = (header(headers, EVENT_HEADER) or "").strip()
    if not hook:
        raise MalformedPayload(f"missing {EVENT_HEADER} header")
    # GitLab only ever sends JSON (no form encoding), whatever Content-Type claims.
    data = decode_json_body(body, None)
    delivery = Delivery(
        hook=hook.title(),
        delivery_id=delivery_key(headers, body),
        data=data,
        instance=(header(headers, INSTANCE_HEADER) or "").strip(),
    )
    try:
        return translate(delivery)
    except PAYLOAD_ERRORS as exc:
        raise malformed(echo(delivery.hook, words=True), exc) from exc
