"""Gitea/Forgejo requests: the Gitea primitives under :class:`~forge_adapters.base.ForgeClient`.

A small httpx client of our own rather than a generated SDK (forge-libs-notes
§3.2): the same stack and respx tests as the rest, one code path for Gitea and
Forgejo, and no import-time side effects. Gitea facts it relies on:

- Pull requests are issues: one comment API serves both, addressed by number.
- The repository-wide comment list marks PR comments by a non-empty
  ``pull_request_url`` (and an empty ``issue_url``); the number is the last
  segment of whichever is set.
- ``POST /issues`` takes label **ids**, not names, so names are resolved
  through ``GET /labels`` first.
- ``POST /pulls`` answers 409 when an open PR for the same head and base
  exists; the existing one is returned, so a retried job does not fail.
- Git over HTTPS: Gitea tries the password as an OAuth2 token, then as an
  access token, before any username check (``services/auth/basic.go``), so the
  username is a fixed, non-secret name and the token goes in the password.

A scoped token needs ``read:user`` (the bot's identity), ``write:issue`` and
``write:repository``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from datetime import datetime
from types import TracebackType
from typing import Any
from urllib.parse import quote

import httpx
import structlog

from bot.intake.events import Actor, RepoRef
from forge_adapters.base import (
    CommentThread,
    ForgeClient,
    ForgeComment,
    ForgeError,
    OpenedIssue,
    OpenedThread,
    RepoInfo,
    UpdatedComment,
    utc_stamp,
)
from forge_adapters.gitea.http import GiteaHTTP
from forge_adapters.gitea.translate import actor, issue_thread, when

GIT_USERNAME = "gitlearnos-bot"
THREAD_NUMBER = re.compile(r"/(?:issues|pulls)/(?P<number>\d+)/?$")
log = structlog.get_logger("gitlearnos.forge.gitea")


def repo_path(repo: RepoRef) -> str:
    return f"/repos/{quote(repo.owner, safe='')}/{quote(repo.name, safe='')}"


class GiteaClient(ForgeClient):
    """The :class:`~forge_adapters.base.ForgeClient` for Gitea and Forgejo."""

    git_username = GIT_USERNAME
    pull_exists_status = httpx.codes.CONFLICT

    def __init__(
        self, token: str, *, url: str, timeout: float, transport: httpx.BaseTransport | None = None
    ) -> None:
        super().__init__()
        self._http = GiteaHTTP(token, url=url, timeout=timeout, transport=transport)
        self._token = token

    def __repr__(self) -> str:
        return f"GiteaClient(base_url={self._http.base_url!r}, token='***')"

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> GiteaClient:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()

    def _forge_error(self, error: Exception, doing: str) -> ForgeError | None:
        """HTTP failures are ForgeErrors already (:mod:`.http`); so is an answer missing a field we read."""
        if isinstance(error, KeyError | TypeError | ValueError):
            return ForgeError(f"Gitea's answer lacks expected fields while {doing} ({type(error).__name__})")
        return None

    def _own_account(self) -> Actor:
        """``GET /user`` (a scoped token needs ``read:user``); whoever the token is counts as the bot."""
        found = actor(self._http.call("GET", "/user"))
        if found is None:
            raise KeyError("login")
        return found.model_copy(update={"is_bot": True})

    def _git_password(self, repo: RepoRef) -> str:  # noqa: ARG002 - the base class's signature; this forge has no use for it
        return self._token

    def _comments(self, thread: CommentThread, *, oldest_first: bool) -> Iterator[ForgeComment]:  # noqa: ARG002 - the base class's signature: Gitea lists oldest first
        """One comment API serves issues and PRs, oldest first as Gitea lists them."""
        for comment in self._http.paginate(f"{repo_path(thread.repo)}/issues/{thread.number}/comments"):
            yield _comment(comment)

    def _create_comment(self, thread: CommentThread, body: str) -> ForgeComment:
        path = f"{repo_path(thread.repo)}/issues/{thread.number}/comments"
        return _comment(self._http.call("POST", path, json={"body": body}))

    def _edit_comment(self, thread: CommentThread, comment_id: int | str, body: str) -> None:
        path = f"{repo_path(thread.repo)}/issues/comments/{int(comment_id)}"
        self._http.call("PATCH", path, json={"body": body})

    def _repository_info(self, repo: RepoRef) -> RepoInfo:
        data = self._http.call("GET", repo_path(repo))
        private = data.get("private")
        return RepoInfo(
            private=private if isinstance(private, bool) else None,  # unknown: refused, not private
            default_branch=str(data["default_branch"]),
            clone_url=str(data["clone_url"]),
        )

    def _open_issue(self, repo: RepoRef, title: str, body: str, labels: tuple[str, ...]) -> OpenedThread:
        """Open an issue; labels missing from the repository are left off and logged, not fatal."""
        payload: dict[str, Any] = {"title": title, "body": body}
        if labels:
            payload["labels"] = self._label_ids(repo, labels)
        created = self._http.call("POST", f"{repo_path(repo)}/issues", json=payload)
        return OpenedThread(number=int(created["number"]), url=str(created.get("html_url") or ""))

    def _open_pull(self, repo: RepoRef, *, head: str, base: str, title: str, body: str) -> OpenedThread:
        payload = {"head": head, "base": base, "title": title, "body": body}
        created = self._http.call("POST", f"{repo_path(repo)}/pulls", json=payload)
        return OpenedThread(number=int(created["number"]), url=str(created.get("html_url") or ""))

    def _find_pull(self, repo: RepoRef, *, head: str, base: str) -> OpenedThread | None:
        for pull in self._http.paginate(f"{repo_path(repo)}/pulls", {"state": "open"}):
            if pull["head"]["ref"] == head and pull["base"]["ref"] == base:
                return OpenedThread(number=int(pull["number"]), url=str(pull.get("html_url") or ""))
        return None

    def _has_access(self, repo: RepoRef, login: str) -> bool:
        """The owner, or a collaborator (``GET /collaborators/{login}``: 204 yes, 404 no)."""
        if login.lower() != repo.owner.lower():
            self._http.call("GET", f"{repo_path(repo)}/collaborators/{quote(login, safe='')}")
        return True

    def _request_reviewers(self, repo: RepoRef, number: int, logins: tuple[str, ...]) -> None:
        path = f"{repo_path(repo)}/pulls/{number}/requested_reviewers"
        self._http.call("POST", path, json={"reviewers": list(logins)})

    def _comments_since(self, repo: RepoRef, since: datetime) -> Iterator[UpdatedComment]:
        """Issue and PR comments changed at or after ``since`` (second precision; may repeat one)."""
        for comment in self._http.paginate(f"{repo_path(repo)}/issues/comments", {"since": utc_stamp(since)}):
            updated = _updated_comment(comment)
            if updated is None:
                log.warning("gitea.comment_skipped", comment_id=comment.get("id"), reason="no thread or time")
                continue
            yield updated

    def _issues_since(self, repo: RepoRef, since: datetime) -> Iterator[OpenedIssue]:
        """Gitea's ``since`` filters on update time, a superset of creation; PRs are dropped here."""
        params = {"state": "all", "type": "issues", "since": utc_stamp(since)}
        for issue in self._http.paginate(f"{repo_path(repo)}/issues", params):
            created = when(issue.get("created_at"))
            author = actor(issue.get("user"))
            if not issue.get("pull_request") and created is not None and author is not None:
                yield OpenedIssue(thread=issue_thread(issue), author=author, created_at=created)

    def _label_ids(self, repo: RepoRef, names: tuple[str, ...]) -> list[int]:
        listed = self._http.paginate(f"{repo_path(repo)}/labels")
        known = {str(label["name"]): int(label["id"]) for label in listed}
        missing = [name for name in names if name not in known]
        if missing:
            log.warning("gitea.labels_missing", repo=repo.full_name, labels=missing)
        return [known[name] for name in names if name in known]


def _comment(comment: Mapping[str, Any]) -> ForgeComment:
    return ForgeComment(
        id=comment["id"],
        body=str(comment.get("body") or ""),
        url=str(comment.get("html_url") or ""),
        author=actor(comment.get("user")),
    )


def _updated_comment(comment: Mapping[str, Any]) -> UpdatedComment | None:
    pull_url = str(comment.get("pull_request_url") or "")
    thread_url = pull_url or str(comment.get("issue_url") or "") or str(comment.get("html_url") or "")
    match = THREAD_NUMBER.search(thread_url.split("#", 1)[0])
    updated_at = when(comment.get("updated_at")) or when(comment.get("created_at"))
    author = actor(comment.get("user"))
    if match is None or updated_at is None or author is None:
        return None
    return UpdatedComment(
        thread_number=int(match["number"]),
        is_pull_request=bool(pull_url) or "/pulls/" in thread_url,
        comment_id=comment["id"],
        author=author,
        body=str(comment.get("body") or ""),
        updated_at=updated_at,
        created_at=when(comment.get("created_at")),
    )
