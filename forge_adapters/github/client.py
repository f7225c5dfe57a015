"""GitHub API calls through githubkit: the thin call part of the GitHub adapter.

Implements :class:`forge_adapters.base.ForgeClient`. ``auto_retry`` is off: a
rate limit becomes a :class:`ForgeError` carrying GitHub's wait so the Celery
task retries later instead of a worker sleeping for minutes. The base URL is
configurable for GitHub Enterprise Server (``https://HOST/api/v3``) and for
the sandbox forge. Authentication (token or App) lives in :mod:`.access`;
error mapping in :mod:`.errors`.
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from importlib.util import find_spec
from typing import Any

import httpx
from githubkit import AppAuthStrategy, GitHub
from githubkit.exception import RequestFailed
from githubkit_schemas.latest.models import IssueComment

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
from forge_adapters.github.access import Access, AppAccess, AppCredentials, TokenAccess, build_github
from forge_adapters.github.errors import forge_errors
from forge_adapters.github.payload import actor, is_bot_account, issue_thread

__all__ = ["GIT_USERNAME", "AppCredentials", "GitHubClient"]

# GitHub's documented username for token-authenticated HTTPS git, for tokens and App tokens alike.
GIT_USERNAME = "x-access-token"
PAGE_SIZE = 100
ALREADY_EXISTS = 422  # GitHub's answer to a second PR from the same head
NOT_FOUND = 404
GHOST = "ghost"  # GitHub's name for a deleted account


class GitHubTimestamp(datetime):
    """A datetime that prints as GitHub documents ``since``: ``YYYY-MM-DDTHH:MM:SSZ``.

    githubkit hands query datetimes to httpx, which writes ``str(value)``
    (``2026-01-02 03:04:05+00:00``); GitHub documents only the ``T…Z`` form
    and has answered 422 to others.
    Fractions are dropped, which moves ``since`` earlier: catching up may see
    a comment twice, never miss one. A naive ``since`` is taken as UTC.
    """

    @classmethod
    def of(cls, moment: datetime) -> GitHubTimestamp:
        aware = moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
        return cls.fromtimestamp(int(aware.timestamp()), tz=UTC)

    def __str__(self) -> str:
        return self.strftime("%Y-%m-%dT%H:%M:%SZ")


class GitHubClient:
    """One GitHub account (token) or App (installation tokens) seen through :class:`ForgeClient`.

    Build it with a token, ``GitHubClient(token, api_url=..., timeout=...)``,
    or as an App with :meth:`for_app`. App clients keep installation tokens
    only as long as the client lives: build one per job.
    """

    def __init__(self, auth: str | AppCredentials, *, api_url: str, timeout: float) -> None:
        # githubkit builds an httpx client per call outside a context; a shared transport keeps the TLS
        # context and the connection pool alive across calls (33 ms saved per call, measured).
        self._transport = httpx.HTTPTransport()
        self._access = _access_for(auth, api_url=api_url, timeout=timeout, transport=self._transport)

    @classmethod
    def for_app(
        cls,
        app_id: int | str,
        private_key: str,
        *,
        installation_id: int | None = None,
        api_url: str,
        timeout: float,
    ) -> GitHubClient:
        """Act as a GitHub App installation (``installation.id`` of the webhook, or looked up per repo)."""
        credentials = AppCredentials(app_id, private_key, installation_id)
        return cls(credentials, api_url=api_url, timeout=timeout)

    def __repr__(self) -> str:
        return f"GitHubClient({type(self._access).__name__}, credentials='***')"

    def upsert_comment(
        self, repo: RepoRef, number: int, marker: str, body: str, *, is_pull_request: bool | None = None
    ) -> PostedComment:
        """Edit the comment holding ``marker`` or post one; PRs share the issue comment API."""
        with forge_errors(f"posting a reply on {repo.full_name}#{number}"):
            gh = self._access.api(repo)
            existing = _find_marked(gh, repo, number, marker)
            if existing is None:
                created = gh.rest.issues.create_comment(repo.owner, repo.name, number, body=body).parsed_data
                return PostedComment(id=created.id, url=created.html_url, created=True)
            if existing.body != body:
                gh.rest.issues.update_comment(repo.owner, repo.name, existing.id, body=body)
            return PostedComment(id=existing.id, url=existing.html_url, created=False)

    def git_credentials(self, repo: RepoRef) -> GitCredentials:
        with forge_errors(f"getting git credentials for {repo.full_name}"):
            return GitCredentials(username=GIT_USERNAME, password=self._access.git_password(repo))

    def repository_info(self, repo: RepoRef) -> RepoInfo:
        with forge_errors(f"reading {repo.full_name}"):
            found = self._access.api(repo).rest.repos.get(repo.owner, repo.name).parsed_data
            return RepoInfo(
                private=_private(found.private, found.visibility),
                default_branch=found.default_branch,
                clone_url=found.clone_url,
            )

    def bot_identity(self) -> Actor:
        with forge_errors("reading the bot's own account"):
            return self._access.identity()

    def open_issue(self, repo: RepoRef, title: str, body: str, labels: tuple[str, ...] = ()) -> OpenedThread:
        with forge_errors(f"opening an issue on {repo.full_name}"):
            extra: dict[str, Any] = {"labels": list(labels)} if labels else {}
            issue = (
                self._access.api(repo)
                .rest.issues.create(repo.owner, repo.name, title=title, body=body, **extra)
                .parsed_data
            )
            return OpenedThread(number=issue.number, url=issue.html_url)

    def open_pull_request(
        self, repo: RepoRef, *, head: str, base: str, title: str, body: str
    ) -> OpenedThread:
        """Open the PR, or return the open one from ``head`` if an earlier attempt already made it.

        GitHub refuses a second PR for the same head with 422; after a retry
        whose first response was lost, that PR is ours and is the answer.
        """
        with forge_errors(f"opening a pull request {head} → {base} on {repo.full_name}"):
            gh = self._access.api(repo)
            try:
                pull = gh.rest.pulls.create(
                    repo.owner, repo.name, head=head, base=base, title=title, body=body
                ).parsed_data
                return OpenedThread(number=pull.number, url=pull.html_url)
            except RequestFailed as error:
                existing = (
                    _open_pull_from(gh, repo, head, base)
                    if error.response.status_code == ALREADY_EXISTS
                    else None
                )
                if existing is None:
                    raise
                return existing

    def find_pull_request(self, repo: RepoRef, *, head: str, base: str) -> OpenedThread | None:
        with forge_errors(f"looking for a pull request from {head} on {repo.full_name}"):
            return _open_pull_from(self._access.api(repo), repo, head, base)

    def has_access(self, repo: RepoRef, login: str) -> bool:
        """``GET /collaborators/{login}``: 204 yes, 404 no (the owner counts as a collaborator)."""
        with forge_errors(f"checking whether {login} can see {repo.full_name}"):
            try:
                self._access.api(repo).rest.repos.check_collaborator(repo.owner, repo.name, login)
            except RequestFailed as error:
                if error.response.status_code == NOT_FOUND:
                    return False
                raise
            return True

    def request_reviewers(self, repo: RepoRef, number: int, logins: tuple[str, ...]) -> None:
        with forge_errors(f"requesting reviewers on {repo.full_name}#{number}"):
            self._access.api(repo).rest.pulls.request_reviewers(
                repo.owner, repo.name, number, reviewers=list(logins)
            )

    def comments_updated_since(self, repo: RepoRef, since: datetime) -> list[UpdatedComment]:
        """The repository-wide comment list covers issues and PRs alike; ``html_url`` tells them apart."""
        with forge_errors(f"listing comments on {repo.full_name} since {since.isoformat()}"):
            gh = self._access.api(repo)
            updated: list[UpdatedComment] = []
            comment: IssueComment
            for comment in gh.rest.paginate(
                gh.rest.issues.list_comments_for_repo,
                owner=repo.owner,
                repo=repo.name,
                since=GitHubTimestamp.of(since),
                sort="updated",
                direction="asc",
                per_page=PAGE_SIZE,
            ):
                updated.append(_updated_comment(comment))
            return updated

    def issues_opened_since(self, repo: RepoRef, since: datetime) -> list[OpenedIssue]:
        """GitHub's ``since`` filters on update time, a superset of creation; PRs are dropped here.

        Each issue is read as raw JSON with the webhook's own reader, so the replayed thread (and its
        event key) is the one the ``issues.opened`` delivery would have carried.
        """
        with forge_errors(f"listing issues on {repo.full_name} since {since.isoformat()}"):
            gh = self._access.api(repo)
            moment = since if since.tzinfo else since.replace(tzinfo=UTC)
            opened: list[OpenedIssue] = []
            page = 1
            while True:
                response = gh.rest.issues.list_for_repo(
                    repo.owner,
                    repo.name,
                    state="all",
                    since=GitHubTimestamp.of(moment),
                    sort="created",
                    direction="asc",
                    per_page=PAGE_SIZE,
                    page=page,
                )
                raw: list[dict[str, Any]] = response.json()
                for issue in raw:
                    found = _opened_issue(issue)
                    if found is not None and found.created_at >= moment:
                        opened.append(found)
                if len(raw) < PAGE_SIZE:
                    return opened
                page += 1

    def thread_messages(
        self, repo: RepoRef, number: int, *, is_pull_request: bool | None = None
    ) -> list[ThreadMessage]:
        """The comments of issue/PR ``number``, oldest first (PRs share the issue comment API)."""
        with forge_errors(f"reading the comments of {repo.full_name}#{number}"):
            me = self._access.identity().login.lower()
            gh = self._access.api(repo)
            messages: list[ThreadMessage] = []
            for comment in _thread_comments(gh, repo, number):
                user = comment.user
                login = user.login if user is not None else GHOST
                is_bot = user is not None and (is_bot_account(login, user.type) or login.lower() == me)
                messages.append(
                    ThreadMessage(
                        author=login, is_bot=is_bot, body=comment.body or "", comment_id=str(comment.id)
                    )
                )
            return messages


def _access_for(
    auth: str | AppCredentials, *, api_url: str, timeout: float, transport: httpx.BaseTransport
) -> Access:
    """Check the credentials before any call, so a misconfigured bot fails at start, not mid-job."""
    if isinstance(auth, AppCredentials):
        if not auth.private_key:
            raise ForgeNotConfigured("no GitHub App private key configured")
        if find_spec("jwt") is None:
            raise ForgeError("GitHub App auth needs PyJWT with crypto (install githubkit[auth-app])")
        app_auth = AppAuthStrategy(auth.app_id, auth.private_key)
        app = build_github(app_auth, api_url=api_url, timeout=timeout, transport=transport)
        return AppAccess(app, auth.installation_id)
    if not auth:
        raise ForgeNotConfigured("no GitHub token configured (set GITLEARNOS_GITHUB_TOKEN)")
    return TokenAccess(auth, build_github(auth, api_url=api_url, timeout=timeout, transport=transport))


def _thread_comments(gh: GitHub[Any], repo: RepoRef, number: int) -> Iterator[IssueComment]:
    """Every conversation comment of issue/PR ``number``, oldest first, page by page."""
    yield from gh.rest.paginate(
        gh.rest.issues.list_comments,
        owner=repo.owner,
        repo=repo.name,
        issue_number=number,
        per_page=PAGE_SIZE,
    )


def _find_marked(gh: GitHub[Any], repo: RepoRef, number: int, marker: str) -> IssueComment | None:
    for comment in _thread_comments(gh, repo, number):
        if holds_marker(comment.body or "", marker):
            return comment
    return None


def _open_pull_from(gh: GitHub[Any], repo: RepoRef, head: str, base: str) -> OpenedThread | None:
    found = gh.rest.pulls.list(
        repo.owner, repo.name, state="open", head=f"{repo.owner}:{head}", base=base
    ).parsed_data
    return OpenedThread(number=found[0].number, url=found[0].html_url) if found else None


def _opened_issue(issue: dict[str, Any]) -> OpenedIssue | None:
    """An issue of the listing, or None for a pull request (GitHub lists both) or one without a time."""
    created = issue.get("created_at")
    if issue.get("pull_request") or not isinstance(created, str):
        return None
    user = issue.get("user")
    author = actor(user if isinstance(user, dict) else None) or Actor(login=GHOST)
    when = datetime.fromisoformat(created.replace("Z", "+00:00"))
    return OpenedIssue(thread=issue_thread(issue), author=author, created_at=when)


def _private(private: object, visibility: object) -> bool | None:
    """Private only when GitHub says so and no ``visibility`` says otherwise: an Enterprise
    ``internal`` repository is ``private: true`` yet visible to the whole enterprise."""
    if not isinstance(private, bool):
        return None
    if isinstance(visibility, str) and visibility not in {"private", "public"}:
        return False if visibility == "internal" else None
    return private and visibility != "public"


def _updated_comment(comment: IssueComment) -> UpdatedComment:
    user = comment.user
    author = (
        Actor(login=user.login, id=user.id, is_bot=is_bot_account(user.login, user.type))
        if user is not None
        else Actor(login=GHOST)
    )
    return UpdatedComment(
        # issue_url is .../repos/{owner}/{repo}/issues/{number} for PR comments too
        thread_number=int(comment.issue_url.rstrip("/").rsplit("/", 1)[-1]),
        is_pull_request="/pull/" in comment.html_url,
        comment_id=comment.id,
        author=author,
        body=comment.body or "",
        updated_at=comment.updated_at,
        created_at=comment.created_at,
    )
