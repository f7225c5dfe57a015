"""The subset of GitLab's REST API (v4) the bot uses, under ``/api/v4`` as on any GitLab instance.

python-gitlab takes the instance URL and appends ``/api/v4``, so the sandbox root is the "GitLab URL".
Projects are addressed by numeric id or by URL-encoded path (``alice%2Fnotes``), issues by their
project-scoped ``iid``. Lists come newest first unless ``sort=asc``, in pages of 20 with GitLab's
``X-*`` headers and ``Link``. Handlers read GitLab's parameters and bodies, then run the flows every
forge shares (:mod:`evals.sandbox.api_flows`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Annotated, Literal
from urllib.parse import unquote

from litestar import Controller, Response, get, post, put
from litestar.enums import ScopeType
from litestar.params import FromQuery, JSONBody, QueryParameter
from litestar.types import Scope

from evals.sandbox.api_flows import Call, CommentText, IssueText, paged
from evals.sandbox.errors import NotFoundError
from evals.sandbox.forge_paging import GITLAB, OrderBy, SortOrder, ordered
from evals.sandbox.gitlab_objects import API_PREFIX, issue_state
from evals.sandbox.http_support import GitLabSite, PathInt, PathStr, SandboxRequest
from evals.sandbox.models import Comment, Repository
from evals.sandbox.rendering import JSON
from evals.sandbox.store import SandboxStore

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
        return paged(request, GITLAB, ordered(issues, order_by, sort), gitlab.issue, page=page, size=per_page)

    @post(f"{_PROJECT}/issues", sync_to_thread=True)
    def create_issue(
        self, project_id: PathStr, data: JSONBody[NewIssue], gitlab_call: Call
    ) -> Response[JSON]:
        full_name = project_of(gitlab_call.site.store, project_id).full_name
        text = IssueText(data.title, data.description, _label_list(data.labels))
        return gitlab_call.open_issue(full_name, text)

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
        return paged(request, GITLAB, ordered(notes, order_by, sort), gitlab.note, page=page, size=per_page)

    @get(f"{_ISSUE}/notes/{{note_id:int}}", sync_to_thread=True)
    def note(self, project_id: PathStr, issue_iid: PathInt, note_id: PathInt, gitlab: GitLabSite) -> JSON:
        return gitlab.note(_issue_note(gitlab.store, project_id, issue_iid, note_id))

    @post(f"{_ISSUE}/notes", sync_to_thread=True)
    def create_note(
        self, project_id: PathStr, issue_iid: PathInt, data: JSONBody[CommentText], gitlab_call: Call
    ) -> Response[JSON]:
        full_name = project_of(gitlab_call.site.store, project_id).full_name
        return gitlab_call.add_comment(full_name, issue_iid, data.body)

    @put(f"{_ISSUE}/notes/{{note_id:int}}", sync_to_thread=True)
    def edit_note(
        self,
        *,
        project_id: PathStr,
        issue_iid: PathInt,
        note_id: PathInt,
        data: JSONBody[CommentText],
        gitlab_call: Call,
    ) -> Response[JSON]:
        note = _issue_note(gitlab_call.site.store, project_id, issue_iid, note_id)
        return gitlab_call.edit_comment(note.repo, note.id, data.body)

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
        return paged(
            request, GITLAB, history, partial(gitlab.commit, project.full_name), page=page, size=per_page
        )


def _issue_note(store: SandboxStore, project_id: str, issue_iid: int, note_id: int) -> Comment:
    """The note ``note_id`` of that very issue: GitLab scopes note ids under the issue's path."""
    note = store.comment(project_of(store, project_id).full_name, note_id)
    if note.issue_number != issue_iid:
        raise NotFoundError("404 Not found")
    return note
