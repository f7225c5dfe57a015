"""GitLab API calls through python-gitlab: the thin call part of the GitLab adapter.

Rate limits: python-gitlab sleeps and retries a 429 by itself (up to ten
times) and its errors do not keep the response headers. A worker must not
sleep for minutes, and the task needs GitLab's delay, so a ``requests``
response hook turns a 429 into a :class:`ForgeError` carrying ``Retry-After``
(or ``RateLimit-Reset``) before python-gitlab sees it. Transient 5xx are not
retried here either (``retry_transient_errors=False``): the Celery task retries.

Issues and merge requests number their ``iid``\\ s separately, so issue 3 and
merge request 3 can both exist. :meth:`GitLabClient.upsert_comment` therefore
takes ``is_pull_request`` (a keyword beyond :class:`ForgeClient`); without
it, it falls back to the merge request only when no issue has that iid.

The token goes to python-gitlab (``PRIVATE-TOKEN``, which project, group and
personal access tokens all accept) and into :class:`GitCredentials`; it is
never part of a repr, a message or a log line.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any, TypeVar

import gitlab
import requests
from gitlab.exceptions import GitlabError
from gitlab.v4.objects import Project, ProjectIssue, ProjectMergeRequest

from bot.intake.conversation import ThreadMessage
from bot.intake.events import Actor, RepoRef
from forge_adapters.base import (
    ForgeError,
    ForgeNotConfigured,
    GitCredentials,
    OpenedIssue,
    OpenedThread,
    PostedComment,
    RepoInfo,
    UpdatedComment,
)
from forge_adapters.common_markers import holds_marker
from forge_adapters.common_rate_limit import retry_after_seconds
from forge_adapters.gitlab.delivery import thread
from forge_adapters.gitlab.fields import actor, gitlab_time, is_private

GIT_USERNAME = "oauth2"  # any username works with a token over HTTPS; oauth2 is GitLab's documented one
PAGE_SIZE = 100
NOT_FOUND = 404
TOO_MANY_REQUESTS = 429
MESSAGE_LIMIT = 200
T = TypeVar("T")


class _RateLimited(Exception):
    """Raised inside ``requests`` on a 429, so python-gitlab cannot swallow it into a sleep."""

    def __init__(self, retry_after: float | None) -> None:
        super().__init__("GitLab rate limit")
        self.retry_after = retry_after


def _stop_on_rate_limit(response: requests.Response, *args: object, **kwargs: object) -> None:
    if response.status_code == TOO_MANY_REQUESTS:
        raise _RateLimited(retry_after_seconds(response.headers, time.time()))


@contextmanager
def forge_errors(action: str) -> Iterator[None]:
    """Every failure of ``action`` as a :class:`ForgeError` (the one error workers handle)."""
    try:
        yield
    except _RateLimited as error:
        raise ForgeError(
            f"GitLab rate limit while {action}", status=TOO_MANY_REQUESTS, retry_after=error.retry_after
        ) from error
    except GitlabError as error:
        detail = str(error.error_message)[:MESSAGE_LIMIT]
        raise ForgeError(
            f"GitLab answered {error.response_code} while {action}: {detail}", status=error.response_code
        ) from error
    except requests.RequestException as error:
        raise ForgeError(f"GitLab unreachable while {action}: {type(error).__name__}") from error


class GitLabClient:
    """:class:`forge_adapters.base.ForgeClient` for gitlab.com and self-managed GitLab at ``url``."""

    def __init__(self, token: str, *, url: str, timeout: float) -> None:
        if not token:
            raise ForgeNotConfigured("no GitLab token configured (set GITLEARNOS_GITLAB_TOKEN)")
        self._token = token
        self._url = url.rstrip("/")
        self._gl = gitlab.Gitlab(
            self._url, private_token=token, timeout=timeout, retry_transient_errors=False
        )
        self._gl.session.hooks["response"].append(_stop_on_rate_limit)

    def __repr__(self) -> str:
        return f"GitLabClient(url={self._url!r}, token='***')"

    def _project(self, repo: RepoRef) -> Project:
        return self._gl.projects.get(repo.full_name, lazy=True)  # no request; path is URL-encoded

    def _thread(
        self, repo: RepoRef, number: int, is_pull_request: bool
    ) -> ProjectIssue | ProjectMergeRequest:
        project = self._project(repo)
        if is_pull_request:
            return project.mergerequests.get(number, lazy=True)
        return project.issues.get(number, lazy=True)

    def _note_url(self, repo: RepoRef, number: int, is_pull_request: bool, note_id: int) -> str:
        kind = "merge_requests" if is_pull_request else "issues"
        return f"{self._url}/{repo.full_name}/-/{kind}/{number}#note_{note_id}"

    def upsert_comment(
        self, repo: RepoRef, number: int, marker: str, body: str, *, is_pull_request: bool | None = None
    ) -> PostedComment:
        """Edit the note holding ``marker`` on issue/MR ``number``, or post ``body`` as a new note.

        ``is_pull_request=None`` (a caller that only knows the number): the
        issue with that iid, else — only if there is none (404) — the merge
        request. Pass the flag whenever the event said which it was.
        """
        with forge_errors("posting a comment"):
            return _issue_else_merge_request(
                is_pull_request, lambda on_mr: self._upsert_on(repo, number, on_mr, marker, body)
            )

    def _upsert_on(
        self, repo: RepoRef, number: int, is_pull_request: bool, marker: str, body: str
    ) -> PostedComment:
        thread = self._thread(repo, number, is_pull_request)
        for note in thread.notes.list(iterator=True, per_page=PAGE_SIZE):
            if holds_marker(note.body, marker):
                if note.body != body:
                    note.body = body
                    note.save()
                return PostedComment(note.id, self._note_url(repo, number, is_pull_request, note.id), False)
        created = thread.notes.create({"body": body})
        return PostedComment(created.id, self._note_url(repo, number, is_pull_request, created.id), True)

    def thread_messages(
        self, repo: RepoRef, number: int, *, is_pull_request: bool | None = None
    ) -> list[ThreadMessage]:
        """The non-system notes of issue/MR ``number``, oldest first; ``None`` picks as upsert does."""
        me = self.bot_identity().login.lower()
        with forge_errors("reading a thread's notes"):
            return _issue_else_merge_request(
                is_pull_request, lambda on_mr: self._messages_on(repo, number, on_mr, me)
            )

    def _messages_on(self, repo: RepoRef, number: int, is_pull_request: bool, me: str) -> list[ThreadMessage]:
        thread = self._thread(repo, number, is_pull_request)
        found: list[tuple[int, ThreadMessage]] = []
        for note in thread.notes.list(iterator=True, per_page=PAGE_SIZE, order_by="created_at", sort="asc"):
            author = actor(note.author) if isinstance(note.author, dict) else None
            if note.system or author is None:
                continue
            is_bot = author.is_bot or author.login.lower() == me
            message = ThreadMessage(
                author=author.login, is_bot=is_bot, body=str(note.body or ""), comment_id=str(note.id)
            )
            found.append((int(note.id), message))
        return [message for _, message in sorted(found, key=lambda pair: pair[0])]  # note ids grow with time

    def git_credentials(self, repo: RepoRef) -> GitCredentials:
        return GitCredentials(username=GIT_USERNAME, password=self._token)

    def repository_info(self, repo: RepoRef) -> RepoInfo:
        """Fresh facts; ``internal`` is not private, and an unknown visibility is None (refused too)."""
        with forge_errors("reading the repository"):
            project = self._gl.projects.get(repo.full_name)
        return RepoInfo(
            private=is_private({"visibility": getattr(project, "visibility", None)}),
            default_branch=str(getattr(project, "default_branch", None) or "main"),
            clone_url=str(getattr(project, "http_url_to_repo", "") or ""),
        )

    def bot_identity(self) -> Actor:
        with forge_errors("reading the bot's own user"):
            self._gl.auth()
        user = self._gl.user
        identity = actor(user.asdict()) if user is not None else None
        if identity is None:
            raise ForgeError("GitLab did not say which user the token belongs to")
        return identity

    def open_issue(self, repo: RepoRef, title: str, body: str, labels: tuple[str, ...] = ()) -> OpenedThread:
        fields: dict[str, Any] = {"title": title, "description": body}
        if labels:
            fields["labels"] = ",".join(labels)
        with forge_errors("opening an issue"):
            issue = self._project(repo).issues.create(fields)
        return OpenedThread(number=int(issue.iid), url=str(issue.web_url))

    def open_pull_request(
        self, repo: RepoRef, *, head: str, base: str, title: str, body: str
    ) -> OpenedThread:
        fields = {"source_branch": head, "target_branch": base, "title": title, "description": body}
        with forge_errors("opening a merge request"):
            merge_request = self._project(repo).mergerequests.create(fields)
        return OpenedThread(number=int(merge_request.iid), url=str(merge_request.web_url))

    def find_pull_request(self, repo: RepoRef, *, head: str, base: str) -> OpenedThread | None:
        with forge_errors("looking for a merge request"):
            found = self._project(repo).mergerequests.list(
                source_branch=head, target_branch=base, state="opened", per_page=1, get_all=False
            )
        return OpenedThread(number=int(found[0].iid), url=str(found[0].web_url)) if found else None

    def _user_id(self, login: str) -> int | None:
        users = self._gl.users.list(username=login, per_page=1, get_all=False)
        return int(users[0].id) if users else None

    def has_access(self, repo: RepoRef, login: str) -> bool:
        """A project member, direct or inherited (``members/all/:id``); an unknown user has none."""
        with forge_errors("checking project membership"):
            user_id = self._user_id(login)
            if user_id is None:
                return False
            try:
                self._project(repo).members_all.get(user_id)
            except GitlabError as error:
                if error.response_code == NOT_FOUND:
                    return False
                raise
        return True

    def request_reviewers(self, repo: RepoRef, number: int, logins: tuple[str, ...]) -> None:
        """GitLab takes reviewer user ids on the merge request itself."""
        with forge_errors("requesting reviewers"):
            ids = [user_id for login in logins if (user_id := self._user_id(login)) is not None]
            self._project(repo).mergerequests.update(number, {"reviewer_ids": ids})

    def comments_updated_since(self, repo: RepoRef, since: datetime) -> list[UpdatedComment]:
        """Notes on issues and MRs updated after ``since`` (naive = UTC), oldest first; no system notes.

        Threads come from ``updated_after`` (a new note updates its thread);
        notes are read newest-updated first, so each thread stops at the
        first note not newer than ``since``.
        """
        since = since if since.tzinfo else since.replace(tzinfo=UTC)
        after = since.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
        project = self._project(repo)
        found: list[UpdatedComment] = []
        with forge_errors("catching up on comments"):
            for is_pull_request, manager in ((False, project.issues), (True, project.mergerequests)):
                for thread in manager.list(iterator=True, per_page=PAGE_SIZE, updated_after=after):
                    found += self._notes_since(thread, is_pull_request, since)
        return sorted(found, key=lambda comment: comment.updated_at)

    def issues_opened_since(self, repo: RepoRef, since: datetime) -> list[OpenedIssue]:
        """Issues created at or after ``since`` (naive = UTC), oldest first, read as webhooks read them."""
        since = since if since.tzinfo else since.replace(tzinfo=UTC)
        after = since.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
        opened: list[OpenedIssue] = []
        with forge_errors("catching up on issues"):
            listing = self._project(repo).issues.list(
                iterator=True, per_page=PAGE_SIZE, created_after=after, order_by="created_at", sort="asc"
            )
            for issue in listing:
                attrs: dict[str, Any] = issue.attributes
                created = gitlab_time(attrs.get("created_at"))
                author = actor(attrs["author"]) if isinstance(attrs.get("author"), dict) else None
                if created is None or created < since or author is None:
                    continue
                issue_thread = thread(
                    attrs | {"url": attrs.get("web_url") or ""},
                    labels=attrs.get("labels"),
                    author=author.login,
                    confidential=attrs.get("confidential") is True,
                )
                opened.append(OpenedIssue(thread=issue_thread, author=author, created_at=created))
        return sorted(opened, key=lambda issue: issue.created_at)

    def _notes_since(
        self, thread: ProjectIssue | ProjectMergeRequest, is_pull_request: bool, since: datetime
    ) -> Iterator[UpdatedComment]:
        notes = thread.notes.list(iterator=True, per_page=PAGE_SIZE, order_by="updated_at", sort="desc")
        for note in notes:
            updated = gitlab_time(note.updated_at) or gitlab_time(note.created_at)
            if updated is None or updated <= since:
                return
            author = actor(note.author) if isinstance(note.author, dict) else None
            if note.system or author is None:
                continue
            yield UpdatedComment(
                thread_number=int(thread.iid),
                is_pull_request=is_pull_request,
                comment_id=note.id,
                author=author,
                body=str(note.body or ""),
                updated_at=updated,
                created_at=gitlab_time(note.created_at),
            )


def _issue_else_merge_request(is_pull_request: bool | None, call: Callable[[bool], T]) -> T:
    """``call(is_pull_request)``; when unknown, the issue with that iid, else (404 only) the merge request."""
    if is_pull_request is not None:
        return call(is_pull_request)
    try:
        return call(False)
    except GitlabError as error:
        if error.response_code != NOT_FOUND:
            raise
    return call(True)
