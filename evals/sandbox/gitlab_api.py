"""The subset of GitLab's REST API (v4) the bot uses, under ``/api/v4`` as on any GitLab instance.

python-gitlab takes the instance URL and appends ``/api/v4``, so the sandbox root is the "GitLab URL".
Projects are addressed by numeric id or by URL-encoded path (``alice%2Fnotes``), issues by their
project-scoped ``iid``. Lists come newest first unless ``sort=asc``, in pages of 20 with GitLab's
``X-*`` headers and ``Link``. Changes are announced to every hook in its own flavour.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal
from urllib.parse import unquote

from litestar import Controller, Response, get, post, put
from litestar.di import NamedDependency
from litestar.enums import ScopeType
from litestar.params import FromQuery, JSONBody, QueryParameter
from litestar.types import Scope

from evals.sandbox.errors import NotFoundError
from evals.sandbox.events import CommentCreated, CommentEdited, IssueOpened
from evals.sandbox.forge_http import respond_and_announce
from evals.sandbox.forge_paging import GITLAB, OrderBy, SortOrder, gitlab_headers, ordered, take_page
from evals.sandbox.gitlab_objects import API_PREFIX, GitLabRenderer, issue_state
from evals.sandbox.http_support import PathInt, PathStr, SandboxRequest, Sender
from evals.sandbox.models import Comment, Repository
from evals.sandbox.rendering import JSON
from evals.sandbox.store import SandboxStore

GitLabSite = NamedDependency[GitLabRenderer]

_PROJECT = "/projects/{project_id:str}"
_ISSUE = f"{_PROJECT}/issues/{{issue_iid:int}}"
_PROJECTS_PATH = f"{API_PREFIX}/projects/".encode()


def keep_project_ids_encoded(scope: Scope) -> None:
    """Route ``/api/v4/projects/alice%2Fnotes/...`` with the project id as one path segment.

    The ASGI server decodes ``%2F`` in ``scope["path"]``, which would split the id in two; the raw path
    still has it, so the project segment is put back encoded (handlers decode it, :func:`project_of`).
    """
    raw = scope.get("raw_path")
    if scope["type"] != ScopeType.HTTP or not raw or not raw.startswith(_PROJECTS_PATH):
        return
    project, slash, rest = raw[len(_PROJECTS_PATH) :].partition(b"/")
    scope["path"] = (
        _PROJECTS_PATH.decode() + project.decode("latin-1") + slash.decode() + unquote(rest.decode("latin-1"))
    )


def project_of(store: SandboxStore, project_id: str) -> Repository:
    """A project by numeric id or by (URL-encoded) path, as GitLab accepts both."""
    key = unquote(project_id)
    try:
        return store.repository_by_id(int(key)) if key.isdigit() else store.repository(key)
    except NotFoundError:
        raise NotFoundError("404 Project Not Found") from None


@dataclass
class NewIssue:
    title: str
    description: str | None = None
    labels: str | list[str] | None = None  # GitLab wants "a,b"; lists are accepted too


@dataclass
class NoteText:
    body: str


def _label_list(labels: str | list[str] | None) -> list[str]:
    names = labels.split(",") if isinstance(labels, str) else (labels or [])
    return [name.strip() for name in names if name.strip()]


class GitLabRestController(Controller):
    path = API_PREFIX

    @get("/user", sync_to_thread=True)
    def authenticated_user(self, request: SandboxRequest, gitlab: GitLabSite) -> JSON:
        return gitlab.authenticated_user(request.user.login)

    @get(_PROJECT, sync_to_thread=True)
    def project(self, project_id: PathStr, gitlab: GitLabSite) -> JSON:
        return gitlab.project(project_of(gitlab.store, project_id))

    @get(f"{_PROJECT}/issues", sync_to_thread=True)
    def issues(
        self,
        *,
        request: SandboxRequest,
        project_id: PathStr,
        gitlab: GitLabSite,
        wanted_state: Annotated[Literal["opened", "closed", "all"], QueryParameter(name="state")] = "all",
        labels: FromQuery[str | None] = None,
        order_by: FromQuery[OrderBy] = "created_at",
        sort: FromQuery[SortOrder] = "desc",
        page: FromQuery[int | None] = None,
        per_page: FromQuery[int | None] = None,
    ) -> Response[list[JSON]]:
        """Issues of every state unless ``state`` says, all ``labels`` (comma-separated) carried."""
        wanted = set(_label_list(labels))
        issues = [
            issue
            for issue in gitlab.store.issues(project_of(gitlab.store, project_id).full_name)
            if wanted_state in ("all", issue_state(issue)) and wanted <= set(issue.labels)
        ]
        shown = take_page(ordered(issues, order_by, sort), GITLAB, page, per_page)
        return Response(
            [gitlab.issue(issue) for issue in shown.items], headers=gitlab_headers(str(request.url), shown)
        )

    @post(f"{_PROJECT}/issues", sync_to_thread=True)
    def create_issue(
        self,
        *,
        request: SandboxRequest,
        project_id: PathStr,
        data: JSONBody[NewIssue],
        gitlab: GitLabSite,
        sender: Sender,
    ) -> Response[JSON]:
        full_name = project_of(gitlab.store, project_id).full_name
        issue = gitlab.store.create_issue(
            full_name,
            author=request.user.login,
            title=data.title,
            body=data.description,
            labels=_label_list(data.labels),
        )
        return respond_and_announce(
            gitlab.issue(issue),
            status_code=201,
            sender=sender,
            hooks=gitlab.store.hooks(full_name),
            site_url=gitlab.site_url,
            event=IssueOpened(issue),
        )

    @get(_ISSUE, sync_to_thread=True)
    def issue(self, project_id: PathStr, issue_iid: PathInt, gitlab: GitLabSite) -> JSON:
        return gitlab.issue(gitlab.store.issue(project_of(gitlab.store, project_id).full_name, issue_iid))

    @get(f"{_ISSUE}/notes", sync_to_thread=True)
    def notes(
        self,
        *,
        request: SandboxRequest,
        project_id: PathStr,
        issue_iid: PathInt,
        gitlab: GitLabSite,
        order_by: FromQuery[OrderBy] = "created_at",
        sort: FromQuery[SortOrder] = "desc",
        page: FromQuery[int | None] = None,
        per_page: FromQuery[int | None] = None,
    ) -> Response[list[JSON]]:
        """An issue's notes, newest first by default: GitLab's order, unlike GitHub's and Gitea's."""
        notes = gitlab.store.comments(project_of(gitlab.store, project_id).full_name, issue_iid)
        shown = take_page(ordered(notes, order_by, sort), GITLAB, page, per_page)
        return Response(
            [gitlab.note(note) for note in shown.items], headers=gitlab_headers(str(request.url), shown)
        )

    @get(f"{_ISSUE}/notes/{{note_id:int}}", sync_to_thread=True)
    def note(self, project_id: PathStr, issue_iid: PathInt, note_id: PathInt, gitlab: GitLabSite) -> JSON:
        return gitlab.note(_issue_note(gitlab.store, project_id, issue_iid, note_id))

    @post(f"{_ISSUE}/notes", sync_to_thread=True)
    def create_note(
        self,
        *,
        request: SandboxRequest,
        project_id: PathStr,
        issue_iid: PathInt,
        data: JSONBody[NoteText],
        gitlab: GitLabSite,
        sender: Sender,
    ) -> Response[JSON]:
        full_name = project_of(gitlab.store, project_id).full_name
        note = gitlab.store.add_comment(full_name, issue_iid, author=request.user.login, body=data.body)
        return respond_and_announce(
            gitlab.note(note),
            status_code=201,
            sender=sender,
            hooks=gitlab.store.hooks(full_name),
            site_url=gitlab.site_url,
            event=CommentCreated(note),
        )

    @put(f"{_ISSUE}/notes/{{note_id:int}}", sync_to_thread=True)
    def edit_note(
        self,
        *,
        request: SandboxRequest,
        project_id: PathStr,
        issue_iid: PathInt,
        note_id: PathInt,
        data: JSONBody[NoteText],
        gitlab: GitLabSite,
        sender: Sender,
    ) -> Response[JSON]:
        note = _issue_note(gitlab.store, project_id, issue_iid, note_id)
        before, after = gitlab.store.edit_comment(
            note.repo, note.id, editor=request.user.login, body=data.body
        )
        return respond_and_announce(
            gitlab.note(after),
            status_code=200,
            sender=sender,
            hooks=gitlab.store.hooks(note.repo),
            site_url=gitlab.site_url,
            event=CommentEdited(before, after, request.user.login),
        )

    @get(f"{_PROJECT}/repository/commits", sync_to_thread=True)
    def commits(
        self,
        *,
        request: SandboxRequest,
        project_id: PathStr,
        gitlab: GitLabSite,
        ref_name: FromQuery[str | None] = None,
        page: FromQuery[int | None] = None,
        per_page: FromQuery[int | None] = None,
    ) -> Response[list[JSON]]:
        """Newest first from ``ref_name`` (default branch); an empty project has no commits, not an error."""
        project = project_of(gitlab.store, project_id)
        bare = gitlab.store.bare_repository(project.full_name)
        ref = ref_name or project.default_branch
        history = bare.log(ref) if bare.resolve(ref) is not None else []
        shown = take_page(history, GITLAB, page, per_page)
        return Response(
            [gitlab.commit(project.full_name, info) for info in shown.items],
            headers=gitlab_headers(str(request.url), shown),
        )


def _issue_note(store: SandboxStore, project_id: str, issue_iid: int, note_id: int) -> Comment:
    """The note ``note_id`` of that very issue: GitLab scopes note ids under the issue's path."""
    note = store.comment(project_of(store, project_id).full_name, note_id)
    if note.issue_number != issue_iid:
        raise NotFoundError("404 Not found")
    return note
