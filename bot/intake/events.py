"""The event types every forge and trigger is normalized into: one class per kind.

Forge adapters translate webhook payloads into an :data:`InboundEvent`;
nothing forge-specific travels past them. Each kind is its own class that
requires the parts that kind always has (an opened issue has its thread, a new
comment its comment), so an operation typed against the kinds it takes needs
no narrowing. Events are frozen and validate when built (:func:`build_event`,
which also decodes the queued JSON), so no downstream code handles a half-valid
event.
"""

from __future__ import annotations

import hashlib
from datetime import datetime
from enum import StrEnum
from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, field_validator


class Forge(StrEnum):
    GITHUB = "github"
    GITLAB = "gitlab"
    GITEA = "gitea"
    LOCAL = "local"


class EventKind(StrEnum):
    """What happened, independent of how a forge names it."""

    PING = "ping"
    INSTALL = "install"
    ISSUE_OPENED = "issue.opened"
    ISSUE_EDITED = "issue.edited"
    ISSUE_LABELED = "issue.labeled"
    COMMENT_CREATED = "comment.created"
    COMMENT_EDITED = "comment.edited"
    PR_OPENED = "pull_request.opened"
    PR_MERGED = "pull_request.merged"
    PR_CLOSED = "pull_request.closed"
    REVIEW_SUBMITTED = "review.submitted"
    REVIEW_COMMENT = "review.comment"
    PUSH = "push"
    SCHEDULE = "schedule"


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class RepoRef(_Frozen):
    """Where the learner repository lives."""

    forge: Forge
    host: str = Field(min_length=1)
    full_name: str = Field(pattern=r"^[A-Za-z0-9_.-]+(/[A-Za-z0-9_.-]+)+$")
    default_branch: str = Field(default="main", min_length=1)
    clone_url: str = ""
    private: bool | None = None

    @field_validator("full_name")
    @classmethod
    def _no_dot_segments(cls, value: str) -> str:
        if any(part in {".", ".."} for part in value.split("/")):
            raise ValueError("repository name segments may not be '.' or '..'")
        return value

    @property
    def owner(self) -> str:
        return self.full_name.split("/", 1)[0]

    @property
    def name(self) -> str:
        return self.full_name.rsplit("/", 1)[-1]

    @property
    def slug(self) -> str:
        """A stable, filesystem- and key-safe identity across forges and hosts."""
        return f"{self.forge.value}:{self.host}/{self.full_name}"


class Actor(_Frozen):
    login: str = Field(min_length=1)
    id: int | str | None = None
    is_bot: bool = False


class Thread(_Frozen):
    """The issue or pull request the event belongs to (GitLab: the ``iid``)."""

    number: int = Field(ge=1)
    title: str = ""
    body: str = ""
    labels: tuple[str, ...] = ()
    is_pull_request: bool = False
    url: str = ""
    author: str = ""
    merged: bool | None = None  # pull requests: known only on close/merge events
    head_branch: str = ""
    confidential: bool = False


class Comment(_Frozen):
    id: int | str
    body: str = ""
    url: str = ""
    created_at: datetime | None = None
    updated_at: datetime | None = None
    path: str = ""  # set for line/diff comments on a pull request
    line: int | None = None
    confidential: bool = False


class ReviewState(StrEnum):
    APPROVED = "approved"
    CHANGES_REQUESTED = "changes_requested"
    COMMENTED = "commented"


class Review(_Frozen):
    """A submitted pull-request review (GitLab: an approval)."""

    id: int | str | None = None
    state: ReviewState
    body: str = ""


class PushDetails(_Frozen):
    """A push to a branch or tag, with what forges tell about it."""

    ref: str = Field(min_length=1)
    before: str = ""
    after: str = ""
    created: bool = False
    deleted: bool = False
    forced: bool | None = None  # None: the forge does not say
    changed_paths: tuple[str, ...] = ()
    commits_truncated: bool = False  # GitLab lists at most 20 commits; paths may then be incomplete

    @property
    def branch(self) -> str | None:
        return self.ref.removeprefix("refs/heads/") if self.ref.startswith("refs/heads/") else None


class EventBase(_Frozen):
    """What every kind carries; the parts a kind may lack stay optional here and required in its class."""

    forge: Forge
    delivery_id: str = Field(min_length=1)
    kind: EventKind
    repo: RepoRef | None = None
    actor: Actor | None = None
    thread: Thread | None = None
    comment: Comment | None = None
    review: Review | None = None
    push: PushDetails | None = None
    occurred_at: datetime | None = None


class Ping(EventBase):
    kind: Literal[EventKind.PING] = EventKind.PING


class Install(EventBase):
    kind: Literal[EventKind.INSTALL] = EventKind.INSTALL


class _OnThread(EventBase):
    thread: Thread


class IssueOpened(_OnThread):
    kind: Literal[EventKind.ISSUE_OPENED] = EventKind.ISSUE_OPENED


class IssueEdited(_OnThread):
    kind: Literal[EventKind.ISSUE_EDITED] = EventKind.ISSUE_EDITED


class IssueLabeled(_OnThread):
    kind: Literal[EventKind.ISSUE_LABELED] = EventKind.ISSUE_LABELED


class _CommentOnThread(_OnThread):
    comment: Comment


class CommentCreated(_CommentOnThread):
    kind: Literal[EventKind.COMMENT_CREATED] = EventKind.COMMENT_CREATED


class CommentEdited(_CommentOnThread):
    kind: Literal[EventKind.COMMENT_EDITED] = EventKind.COMMENT_EDITED


class PullRequestOpened(_OnThread):
    kind: Literal[EventKind.PR_OPENED] = EventKind.PR_OPENED


class PullRequestMerged(_OnThread):
    kind: Literal[EventKind.PR_MERGED] = EventKind.PR_MERGED


class PullRequestClosed(_OnThread):
    kind: Literal[EventKind.PR_CLOSED] = EventKind.PR_CLOSED


class ReviewSubmitted(_OnThread):
    kind: Literal[EventKind.REVIEW_SUBMITTED] = EventKind.REVIEW_SUBMITTED
    review: Review


class ReviewComment(_CommentOnThread):
    kind: Literal[EventKind.REVIEW_COMMENT] = EventKind.REVIEW_COMMENT


class Push(EventBase):
    kind: Literal[EventKind.PUSH] = EventKind.PUSH
    push: PushDetails


class ScheduleTrigger(EventBase):
    kind: Literal[EventKind.SCHEDULE] = EventKind.SCHEDULE


InboundEvent = (
    Ping
    | Install
    | IssueOpened
    | IssueEdited
    | IssueLabeled
    | CommentCreated
    | CommentEdited
    | PullRequestOpened
    | PullRequestMerged
    | PullRequestClosed
    | ReviewSubmitted
    | ReviewComment
    | Push
    | ScheduleTrigger
)
ThreadEvent = (
    IssueOpened
    | IssueEdited
    | IssueLabeled
    | CommentCreated
    | CommentEdited
    | PullRequestOpened
    | PullRequestMerged
    | PullRequestClosed
    | ReviewSubmitted
    | ReviewComment
)
"""An event on an issue or a pull request: it has a thread."""
CommentEvent = CommentCreated | CommentEdited | ReviewComment
"""An event that carries a comment (and its thread)."""

AnyEvent = TypeVar("AnyEvent", bound=EventBase)

_EVENTS: TypeAdapter[InboundEvent] = TypeAdapter(Annotated[InboundEvent, Field(discriminator="kind")])


def build_event(data: dict[str, Any]) -> InboundEvent:
    """The event ``data`` describes, as its kind's class: built by translators, decoded from the queue.

    Accepts the parts as objects or as their JSON form (``model_dump(mode="json")``
    round-trips); raises pydantic's ``ValidationError`` like any model.
    """
    return _EVENTS.validate_python(data)


def as_kind(event: EventBase, kind: type[AnyEvent], **changes: Any) -> AnyEvent:
    """``event`` told as another kind (an approval as the note it approves), validated as that kind's class.

    ``model_copy`` would keep the old class and skip validation; this builds the
    new kind from the same parts, with ``changes`` on top.
    """
    parts = {name: value for name, value in event if name != "kind"}
    return kind.model_validate({**parts, **changes})


def content_hash(text: str) -> str:
    """Short, stable hash of learner text; used in event keys instead of the text itself.

    ``surrogatepass``: a lone surrogate (which no UTF-8 text holds, but a Python
    string can) still hashes instead of raising; valid text hashes as before.
    """
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:12]


def event_key(event: InboundEvent) -> str:
    """The effect-level identity of an event, written as the ``GitLearnOS-Event`` trailer.

    It names what the learner did (this issue body, this comment version), not
    the delivery that carried it, so a redelivery or a replay under a new
    delivery id maps to the same key and is recognized as already applied.
    """
    if event.repo is None or event.thread is None:
        return f"{event.forge.value}:delivery/{event.delivery_id}"
    base = f"{event.repo.slug}#{event.thread.number}"
    if event.review is not None:  # reviews share their PR's text; each verdict is its own act
        review = event.review
        actor = event.actor.login if event.actor is not None else ""
        ident = review.id if review.id is not None else content_hash(f"{actor}|{event.occurred_at}")
        return f"{base}/review/{ident}@{content_hash(review.state.value + chr(10) + review.body)}"
    if event.kind in (EventKind.PR_MERGED, EventKind.PR_CLOSED):
        return f"{base}/{event.kind.value}"
    if event.comment is not None:
        return f"{base}/comment/{event.comment.id}@{content_hash(event.comment.body)}"
    return f"{base}/issue@{content_hash(event.thread.title + chr(10) + event.thread.body)}"
