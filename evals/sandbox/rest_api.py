"""The subset of GitHub's REST API the bot uses, under ``/api/v3`` as on GitHub Enterprise Server.

Handlers are thin: they read GitHub's parameters and bodies, then run the flows every forge shares
(:mod:`evals.sandbox.api_flows`), rendering with :class:`GitHubRenderer`. Lists page GitHub's way
(``page``/``per_page``, ``Link`` only, :mod:`evals.sandbox.pagination`).
"""

from __future__ import annotations

from typing import Annotated, Literal

from litestar import Controller, Response, get, patch, post
from litestar.params import FromQuery, JSONBody, QueryParameter

from evals.sandbox.api_flows import (
    REPO_PATH,
    Call,
    CommentText,
    FullName,
    IssueText,
    history,
    parse_timestamp,
    repository_comments,
    updated_within,
)
from evals.sandbox.github_objects import API_PREFIX
from evals.sandbox.http_support import PathInt, Renderer, SandboxRequest
from evals.sandbox.pagination import DEFAULT_PER_PAGE, paginate
from evals.sandbox.rendering import JSON


class GitHubRestController(Controller):
    path = API_PREFIX

    @get("/user", sync_to_thread=True)
    def authenticated_user(self, request: SandboxRequest, gh: Renderer) -> JSON:
        return gh.authenticated_user(request.user.login)

    @get(REPO_PATH, sync_to_thread=True)
    def repository(self, full_name: FullName, gh: Renderer) -> JSON:
        return gh.repository(gh.store.repository(full_name))

    @post(f"{REPO_PATH}/issues", sync_to_thread=True)
    def create_issue(self, full_name: FullName, data: JSONBody[IssueText], gh_call: Call) -> Response[JSON]:
        return gh_call.open_issue(full_name, data)

    @get(f"{REPO_PATH}/issues", sync_to_thread=True)
    def issues(
        self,
        *,
        request: SandboxRequest,
        full_name: FullName,
        gh: Renderer,
        wanted_state: Annotated[Literal["open", "closed", "all"], QueryParameter(name="state")] = "open",
        since: FromQuery[str | None] = None,
        sort: FromQuery[str] = "created",
        direction: FromQuery[str] = "desc",
        page: FromQuery[int] = 1,
        per_page: FromQuery[int] = DEFAULT_PER_PAGE,
    ) -> Response[list[JSON]]:
        """Issues updated at or after ``since`` in a ``state``, sorted by ``sort`` (created/updated), paged.

        The sandbox has its pull requests apart, so none is listed (GitHub lists both here).
        """
        moment = parse_timestamp("since", since, "ISO 8601")
        chosen = [
            issue
            for issue in gh.store.issues(full_name)
            if wanted_state in ("all", issue.state) and (moment is None or issue.updated_at >= moment)
        ]
        chosen.sort(key=lambda issue: (issue.updated_at if sort == "updated" else issue.created_at, issue.id))
        if direction == "desc":
            chosen.reverse()
        shown, headers = paginate(chosen, str(request.url), page, per_page)
        return Response([gh.issue(issue) for issue in shown], headers=headers)

    @get(f"{REPO_PATH}/issues/{{number:int}}", sync_to_thread=True)
    def issue(self, full_name: FullName, number: PathInt, gh: Renderer) -> JSON:
        return gh.issue(gh.store.issue(full_name, number))

    @get(f"{REPO_PATH}/issues/comments", sync_to_thread=True)
    def repository_comments(
        self,
        *,
        request: SandboxRequest,
        full_name: FullName,
        gh: Renderer,
        since: FromQuery[str | None] = None,
        page: FromQuery[int] = 1,
        per_page: FromQuery[int] = DEFAULT_PER_PAGE,
    ) -> Response[list[JSON]]:
        """The repository's issue comments updated at or after ``since``, oldest update first, paged."""
        comments = repository_comments(gh.store, full_name, parse_timestamp("since", since, "ISO 8601"))
        shown, headers = paginate(comments, str(request.url), page, per_page)
        return Response([gh.comment(comment) for comment in shown], headers=headers)

    @get(f"{REPO_PATH}/issues/{{number:int}}/comments", sync_to_thread=True)
    def comments(
        self,
        *,
        request: SandboxRequest,
        full_name: FullName,
        number: PathInt,
        gh: Renderer,
        since: FromQuery[str | None] = None,
        page: FromQuery[int] = 1,
        per_page: FromQuery[int] = DEFAULT_PER_PAGE,
    ) -> Response[list[JSON]]:
        """Oldest first, updated at or after ``since``, in GitHub's pages."""
        after = parse_timestamp("since", since, "ISO 8601")
        comments = updated_within(gh.store.comments(full_name, number), after)
        shown, headers = paginate(comments, str(request.url), page, per_page)
        return Response([gh.comment(comment) for comment in shown], headers=headers)

    @post(f"{REPO_PATH}/issues/{{number:int}}/comments", sync_to_thread=True)
    def create_comment(
        self, full_name: FullName, number: PathInt, data: JSONBody[CommentText], gh_call: Call
    ) -> Response[JSON]:
        return gh_call.add_comment(full_name, number, data.body)

    @patch(f"{REPO_PATH}/issues/comments/{{comment_id:int}}", sync_to_thread=True)
    def edit_comment(
        self, full_name: FullName, comment_id: PathInt, data: JSONBody[CommentText], gh_call: Call
    ) -> Response[JSON]:
        return gh_call.edit_comment(full_name, comment_id, data.body)

    @get(f"{REPO_PATH}/commits", sync_to_thread=True)
    def commits(
        self,
        *,
        request: SandboxRequest,
        full_name: FullName,
        gh: Renderer,
        sha: FromQuery[str | None] = None,
        page: FromQuery[int] = 1,
        per_page: FromQuery[int] = DEFAULT_PER_PAGE,
    ) -> Response[list[JSON]]:
        """Newest first from ``sha`` (default branch); an empty repository is GitHub's 409."""
        repository = gh.store.repository(full_name)
        shown, headers = paginate(history(gh, repository, sha), str(request.url), page, per_page)
        return Response([gh.commit(full_name, info) for info in shown], headers=headers)
