"""The interface every forge's API client offers the worker."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from bot.intake.conversation import ThreadMessage
from bot.intake.events import Actor, RepoRef, Thread


class ForgeError(Exception):
    """A forge API call failed; ``retry_after`` is set when the forge asked us to wait."""

    def __init__(self, message: str, *, status: int | None = None, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.retry_after = retry_after


class ForgeNotConfigured(ForgeError):
    """The operator configured no URL, token or key for this forge: a configuration error, never retried."""


@dataclass(frozen=True)
class PostedComment:
    id: int | str
    url: str
    created: bool  # False when an existing marked comment was edited or already matched


@dataclass(frozen=True)
class GitCredentials:
    """HTTP credentials for one git command; never written to ``.git/config`` or logs."""

    username: str
    password: str

    def __repr__(self) -> str:  # keep tokens out of tracebacks and logs
        return f"GitCredentials(username={self.username!r}, password='***')"


@dataclass(frozen=True)
class RepoInfo:
    """What the forge says about a repository right now (webhook payloads can be stale).

    ``private`` is True only when the forge says members alone can see it; False for public and
    internal (every signed-in user) alike; None when the answer named no visibility it knows.
    """

    private: bool | None
    default_branch: str
    clone_url: str


@dataclass(frozen=True)
class OpenedThread:
    number: int  # GitLab: the iid
    url: str


@dataclass(frozen=True)
class UpdatedComment:
    """A comment seen while catching up on missed webhooks."""

    thread_number: int
    is_pull_request: bool
    comment_id: int | str
    author: Actor
    body: str
    updated_at: datetime
    created_at: datetime | None = None  # later than created means edited: maintenance must not re-apply it


@dataclass(frozen=True)
class OpenedIssue:
    """An issue seen while catching up on missed webhooks: the thread its opening webhook would carry."""

    thread: Thread
    author: Actor
    created_at: datetime


class ForgeClient(Protocol):
    """The forge operations the workers need; one implementation per forge.

    Every call raises :class:`ForgeError` on failure, with ``retry_after`` set
    when the forge asked us to slow down, so tasks can retry with its delay.
    """

    def upsert_comment(
        self, repo: RepoRef, number: int, marker: str, body: str, *, is_pull_request: bool | None = None
    ) -> PostedComment:
        """Post ``body`` on issue/PR ``number``, or edit the bot's comment holding ``marker`` if there is one.

        ``is_pull_request`` matters where issues and PRs are numbered separately (GitLab); ``None``
        means "not known".
        """
        ...

    def git_credentials(self, repo: RepoRef) -> GitCredentials:
        """Credentials for cloning and pushing ``repo`` over HTTPS."""
        ...

    def repository_info(self, repo: RepoRef) -> RepoInfo: ...

    def bot_identity(self) -> Actor:
        """The account the bot acts as, so its own events can be dropped."""
        ...

    def open_issue(
        self, repo: RepoRef, title: str, body: str, labels: tuple[str, ...] = ()
    ) -> OpenedThread: ...

    def open_pull_request(
        self, repo: RepoRef, *, head: str, base: str, title: str, body: str
    ) -> OpenedThread:
        """Open a PR (GitLab: merge request) from pushed branch ``head`` into ``base``."""
        ...

    def find_pull_request(self, repo: RepoRef, *, head: str, base: str) -> OpenedThread | None:
        """The open PR (GitLab: merge request) from branch ``head`` into ``base``, if there is one."""
        ...

    def has_access(self, repo: RepoRef, login: str) -> bool:
        """True when ``login`` can already read ``repo`` (owner, collaborator, member). Grants nothing."""
        ...

    def request_reviewers(self, repo: RepoRef, number: int, logins: tuple[str, ...]) -> None:
        """Ask ``logins``, who must already have access, to review PR ``number``; never invites anyone."""
        ...

    def comments_updated_since(self, repo: RepoRef, since: datetime) -> list[UpdatedComment]:
        """Issue and PR conversation comments created or edited after ``since`` (for catching up)."""
        ...

    def issues_opened_since(self, repo: RepoRef, since: datetime) -> list[OpenedIssue]:
        """Issues (not pull requests) created at or after ``since``, oldest first (for catching up)."""
        ...

    def thread_messages(
        self, repo: RepoRef, number: int, *, is_pull_request: bool | None = None
    ) -> list[ThreadMessage]:
        """The conversation comments of issue/PR ``number``, oldest first (the setup gate reads them).

        ``is_bot`` is true for the bot's own account and for any bot user, so the core can tell the
        bot's questions from the learner's answers. ``is_pull_request`` as in :meth:`upsert_comment`.
        """
        ...
