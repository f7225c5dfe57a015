"""GitHub's requests through githubkit: the GitHub primitives under :class:`~forge_adapters.base.ForgeClient`.

``auto_retry`` is off: a rate limit becomes a :class:`ForgeError` keeping
GitHub's own wait (``Retry-After``, else the ``x-ratelimit-reset`` time, both
read by githubkit; a bare 429 waits the minute GitHub's docs ask for), so the
Celery task retries later instead of a worker sleeping. The base URL is
configurable for GitHub Enterprise Server (``https://HOST/api/v3``) and for
the sandbox forge. Authentication (token or App) lives in :mod:`.access`.
Pull requests share the issue comment API: a thread is addressed by number.
A redirect to another host is refused, not followed (:mod:`.redirects`).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import AbstractContextManager
from datetime import UTC, datetime
from importlib.util import find_spec
from typing import Any

import httpx
from githubkit import AppAuthStrategy
from githubkit.exception import (
    GitHubException,
    RateLimitExceeded,
    RequestError,
    RequestFailed,
    RequestTimeout,
)
from githubkit_schemas.latest.models import IssueComment, SimpleUser
from pydantic import ValidationError

from bot.intake.events import Actor, RepoRef
from forge_adapters.base import (
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
from forge_adapters.github.access import Access, AppAccess, AppCredentials, TokenAccess, build_github
from forge_adapters.github.installations import InstallationCache
from forge_adapters.github.redirects import CrossHostRedirect, SameOriginRedirects
from forge_adapters.github.translate import actor, is_bot_account, issue_thread

__all__ = ["GIT_USERNAME", "AppCredentials", "GitHubClient"]

# GitHub's documented username for token-authenticated HTTPS git, for tokens and App tokens alike.
GIT_USERNAME = "x-access-token"
PAGE_SIZE = 100
GHOST = "ghost"  # GitHub's name for a deleted account
BARE_429_WAIT_SECONDS = 60.0
MESSAGE_LIMIT = 200


class GitHubTimestamp(datetime):
    """A datetime that prints as GitHub documents ``since``: ``YYYY-MM-DDTHH:MM:SSZ``.

    githubkit hands query datetimes to httpx, which writes ``str(value)``
    (``2026-01-02 03:04:05+00:00``); GitHub documents only the ``T…Z`` form
    and has answered 422 to others.
    Fractions are dropped, which moves ``since`` earlier: catching up may see
    a comment twice, never miss one.
    """

    @classmethod
    def of(cls, moment: datetime) -> GitHubTimestamp:
        return cls.fromtimestamp(int(moment.timestamp()), tz=UTC)

    def __str__(self) -> str:
        return utc_stamp(self)


class GitHubClient(ForgeClient):
    """One GitHub account (token) or App (installation tokens) seen through :class:`ForgeClient`.

    Build it with a token, ``GitHubClient(token, api_url=..., timeout=...)``,
    or as an App with :meth:`for_app`. App clients keep installation tokens
    only as long as the client lives: build one per job.
    """

    git_username = GIT_USERNAME
    pull_exists_status = 422  # GitHub's answer to a second PR from the same head

    def __init__(
        self,
        auth: str | AppCredentials,
        *,
        api_url: str,
        timeout: float,
        installations: InstallationCache | None = None,
    ) -> None:
        super().__init__()
        # githubkit builds an httpx client per call outside a context; a shared transport keeps the TLS
        # context and the connection pool alive across calls (33 ms saved per call, measured). A redirect
        # to another host is refused there (:mod:`.redirects`): its answer would be read as GitHub's.
        self._transport = SameOriginRedirects(httpx.HTTPTransport())
        self._access = _access_for(
            auth, api_url=api_url, timeout=timeout, transport=self._transport, installations=installations
        )

    @classmethod
    def for_app(
        cls,
        app_id: int | str,
        private_key: str,
        *,
        installation_id: int | None = None,
        api_url: str,
        timeout: float,
        installations: InstallationCache | None = None,
    ) -> GitHubClient:
        """Act as a GitHub App: each repository's installation is looked up (and kept in
        ``installations``, a worker's cache across jobs), or is ``installation_id`` when the operator
        configured one; never a webhook's ``installation.id``, which is a payload's word."""
        credentials = AppCredentials(app_id, private_key, installation_id)
        return cls(credentials, api_url=api_url, timeout=timeout, installations=installations)

    def __repr__(self) -> str:
        return f"GitHubClient({type(self._access).__name__}, credentials='***')"

    def _forge_error(self, error: Exception, doing: str) -> ForgeError | None:
        return to_forge_error(error, doing)

    def _own_account(self) -> Actor:
        return self._access.identity()

    def _git_password(self, repo: RepoRef) -> str:
        return self._access.git_password(repo)

    def _comments(self, thread: CommentThread, *, oldest_first: bool) -> Iterator[ForgeComment]:  # noqa: ARG002 - the base class's signature: GitHub lists oldest first
        """GitHub lists a thread's comments oldest first anyway; PRs share the issue comment API."""
        gh, repo = self._access.api(thread.repo), thread.repo
        comment: IssueComment
        for comment in gh.rest.paginate(
            gh.rest.issues.list_comments,
            owner=repo.owner,
            repo=repo.name,
            issue_number=thread.number,
            per_page=PAGE_SIZE,
        ):
            yield _comment(comment)

    def _create_comment(self, thread: CommentThread, body: str) -> ForgeComment:
        repo = thread.repo
        issues = self._access.api(repo).rest.issues
        return _comment(issues.create_comment(repo.owner, repo.name, thread.number, body=body).parsed_data)

    def _edit_comment(self, thread: CommentThread, comment_id: int | str, body: str) -> None:
        repo = thread.repo
        self._access.api(repo).rest.issues.update_comment(repo.owner, repo.name, int(comment_id), body=body)

    def _repository_info(self, repo: RepoRef) -> RepoInfo:
        found = self._access.api(repo).rest.repos.get(repo.owner, repo.name).parsed_data
        return RepoInfo(
            private=_private(found.private, found.visibility),
            default_branch=found.default_branch,
            clone_url=found.clone_url,
        )

    def _open_issue(self, repo: RepoRef, title: str, body: str, labels: tuple[str, ...]) -> OpenedThread:
        extra: dict[str, Any] = {"labels": list(labels)} if labels else {}
        issues = self._access.api(repo).rest.issues
        issue = issues.create(repo.owner, repo.name, title=title, body=body, **extra).parsed_data
        return OpenedThread(number=issue.number, url=issue.html_url)

    def _open_pull(self, repo: RepoRef, *, head: str, base: str, title: str, body: str) -> OpenedThread:
        pulls = self._access.api(repo).rest.pulls
        pull = pulls.create(repo.owner, repo.name, head=head, base=base, title=title, body=body).parsed_data
        return OpenedThread(number=pull.number, url=pull.html_url)

    def _find_pull(self, repo: RepoRef, *, head: str, base: str) -> OpenedThread | None:
        found = (
            self._access.api(repo)
            .rest.pulls.list(repo.owner, repo.name, state="open", head=f"{repo.owner}:{head}", base=base)
            .parsed_data
        )
        return OpenedThread(number=found[0].number, url=found[0].html_url) if found else None

    def _has_access(self, repo: RepoRef, login: str) -> bool:
        """``GET /collaborators/{login}``: 204 yes, 404 no (the owner counts as a collaborator)."""
        self._access.api(repo).rest.repos.check_collaborator(repo.owner, repo.name, login)
        return True

    def _request_reviewers(self, repo: RepoRef, number: int, logins: tuple[str, ...]) -> None:
        self._access.api(repo).rest.pulls.request_reviewers(
            repo.owner, repo.name, number, reviewers=list(logins)
        )

    def _comments_since(self, repo: RepoRef, since: datetime) -> Iterator[UpdatedComment]:
        """The repository-wide comment list covers issues and PRs alike; ``html_url`` tells them apart."""
        gh = self._access.api(repo)
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
            yield _updated_comment(comment)

    def _issues_since(self, repo: RepoRef, since: datetime) -> Iterator[OpenedIssue]:
        """GitHub's ``since`` filters on update time, a superset of creation; PRs are dropped here.

        Each issue is read as raw JSON with the webhook's own reader, so the replayed thread (and its
        event key) is the one the ``issues.opened`` delivery would have carried.
        """
        gh = self._access.api(repo)
        issues: Iterator[dict[str, Any]] = gh.rest.paginate(
            gh.rest.issues.list_for_repo,
            map_func=lambda response: response.json(),
            owner=repo.owner,
            repo=repo.name,
            state="all",
            since=GitHubTimestamp.of(since),
            sort="created",
            direction="asc",
            per_page=PAGE_SIZE,
        )
        return (found for issue in issues if (found := _opened_issue(issue)) is not None)


def _access_for(
    auth: str | AppCredentials,
    *,
    api_url: str,
    timeout: float,
    transport: httpx.BaseTransport,
    installations: InstallationCache | None,
) -> Access:
    """Check the credentials before any call, so a misconfigured bot fails at start, not mid-job."""
    if isinstance(auth, AppCredentials):
        if not auth.private_key:
            raise ForgeNotConfigured("no GitHub App private key configured")
        if find_spec("jwt") is None:
            raise ForgeError("GitHub App auth needs PyJWT with crypto (install githubkit[auth-app])")
        app_auth = AppAuthStrategy(auth.app_id, auth.private_key)
        app = build_github(app_auth, api_url=api_url, timeout=timeout, transport=transport)
        return AppAccess(app, auth.installation_id, installations)
    if not auth:
        raise ForgeNotConfigured("no GitHub token configured (set GITLEARNOS_GITHUB_TOKEN)")
    return TokenAccess(auth, build_github(auth, api_url=api_url, timeout=timeout, transport=transport))


def _author(user: SimpleUser | None) -> Actor:
    if user is None:
        return Actor(login=GHOST)
    return Actor(login=user.login, id=user.id, is_bot=is_bot_account(user.login, user.type))


def _comment(comment: IssueComment) -> ForgeComment:
    return ForgeComment(
        id=comment.id, body=comment.body or "", url=comment.html_url, author=_author(comment.user)
    )


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
    return UpdatedComment(
        # issue_url is .../repos/{owner}/{repo}/issues/{number} for PR comments too
        thread_number=int(comment.issue_url.rstrip("/").rsplit("/", 1)[-1]),
        is_pull_request="/pull/" in comment.html_url,
        comment_id=comment.id,
        author=_author(comment.user),
        body=comment.body or "",
        updated_at=comment.updated_at,
        created_at=comment.created_at,
    )


def _message(error: RequestFailed) -> str:
    try:
        data = error.response.raw_response.json()
    except ValueError:
        return ""
    message = data.get("message") if isinstance(data, dict) else None
    return f": {str(message)[:MESSAGE_LIMIT]}" if message else ""


def _unwrap(error: GitHubException) -> GitHubException:
    """Errors raised inside githubkit's auth flow (App token minting) arrive wrapped in ``RequestError``."""
    inner = error.exc if isinstance(error, RequestError) else None
    return inner if isinstance(inner, GitHubException) else error


def _redirect(error: BaseException) -> CrossHostRedirect | None:
    """The refused redirect behind ``error``, however deep githubkit wrapped it (a mint wraps twice)."""
    seen: BaseException | None = error
    for _ in range(4):
        if isinstance(seen, CrossHostRedirect):
            return seen
        seen = seen.exc if isinstance(seen, RequestError) else None
    return None


def to_forge_error(error: Exception, doing: str) -> ForgeError | None:
    """A githubkit failure (or an answer its models reject) as a :class:`ForgeError`; None for others."""
    if isinstance(error, ValidationError):
        return ForgeError(f"GitHub answered in an unexpected shape while {doing}")
    if not isinstance(error, GitHubException):
        return None
    if (redirect := _redirect(error)) is not None:
        return ForgeError(
            f"GitHub answered a {redirect.status} redirect to another host while {doing}; it is not followed"
            " (its answer would be a stranger's): set GITLEARNOS_GITHUB_API_URL to GitHub's API URL",
            status=redirect.status,
        )
    error = _unwrap(error)
    if isinstance(error, RateLimitExceeded):
        status = error.response.status_code
        wait = max(error.retry_after.total_seconds(), 0.0)
        return ForgeError(f"GitHub rate limit while {doing}", status=status, retry_after=wait)
    if isinstance(error, RequestFailed):
        status = error.response.status_code
        return ForgeError(
            f"GitHub answered {status} while {doing}{_message(error)}",
            status=status,
            retry_after=BARE_429_WAIT_SECONDS if status == 429 else None,
        )
    if isinstance(error, RequestTimeout):
        return ForgeError(f"GitHub did not answer in time while {doing}")
    return ForgeError(f"GitHub call failed while {doing}: {type(error).__name__}")


def forge_errors(doing: str) -> AbstractContextManager[None]:
    """Run GitHub calls, turning every githubkit failure into a :class:`ForgeError` about ``doing``."""
    return mapped_errors(to_forge_error, doing)
