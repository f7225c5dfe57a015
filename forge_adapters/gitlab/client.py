"""GitLab's requests through python-gitlab: the primitives under :class:`~forge_adapters.base.ForgeClient`.

Rate limits: python-gitlab sleeps and retries a 429 by itself (up to ten
times) and its errors do not keep the response headers. A worker must not
sleep for minutes, and the task needs GitLab's delay, so a ``requests``
response hook turns a 429 into a :class:`ForgeError` carrying ``Retry-After``
(or ``RateLimit-Reset``) before python-gitlab sees it. Transient 5xx are not
retried here either (``retry_transient_errors=False``): the Celery task retries.

Redirects are refused, not followed: ``requests`` drops only ``Authorization`` on a redirect to
another host, and python-gitlab sends the token as ``PRIVATE-TOKEN``, which it would carry to
wherever the ``Location`` points (and the answer from there would be read as GitLab's). The same
response hook raises on a redirect, so the operator is told to configure the URL GitLab lives at.

Issues and merge requests number their ``iid``\\ s separately, so issue 3 and
merge request 3 can both exist. Comment calls therefore take
``is_pull_request``; without it, they fall back to the merge request only when
no issue has that iid.

The token goes to python-gitlab (``PRIVATE-TOKEN``, which project, group and
personal access tokens all accept) and into :class:`GitCredentials`; it is
never part of a repr, a message or a log line.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from datetime import datetime
from typing import Any, TypeVar

import gitlab
import requests
from gitlab.base import RESTObject
from gitlab.exceptions import GitlabError
from gitlab.v4.objects import Project, ProjectIssue, ProjectMergeRequest

from bot.intake.events import Actor, RepoRef
from forge_adapters.base import (
    NOT_FOUND,
    CommentThread,
    ForgeClient,
    ForgeComment,
    ForgeError,
    ForgeNotConfigured,
    OpenedIssue,
    OpenedThread,
    RepoInfo,
    UpdatedComment,
    mapped_errors,
    utc_stamp,
)
from forge_adapters.common_rate_limit import retry_after_seconds
from forge_adapters.gitlab.translate import actor, gitlab_time, is_private
from forge_adapters.gitlab.translate import thread as issue_thread

GIT_USERNAME = "oauth2"  # any username works with a token over HTTPS; oauth2 is GitLab's documented one
PAGE_SIZE = 100
TOO_MANY_REQUESTS = 429
MESSAGE_LIMIT = 200
T = TypeVar("T")


class _RateLimited(Exception):
    """Raised inside ``requests`` on a 429, so python-gitlab cannot swallow it into a sleep."""

    def __init__(self, retry_after: float | None) -> None:
        super().__init__("GitLab rate limit")
        self.retry_after = retry_after


class _Redirected(Exception):
    """Raised inside ``requests`` on a redirect, before it follows it with the token."""

    def __init__(self, status: int) -> None:
        super().__init__("GitLab redirect")
        self.status = status


def _stop_on_rate_limit_or_redirect(response: requests.Response, *_args: object, **_kwargs: object) -> None:
    if response.status_code == TOO_MANY_REQUESTS:
        raise _RateLimited(retry_after_seconds(response.headers, time.time()))
    if response.is_redirect:
        raise _Redirected(response.status_code)


def to_forge_error(error: Exception, doing: str) -> ForgeError | None:
    """A python-gitlab or ``requests`` failure as a :class:`ForgeError`; None for anything else."""
    if isinstance(error, _RateLimited):
        return ForgeError(
            f"GitLab rate limit while {doing}", status=TOO_MANY_REQUESTS, retry_after=error.retry_after
        )
    if isinstance(error, _Redirected):
        return ForgeError(
            f"GitLab answered a {error.status} redirect while {doing}; redirects are not followed"
            " (the token would go along): set GITLEARNOS_GITLAB_URL to the URL GitLab serves its API at",
            status=error.status,
        )
    if isinstance(error, GitlabError):
        detail = str(error.error_message)[:MESSAGE_LIMIT]
        return ForgeError(
            f"GitLab answered {error.response_code} while {doing}: {detail}", status=error.response_code
        )
    if isinstance(error, requests.RequestException):
        return ForgeError(f"GitLab unreachable while {doing}: {type(error).__name__}")
    return None


def forge_errors(doing: str) -> AbstractContextManager[None]:
    """Every failure of ``doing`` as a :class:`ForgeError` (the one error workers handle)."""
    return mapped_errors(to_forge_error, doing)


class GitLabClient(ForgeClient):
    """:class:`forge_adapters.base.ForgeClient` for gitlab.com and self-managed GitLab at ``url``."""

    git_username = GIT_USERNAME
    pull_exists_status = 409  # "Another open merge request already exists for this source branch"

    def __init__(self, token: str, *, url: str, timeout: float) -> None:
        if not token:
            raise ForgeNotConfigured("no GitLab token configured (set GITLEARNOS_GITLAB_TOKEN)")
        super().__init__()
        self._token = token
        self._url = url.rstrip("/")
        self._gl = gitlab.Gitlab(
            self._url, private_token=token, timeout=timeout, retry_transient_errors=False
        )
        self._gl.session.hooks["response"].append(_stop_on_rate_limit_or_redirect)

    def __repr__(self) -> str:
        return f"GitLabClient(url={self._url!r}, token='***')"

    def _forge_error(self, error: Exception, doing: str) -> ForgeError | None:
        return to_forge_error(error, doing)

    def _project(self, repo: RepoRef) -> Project:
        return self._gl.projects.get(repo.full_name, lazy=True)  # no request; path is URL-encoded

    def _thread(self, thread: CommentThread) -> ProjectIssue | ProjectMergeRequest:
        project = self._project(thread.repo)
        if thread.is_pull_request:
            return project.mergerequests.get(thread.number, lazy=True)
        return project.issues.get(thread.number, lazy=True)

    def _on_thread(self, is_pull_request: bool | None, call: Callable[[bool], T]) -> T:
        """When unknown, the issue with that iid, else (404 only) the merge request."""
        if is_pull_request is not None:
            return call(is_pull_request)
        try:
            return call(False)
        except GitlabError as error:
            if error.response_code != NOT_FOUND:
                raise
        return call(True)

    def _note(self, thread: CommentThread, note: RESTObject) -> ForgeComment:
        kind = "merge_requests" if thread.is_pull_request else "issues"
        url = f"{self._url}/{thread.repo.full_name}/-/{kind}/{thread.number}#note_{note.id}"
        author = actor(note.author) if isinstance(note.author, dict) else None
        return ForgeComment(id=note.id, body=str(note.body or ""), url=url, author=author)

    def _comments(self, thread: CommentThread, *, oldest_first: bool) -> Iterator[ForgeComment]:
        """The notes people wrote: system notes ("changed the title") and authorless ones are left out."""
        order = {"order_by": "created_at", "sort": "asc"} if oldest_first else {}
        notes = self._thread(thread).notes.list(iterator=True, per_page=PAGE_SIZE, **order)
        written = [note for note in notes if not note.system and isinstance(note.author, dict)]
        if oldest_first:
            written.sort(key=lambda note: int(note.id))  # note ids grow with time; ties in created_at do not
        return (self._note(thread, note) for note in written)

    def _create_comment(self, thread: CommentThread, body: str) -> ForgeComment:
        return self._note(thread, self._thread(thread).notes.create({"body": body}))

    def _edit_comment(self, thread: CommentThread, comment_id: int | str, body: str) -> None:
        self._thread(thread).notes.update(comment_id, {"body": body})

    def _git_password(self, repo: RepoRef) -> str:  # noqa: ARG002 - the base class's signature; this forge has no use for it
        return self._token

    def _repository_info(self, repo: RepoRef) -> RepoInfo:
        """Fresh facts; ``internal`` is not private, and an unknown visibility is None (refused too)."""
        project = self._gl.projects.get(repo.full_name)
        return RepoInfo(
            private=is_private({"visibility": getattr(project, "visibility", None)}),
            default_branch=str(getattr(project, "default_branch", None) or "main"),
            clone_url=str(getattr(project, "http_url_to_repo", "") or ""),
        )

    def _own_account(self) -> Actor:
        self._gl.auth()
        user = self._gl.user
        identity = actor(user.asdict()) if user is not None else None
        if identity is None:
            raise ForgeError("GitLab did not say which user the token belongs to")
        return identity

    def _open_issue(self, repo: RepoRef, title: str, body: str, labels: tuple[str, ...]) -> OpenedThread:
        fields: dict[str, Any] = {"title": title, "description": body}
        if labels:
            fields["labels"] = ",".join(labels)
        issue = self._project(repo).issues.create(fields)
        return OpenedThread(number=int(issue.iid), url=str(issue.web_url))

    def _open_pull(self, repo: RepoRef, *, head: str, base: str, title: str, body: str) -> OpenedThread:
        fields = {"source_branch": head, "target_branch": base, "title": title, "description": body}
        merge_request = self._project(repo).mergerequests.create(fields)
        return OpenedThread(number=int(merge_request.iid), url=str(merge_request.web_url))

    def _find_pull(self, repo: RepoRef, *, head: str, base: str) -> OpenedThread | None:
        found = self._project(repo).mergerequests.list(
            source_branch=head, target_branch=base, state="opened", per_page=1, get_all=False
        )
        return OpenedThread(number=int(found[0].iid), url=str(found[0].web_url)) if found else None

    def _user_id(self, login: str) -> int | None:
        users = self._gl.users.list(username=login, per_page=1, get_all=False)
        return int(users[0].id) if users else None

    def _has_access(self, repo: RepoRef, login: str) -> bool:
        """A project member, direct or inherited (``members/all/:id``); an unknown user has none."""
        user_id = self._user_id(login)
        if user_id is None:
            return False
        self._project(repo).members_all.get(user_id)
        return True

    def _request_reviewers(self, repo: RepoRef, number: int, logins: tuple[str, ...]) -> None:
        """GitLab takes reviewer user ids on the merge request itself."""
        ids = [user_id for login in logins if (user_id := self._user_id(login)) is not None]
        self._project(repo).mergerequests.update(number, {"reviewer_ids": ids})

    def _comments_since(self, repo: RepoRef, since: datetime) -> list[UpdatedComment]:
        """Notes on issues and MRs updated after ``since``, oldest first; no system notes.

        Threads come from ``updated_after`` (a new note updates its thread);
        notes are read newest-updated first, so each thread stops at the
        first note not newer than ``since``.
        """
        project = self._project(repo)
        found: list[UpdatedComment] = []
        for is_pull_request, manager in ((False, project.issues), (True, project.mergerequests)):
            for thread in manager.list(iterator=True, per_page=PAGE_SIZE, updated_after=utc_stamp(since)):
                found += _notes_since(thread, is_pull_request, since)
        return sorted(found, key=lambda comment: comment.updated_at)

    def _issues_since(self, repo: RepoRef, since: datetime) -> Iterator[OpenedIssue]:
        """Issues created at or after ``since``, read as webhooks read them."""
        listing = self._project(repo).issues.list(
            iterator=True,
            per_page=PAGE_SIZE,
            created_after=utc_stamp(since),
            order_by="created_at",
            sort="asc",
        )
        for issue in listing:
            attrs: dict[str, Any] = issue.attributes
            created = gitlab_time(attrs.get("created_at"))
            author = actor(attrs["author"]) if isinstance(attrs.get("author"), dict) else None
            if created is None or author is None:
                continue
            opened = issue_thread(
                attrs | {"url": attrs.get("web_url") or ""},
                labels=attrs.get("labels"),
                author=author.login,
                confidential=attrs.get("confidential") is True,
            )
            yield OpenedIssue(thread=opened, author=author, created_at=created)


def _notes_since(
    thread: ProjectIssue | ProjectMergeRequest, is_pull_request: bool, since: datetime
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
