"""What every forge's API client offers the worker, written once: :class:`ForgeClient`.

Like gidgethub's ``abc.py``, the base class holds the high-level rules —
upsert-by-marker with its author check, the bot's identity, error mapping,
pagination, the "already exists" and "not found" answers — and each forge's
``client.py`` supplies only its requests, as small ``_``-prefixed primitives
on its own library (githubkit, python-gitlab, httpx).
"""

from __future__ import annotations

import abc
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import ClassVar, TypeVar

from bot.intake.conversation import ThreadMessage
from bot.intake.events import Actor, RepoRef, Thread

T = TypeVar("T")
NOT_FOUND = 404
MAX_PAGES = 200  # a bound on any one listing, so a forge that never says "last page" cannot loop us forever


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


@dataclass(frozen=True)
class CommentThread:
    """Issue or PR ``number``; ``is_pull_request`` matters only where the two are numbered apart (GitLab)."""

    repo: RepoRef
    number: int
    is_pull_request: bool


@dataclass(frozen=True)
class ForgeComment:
    """A conversation comment as every forge can describe it; ``author`` is None for a deleted account."""

    id: int | str
    body: str
    url: str
    author: Actor | None


@contextmanager
def mapped_errors(
    to_forge_error: Callable[[Exception, str], ForgeError | None], doing: str
) -> Iterator[None]:
    """Run forge calls, turning each failure the mapper knows into a :class:`ForgeError` about ``doing``.

    A nested call's :class:`ForgeError` passes unchanged; what the mapper does not know is a bug of ours.
    """
    try:
        yield
    except ForgeError:
        raise
    except Exception as error:
        mapped = to_forge_error(error, doing)
        if mapped is None:
            raise
        raise mapped from error


def walk_pages(fetch_page: Callable[[int], tuple[Sequence[T], bool]], what: str) -> Iterator[T]:
    """Every item of a numbered-page listing; ``fetch_page(n)`` is page ``n`` and whether more follow."""
    for number in range(1, MAX_PAGES + 1):
        items, more = fetch_page(number)
        yield from items
        if not more:
            return
    raise ForgeError(f"more than {MAX_PAGES} pages of {what}; stopped paging")


def holds_marker(body: str, marker: str) -> bool:
    """True when ``marker`` stands on a line of its own, as the bot writes it (a quote-reply has ``>``)."""
    return any(line.strip() == marker for line in body.splitlines())


def as_utc(moment: datetime) -> datetime:
    """``moment`` in UTC; a naive time is taken as UTC already (what the catch-up callers pass)."""
    return moment.astimezone(UTC) if moment.tzinfo else moment.replace(tzinfo=UTC)


def utc_stamp(moment: datetime) -> str:
    """``YYYY-MM-DDTHH:MM:SSZ``, the form every forge documents for ``since``; fractions dropped (earlier)."""
    return as_utc(moment).strftime("%Y-%m-%dT%H:%M:%SZ")


class ForgeClient(abc.ABC):
    """The forge operations the workers need; a forge subclass implements the abstract primitives only.

    Every call raises :class:`ForgeError` on failure (mapped by :meth:`_forge_error`), with
    ``retry_after`` set when the forge asked us to slow down, so tasks can retry with its delay.
    ``is_pull_request`` matters where issues and PRs are numbered apart (GitLab); ``None`` means
    "not known". The bot's identity is read once per client: it cannot change under a token or an App.
    """

    git_username: ClassVar[str]  # the HTTPS username the forge documents for a token in the password
    pull_exists_status: ClassVar[int | None] = None  # the answer to a second PR from the same head

    def __init__(self) -> None:
        self._identity: Actor | None = None

    # --- the forge's own requests: all a subclass implements ----------------------------------------

    @abc.abstractmethod
    def _forge_error(self, error: Exception, doing: str) -> ForgeError | None:
        """``error`` of the forge's library as a :class:`ForgeError`, or None when it is not one of its."""

    @abc.abstractmethod
    def _comments(self, thread: CommentThread, *, oldest_first: bool) -> Iterable[ForgeComment]:
        """Every comment of ``thread``, page by page; ``oldest_first`` when the order matters."""

    @abc.abstractmethod
    def _has_access(self, repo: RepoRef, login: str) -> bool:
        """True when the forge confirms access; its 404 answer means "no" and is handled here."""

    @abc.abstractmethod
    def _issues_since(self, repo: RepoRef, since: datetime) -> Iterable[OpenedIssue]:
        """Issues the forge lists for ``since`` (a superset is fine: the creation time is checked here)."""

    @abc.abstractmethod
    def _own_account(self) -> Actor: ...
    @abc.abstractmethod
    def _git_password(self, repo: RepoRef) -> str: ...
    @abc.abstractmethod
    def _create_comment(self, thread: CommentThread, body: str) -> ForgeComment: ...
    @abc.abstractmethod
    def _edit_comment(self, thread: CommentThread, comment_id: int | str, body: str) -> None: ...
    @abc.abstractmethod
    def _repository_info(self, repo: RepoRef) -> RepoInfo: ...
    @abc.abstractmethod
    def _open_issue(self, repo: RepoRef, title: str, body: str, labels: tuple[str, ...]) -> OpenedThread: ...
    @abc.abstractmethod
    def _open_pull(self, repo: RepoRef, *, head: str, base: str, title: str, body: str) -> OpenedThread: ...
    @abc.abstractmethod
    def _find_pull(self, repo: RepoRef, *, head: str, base: str) -> OpenedThread | None: ...
    @abc.abstractmethod
    def _request_reviewers(self, repo: RepoRef, number: int, logins: tuple[str, ...]) -> None: ...
    @abc.abstractmethod
    def _comments_since(self, repo: RepoRef, since: datetime) -> Iterable[UpdatedComment]: ...

    def _on_thread(self, is_pull_request: bool | None, call: Callable[[bool], T]) -> T:
        """``call`` on the thread meant; forges that number issues and PRs together need not know which."""
        return call(bool(is_pull_request))

    def _doing(self, doing: str) -> AbstractContextManager[None]:
        return mapped_errors(self._forge_error, doing)

    # --- what the workers call ----------------------------------------------------------------------

    def bot_identity(self) -> Actor:
        """The account the bot acts as, so its own events can be dropped and its own comments found."""
        if self._identity is None:
            with self._doing("reading the bot's own account"):
                self._identity = self._own_account()
        return self._identity

    def _is_mine(self, author: Actor | None) -> bool:
        return author is not None and author.login.lower() == self.bot_identity().login.lower()

    def upsert_comment(
        self, repo: RepoRef, number: int, marker: str, body: str, *, is_pull_request: bool | None = None
    ) -> PostedComment:
        """Edit the bot's own comment holding ``marker`` on issue/PR ``number``, else post ``body``.

        Only a comment the bot wrote counts: a learner who pastes the marker must never have their
        words overwritten. The identity is asked only once a marked comment turns up.
        """
        with self._doing(f"posting a reply on {repo.full_name}#{number}"):
            return self._on_thread(
                is_pull_request, lambda kind: self._upsert_on(CommentThread(repo, number, kind), marker, body)
            )

    def _upsert_on(self, thread: CommentThread, marker: str, body: str) -> PostedComment:
        for comment in self._comments(thread, oldest_first=False):
            if holds_marker(comment.body, marker) and self._is_mine(comment.author):
                if comment.body != body:
                    self._edit_comment(thread, comment.id, body)
                return PostedComment(id=comment.id, url=comment.url, created=False)
        created = self._create_comment(thread, body)
        return PostedComment(id=created.id, url=created.url, created=True)

    def thread_messages(
        self, repo: RepoRef, number: int, *, is_pull_request: bool | None = None
    ) -> list[ThreadMessage]:
        """The conversation comments of issue/PR ``number``, oldest first (the setup gate reads them).

        ``is_bot`` is true for the bot's own account and for any bot user, so the core can tell the
        bot's questions from the learner's answers.
        """
        with self._doing(f"reading the comments of {repo.full_name}#{number}"):
            me = self.bot_identity().login.lower()
            comments = self._on_thread(
                is_pull_request,
                lambda kind: list(self._comments(CommentThread(repo, number, kind), oldest_first=True)),
            )
        return [
            ThreadMessage(
                author=comment.author.login if comment.author else "",
                is_bot=comment.author is not None
                and (comment.author.is_bot or comment.author.login.lower() == me),
                body=comment.body,
                comment_id=str(comment.id),
            )
            for comment in comments
        ]

    def git_credentials(self, repo: RepoRef) -> GitCredentials:
        """Credentials for cloning and pushing ``repo`` over HTTPS."""
        with self._doing(f"getting git credentials for {repo.full_name}"):
            return GitCredentials(username=self.git_username, password=self._git_password(repo))

    def repository_info(self, repo: RepoRef) -> RepoInfo:
        with self._doing(f"reading {repo.full_name}"):
            return self._repository_info(repo)

    def open_issue(self, repo: RepoRef, title: str, body: str, labels: tuple[str, ...] = ()) -> OpenedThread:
        with self._doing(f"opening an issue on {repo.full_name}"):
            return self._open_issue(repo, title, body, labels)

    def open_pull_request(
        self, repo: RepoRef, *, head: str, base: str, title: str, body: str
    ) -> OpenedThread:
        """Open a PR (GitLab: merge request) from pushed branch ``head`` into ``base``.

        A retry whose first response was lost gets the forge's "already exists" answer: the open PR
        from ``head`` is ours and is the answer. Without one, the refusal stands.
        """
        try:
            with self._doing(f"opening a pull request {head} → {base} on {repo.full_name}"):
                return self._open_pull(repo, head=head, base=base, title=title, body=body)
        except ForgeError as error:
            if error.status is None or error.status != self.pull_exists_status:
                raise
            existing = self.find_pull_request(repo, head=head, base=base)
            if existing is None:
                raise
            return existing

    def find_pull_request(self, repo: RepoRef, *, head: str, base: str) -> OpenedThread | None:
        """The open PR (GitLab: merge request) from branch ``head`` into ``base``, if there is one."""
        with self._doing(f"looking for a pull request from {head} on {repo.full_name}"):
            return self._find_pull(repo, head=head, base=base)

    def has_access(self, repo: RepoRef, login: str) -> bool:
        """True when ``login`` can already read ``repo`` (owner, collaborator, member). Grants nothing."""
        try:
            with self._doing(f"checking whether {login} can see {repo.full_name}"):
                return self._has_access(repo, login)
        except ForgeError as error:
            if error.status == NOT_FOUND:
                return False
            raise

    def request_reviewers(self, repo: RepoRef, number: int, logins: tuple[str, ...]) -> None:
        """Ask ``logins``, who must already have access, to review PR ``number``; never invites anyone."""
        with self._doing(f"requesting reviewers on {repo.full_name}#{number}"):
            self._request_reviewers(repo, number, logins)

    def comments_updated_since(self, repo: RepoRef, since: datetime) -> list[UpdatedComment]:
        """Issue and PR conversation comments created or edited after ``since`` (for catching up)."""
        moment = as_utc(since)
        with self._doing(f"listing comments on {repo.full_name} since {moment.isoformat()}"):
            return list(self._comments_since(repo, moment))

    def issues_opened_since(self, repo: RepoRef, since: datetime) -> list[OpenedIssue]:
        """Issues (not pull requests) created at or after ``since``, oldest first (for catching up)."""
        moment = as_utc(since)
        with self._doing(f"listing issues on {repo.full_name} since {moment.isoformat()}"):
            opened = [issue for issue in self._issues_since(repo, moment) if issue.created_at >= moment]
        return sorted(opened, key=lambda issue: issue.created_at)
