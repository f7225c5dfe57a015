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

from bot.events import Actor, Comment, Forge, RepoRef, Thread
from forge_adapters.intake import parse_time

DEFAULT_HOST = "github.com"


def is_bot_account(login: str, user_type: object) -> bool:
    """GitHub marks App accounts with ``type: Bot`` and a ``[bot]`` login; either is enough."""
    return user_type == "Bot" or login.endswith("[bot]")


def is_bot_user(user: Mapping[str, Any] | None) -> bool:
    if not user:
        return False
    return is_bot_account(str(user.get("login", "")), user.get("type"))


def actor(user: Mapping[str, Any] | None) -> Actor | None:
    if not user or not user.get("login"):
        return None
    return Actor(login=str(user["login"]), id=user.get("id"), is_bot=is_bot_user(user))


def repo_ref(data: Mapping[str, Any]) -> RepoRef | None:
    """The delivery's repository; the host comes from ``html_url`` so GHES repositories keep theirs."""
    repo = data.get("repository")
    if not isinstance(repo, Mapping) or not repo.get("full_name"):
        return None
    host = urlsplit(str(repo.get("html_url") or f"https://{DEFAULT_HOST}/")).netloc or DEFAULT_HOST
    private = repo.get("private")
    return RepoRef(
        forge=Forge.GITHUB,
        host=host,
        full_name=str(repo["full_name"]),
        # push payloads also carry the legacy ``master_branch``
        default_branch=str(repo.get("default_branch") or repo.get("master_branch") or "main"),
        clone_url=str(repo.get("clone_url") or ""),
        private=private if isinstance(private, bool) else None,
    )


def _labels(item: Mapping[str, Any]) -> tuple[str, ...]:
    return tuple(
        str(label.get("name", "")) for label in item.get("labels") or () if isinstance(label, Mapping)
    )


def _login(user: object) -> str:
    return str(user.get("login", "")) if isinstance(user, Mapping) else ""


def issue_thread(issue: Mapping[str, Any]) -> Thread:
    """An ``issue`` object; GitHub sends PR conversation threads as issues holding ``pull_request``."""
    return Thread(
        number=int(issue["number"]),
        title=str(issue.get("title") or ""),
        body=str(issue.get("body") or ""),
        labels=_labels(issue),
        is_pull_request=bool(issue.get("pull_request")),
        url=str(issue.get("html_url") or ""),
        author=_login(issue.get("user")),
    )


def pull_request_thread(pull: Mapping[str, Any], *, merged: bool | None = None) -> Thread:
    """A ``pull_request`` object; ``merged`` is passed only by close events, where it is final."""
    head = pull.get("head")
    return Thread(
        number=int(pull["number"]),
        title=str(pull.get("title") or ""),
        body=str(pull.get("body") or ""),
        labels=_labels(pull),
        is_pull_request=True,
        url=str(pull.get("html_url") or ""),
        author=_login(pull.get("user")),
        merged=merged,
        head_branch=str(head.get("ref") or "") if isinstance(head, Mapping) else "",
    )


def comment(raw: Mapping[str, Any], *, on_diff: bool = False) -> Comment:
    """A conversation comment, or with ``on_diff`` a line comment carrying its file and line.

    A line comment's ``line`` is null once the diff moved under it (an
    "outdated" comment); ``original_line`` still says where it was written.
    """
    line = raw.get("line") if raw.get("line") is not None else raw.get("original_line")
    return Comment(
        id=raw["id"],
        body=str(raw.get("body") or ""),
        url=str(raw.get("html_url") or ""),
        created_at=parse_time(raw.get("created_at")),
        updated_at=parse_time(raw.get("updated_at")),
        path=str(raw.get("path") or "") if on_diff else "",
        line=int(line) if on_diff and line is not None else None,
    )
