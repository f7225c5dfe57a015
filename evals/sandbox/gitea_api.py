"""The subset of Gitea's REST API the bot uses, under ``/api/v1`` as on Gitea and Forgejo.

Authentication is the shared one (``Authorization: token <t>``, Gitea's historical form, or ``Bearer``,
or Basic). Lists page with ``page``/``limit`` and say ``X-Total-Count``; an issue's comments, as on
Gitea, are not paged at all but filtered with ``since``/``before``. Handlers read Gitea's parameters and
bodies, then run the flows every forge shares (:mod:`evals.sandbox.api_flows`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
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
    paged,
    parse_timestamp,
    repository_comments,
    updated_within,
)
from evals.sandbox.errors import InvalidInputError
from evals.sandbox.forge_paging import GITEA, ordered
from evals.sandbox.gitea_objects import API_PREFIX, GiteaRenderer
from evals.sandbox.http_support import GiteaSite, PathInt, SandboxRequest
from evals.sandbox.rendering import JSON, label_id


@dataclass
class NewIssue:
    title: str
    body: str | None = None
    # Gitea takes label ids; the sandbox has no label objects, so it also takes names.
    labels: list[int | str] = field(default_factory=list)


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

    @get(REPO_PATH, sync_to_thread=True)
    def repository(self, request: SandboxRequest, full_name: FullName, gitea: GiteaSite) -> JSON:
        return gitea.repository(gitea.store.repository(full_name), viewer=request.user.login)

    @get(f"{REPO_PATH}/issues", sync_to_thread=True)
    def issues(
        self,
        *,
        request: SandboxRequest,
        full_name: FullName,
        gitea: GiteaSite,
        wanted_state: Annotated[Literal["open", "closed", "all"], QueryParameter(name="state")] = "open",
        kind: Annotated[Literal["issues", "pulls"] | None, QueryParameter(name="type")] = None,
        page: FromQuery[int | None] = None,
        limit: FromQuery[int | None] = None,
    ) -> Response[list[JSON]]:
        """Newest first; ``type=pulls`` finds nothing, as the sandbox has no pull requests."""
        issues = [
            issue
            for issue in gitea.store.issues(full_name)
            if wanted_state in ("all", issue.state) and kind != "pulls"
        ]
        return paged(request, GITEA, ordered(issues), gitea.issue, page=page, size=limit)

    @post(f"{REPO_PATH}/issues", sync_to_thread=True)
    def create_issue(
        self, full_name: FullName, data: JSONBody[NewIssue], gitea: GiteaSite, gitea_call: Call
    ) -> Response[JSON]:
        text = IssueText(data.title, data.body, _label_names(gitea, full_name, data.labels))
        return gitea_call.open_issue(full_name, text)

    @get(f"{REPO_PATH}/issues/{{index:int}}", sync_to_thread=True)
    def issue(self, full_name: FullName, index: PathInt, gitea: GiteaSite) -> JSON:
        return gitea.issue(gitea.store.issue(full_name, index))

    @get(f"{REPO_PATH}/issues/comments", sync_to_thread=True)
    def repository_comments(
        self, *, full_name: FullName, gitea: GiteaSite, since: FromQuery[str | None] = None
    ) -> Response[list[JSON]]:
        """The repository's issue comments updated at or after ``since``, oldest update first, one page."""
        comments = repository_comments(gitea.store, full_name, parse_timestamp("since", since, "RFC 3339"))
        return Response([gitea.comment(c) for c in comments], headers={"X-Total-Count": str(len(comments))})

    @get(f"{REPO_PATH}/issues/{{index:int}}/comments", sync_to_thread=True)
    def comments(
        self,
        *,
        full_name: FullName,
        index: PathInt,
        gitea: GiteaSite,
        since: FromQuery[str | None] = None,
        before: FromQuery[str | None] = None,
    ) -> Response[list[JSON]]:
        """All of an issue's comments, oldest first, updated at or after ``since`` and before ``before``."""
        after = parse_timestamp("since", since, "RFC 3339")
        until = parse_timestamp("before", before, "RFC 3339")
        comments = updated_within(gitea.store.comments(full_name, index), after, until)
        return Response(
            [gitea.comment(comment) for comment in ordered(comments, sort="asc")],
            headers={"X-Total-Count": str(len(comments))},
        )

    @post(f"{REPO_PATH}/issues/{{index:int}}/comments", sync_to_thread=True)
    def create_comment(
        self, full_name: FullName, index: PathInt, data: JSONBody[CommentText], gitea_call: Call
    ) -> Response[JSON]:
        return gitea_call.add_comment(full_name, index, data.body)

    @get(f"{REPO_PATH}/issues/comments/{{comment_id:int}}", sync_to_thread=True)
    def comment(self, full_name: FullName, comment_id: PathInt, gitea: GiteaSite) -> JSON:
        return gitea.comment(gitea.store.comment(full_name, comment_id))

    @patch(f"{REPO_PATH}/issues/comments/{{comment_id:int}}", sync_to_thread=True)
    def edit_comment(
        self, full_name: FullName, comment_id: PathInt, data: JSONBody[CommentText], gitea_call: Call
    ) -> Response[JSON]:
        return gitea_call.edit_comment(full_name, comment_id, data.body)

    @get(f"{REPO_PATH}/commits", sync_to_thread=True)
    def commits(
        self,
        *,
        request: SandboxRequest,
        full_name: FullName,
        gitea: GiteaSite,
        sha: FromQuery[str | None] = None,
        page: FromQuery[int | None] = None,
        limit: FromQuery[int | None] = None,
    ) -> Response[list[JSON]]:
        """Newest first from ``sha`` (default branch); an empty repository is Gitea's 409."""
        repository = gitea.store.repository(full_name)
        render = partial(gitea.commit, full_name)
        return paged(request, GITEA, history(gitea, repository, sha), render, page=page, size=limit)
