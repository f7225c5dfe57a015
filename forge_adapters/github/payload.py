"""Pieces shared by every GitHub payload: who, where, which thread, which comment. Pure, no I/O.

GitHub repeats the same objects (``sender``, ``repository``, ``issue``,
``pull_request``, ``comment``) across event types, so each is read in exactly
one place and the per-event translators in :mod:`.translate` only pick which
ones apply.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import urlsplit

from bot.intake.events import Actor, Comment, Forge, RepoRef, Thread
from forge_adapters.intake import parse_time
from forge_adapters.payload_fields import (
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
