"""The interface every forge's API client offers the worker."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from bot.events import RepoRef


class ForgeError(Exception):
    """A forge API call failed; ``retry_after`` is set when the forge asked us to wait."""

    def __init__(self, message: str, *, status: int | None = None, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.retry_after = retry_after


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


class ForgeClient(Protocol):
    def upsert_comment(self, repo: RepoRef, number: int, marker: str, body: str) -> PostedComment:
        """Post ``body`` on issue/PR ``number`` unless a comment holding ``marker`` exists; then edit it."""
        ...

    def git_credentials(self, repo: RepoRef) -> GitCredentials:
        """Credentials for cloning and pushing ``repo`` over HTTPS."""
        ...
