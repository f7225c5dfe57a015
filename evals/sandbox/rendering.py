"""What the GitHub, GitLab and Gitea renderers share: the site they render for, API, web and clone URLs,
avatars, label ids and timestamps.

Each forge spells objects its own way, but the URLs a learner clicks and clones, and the accounts behind
them, are the same sandbox objects; keeping those here means the three flavours cannot drift apart.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, ClassVar, Self

from litestar import Request
from litestar.di import NamedDependency

from evals.sandbox.git_repos import CommitInfo
from evals.sandbox.models import Repository, User
from evals.sandbox.store import SandboxStore

JSON = dict[str, Any]
# GitHub spells App accounts ``name[bot]``; GitLab and Gitea forbid brackets in usernames, so there the
# bot is plain ``name`` and must recognise itself by its own identity, as on those real forges.
GITHUB_APP_SUFFIX = "[bot]"


def rfc3339(moment: datetime) -> str:
    """UTC, whole seconds, ``Z``: how GitHub and Gitea (Go's ``time.Time`` in UTC) write timestamps."""
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def plain_username(login: str) -> str:
    """The account's username on forges without GitHub's ``[bot]`` App suffix."""
    return login.removesuffix(GITHUB_APP_SUFFIX)


def label_id(full_name: str, name: str) -> int:
    """A stable id for a label: labels are names on issues here, not stored objects."""
    return zlib.crc32(f"{full_name}:{name}".encode())


@dataclass(frozen=True)
class SiteRenderer:
    """Base of the per-forge renderers: state, seen from the address the client used (``site_url``)."""

    api_prefix: ClassVar[str]  # where the forge's REST API lives, e.g. ``/api/v4``

    site_url: str
    store: SandboxStore

    @classmethod
    def for_request(cls, request: Request[Any, Any, Any], store: NamedDependency[SandboxStore]) -> Self:
        """Litestar dependency: render URLs with the address the client used, so they work from there."""
        return cls(str(request.base_url).rstrip("/"), store)

    @property
    def api_url(self) -> str:
        return self.site_url + self.api_prefix

    def web_url(self, full_name: str) -> str:
        return f"{self.site_url}/{full_name}"

    def clone_url(self, full_name: str) -> str:
        """Git over HTTP has one URL for every flavour (GitLab's ``git_http_url``, Gitea's ``clone_url``)."""
        return f"{self.site_url}/{full_name}.git"

    def ssh_url(self, full_name: str) -> str:
        return f"git@sandbox.invalid:{full_name}.git"  # no SSH: a placeholder clients never reach

    def avatar_url(self, user: User) -> str:
        return f"{self.site_url}/avatars/u/{user.id}"

    def username(self, login: str) -> str:
        """The login as this forge spells it; GitLab and Gitea drop GitHub's ``[bot]`` suffix."""
        return plain_username(login)

    def commit_accounts(self, info: CommitInfo) -> tuple[User | None, User | None]:
        """The accounts a commit's author and committer emails belong to (``None`` for strangers)."""
        return self.store.user_by_email(info.author.email), self.store.user_by_email(info.committer.email)

    def is_empty(self, repo: Repository) -> bool:
        """True until the default branch has a commit (GitLab ``empty_repo``, Gitea ``empty``)."""
        return self.store.bare_repository(repo.full_name).resolve(f"refs/heads/{repo.default_branch}") is None

    def repo_label_names(self, full_name: str) -> set[str]:
        return {
            name
            for issue in self.store.issues(full_name)  # labels exist once some issue carries them
            for name in issue.labels
        }
