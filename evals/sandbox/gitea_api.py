"""The subset of Gitea's REST API the bot uses, under ``/api/v1`` as on Gitea and Forgejo.

Authentication is the shared one (``Authorization: token <t>``, Gitea's historical form, or ``Bearer``,
or Basic). Lists page with ``page``/``limit`` and say ``X-Total-Count``; an issue's comments, as on
Gitea, are not paged at all but filtered with ``since``/``before``. Changes are announced to every hook in
its own flavour.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Annotated, Literal

from litestar import Controller, Response, get, patch, post
from litestar.di import NamedDependency
from litestar.params import FromQuery, JSONBody, QueryParameter

from evals.sandbox.errors import ConflictError, InvalidInputError
from evals.sandbox.events import CommentCreated, CommentEdited, IssueOpened
from evals.sandbox.forge_http import respond_and_announce
from evals.sandbox.forge_paging import GITEA, gitea_headers, ordered, take_page
from evals.sandbox.gitea_objects import API_PREFIX, GiteaRenderer
from evals.sandbox.http_support import PathInt, PathStr, SandboxRequest, Sender
from evals.sandbox.rendering import JSON, label_id

GiteaSite = NamedDependency[GiteaRenderer]

_REPO = "/repos/{owner:str}/{repo:str}"


@dataclass
class NewIssue:
    title: str
    body: str | None = None
    # Gitea takes label ids; the sandbox has no label objects, so it also takes names.
    labels: list[int | str] = field(default_factory=list)


@dataclass
class CommentText:
    body: str


def _timestamp(name: str, value: str | None) -> datetime | None:
    if value is None:
        return None
    try:
        return datetime.fromisoformat(value)
    except ValueError as exc:
        raise InvalidInputError(f"{name} must be an RFC 3339 timestamp, got {value!r}") from exc


def _label_names(gitea: GiteaRenderer, full_name: str, labels: list[int | str]) -> list[str]:
    """Names for the given names and ids; an id must be one of a label some issue here already carries."""
    by_id = {label_id(full_name, name): name for name in gitea.repo_label_names(full_name)}
    names = []
    for label in labels:
        if isinstance(label, int) and label not in by_id:
            raise InvalidInputError(f"label {label} does not exist")
        names.append(by_id[label] if isinstance(label, int) else label)
    return names


class GiteaRestController(Controller):
    path = API_PREFIX

    @get("/user", sync_to_thread=True)
    def authenticated_user(self, request: SandboxRequest, gitea: GiteaSite) -> JSON:
        return gitea.user(request.user.login)

    @get(_REPO, sync_to_thread=True)
    def repository(self, request: SandboxRequest, owner: PathStr, repo: PathStr, gitea: GiteaSite) -> JSON:
        return gitea.repository(gitea.store.repository(f"{owner}/{repo}"), viewer=request.user.login)

    @get(f"{_REPO}/issues", sync_to_thread=True)
    def issues(
        self,
        *,
        request: SandboxRequest,
        owner: PathStr,
        repo: PathStr,
        gitea: GiteaSite,
        wanted_state: Annotated[Literal["open", "closed", "all"], QueryParameter(name="state")] = "open",
        kind: Annotated[Literal["issues", "pulls"] | None, QueryParameter(name="type")] = None,
        page: FromQuery[int | None] = None,
        limit: FromQuery[int | None] = None,
    ) -> Response[list[JSON]]:
        """Newest first; ``type=pulls`` finds nothing, as the sandbox has no pull requests."""
        issues = [
            issue
            for issue in gitea.store.issues(f"{owner}/{repo}")
            if wanted_state in ("all", issue.state) and kind != "pulls"
        ]
        shown = take_page(ordered(issues), GITEA, page, limit)
        return Response(
            [gitea.issue(issue) for issue in shown.items], headers=gitea_headers(str(request.url), shown)
        )

    @post(f"{_REPO}/issues", sync_to_thread=True)
    def create_issue(
        self,
        *,
        request: SandboxRequest,
        owner: PathStr,
        repo: PathStr,
        data: JSONBody[NewIssue],
        gitea: GiteaSite,
        sender: Sender,
    ) -> Response[JSON]:
        full_name = f"{owner}/{repo}"
        issue = gitea.store.create_issue(
            full_name,
            author=request.user.login,
            title=data.title,
            body=data.body,
            labels=_label_names(gitea, full_name, data.labels),
        )
        return respond_and_announce(
            gitea.issue(issue),
            status_code=201,
            sender=sender,
            hooks=gitea.store.hooks(full_name),
            site_url=gitea.site_url,
            event=IssueOpened(issue),
        )

    @get(f"{_REPO}/issues/{{index:int}}", sync_to_thread=True)
    def issue(self, owner: PathStr, repo: PathStr, index: PathInt, gitea: GiteaSite) -> JSON:
        return gitea.issue(gitea.store.issue(f"{owner}/{repo}", index))

    @get(f"{_REPO}/issues/{{index:int}}/comments", sync_to_thread=True)
    def comments(
        self,
        *,
        owner: PathStr,
        repo: PathStr,
        index: PathInt,
        gitea: GiteaSite,
        since: FromQuery[str | None] = None,
        before: FromQuery[str | None] = None,
    ) -> Response[list[JSON]]:
        """All of an issue's comments, oldest first, updated at or after ``since`` and before ``before``."""
        after, until = _timestamp("since", since), _timestamp("before", before)
        comments = [
            comment
            for comment in gitea.store.comments(f"{owner}/{repo}", index)
            if (after is None or comment.updated_at >= after)
            and (until is None or comment.updated_at < until)
        ]
        return Response(
            [gitea.comment(comment) for comment in ordered(comments, sort="asc")],
            headers={"X-Total-Count": str(len(comments))},
        )

    @post(f"{_REPO}/issues/{{index:int}}/comments", sync_to_thread=True)
    def create_comment(
        self,
        *,
        request: SandboxRequest,
        owner: PathStr,
        repo: PathStr,
        index: PathInt,
        data: JSONBody[CommentText],
        gitea: GiteaSite,
        sender: Sender,
    ) -> Response[JSON]:
        full_name = f"{owner}/{repo}"
        comment = gitea.store.add_comment(full_name, index, author=request.user.login, body=data.body)
        return respond_and_announce(
            gitea.comment(comment),
            status_code=201,
            sender=sender,
            hooks=gitea.store.hooks(full_name),
            site_url=gitea.site_url,
            event=CommentCreated(comment),
        )

    @get(f"{_REPO}/issues/comments/{{comment_id:int}}", sync_to_thread=True)
    def comment(self, owner: PathStr, repo: PathStr, comment_id: PathInt, gitea: GiteaSite) -> JSON:
        return gitea.comment(gitea.store.comment(f"{owner}/{repo}", comment_id))

    @patch(f"{_REPO}/issues/comments/{{comment_id:int}}", sync_to_thread=True)
    def edit_comment(
        self,
        *,
        request: SandboxRequest,
        owner: PathStr,
        repo: PathStr,
        comment_id: PathInt,
        data: JSONBody[CommentText],
        gitea: GiteaSite,
        sender: Sender,
    ) -> Response[JSON]:
        full_name = f"{owner}/{repo}"
        before, after = gitea.store.edit_comment(
            full_name, comment_id, editor=request.user.login, body=data.body
        )
        return respond_and_announce(
            gitea.comment(after),
            status_code=200,
            sender=sender,
            hooks=gitea.store.hooks(full_name),
            site_url=gitea.site_url,
            event=CommentEdited(before, after, request.user.login),
        )

    @get(f"{_REPO}/commits", sync_to_thread=True)
    def commits(
        self,
        *,
        request: SandboxRequest,
        owner: PathStr,
        repo: PathStr,
        gitea: GiteaSite,
        sha: FromQuery[str | None] = None,
        page: FromQuery[int | None] = None,
        limit: FromQuery[int | None] = None,
    ) -> Response[list[JSON]]:
        """Newest first from ``sha`` (default branch); an empty repository is Gitea's 409."""
        repository = gitea.store.repository(f"{owner}/{repo}")
        if gitea.is_empty(repository):
            raise ConflictError("Git Repository is empty.")
        bare = gitea.store.bare_repository(repository.full_name)
        shown = take_page(bare.log(sha or repository.default_branch), GITEA, page, limit)
        return Response(
            [gitea.commit(repository.full_name, info) for info in shown.items],
            headers=gitea_headers(str(request.url), shown),
        )
