"""Pull requests (GitLab: merge requests), reviews and access checks, on all three APIs.

What the bot calls: open a PR and find an open one for a branch, check whether an account already has
access, request reviewers (only accounts with access, as the forges insist), and comment on the PR.
What people do through the GitHub-shaped API (the :class:`~evals.sandbox.client.SandboxClient`): comment
on a line, submit a review, merge or close. Each change is announced to every hook in its own flavour, so
a teacher's review reaches a GitLab hook as an approval or a note and a Gitea hook as a review event.
Giving an account access is a sandbox-only admin call: on a real forge the learner does it in the
settings, and the bot never does.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from litestar import Controller, Response, get, patch, post, put
from litestar.params import FromQuery, JSONBody, QueryParameter

from evals.sandbox.api_flows import REPO_PATH, FullName, paged, respond_and_announce
from evals.sandbox.errors import ConflictError, InvalidInputError, NotFoundError
from evals.sandbox.events import (
    CommentCreated,
    CommentEdited,
    ForgeEvent,
    LineCommentCreated,
    PullClosed,
    PullOpened,
    ReviewSubmitted,
)
from evals.sandbox.forge_paging import GITEA, GITLAB, ordered
from evals.sandbox.gitlab_api import project_of
from evals.sandbox.http_support import (
    GiteaSite,
    GitLabSite,
    PathInt,
    PathStr,
    Renderer,
    SandboxRequest,
    Sender,
    Store,
    learner_only,
)
from evals.sandbox.models import Issue, ReviewVerdict
from evals.sandbox.rendering import JSON, SiteRenderer, plain_username
from evals.sandbox.store import SandboxStore

VERDICTS: dict[str, ReviewVerdict] = {
    "APPROVE": "APPROVED",
    "REQUEST_CHANGES": "CHANGES_REQUESTED",
    "COMMENT": "COMMENTED",
}
_PROJECT = "/projects/{project_id:str}"
_MR = f"{_PROJECT}/merge_requests/{{iid:int}}"


def _announce(
    content: Any, status: int, site: SiteRenderer, sender: Sender, *, repo: str, event: ForgeEvent
) -> Response[Any]:
    hooks = site.store.hooks(repo)
    return respond_and_announce(
        content, status_code=status, sender=sender, hooks=hooks, site_url=site.site_url, event=event
    )


def _no_content(found: bool) -> Response[None]:
    if not found:
        raise NotFoundError("Not Found")
    return Response(None, status_code=204)


@dataclass
class NewPull:
    title: str
    head: str
    base: str
    body: str | None = None


@dataclass
class PullEdit:
    state: Literal["open", "closed"] | None = None


@dataclass
class Reviewers:
    reviewers: list[str] = field(default_factory=list)


@dataclass
class NewReview:
    event: Literal["APPROVE", "REQUEST_CHANGES", "COMMENT"]
    body: str = ""


@dataclass
class LineComment:
    body: str
    path: str
    line: int | None = None


class GitHubPullsController(Controller):
    path = "/api/v3"

    @post(f"{REPO_PATH}/pulls", sync_to_thread=True)
    def create(
        self,
        *,
        request: SandboxRequest,
        full_name: FullName,
        data: JSONBody[NewPull],
        gh: Renderer,
        sender: Sender,
    ) -> Response[JSON]:
        """GitHub answers a second PR for the same head and base with 422."""
        try:
            pull = gh.store.create_pull(
                full_name,
                author=request.user.login,
                head=data.head,
                base=data.base,
                title=data.title,
                body=data.body,
            )
        except ConflictError as exc:
            raise InvalidInputError(str(exc)) from exc
        return _announce(
            gh.pull(pull), 201, gh, sender, repo=full_name, event=PullOpened(pull, request.user.login)
        )

    @get(f"{REPO_PATH}/pulls", sync_to_thread=True)
    def pulls(
        self,
        *,
        full_name: FullName,
        gh: Renderer,
        wanted_state: Annotated[Literal["open", "closed", "all"], QueryParameter(name="state")] = "open",
        head: FromQuery[str | None] = None,
        base: FromQuery[str | None] = None,
    ) -> list[JSON]:
        """``head`` is ``owner:branch`` as on GitHub."""
        branch = head.split(":", 1)[-1] if head else None
        return [
            gh.pull(pull)
            for pull in ordered(gh.store.pulls(full_name))
            if wanted_state in ("all", pull.state)
            and pull.pull is not None
            and branch in (None, pull.pull.head)
            and base in (None, pull.pull.base)
        ]

    @get(f"{REPO_PATH}/pulls/{{number:int}}", sync_to_thread=True)
    def pull(self, full_name: FullName, number: PathInt, gh: Renderer) -> JSON:
        return gh.pull(gh.store.pull(full_name, number))

    @patch(f"{REPO_PATH}/pulls/{{number:int}}", sync_to_thread=True)
    def edit(
        self,
        *,
        request: SandboxRequest,
        full_name: FullName,
        number: PathInt,
        data: JSONBody[PullEdit],
        gh: Renderer,
        sender: Sender,
    ) -> Response[JSON]:
        if data.state != "closed":
            return Response(gh.pull(gh.store.pull(full_name, number)))
        pull = gh.store.close_pull(full_name, number)
        return _announce(
            gh.pull(pull), 200, gh, sender, repo=full_name, event=PullClosed(pull, request.user.login)
        )

    @put(f"{REPO_PATH}/pulls/{{number:int}}/merge", sync_to_thread=True)
    def merge(
        self, *, request: SandboxRequest, full_name: FullName, number: PathInt, gh: Renderer, sender: Sender
    ) -> Response[JSON]:
        pull = gh.store.merge_pull(full_name, number, by=request.user.login)
        assert pull.pull is not None
        answer = {
            "sha": pull.pull.merge_commit,
            "merged": True,
            "message": "Pull Request successfully merged",
        }
        return _announce(answer, 200, gh, sender, repo=full_name, event=PullClosed(pull, request.user.login))

    @post(f"{REPO_PATH}/pulls/{{number:int}}/requested_reviewers", sync_to_thread=True)
    def request_reviewers(
        self, full_name: FullName, number: PathInt, data: JSONBody[Reviewers], gh: Renderer
    ) -> Response[JSON]:
        return Response(
            gh.pull(gh.store.request_reviewers(full_name, number, data.reviewers)), status_code=201
        )

    @post(f"{REPO_PATH}/pulls/{{number:int}}/reviews", sync_to_thread=True)
    def review(
        self,
        *,
        request: SandboxRequest,
        full_name: FullName,
        number: PathInt,
        data: JSONBody[NewReview],
        gh: Renderer,
        sender: Sender,
    ) -> Response[JSON]:
        verdict = VERDICTS[data.event]
        review = gh.store.submit_review(
            full_name, number, author=request.user.login, state=verdict, body=data.body
        )
        return _announce(gh.review(review), 200, gh, sender, repo=full_name, event=ReviewSubmitted(review))

    @post(f"{REPO_PATH}/pulls/{{number:int}}/comments", sync_to_thread=True)
    def line_comment(
        self,
        *,
        request: SandboxRequest,
        full_name: FullName,
        number: PathInt,
        data: JSONBody[LineComment],
        gh: Renderer,
        sender: Sender,
    ) -> Response[JSON]:
        gh.store.pull(full_name, number)
        comment = gh.store.add_comment(
            full_name, number, author=request.user.login, body=data.body, path=data.path, line=data.line
        )
        return _announce(
            gh.review_comment(comment), 201, gh, sender, repo=full_name, event=LineCommentCreated(comment)
        )

    @get(f"{REPO_PATH}/collaborators/{{login:str}}", sync_to_thread=True)
    def collaborator(self, full_name: FullName, login: PathStr, store: Store) -> Response[None]:
        return _no_content(store.has_access(full_name, login))


@dataclass
class NewMergeRequest:
    source_branch: str
    target_branch: str
    title: str
    description: str | None = None


@dataclass
class MergeRequestEdit:
    reviewer_ids: list[int] | None = None


def _login_by_id(store: SandboxStore, user_id: int) -> str:
    found = next((user.login for user in store.users() if user.id == user_id), None)
    if found is None:
        raise NotFoundError("404 User Not Found")
    return found


def _merge_request(store: SandboxStore, project_id: str, iid: int) -> Issue:
    try:
        return store.pull(project_of(store, project_id).full_name, iid)
    except NotFoundError:
        raise NotFoundError("404 Not found") from None


class GitLabMergeRequestsController(Controller):
    path = "/api/v4"

    @get("/users", sync_to_thread=True)
    def users(self, gitlab: GitLabSite, username: FromQuery[str | None] = None) -> list[JSON]:
        return [
            gitlab.user(user.login)
            for user in gitlab.store.users()
            if username is None or gitlab.username(user.login) == username
        ]

    @get(f"{_PROJECT}/members/all/{{user_id:int}}", sync_to_thread=True)
    def member(self, project_id: PathStr, user_id: PathInt, gitlab: GitLabSite) -> JSON:
        """Direct or inherited members: the owner and whoever was given access."""
        project = project_of(gitlab.store, project_id)
        login = _login_by_id(gitlab.store, user_id)
        if not gitlab.store.has_access(project.full_name, login):
            raise NotFoundError("404 Not found")
        level = 50 if login == project.owner else 30
        return gitlab.user(login) | {"access_level": level}

    @post(f"{_PROJECT}/merge_requests", sync_to_thread=True)
    def create(
        self,
        *,
        request: SandboxRequest,
        project_id: PathStr,
        data: JSONBody[NewMergeRequest],
        gitlab: GitLabSite,
        sender: Sender,
    ) -> Response[JSON]:
        full_name = project_of(gitlab.store, project_id).full_name
        pull = gitlab.store.create_pull(
            full_name,
            author=request.user.login,
            head=data.source_branch,
            base=data.target_branch,
            title=data.title,
            body=data.description,
        )
        event = PullOpened(pull, request.user.login)
        return _announce(gitlab.merge_request(pull), 201, gitlab, sender, repo=full_name, event=event)

    @get(f"{_PROJECT}/merge_requests", sync_to_thread=True)
    def merge_requests(
        self,
        *,
        request: SandboxRequest,
        project_id: PathStr,
        gitlab: GitLabSite,
        wanted_state: Annotated[
            Literal["opened", "closed", "merged", "all"], QueryParameter(name="state")
        ] = "all",
        source_branch: FromQuery[str | None] = None,
        target_branch: FromQuery[str | None] = None,
        page: FromQuery[int | None] = None,
        per_page: FromQuery[int | None] = None,
    ) -> Response[list[JSON]]:
        full_name = project_of(gitlab.store, project_id).full_name
        found = [
            pull
            for pull in gitlab.store.pulls(full_name)
            if pull.pull is not None
            and wanted_state in ("all", gitlab.merge_request(pull)["state"])
            and source_branch in (None, pull.pull.head)
            and target_branch in (None, pull.pull.base)
        ]
        return paged(request, GITLAB, ordered(found), gitlab.merge_request, page=page, size=per_page)

    @get(_MR, sync_to_thread=True)
    def merge_request(self, project_id: PathStr, iid: PathInt, gitlab: GitLabSite) -> JSON:
        return gitlab.merge_request(_merge_request(gitlab.store, project_id, iid))

    @put(_MR, sync_to_thread=True)
    def edit(
        self, project_id: PathStr, iid: PathInt, data: JSONBody[MergeRequestEdit], gitlab: GitLabSite
    ) -> JSON:
        pull = _merge_request(gitlab.store, project_id, iid)
        if data.reviewer_ids is not None:
            logins = [_login_by_id(gitlab.store, user_id) for user_id in data.reviewer_ids]
            pull = gitlab.store.request_reviewers(pull.repo, iid, logins)
        return gitlab.merge_request(pull)

    @get(f"{_MR}/notes", sync_to_thread=True)
    def notes(
        self,
        *,
        request: SandboxRequest,
        project_id: PathStr,
        iid: PathInt,
        gitlab: GitLabSite,
        page: FromQuery[int | None] = None,
        per_page: FromQuery[int | None] = None,
    ) -> Response[list[JSON]]:
        pull = _merge_request(gitlab.store, project_id, iid)
        notes = ordered(gitlab.store.comments(pull.repo, iid))
        return paged(request, GITLAB, notes, gitlab.note, page=page, size=per_page)

    @post(f"{_MR}/notes", sync_to_thread=True)
    def create_note(
        self,
        *,
        request: SandboxRequest,
        project_id: PathStr,
        iid: PathInt,
        data: JSONBody[dict[str, Any]],
        gitlab: GitLabSite,
        sender: Sender,
    ) -> Response[JSON]:
        pull = _merge_request(gitlab.store, project_id, iid)
        note = gitlab.store.add_comment(
            pull.repo, iid, author=request.user.login, body=str(data.get("body", ""))
        )
        return _announce(gitlab.note(note), 201, gitlab, sender, repo=pull.repo, event=CommentCreated(note))

    @put(f"{_MR}/notes/{{note_id:int}}", sync_to_thread=True)
    def edit_note(
        self,
        *,
        request: SandboxRequest,
        project_id: PathStr,
        iid: PathInt,
        note_id: PathInt,
        data: JSONBody[dict[str, Any]],
        gitlab: GitLabSite,
        sender: Sender,
    ) -> Response[JSON]:
        pull = _merge_request(gitlab.store, project_id, iid)
        note = gitlab.store.comment(pull.repo, note_id)
        if note.issue_number != iid:
            raise NotFoundError("404 Not found")
        editor = request.user.login
        before, after = gitlab.store.edit_comment(
            pull.repo, note_id, editor=editor, body=str(data.get("body", ""))
        )
        return _announce(
            gitlab.note(after),
            200,
            gitlab,
            sender,
            repo=pull.repo,
            event=CommentEdited(before, after, editor),
        )


@dataclass
class NewGiteaPull:
    head: str
    base: str
    title: str
    body: str | None = None


class GiteaPullsController(Controller):
    path = "/api/v1"

    @post(f"{REPO_PATH}/pulls", sync_to_thread=True)
    def create(
        self,
        *,
        request: SandboxRequest,
        full_name: FullName,
        data: JSONBody[NewGiteaPull],
        gitea: GiteaSite,
        sender: Sender,
    ) -> Response[JSON]:
        """Gitea answers a second PR for the same head and base with 409."""
        pull = gitea.store.create_pull(
            full_name,
            author=request.user.login,
            head=data.head,
            base=data.base,
            title=data.title,
            body=data.body,
        )
        return _announce(
            gitea.pull(pull), 201, gitea, sender, repo=full_name, event=PullOpened(pull, request.user.login)
        )

    @get(f"{REPO_PATH}/pulls", sync_to_thread=True)
    def pulls(
        self,
        *,
        request: SandboxRequest,
        full_name: FullName,
        gitea: GiteaSite,
        wanted_state: Annotated[Literal["open", "closed", "all"], QueryParameter(name="state")] = "open",
        page: FromQuery[int | None] = None,
        limit: FromQuery[int | None] = None,
    ) -> Response[list[JSON]]:
        found = [pull for pull in gitea.store.pulls(full_name) if wanted_state in ("all", pull.state)]
        return paged(request, GITEA, ordered(found), gitea.pull, page=page, size=limit)

    @get(f"{REPO_PATH}/pulls/{{index:int}}", sync_to_thread=True)
    def pull(self, full_name: FullName, index: PathInt, gitea: GiteaSite) -> JSON:
        return gitea.pull(gitea.store.pull(full_name, index))

    @post(f"{REPO_PATH}/pulls/{{index:int}}/requested_reviewers", sync_to_thread=True)
    def request_reviewers(
        self, full_name: FullName, index: PathInt, data: JSONBody[Reviewers], gitea: GiteaSite
    ) -> Response[list[JSON]]:
        gitea.store.request_reviewers(full_name, index, data.reviewers)
        return Response([], status_code=201)

    @get(f"{REPO_PATH}/collaborators/{{login:str}}", sync_to_thread=True)
    def collaborator(self, full_name: FullName, login: PathStr, store: Store) -> Response[None]:
        logins = [user.login for user in store.users() if plain_username(user.login) == login]
        return _no_content(any(store.has_access(full_name, name) for name in logins))


@dataclass
class NewCollaborator:
    login: str


class SandboxAccessController(Controller):
    """Sandbox-only: the learner gives an account access, as in a forge's settings."""

    path = "/_sandbox"
    guards = (learner_only,)

    @post(f"{REPO_PATH}/collaborators", sync_to_thread=True)
    def add_collaborator(self, full_name: FullName, data: JSONBody[NewCollaborator], store: Store) -> JSON:
        repo = store.add_collaborator(full_name, data.login)
        return {"full_name": repo.full_name, "collaborators": list(repo.collaborators)}


PULL_CONTROLLERS = (
    GitHubPullsController,
    GitLabMergeRequestsController,
    GiteaPullsController,
    SandboxAccessController,
)
