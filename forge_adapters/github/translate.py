"""GitHub deliveries → :class:`InboundEvent` or :class:`Ignored`: the shared objects, one translator per
event name, and the delivery's headers. Pure, no I/O.

GitHub repeats the same objects (``sender``, ``repository``, ``issue``,
``pull_request``, ``comment``) across event types, so each is read in exactly
one place (the client reads API answers with the same readers) and each
translator only decides which actions it uses and which objects fill the
event. Anything the bot has no use for comes back as :class:`Ignored` with a
reason a forge operator can read in the delivery log.

When the bot runs as a GitHub App, whatever it posts carries
``performed_via_github_app`` naming that App. Installation tokens post as
``<slug>[bot]`` (dropped as a bot anyway), but a user-to-server token posts
under a person's login, so the App id is what recognizes the bot's own words:
such a delivery is ignored here, before it could loop back as learner input.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
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
from forge_adapters.common_push import changed_paths
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
from forge_adapters.payload_fields import (
    json_object,
    object_list,
    optional_object,
    optional_whole_number,
    text,
    user_id,
    whole_number,
)

DEFAULT_HOST = "github.com"


def is_bot_account(login: str, user_type: object) -> bool:
    """GitHub marks App accounts with ``type: Bot`` and a ``[bot]`` login; either is enough."""
    return user_type == "Bot" or login.endswith("[bot]")


def is_bot_user(user: Mapping[str, Any] | None) -> bool:
    if not user:
        return False
    return is_bot_account(str(user.get("login", "")), user.get("type"))


def actor(user: object, what: str = "sender") -> Actor | None:
    """The account in a ``sender``/``user`` object; absent or ``null`` is nobody, anything else malformed."""
    account = optional_object(user, what)
    login = text(account.get("login"), f"{what}.login")
    if not login:
        return None
    return Actor(login=login, id=user_id(account.get("id")), is_bot=is_bot_user(account))


def author(raw: Mapping[str, Any], data: Mapping[str, Any]) -> Actor | None:
    """Who wrote a comment or review: its ``user``, else the delivery's ``sender``."""
    return actor(raw.get("user"), "user") or actor(data.get("sender"))


def repo_ref(data: Mapping[str, Any]) -> RepoRef | None:
    """The delivery's repository; the host comes from ``html_url`` so GHES repositories keep theirs."""
    repo = optional_object(data.get("repository"), "repository")
    full_name = text(repo.get("full_name"), "repository.full_name")
    if not full_name:
        return None
    location = text(repo.get("html_url"), "repository.html_url") or f"https://{DEFAULT_HOST}/"
    host = urlsplit(location).netloc or DEFAULT_HOST
    private = repo.get("private")
    # push payloads also carry the legacy ``master_branch``
    branch = text(repo.get("default_branch"), "repository.default_branch") or text(
        repo.get("master_branch"), "repository.master_branch"
    )
    return RepoRef(
        forge=Forge.GITHUB,
        host=host,
        full_name=full_name,
        default_branch=branch or "main",
        clone_url=text(repo.get("clone_url"), "repository.clone_url"),
        private=private if isinstance(private, bool) else None,
    )


def _labels(item: Mapping[str, Any], what: str) -> tuple[str, ...]:
    labels = object_list(item.get("labels"), f"{what}.labels")
    return tuple(text(label.get("name"), f"{what}.labels.name") for label in labels)


def _login(user: object, what: str) -> str:
    return text(optional_object(user, what).get("login"), f"{what}.login")


def issue_thread(issue: Mapping[str, Any]) -> Thread:
    """An ``issue`` object; GitHub sends PR conversation threads as issues holding ``pull_request``."""
    return Thread(
        number=whole_number(issue["number"], "issue.number"),
        title=text(issue.get("title"), "issue.title"),
        body=text(issue.get("body"), "issue.body"),
        labels=_labels(issue, "issue"),
        is_pull_request=bool(issue.get("pull_request")),
        url=text(issue.get("html_url"), "issue.html_url"),
        author=_login(issue.get("user"), "issue.user"),
    )


def pull_request_thread(pull: Mapping[str, Any], *, merged: bool | None = None) -> Thread:
    """A ``pull_request`` object; ``merged`` is passed only by close events, where it is final."""
    head = optional_object(pull.get("head"), "pull_request.head")
    return Thread(
        number=whole_number(pull["number"], "pull_request.number"),
        title=text(pull.get("title"), "pull_request.title"),
        body=text(pull.get("body"), "pull_request.body"),
        labels=_labels(pull, "pull_request"),
        is_pull_request=True,
        url=text(pull.get("html_url"), "pull_request.html_url"),
        author=_login(pull.get("user"), "pull_request.user"),
        merged=merged,
        head_branch=text(head.get("ref"), "pull_request.head.ref"),
    )


def comment(raw: Mapping[str, Any], *, on_diff: bool = False) -> Comment:
    """A conversation comment, or with ``on_diff`` a line comment carrying its file and line.

    A line comment's ``line`` is null once the diff moved under it (an
    "outdated" comment); ``original_line`` still says where it was written.
    """
    line = raw.get("line") if raw.get("line") is not None else raw.get("original_line")
    return Comment(
        id=whole_number(raw["id"], "comment.id"),
        body=text(raw.get("body"), "comment.body"),
        url=text(raw.get("html_url"), "comment.html_url"),
        created_at=parse_time(raw.get("created_at")),
        updated_at=parse_time(raw.get("updated_at")),
        path=text(raw.get("path"), "comment.path") if on_diff else "",
        line=optional_whole_number(line, "comment.line") if on_diff else None,
    )


def via_app(item: Mapping[str, Any]) -> int | None:
    """The id of the GitHub App an issue or comment was posted through (``performed_via_github_app``)."""
    app = optional_object(item.get("performed_via_github_app"), "performed_via_github_app")
    return optional_whole_number(app.get("id"), "performed_via_github_app.id")


Translator = Callable[[str, Mapping[str, Any]], ParseResult]

ISSUE_ACTIONS = {
    "opened": EventKind.ISSUE_OPENED,
    "edited": EventKind.ISSUE_EDITED,
    "labeled": EventKind.ISSUE_LABELED,
}
COMMENT_ACTIONS = {"created": EventKind.COMMENT_CREATED, "edited": EventKind.COMMENT_EDITED}
# ``dismissed`` reviews (and any state GitHub adds later) carry no teacher verdict to record.
REVIEW_STATES = {state.value: state for state in ReviewState}
BRANCH_PREFIX = "refs/heads/"
# GitHub lists at most this many commits in a push payload; past it, changed paths are incomplete.
MAX_PUSH_COMMITS = 2048


def _event(delivery: str, kind: EventKind, data: Mapping[str, Any], **fields: Any) -> InboundEvent:
    """The event; the payload's ``installation`` is not read: a token is minted for the installation
    GitHub names for the repository (``/repos/{owner}/{repo}/installation``), never the payload's."""
    return build_event(
        dict(forge=Forge.GITHUB, delivery_id=delivery, kind=kind, repo=repo_ref(data), **fields)
    )


def _action(data: Mapping[str, Any]) -> str:
    return text(data.get("action"), "action")


def _unused(name: str, action: str, delivery: str) -> Ignored:
    return Ignored(f"{name}.{echo(action)} is not used", delivery)


def ping(delivery: str, data: Mapping[str, Any]) -> ParseResult:
    return _event(delivery, EventKind.PING, data, actor=actor(data.get("sender")))


def issues(delivery: str, data: Mapping[str, Any]) -> ParseResult:
    action = _action(data)
    kind = ISSUE_ACTIONS.get(action)
    if kind is None:
        return _unused("issues", action, delivery)
    issue = json_object(data["issue"], "issue")
    return _event(
        delivery,
        kind,
        data,
        actor=actor(data.get("sender")),
        thread=issue_thread(issue),
        occurred_at=parse_time(issue.get("updated_at") or issue.get("created_at")),
    )


def issue_comment(delivery: str, data: Mapping[str, Any]) -> ParseResult:
    """Conversation comments on issues *and* pull requests (``issue.pull_request`` tells them apart)."""
    action = _action(data)
    kind = COMMENT_ACTIONS.get(action)
    if kind is None:
        return _unused("issue_comment", action, delivery)
    raw = json_object(data["comment"], "comment")
    posted = comment(raw)
    return _event(
        delivery,
        kind,
        data,
        actor=author(raw, data),
        thread=issue_thread(json_object(data["issue"], "issue")),
        comment=posted,
        occurred_at=posted.updated_at or posted.created_at,
    )


def pull_request(delivery: str, data: Mapping[str, Any]) -> ParseResult:
    """Opened, merged or closed; GitHub says "merged" as ``closed`` plus ``pull_request.merged``.

    ``synchronize`` and the rest are ignored: the bot's PRs are handoff packs
    whose new commits it pushed itself, and pushes arrive as ``push`` anyway.
    """
    action = _action(data)
    pull = json_object(data["pull_request"], "pull_request")
    if action == "opened":
        kind, merged = EventKind.PR_OPENED, None
    elif action == "closed":
        merged = bool(pull.get("merged"))
        kind = EventKind.PR_MERGED if merged else EventKind.PR_CLOSED
    else:
        return _unused("pull_request", action, delivery)
    return _event(
        delivery,
        kind,
        data,
        actor=actor(data.get("sender")),
        thread=pull_request_thread(pull, merged=merged),
        occurred_at=parse_time(pull.get("merged_at") or pull.get("closed_at") or pull.get("created_at")),
    )


def pull_request_review(delivery: str, data: Mapping[str, Any]) -> ParseResult:
    """A submitted review: the teacher's verdict. Its body is often null (approval without words)."""
    action = _action(data)
    if action != "submitted":
        return _unused("pull_request_review", action, delivery)
    raw = json_object(data["review"], "review")
    given = text(raw.get("state"), "review.state")
    state = REVIEW_STATES.get(given.lower())
    if state is None:
        return Ignored(f"a review in state {echo(given)!r} carries no verdict", delivery)
    return _event(
        delivery,
        EventKind.REVIEW_SUBMITTED,
        data,
        actor=author(raw, data),
        thread=pull_request_thread(json_object(data["pull_request"], "pull_request")),
        review=Review(
            id=optional_whole_number(raw.get("id"), "review.id"),
            state=state,
            body=text(raw.get("body"), "review.body"),
        ),
        occurred_at=parse_time(raw.get("submitted_at")),
    )


def pull_request_review_comment(delivery: str, data: Mapping[str, Any]) -> ParseResult:
    """A line comment on a PR diff; its path and line say what the teacher pointed at."""
    action = _action(data)
    if action != "created":
        return _unused("pull_request_review_comment", action, delivery)
    raw = json_object(data["comment"], "comment")
    posted = comment(raw, on_diff=True)
    return _event(
        delivery,
        EventKind.REVIEW_COMMENT,
        data,
        actor=author(raw, data),
        thread=pull_request_thread(json_object(data["pull_request"], "pull_request")),
        comment=posted,
        occurred_at=posted.created_at,
    )


def push(delivery: str, data: Mapping[str, Any]) -> ParseResult:
    """Branch pushes (including creation, deletion and force pushes); tags carry no learning state."""
    ref = text(data["ref"], "ref")
    if not ref.startswith(BRANCH_PREFIX):
        kind = "tag" if ref.startswith("refs/tags/") else "non-branch"
        return Ignored(f"push to {echo(ref)} is a {kind} push; only branch pushes are used", delivery)
    commits = object_list(data.get("commits"), "commits")
    forced = data.get("forced")
    head = optional_object(data.get("head_commit"), "head_commit")
    return _event(
        delivery,
        EventKind.PUSH,
        data,
        actor=actor(data.get("sender")),
        push=PushDetails(
            ref=ref,
            before=text(data.get("before"), "before"),
            after=text(data.get("after"), "after"),
            created=bool(data.get("created")),
            deleted=bool(data.get("deleted")),
            forced=forced if isinstance(forced, bool) else None,
            changed_paths=changed_paths(commits),
            commits_truncated=len(commits) >= MAX_PUSH_COMMITS,
        ),
        occurred_at=parse_time(head.get("timestamp")),
    )


def installation(delivery: str, data: Mapping[str, Any]) -> ParseResult:
    """The App was installed. An installation spans many repositories, so the event names none."""
    action = _action(data)
    if action != "created":
        return _unused("installation", action, delivery)
    return _event(delivery, EventKind.INSTALL, data, actor=actor(data.get("sender")))


def dispatch(delivery: str, data: Mapping[str, Any]) -> ParseResult:
    """``repository_dispatch`` / ``workflow_dispatch``: a scheduled workflow asking for a scheduled run.

    The event carries no actor on purpose. A scheduled workflow dispatches
    with ``GITHUB_TOKEN``, so the sender is ``github-actions[bot]``, which the
    bot-loop guard would drop; and GitHub already requires write access to
    dispatch, so the sender needs no further check. ``event_type`` and
    ``inputs`` are not carried either: which scheduled operation runs, and
    when it is due, is the learner's ``gitlearnos.yml``'s call, not the caller's.
    """
    return _event(delivery, EventKind.SCHEDULE, data)


TRANSLATORS: Mapping[str, Translator] = {
    "ping": ping,
    "issues": issues,
    "issue_comment": issue_comment,
    "pull_request": pull_request,
    "pull_request_review": pull_request_review,
    "pull_request_review_comment": pull_request_review_comment,
    "push": push,
    "installation": installation,
    "repository_dispatch": dispatch,
    "workflow_dispatch": dispatch,
}


# The object whose author an event is about, per event name: where ``performed_via_github_app`` sits.
AUTHORED_OBJECT = {
    "issues": "issue",
    "issue_comment": "comment",
    "pull_request": "pull_request",
    "pull_request_review": "review",
    "pull_request_review_comment": "comment",
}


def posted_by_app(name: str, data: Mapping[str, Any], app_id: int) -> bool:
    """Whether the issue, comment or review this event is about was posted through App ``app_id``."""
    key = AUTHORED_OBJECT.get(name)
    return key is not None and via_app(optional_object(data.get(key), key)) == app_id


def parse_delivery(headers: Mapping[str, str], body: bytes, app_id: int | None = None) -> ParseResult:
    """Translate one verified GitHub delivery into an event, or say why it is ignored.

    ``app_id``: the bot's own GitHub App, whose posts are ignored.
    """
    name = header(headers, "X-GitHub-Event")
    delivery = header(headers, "X-GitHub-Delivery") or ""
    if not name:
        raise MalformedPayload("missing X-GitHub-Event header")
    if not delivery:
        raise MalformedPayload("missing X-GitHub-Delivery header")
    data = decode_json_body(body, header(headers, "Content-Type"))
    translate = TRANSLATORS.get(name)
    if translate is None:
        return Ignored(f"{echo(name, words=True)} events are not used", delivery)
    try:
        if app_id is not None and posted_by_app(name, data, app_id):
            return Ignored("posted through this bot's own GitHub App", delivery)
        return translate(delivery, data)
    except PAYLOAD_ERRORS as exc:
        raise malformed(name, exc) from exc
