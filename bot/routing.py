"""Which operation takes which event: one table, read by the core, the worker and intake. Pure.

A route is data, as in gidgethub's router: the event classes it takes, a
predicate on the event alone, the operation that plans it, and what that
operation needs fetched besides the repository (the thread's comments).
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
from bot.handoff.operation import handoff_branch
from bot.handoff.teacher_feedback import plan_pull_request_event
from bot.intake.events import (
    CommentCreated,
    CommentEdited,
    InboundEvent,
    IssueEdited,
    IssueOpened,
    ScheduleTrigger,
    ThreadEvent,
    event_key,
)
from bot.intake.subject_answer import answered_subject
from bot.learner_note import learners_of, plan_note
from bot.operation_context import Context
from bot.plan import Outcome, Plan
from bot.snapshot import RepoSnapshot
from bot.write_authority import is_approval

E = TypeVar("E", bound=InboundEvent)

NoteEvent = IssueOpened | CommentCreated
"""What the learner-note route takes: a new issue, or a new comment on one."""
EditEvent = IssueEdited | CommentEdited
"""What the learner-edit route takes: an issue body or an issue comment someone changed."""


@dataclass(frozen=True)
class Route(Generic[E]):
    """``kinds`` are the event classes taken; the operation is typed against them, so it needs no narrowing.

    ``plan`` is None for an event the core does not plan one by one (a schedule trigger runs jobs).
    """

    name: str
    kinds: tuple[type[E], ...]
    takes: Callable[[E], bool]
    plan: Callable[[E, RepoSnapshot, Context], Plan] | None
    needs_history: Callable[[E, RepoSnapshot], bool]


def _never(_event: InboundEvent, _snapshot: RepoSnapshot) -> bool:
    return False


def _on_issue(event: ThreadEvent) -> bool:
    return not event.thread.is_pull_request


def _edit_on_issue(event: EditEvent) -> bool:
    """A person's edit on an issue: the bot editing its own replies is never planned."""
    return _on_issue(event) and not (event.actor is not None and event.actor.is_bot)


def _plan_edit(event: EditEvent, snapshot: RepoSnapshot, context: Context) -> Plan:
    """An edit goes through a note's gates; before setup there is no record it could correct, and an
    approval counts when posted (an edited one would approve whatever is pending now)."""
    if snapshot.read_text(CONFIG_PATH) is None:
        reason = "the repository is not set up, so no record holds the edited text"
    elif event.comment is not None and is_approval(event.comment.body):
        reason = "an edited approval approves nothing; approvals count when posted"
    else:
        return plan_note(event, snapshot, context)
    return Plan(outcome=Outcome.SKIPPED, event_key=event_key(event), reason=reason)


def _note_needs_history(event: NoteEvent, snapshot: RepoSnapshot) -> bool:
    """A comment continues a conversation: the setup gate's (no config yet), an approval's, or an answer
    to the subject question (which finds the note that question was about)."""
    if event.comment is None:
        return False
    body = event.comment.body
    unconfigured = snapshot.read_text(CONFIG_PATH) is None
    return unconfigured or is_approval(body) or answered_subject(body, ()) is not None


def _plan_handoff_event(event: ThreadEvent, snapshot: RepoSnapshot, context: Context) -> Plan:
    key = event_key(event)
    return plan_pull_request_event(event, snapshot, now=context.now, event_key=key, learners_of=learners_of)


THREAD_EVENTS: tuple[type[ThreadEvent], ...] = get_args(ThreadEvent)

ROUTES: tuple[Route[Any], ...] = (
    # Any event on the bot's own handoff pull request: teacher feedback, merge, close.
    Route[ThreadEvent](
        "handoff pull request", THREAD_EVENTS, lambda e: bool(handoff_branch(e)), _plan_handoff_event, _never
    ),
    # A learner's note: a new issue, or a new comment on one (an answer, an approval, a setup reply).
    Route[NoteEvent](
        "learner note", (IssueOpened, CommentCreated), _on_issue, plan_note, _note_needs_history
    ),
    # The learner's edit of an issue or comment: a correction of the record, or a wording fix.
    Route[EditEvent]("learner edit", (IssueEdited, CommentEdited), _edit_on_issue, _plan_edit, _never),
    # A forge-side scheduler (GitLab scheduled pipeline, GitHub dispatch): the schedule queue runs the jobs.
    Route[ScheduleTrigger]("schedule trigger", (ScheduleTrigger,), lambda _: True, None, _never),
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
