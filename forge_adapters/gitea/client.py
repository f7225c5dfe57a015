"""Gitea/Forgejo API calls: the thin call part of the Gitea adapter.

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
from contextlib import contextmanager
from datetime import UTC, datetime
from types import TracebackType
from typing import Any
from urllib.parse import quote

import httpx
import structlog

from bot.intake.conversation import ThreadMessage
from bot.intake.events import Actor, RepoRef
from forge_adapters.base import (
    ForgeError,
    GitCredentials,
    OpenedIssue,
    OpenedThread,
    PostedComment,
    RepoInfo,
    UpdatedComment,
)
from forge_adapters.common_markers import holds_marker
from forge_adapters.gitea.fields import actor, when
from forge_adapters.gitea.http import GiteaHTTP
from forge_adapters.gitea.payloads import issue_thread

GIT_USERNAME = "gitlearnos-bot"
THREAD_NUMBER = re.compile(r"/(?:issues|pulls)/(?P<number>\d+)/?$")
log = structlog.get_logger("gitlearnos.forge.gitea")


def repo_path(repo: RepoRef) -> str:
    return f"/repos/{quote(repo.owner, safe='')}/{quote(repo.name, safe='')}"


@contextmanager
def expected_shape(what: str) -> Iterator[None]:
    """Turn a Gitea answer missing the fields we read into a ForgeError naming the call."""
    try:
        yield
    except (KeyError, TypeError, ValueError) as error:
        raise ForgeError(
            f"Gitea's answer to {what} lacks expected fields ({type(error).__name__})"
        ) from error


class GiteaClient:
    """The :class:`~forge_adapters.base.ForgeClient` for Gitea and Forgejo."""

    def __init__(
        self, token: str, *, url: str, timeout: float, transport: httpx.BaseTransport | None = None
    ) -> None:
        self._http = GiteaHTTP(token, url=url, timeout=timeout, transport=transport)
        self._token = token
        self._identity: Actor | None = None

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

    def bot_identity(self) -> Actor:
        """``GET /user``, once per client (a scoped token needs ``read:user``)."""
        if self._identity is None:
            with expected_shape("GET /user"):
                found = actor(self._http.call("GET", "/user"))
                if found is None:
                    raise KeyError("login")
                self._identity = found.model_copy(update={"is_bot": True})
        return self._identity

    def upsert_comment(
        self, repo: RepoRef, number: int, marker: str, body: str, *, is_pull_request: bool | None = None
    ) -> PostedComment:
        """Edit the bot's own comment holding ``marker``, else post one.

        Only comments written by the bot count: a learner who quotes a bot
        reply copies its hidden marker, and editing that comment would
        overwrite the learner's words.
        """
        me = self.bot_identity().login.lower()
        issue = f"{repo_path(repo)}/issues/{number}"
        with expected_shape(f"the comments of #{number}"):
            for comment in self._http.paginate(f"{issue}/comments"):
                author = comment.get("user")
                mine = isinstance(author, Mapping) and str(author.get("login") or "").lower() == me
                if mine and holds_marker(str(comment.get("body") or ""), marker):
                    if comment.get("body") != body:
                        edit = f"{repo_path(repo)}/issues/comments/{int(comment['id'])}"
                        self._http.call("PATCH", edit, json={"body": body})
                    return PostedComment(
                        id=comment["id"], url=str(comment.get("html_url") or ""), created=False
                    )
            created = self._http.call("POST", f"{issue}/comments", json={"body": body})
            return PostedComment(id=created["id"], url=str(created.get("html_url") or ""), created=True)

    def git_credentials(self, repo: RepoRef) -> GitCredentials:
        return GitCredentials(username=GIT_USERNAME, password=self._token)

    def repository_info(self, repo: RepoRef) -> RepoInfo:
        with expected_shape(f"GET {repo_path(repo)}"):
            data = self._http.call("GET", repo_path(repo))
            private = data.get("private")
            return RepoInfo(
                private=private if isinstance(private, bool) else None,  # unknown: refused, not private
                default_branch=str(data["default_branch"]),
                clone_url=str(data["clone_url"]),
            )

    def open_issue(self, repo: RepoRef, title: str, body: str, labels: tuple[str, ...] = ()) -> OpenedThread:
        """Open an issue; labels missing from the repository are left off and logged, not fatal."""
        payload: dict[str, Any] = {"title": title, "body": body}
        if labels:
            payload["labels"] = self._label_ids(repo, labels)
        with expected_shape(f"POST {repo_path(repo)}/issues"):
            created = self._http.call("POST", f"{repo_path(repo)}/issues", json=payload)
            return OpenedThread(number=int(created["number"]), url=str(created.get("html_url") or ""))

    def open_pull_request(
        self, repo: RepoRef, *, head: str, base: str, title: str, body: str
    ) -> OpenedThread:
        payload = {"head": head, "base": base, "title": title, "body": body}
        try:
            created = self._http.call("POST", f"{repo_path(repo)}/pulls", json=payload)
        except ForgeError as error:
            if error.status != httpx.codes.CONFLICT:
                raise
            existing = self._open_pull(repo, head=head, base=base)
            if existing is None:
                raise
            return existing
        with expected_shape(f"POST {repo_path(repo)}/pulls"):
            return OpenedThread(number=int(created["number"]), url=str(created.get("html_url") or ""))

    def find_pull_request(self, repo: RepoRef, *, head: str, base: str) -> OpenedThread | None:
        return self._open_pull(repo, head=head, base=base)

    def has_access(self, repo: RepoRef, login: str) -> bool:
        """The owner, or a collaborator (``GET /collaborators/{login}``: 204 yes, 404 no)."""
        if login.lower() == repo.owner.lower():
            return True
        try:
            self._http.call("GET", f"{repo_path(repo)}/collaborators/{quote(login, safe='')}")
        except ForgeError as error:
            if error.status == httpx.codes.NOT_FOUND:
                return False
            raise
        return True

    def request_reviewers(self, repo: RepoRef, number: int, logins: tuple[str, ...]) -> None:
        path = f"{repo_path(repo)}/pulls/{number}/requested_reviewers"
        self._http.call("POST", path, json={"reviewers": list(logins)})

    def comments_updated_since(self, repo: RepoRef, since: datetime) -> list[UpdatedComment]:
        """Issue and PR comments changed at or after ``since`` (second precision; may repeat one)."""
        moment = since if since.tzinfo else since.replace(tzinfo=UTC)
        params = {"since": moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")}
        found: list[UpdatedComment] = []
        with expected_shape(f"GET {repo_path(repo)}/issues/comments"):
            for comment in self._http.paginate(f"{repo_path(repo)}/issues/comments", params):
                updated = _updated_comment(comment)
                if updated is None:
                    log.warning(
                        "gitea.comment_skipped", comment_id=comment.get("id"), reason="no thread or time"
                    )
                    continue
                found.append(updated)
        return found

    def issues_opened_since(self, repo: RepoRef, since: datetime) -> list[OpenedIssue]:
        """Issues created at or after ``since``; Gitea's ``since`` filters on update time, a superset."""
        moment = since if since.tzinfo else since.replace(tzinfo=UTC)
        params = {
            "state": "all",
            "type": "issues",
            "since": moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        }
        opened: list[OpenedIssue] = []
        with expected_shape(f"GET {repo_path(repo)}/issues"):
            for issue in self._http.paginate(f"{repo_path(repo)}/issues", params):
                created = when(issue.get("created_at"))
                author = actor(issue.get("user"))
                if issue.get("pull_request") or created is None or created < moment or author is None:
                    continue
                opened.append(OpenedIssue(thread=issue_thread(issue), author=author, created_at=created))
        return sorted(opened, key=lambda found: found.created_at)

    def thread_messages(
        self, repo: RepoRef, number: int, *, is_pull_request: bool | None = None
    ) -> list[ThreadMessage]:
        """The comments of issue/PR ``number`` (one API for both), oldest first as Gitea lists them."""
        me = self.bot_identity().login.lower()
        messages: list[ThreadMessage] = []
        with expected_shape(f"the comments of #{number}"):
            for comment in self._http.paginate(f"{repo_path(repo)}/issues/{number}/comments"):
                author = actor(comment.get("user"))
                login = author.login if author is not None else ""
                is_bot = author is not None and (author.is_bot or login.lower() == me)
                body = str(comment.get("body") or "")
                messages.append(
                    ThreadMessage(author=login, is_bot=is_bot, body=body, comment_id=str(comment["id"]))
                )
        return messages

    def _label_ids(self, repo: RepoRef, names: tuple[str, ...]) -> list[int]:
        with expected_shape(f"GET {repo_path(repo)}/labels"):
            known = {
                str(label["name"]): int(label["id"])
                for label in self._http.paginate(f"{repo_path(repo)}/labels")
            }
        missing = [name for name in names if name not in known]
        if missing:
            log.warning("gitea.labels_missing", repo=repo.full_name, labels=missing)
        return [known[name] for name in names if name in known]

    def _open_pull(self, repo: RepoRef, *, head: str, base: str) -> OpenedThread | None:
        with expected_shape(f"GET {repo_path(repo)}/pulls"):
            for pull in self._http.paginate(f"{repo_path(repo)}/pulls", {"state": "open"}):
                if pull["head"]["ref"] == head and pull["base"]["ref"] == base:
                    return OpenedThread(number=int(pull["number"]), url=str(pull.get("html_url") or ""))
        return None


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
