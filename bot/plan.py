"""What an operation wants done, returned by the core and performed by the worker.

A Plan holds at most one commit (one meaningful learning event per commit) and
every effect that follows it: the replies to post, the issues to open, the jobs
to queue, and the receipt. :meth:`Plan.finished` fills in the Git facts once the
commit exists, so the worker (``workers.executor``) only performs what the plan
says. Paths are validated when the plan is built, so an unsafe path can never
reach the Git layer.
"""

from __future__ import annotations

import posixpath
from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field, field_validator

from bot.errors import UnsafePath
from bot.intake.events import ThreadEvent
from bot.receipt import Receipt, record_persistence
from bot.replies import reply_marker

# Files the bot must never write, whatever a plan says.
_FORBIDDEN_PARTS = {".git"}


def check_repo_path(path: str) -> str:
    """Return ``path`` if it stays inside the repository, else raise :class:`UnsafePath`."""
    if not path or path.startswith("/") or "\\" in path or "\x00" in path:
        raise UnsafePath(f"refusing path {path!r}: not a relative repository path")
    normal = posixpath.normpath(path)
    parts = normal.split("/")
    if normal != path or ".." in parts or "." in parts or _FORBIDDEN_PARTS & set(parts):
        raise UnsafePath(f"refusing path {path!r}: it leaves the repository or touches Git internals")
    return path


class Outcome(StrEnum):
    COMMITTED = "committed"
    PREVIEW = "preview"
    REQUIRES_APPROVAL = "requires-approval"
    UNCHANGED = "unchanged"
    SKIPPED = "skipped"
    REFUSED = "refused"


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class FileWrite(_Frozen):
    path: str
    content: str

    @field_validator("path")
    @classmethod
    def _safe(cls, value: str) -> str:
        return check_repo_path(value)


class CommitSpec(_Frozen):
    """One commit: a subject line, a short body, and machine-readable trailers."""

    subject: str = Field(min_length=1, max_length=120)
    body: str = ""
    trailers: tuple[tuple[str, str], ...] = ()

    def message(self) -> str:
        parts = [self.subject]
        if self.body:
            parts.append(self.body.strip())
        if self.trailers:
            parts.append("\n".join(f"{key}: {value}" for key, value in self.trailers))
        return "\n\n".join(parts) + "\n"


class Reply(_Frozen):
    """A comment on the event's issue or PR.

    ``marker`` is a hidden HTML comment that identifies the reply, so a retry
    edits the existing comment instead of posting a second one.
    """

    thread_number: int = Field(ge=1)
    is_pull_request: bool = False  # GitLab numbers issues and merge requests separately
    marker: str = Field(pattern=r"^<!-- gitlearnos:[^>]*-->$")
    text: str

    @classmethod
    def on(cls, event: ThreadEvent, event_key: str, text: str) -> Reply:
        """A reply on the event's own issue or pull request, marked with the event's key."""
        return cls(
            thread_number=event.thread.number,
            is_pull_request=event.thread.is_pull_request,
            marker=reply_marker(event_key),
            text=text,
        )

    def body(self) -> str:
        return f"{self.text.rstrip()}\n\n{self.marker}\n"


class IssueSpec(_Frozen):
    """An issue to open once the commit is pushed (a due-review delivery), at most once per ``marker``."""

    title: str = Field(min_length=1, max_length=200)
    text: str
    marker: str = Field(pattern=r"^<!-- gitlearnos:[^>]*-->$")

    def body(self) -> str:
        return f"{self.text.rstrip()}\n\n{self.marker}\n"


class PullRequestSpec(_Frozen):
    """A pull request (GitLab: merge request) to open from the plan's commit.

    The worker pushes the commit to ``branch`` (never forced, never the default branch), opens the
    pull request into the default branch unless one from ``branch`` is already open, and requests
    ``reviewers`` only among accounts that already have access: it never invites anyone.
    """

    branch: str = Field(pattern=r"^gitlearnos/[a-z0-9][a-z0-9._/-]*$")
    title: str = Field(min_length=1, max_length=200)
    body: str
    reviewers: tuple[str, ...] = ()


class FollowUpJob(_Frozen):
    """Work the plan's commit starts on another queue once it is pushed (e.g. ``rag-ingest`` of a record).

    ``path`` names the repository file the job is about; the job re-reads it from the pushed head.
    A read-only job that answers on the thread (``rag-answer``, ``verify-schedules``) also carries
    the ``reply`` it upserts (thread and hidden marker; the job writes the text), and the learner's
    ``question`` or the login that ``requested_by`` it. Such a job needs no commit, so the worker
    queues it whatever the plan's outcome. A ``rag-answer`` job with a ``record_key`` also records the
    question (its own commit under that event key, :mod:`bot.records.questions`); without one (an
    "answer only" override) it stores nothing.
    """

    kind: str = Field(pattern=r"^[a-z][a-z0-9-]*$")
    path: str
    question: str = ""
    reply: Reply | None = None
    requested_by: str = ""
    record_key: str = ""

    @field_validator("path")
    @classmethod
    def _safe(cls, value: str) -> str:
        return check_repo_path(value)


class Plan(_Frozen):
    outcome: Outcome
    event_key: str = ""
    operation: str = ""
    writes: tuple[FileWrite, ...] = ()
    deletes: tuple[str, ...] = ()
    commit: CommitSpec | None = None
    replies: tuple[Reply, ...] = ()
    receipt: Receipt | None = None
    reason: str = ""
    pull_request: PullRequestSpec | None = None  # the commit goes to its branch, then a PR is opened
    follow_ups: tuple[FollowUpJob, ...] = ()  # queued by the worker after the push landed
    issue: IssueSpec | None = None  # opened by the worker after the push landed

    @field_validator("writes")
    @classmethod
    def _unique_paths(cls, value: tuple[FileWrite, ...]) -> tuple[FileWrite, ...]:
        paths = [write.path for write in value]
        if len(paths) != len(set(paths)):
            raise UnsafePath("a plan writes the same path twice")
        return value

    @field_validator("deletes")
    @classmethod
    def _safe_deletes(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(check_repo_path(path) for path in value)

    @property
    def changed_paths(self) -> tuple[str, ...]:
        """Every path the commit touches: written files first, then deleted ones."""
        return tuple(write.path for write in self.writes) + self.deletes

    def finished(self, *, commit_id: str, branch: str, remote: str | None) -> Plan:
        """This plan once ``commit_id`` exists: the receipt's Git facts in the first reply and the issue.

        ``remote`` is where the commit was pushed (None: local mode, nothing pushed).
        """
        if self.receipt is None:
            return self
        receipt = record_persistence(self.receipt, commit_id=commit_id, branch=branch, remote=remote)
        rendered = receipt.render()
        replies = self.replies
        if replies:
            first, *rest = replies
            replies = (first.model_copy(update={"text": f"{first.text}\n\n{rendered}"}), *rest)
        issue = self.issue
        if issue is not None:
            issue = issue.model_copy(update={"text": f"{issue.text.rstrip()}\n\n{rendered}"})
        return self.model_copy(update={"receipt": receipt, "replies": replies, "issue": issue})
