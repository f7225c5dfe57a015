"""The steps the GitHub, GitLab and Gitea REST handlers share once each has read its own route, query and
body: open an issue, add or edit a comment (answer first, then announce the change to every hook of the
repository in that hook's own flavour), answer one page of a list, walk a repository's history and read
timestamp filters.

The controllers keep what really differs per forge (paths, parameter names, request bodies, renderers,
status of an empty repository, paging style); what happens after that is the same on all three forges, so
it lives here once and a fix to one flow reaches every forge.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol, TypeVar

from litestar import Response
from litestar.background_tasks import BackgroundTask
from litestar.di import NamedDependency

from evals.sandbox.errors import ConflictError, InvalidInputError
from evals.sandbox.events import CommentCreated, CommentEdited, ForgeEvent, IssueOpened
from evals.sandbox.forge_paging import PageStyle, page_headers, take_page
from evals.sandbox.git_repos import CommitInfo
from evals.sandbox.http_support import GiteaSite, GitLabSite, PathStr, Renderer, SandboxRequest, Sender
from evals.sandbox.models import Comment, Hook, Issue, Repository
from evals.sandbox.rendering import JSON, SiteRenderer
from evals.sandbox.store import SandboxStore
from evals.sandbox.webhook_sender import WebhookSender

# GitHub and Gitea address a repository the same way (GitLab uses ``/projects/{id}``).
REPO_PATH = "/repos/{owner:str}/{repo:str}"

_T = TypeVar("_T")


@dataclass
class CommentText:
    """The body of a new or edited comment (a GitLab note): the same one field on every forge."""

    body: str


@dataclass(frozen=True)
class IssueText:
    """A new issue as every forge's body comes down to once read: title, text and label names. GitHub's
    request body is exactly this; GitLab's and Gitea's are read into it."""

    title: str
    body: str | None = None
    labels: Sequence[str] = ()


def respond_and_announce(
    content: Any,
    *,
    status_code: int,
    sender: WebhookSender,
    hooks: Sequence[Hook],
    site_url: str,
    event: ForgeEvent,
) -> Response[Any]:
    """Answer the API call, then deliver ``event`` to ``hooks``, each in its own flavour, as forges do."""
    deliveries = sender.prepare_event(hooks, site_url, event)
    return Response(
        content, status_code=status_code, background=BackgroundTask(sender.deliver_all, deliveries)
    )


class ForgeSite(Protocol):
    """What the shared flows need of a forge's renderer: the client's address, the state, and the
    forge's own shape of an issue and of a comment (a GitLab note)."""

    @property
    def site_url(self) -> str: ...
    @property
    def store(self) -> SandboxStore: ...
    def issue(self, issue: Issue) -> JSON: ...
    def comment(self, comment: Comment) -> JSON: ...


@dataclass(frozen=True)
class ForgeCall:
    """One API call that changes something: the forge's renderer for the address it came to, the request
    (whose user acts) and the sender that announces the change once the answer is out. Each forge provides
    one as a dependency (``gh_call``, ``gitlab_call``, ``gitea_call``), so handlers only pass route values
    and body.
    """

    site: ForgeSite
    request: SandboxRequest
    sender: WebhookSender

    def open_issue(self, full_name: str, text: IssueText) -> Response[JSON]:
        """Open the issue as the caller; answer 201 with it, then every hook hears it was opened."""
        author = self.request.user.login
        issue = self.site.store.create_issue(
            full_name, author=author, title=text.title, body=text.body, labels=text.labels
        )
        return self._announce(self.site.issue(issue), 201, full_name, IssueOpened(issue))

    def add_comment(self, full_name: str, number: int, body: str) -> Response[JSON]:
        """Comment on issue ``number`` as the caller; answer 201 with the comment, then announce it."""
        comment = self.site.store.add_comment(full_name, number, author=self.request.user.login, body=body)
        return self._announce(self.site.comment(comment), 201, full_name, CommentCreated(comment))

    def edit_comment(self, full_name: str, comment_id: int, body: str) -> Response[JSON]:
        """Replace a comment's body as the caller; answer 200 with the edited one, then announce both."""
        editor = self.request.user.login
        before, after = self.site.store.edit_comment(full_name, comment_id, editor=editor, body=body)
        return self._announce(self.site.comment(after), 200, full_name, CommentEdited(before, after, editor))

    def _announce(self, content: JSON, status_code: int, full_name: str, event: ForgeEvent) -> Response[JSON]:
        return respond_and_announce(
            content,
            status_code=status_code,
            sender=self.sender,
            hooks=self.site.store.hooks(full_name),
            site_url=self.site.site_url,
            event=event,
        )


def repo_full_name(owner: PathStr, repo: PathStr) -> str:
    """Litestar dependency ``full_name``: ``owner/name`` of a :data:`REPO_PATH` route."""
    return f"{owner}/{repo}"


FullName = NamedDependency[str]


Call = NamedDependency[ForgeCall]


def github_call(request: SandboxRequest, gh: Renderer, sender: Sender) -> ForgeCall:
    """Litestar dependency ``gh_call`` (and ``gitlab_call``, ``gitea_call`` below): a call to that API."""
    return ForgeCall(gh, request, sender)


def gitlab_call(request: SandboxRequest, gitlab: GitLabSite, sender: Sender) -> ForgeCall:
    return ForgeCall(gitlab, request, sender)


def gitea_call(request: SandboxRequest, gitea: GiteaSite, sender: Sender) -> ForgeCall:
    return ForgeCall(gitea, request, sender)


def paged(
    request: SandboxRequest,
    style: PageStyle,
    items: Sequence[_T],
    render: Callable[[_T], JSON],
    *,
    page: int | None,
    size: int | None,
) -> Response[list[JSON]]:
    """Page ``page`` of ``items``, rendered, with the headers (counts, ``Link``) the forge's style sends."""
    shown = take_page(items, style, page, size)
    return Response(
        [render(item) for item in shown.items], headers=page_headers(str(request.url), style, shown)
    )


def history(site: SiteRenderer, repository: Repository, ref: str | None) -> list[CommitInfo]:
    """Commits from ``ref`` (default branch) newest first; an empty repository is GitHub's and Gitea's 409."""
    if site.is_empty(repository):
        raise ConflictError("Git Repository is empty.")
    return site.store.bare_repository(repository.full_name).log(ref or repository.default_branch)


def parse_timestamp(name: str, value: str | None, form: str) -> datetime | None:
    """A timestamp query value, or ``None`` if absent; ``form`` names the format in the 422 message."""
    if value is None:
        return None
    try:
        return datetime.fromisoformat(value)
    except ValueError as exc:
        raise InvalidInputError(f"{name} must be an {form} timestamp, got {value!r}") from exc


def updated_within(
    comments: Iterable[Comment], since: datetime | None, before: datetime | None = None
) -> list[Comment]:
    """The comments updated at or after ``since`` and before ``before`` (either may be absent)."""
    return [
        comment
        for comment in comments
        if (since is None or comment.updated_at >= since) and (before is None or comment.updated_at < before)
    ]


def repository_comments(store: Any, full_name: str, since: datetime | None) -> list[Comment]:
    """Every issue comment of a repository updated at or after ``since``, oldest update first.

    What GitHub's and Gitea's repository-wide ``GET .../issues/comments?since=`` answer, which the
    bot's maintenance reads to catch up comments whose webhooks were lost. Pull-request
    conversations are left out: the sandbox keeps them apart, and they are teacher channels.
    """
    found = [
        c
        for issue in store.issues(full_name)
        for c in updated_within(store.comments(full_name, issue.number), since)
    ]
    return sorted(found, key=lambda comment: (comment.updated_at, comment.id))
