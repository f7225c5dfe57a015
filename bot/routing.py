"""Which operation takes which event: one table, read by the core, the worker and intake. Pure.

A route is data, as in gidgethub's router: its name, the event classes it
takes, a predicate on the event alone, and what its operation needs fetched
besides the repository (the thread's comments). The operation itself is named
by the core's entry point (:data:`bot.handle.PLANNERS`), so this table loads no
operation: intake imports it without the judgement stack.
Predicates look only at the event, never at the repository, because intake
consults this table before anything is claimed or queued: an event no route
takes is answered "not used" there and never costs a lock or a fetch. Where
only the repository could tell, the route takes the event and the operation
decides.

The first route that takes an event plans it; the order is the protocol's
(the bot's own handoff pull requests are teacher channels before anything else).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar, get_args

from bot.config import CONFIG_PATH
from bot.handoff.branch import handoff_branch
from bot.intake.approval import is_approval
from bot.intake.events import (
    CommentCreated,
    CommentEdited,
    InboundEvent,
    IssueEdited,
    IssueOpened,
    ScheduleTrigger,
    ThreadEvent,
)
from bot.intake.subject_answer import answered_subject
from bot.snapshot import RepoSnapshot

E = TypeVar("E", bound=InboundEvent)

NoteEvent = IssueOpened | CommentCreated
"""What the learner-note route takes: a new issue, or a new comment on one."""
EditEvent = IssueEdited | CommentEdited
"""What the learner-edit route takes: an issue body or an issue comment someone changed."""


@dataclass(frozen=True)
class Route(Generic[E]):
    """``kinds`` are the event classes taken; the operation is typed against them, so it needs no narrowing.

    Which operation plans a route's events is the core's entry point's business (:data:`bot.handle.PLANNERS`,
    keyed by ``name``): intake reads this table without loading any operation.
    """

    name: str
    kinds: tuple[type[E], ...]
    takes: Callable[[E], bool]
    needs_history: Callable[[E, RepoSnapshot], bool]


def _never(_event: InboundEvent, _snapshot: RepoSnapshot) -> bool:
    return False


def _on_issue(event: ThreadEvent) -> bool:
    return not event.thread.is_pull_request


def _edit_on_issue(event: EditEvent) -> bool:
    """A person's edit on an issue: the bot editing its own replies is never planned."""
    return _on_issue(event) and not (event.actor is not None and event.actor.is_bot)


def _note_needs_history(event: NoteEvent, snapshot: RepoSnapshot) -> bool:
    """A comment continues a conversation: the setup gate's (no config yet), an approval's, or an answer
    to the subject question (which finds the note that question was about)."""
    if event.comment is None:
        return False
    body = event.comment.body
    unconfigured = snapshot.read_text(CONFIG_PATH) is None
    return unconfigured or is_approval(body) or answered_subject(body, ()) is not None


THREAD_EVENTS: tuple[type[ThreadEvent], ...] = get_args(ThreadEvent)
HANDOFF_ROUTE = "handoff pull request"
NOTE_ROUTE = "learner note"
EDIT_ROUTE = "learner edit"
SCHEDULE_ROUTE = "schedule trigger"

ROUTES: tuple[Route[Any], ...] = (
    # Any event on the bot's own handoff pull request: teacher feedback, merge, close.
    Route[ThreadEvent](HANDOFF_ROUTE, THREAD_EVENTS, lambda e: bool(handoff_branch(e)), _never),
    # A learner's note: a new issue, or a new comment on one (an answer, an approval, a setup reply).
    Route[NoteEvent](NOTE_ROUTE, (IssueOpened, CommentCreated), _on_issue, _note_needs_history),
    # The learner's edit of an issue or comment: a correction of the record, or a wording fix.
    Route[EditEvent](EDIT_ROUTE, (IssueEdited, CommentEdited), _edit_on_issue, _never),
    # A forge-side scheduler (GitLab scheduled pipeline, GitHub dispatch): the schedule queue runs the jobs.
    Route[ScheduleTrigger](SCHEDULE_ROUTE, (ScheduleTrigger,), lambda _: True, _never),
)


def route_of(event: InboundEvent) -> Route[Any] | None:
    """The route that takes ``event``, or None when no operation uses it."""
    return next((route for route in ROUTES if isinstance(event, route.kinds) and route.takes(event)), None)


def not_used_reason(event: InboundEvent) -> str:
    """Why no route takes ``event``, in words an operator reads in the delivery log."""
    if event.thread is not None and event.thread.is_pull_request:
        return "pull-request conversations are teacher channels, used only on the bot's handoff pull requests"
    return f"no operation handles {event.kind.value} events"


def needs_thread_history(event: InboundEvent, snapshot: RepoSnapshot) -> bool:
    """Whether the operation planning ``event`` reads the thread's comments (the worker fetches them)."""
    route = route_of(event)
    return route is not None and route.needs_history(event, snapshot)
