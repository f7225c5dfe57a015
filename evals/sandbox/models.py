"""Forge-neutral state of the sandbox: users, repositories, issues, comments, hooks, deliveries.

Nothing here knows how GitHub, GitLab or Gitea spell these things on the wire: the ``github_*``,
``gitlab_*`` and ``gitea_*`` modules render them. The one forge-specific fact stored is a hook's
:class:`Forge` flavour, because a real hook belongs to one forge and gets that forge's payloads and headers.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict

NOREPLY_DOMAIN = "users.noreply.sandbox.invalid"
NAME_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$")


def utc_now() -> datetime:
    """Whole seconds, as forges report them, so a value survives a JSON round trip unchanged."""
    return datetime.now(UTC).replace(microsecond=0)


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True)


class Forge(StrEnum):
    """Which forge's webhook format a hook receives (every API shape is served to every client)."""

    GITHUB = "github"
    GITLAB = "gitlab"
    GITEA = "gitea"


class UserKind(StrEnum):
    USER = "User"
    BOT = "Bot"


class User(Frozen):
    id: int
    login: str
    kind: UserKind
    created_at: datetime

    @property
    def email(self) -> str:
        """A no-reply address, the form GitHub gives accounts that hide their email."""
        return f"{self.id}+{self.login}@{NOREPLY_DOMAIN}"


class Repository(Frozen):
    id: int
    owner: str
    name: str
    private: bool
    default_branch: str
    created_at: datetime
    pushed_at: datetime
    collaborators: tuple[str, ...] = ()  # besides the owner: who may read it (and so review on it)

    @property
    def full_name(self) -> str:
        return f"{self.owner}/{self.name}"


class PullInfo(Frozen):
    """What makes an issue a pull request (GitLab: a merge request): its branches and where it stands."""

    head: str
    base: str
    merged: bool = False
    merged_at: datetime | None = None
    merge_commit: str | None = None
    merged_by: str | None = None
    reviewers: tuple[str, ...] = ()


class Issue(Frozen):
    """An issue, or with ``pull`` set a pull request: they share numbers as on GitHub and Gitea (GitLab
    numbers merge requests separately; a number unique across both is still a valid ``iid`` there)."""

    id: int
    repo: str
    number: int
    title: str
    body: str | None
    labels: tuple[str, ...]
    author: str
    state: Literal["open", "closed"] = "open"
    created_at: datetime
    updated_at: datetime
    pull: PullInfo | None = None


class Comment(Frozen):
    """A conversation comment, or with ``path`` set a line comment on a pull request's diff."""

    id: int
    repo: str
    issue_number: int
    author: str
    body: str
    created_at: datetime
    updated_at: datetime
    path: str | None = None
    line: int | None = None


ReviewVerdict = Literal["APPROVED", "CHANGES_REQUESTED", "COMMENTED"]


class Review(Frozen):
    """A submitted pull-request review (GitLab: an approval, or notes for the other verdicts)."""

    id: int
    repo: str
    number: int
    author: str
    state: ReviewVerdict
    body: str
    submitted_at: datetime


class Hook(Frozen):
    """A repository webhook. The secret stays in the state file (mode 0600); no API answer shows it."""

    id: int
    repo: str
    url: str
    secret: str
    content_type: Literal["json"] = "json"
    forge: Forge = Forge.GITHUB  # state saved before flavours existed holds GitHub hooks
    created_at: datetime
    events: tuple[str, ...] | None = None  # topics it hears (evals.sandbox.hook_topics); None: all


class Delivery(Frozen):
    """One attempt to deliver an event to a hook.

    ``guid`` is the id the receiver deduplicates on: ``X-GitHub-Delivery``, GitLab's ``Idempotency-Key`` or
    ``X-Gitea-Delivery``. GitHub and GitLab redeliver under the same ``guid``; Gitea replays as a new
    delivery with a new one. Either way ``redelivery_of`` names the delivery that was repeated.
    """

    guid: str
    hook_id: int
    repo: str
    event: str
    action: str | None
    delivered_at: datetime
    status_code: int | None
    duration_ms: int
    error: str | None
    redelivery: bool
    redelivery_of: str | None = None
    forge: Forge = Forge.GITHUB
    event_type: str | None = None  # Gitea's fine event type, where it differs from the coarse event
    # The address the triggering client used; GitLab names its instance in ``X-Gitlab-Instance``.
    site_url: str | None = None


class ForgeState(BaseModel):
    """Everything the sandbox remembers besides Git objects and delivery bodies; saved as one JSON file."""

    learner: str
    next_id: int = 1000
    users: list[User] = []
    repos: list[Repository] = []
    issues: list[Issue] = []
    comments: list[Comment] = []
    reviews: list[Review] = []
    hooks: list[Hook] = []
    deliveries: list[Delivery] = []
