"""The subset of GitHub's REST API the bot uses, under ``/api/v3`` as on GitHub Enterprise Server.

Handlers are thin: they call the store, render with :class:`GitHubRenderer` and, for changes GitHub
announces by webhook, queue the delivery to run after the answer is sent.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from litestar import Controller, Response, get, patch, post
from litestar.params import FromQuery, JSONBody

from evals.sandbox import github_payloads
from evals.sandbox.errors import ConflictError, InvalidInputError
from evals.sandbox.github_objects import API_PREFIX, JSON
from evals.sandbox.http_support import (
    PathInt,
    PathStr,
    Renderer,
    SandboxRequest,
    Sender,
    respond_then_deliver,
)
from evals.sandbox.pagination import DEFAULT_PER_PAGE, paginate

_REPO = "/repos/{owner:str}/{repo:str}"


@dataclass
class NewIssue:
    title: str
    body: str | None = None
    labels: list[str] = field(default_factory=list)


@dataclass
class CommentText:
    body: str


def _parse_since(since: str | None) -> datetime | None:
    if since is None:
        return None
    try:
        return datetime.fromisoformat(since)
    except ValueError as exc:
        raise InvalidInputError(f"since must be an ISO 8601 timestamp, got {since!r}") from exc


class GitHubRestController(Controller):
    path = API_PREFIX

    @get("/user", sync_to_thread=True)
    def authenticated_user(self, request: SandboxRequest, gh: Renderer) -> JSON:
        return gh.authenticated_user(request.user.login)

    @get(_REPO, sync_to_thread=True)
    def repository(self, owner: PathStr, repo: PathStr, gh: Renderer) -> JSON:
        return gh.repository(gh.store.repository(f"{owner}/{repo}"))

    @post(f"{_REPO}/issues", sync_to_thread=True)
    def create_issue(
        self,
        *,
        request: SandboxRequest,
        owner: PathStr,
        repo: PathStr,
        data: JSONBody[NewIssue],
        gh: Renderer,
        sender: Sender,
    ) -> Response[JSON]:
        full_name = f"{owner}/{repo}"
        issue = gh.store.create_issue(
            full_name, author=request.user.login, title=data.title, body=data.body, labels=data.labels
        )
        return respond_then_deliver(
            gh.issue(issue),
            status_code=201,
            sender=sender,
            hooks=gh.store.hooks(full_name),
            event=github_payloads.issue_opened(gh, issue),
        )

    @get(f"{_REPO}/issues/{{number:int}}", sync_to_thread=True)
    def issue(self, owner: PathStr, repo: PathStr, number: PathInt, gh: Renderer) -> JSON:
        return gh.issue(gh.store.issue(f"{owner}/{repo}", number))

    @get(f"{_REPO}/issues/{{number:int}}/comments", sync_to_thread=True)
    def comments(
        self,
        *,
        request: SandboxRequest,
        owner: PathStr,
        repo: PathStr,
        number: PathInt,
        gh: Renderer,
        since: FromQuery[str | None] = None,
        page: FromQuery[int] = 1,
        per_page: FromQuery[int] = DEFAULT_PER_PAGE,
    ) -> Response[list[JSON]]:
        after = _parse_since(since)
        comments = [
            comment
            for comment in gh.store.comments(f"{owner}/{repo}", number)
            if after is None or comment.updated_at >= after
        ]
        shown, headers = paginate(comments, str(request.url), page, per_page)
        return Response([gh.comment(comment) for comment in shown], headers=headers)

    @post(f"{_REPO}/issues/{{number:int}}/comments", sync_to_thread=True)
    def create_comment(
        self,
        *,
        request: SandboxRequest,
        owner: PathStr,
        repo: PathStr,
        number: PathInt,
        data: JSONBody[CommentText],
        gh: Renderer,
        sender: Sender,
    ) -> Response[JSON]:
        full_name = f"{owner}/{repo}"
        comment = gh.store.add_comment(full_name, number, author=request.user.login, body=data.body)
        return respond_then_deliver(
            gh.comment(comment),
            status_code=201,
            sender=sender,
            hooks=gh.store.hooks(full_name),
            event=github_payloads.comment_created(gh, comment),
        )

    @patch(f"{_REPO}/issues/comments/{{comment_id:int}}", sync_to_thread=True)
    def edit_comment(
        self,
        *,
        request: SandboxRequest,
        owner: PathStr,
        repo: PathStr,
        comment_id: PathInt,
        data: JSONBody[CommentText],
        gh: Renderer,
        sender: Sender,
    ) -> Response[JSON]:
        full_name = f"{owner}/{repo}"
        before, after = gh.store.edit_comment(
            full_name, comment_id, editor=request.user.login, body=data.body
        )
        return respond_then_deliver(
            gh.comment(after),
            status_code=200,
            sender=sender,
            hooks=gh.store.hooks(full_name),
            event=github_payloads.comment_edited(gh, before, after, request.user.login),
        )

    @get(f"{_REPO}/commits", sync_to_thread=True)
    def commits(
        self,
        *,
        request: SandboxRequest,
        owner: PathStr,
        repo: PathStr,
        gh: Renderer,
        sha: FromQuery[str | None] = None,
        page: FromQuery[int] = 1,
        per_page: FromQuery[int] = DEFAULT_PER_PAGE,
    ) -> Response[list[JSON]]:
        full_name = f"{owner}/{repo}"
        repository = gh.store.repository(full_name)
        bare = gh.store.bare_repository(full_name)
        if bare.resolve(f"refs/heads/{repository.default_branch}") is None:
            raise ConflictError("Git Repository is empty.")
        shown, headers = paginate(
            bare.log(sha or repository.default_branch), str(request.url), page, per_page
        )
        return Response([gh.commit(full_name, info) for info in shown], headers=headers)
