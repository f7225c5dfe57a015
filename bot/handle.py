"""The core's entry point: one inbound event in, one Plan out.

The routing table (:mod:`bot.routing`) says which operation takes the event;
an event no route takes changes nothing. The replies helpers here finish a
plan once the worker knows its commit.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any

from bot.config import CONFIG_PATH
from bot.handoff.teacher_feedback import plan_pull_request_event
from bot.intake.agent import Agent
from bot.intake.approval import is_approval
from bot.intake.conversation import ThreadMessage
from bot.intake.events import InboundEvent, ThreadEvent, event_key
from bot.learner_note import learners_of, plan_note
from bot.operation_context import Context
from bot.plan import Outcome, Plan, Reply
from bot.replies import RECORDED_EARLIER
from bot.routing import EDIT_ROUTE, HANDOFF_ROUTE, NOTE_ROUTE, EditEvent, not_used_reason, route_of
from bot.snapshot import ReadOnceSnapshot, RepoSnapshot


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


def _plan_handoff_event(event: ThreadEvent, snapshot: RepoSnapshot, context: Context) -> Plan:
    key = event_key(event)
    return plan_pull_request_event(event, snapshot, now=context.now, event_key=key, learners_of=learners_of)


# The operation each route's events go to, by route name; a route not listed (a schedule trigger, whose
# jobs the schedule queue runs) is planned by nothing here. Each planner takes its route's event classes.
PLANNERS: Mapping[str, Callable[[Any, RepoSnapshot, Context], Plan]] = {
    HANDOFF_ROUTE: _plan_handoff_event,
    NOTE_ROUTE: plan_note,
    EDIT_ROUTE: _plan_edit,
}


def plan_event(
    event: InboundEvent,
    snapshot: RepoSnapshot,
    *,
    now: datetime,
    agent: Agent,
    history: tuple[ThreadMessage, ...] = (),
    model_agent: Agent | None = None,
) -> Plan:
    """Decide what one event should change; performs nothing.

    ``history`` is the thread's comments, oldest first, when the route reads them
    (:func:`bot.routing.needs_thread_history`). ``model_agent`` is the operator's chat model, if any;
    it reads a note only when the learner's config allows it (:mod:`bot.intake.model_use`).
    """
    route = route_of(event)
    planner = PLANNERS.get(route.name) if route is not None else None
    if planner is None:
        return Plan(outcome=Outcome.SKIPPED, reason=not_used_reason(event))
    context = Context(now=now, agent=agent, model_agent=model_agent, history=history)
    return planner(event, ReadOnceSnapshot(snapshot), context)


def recorded_reply(event: ThreadEvent, commit_id: str, changed_paths: tuple[str, ...]) -> Reply:
    """Reply for an event found already committed when its original receipt is no longer known."""
    files = ", ".join(f"`{path}`" for path in changed_paths) or "none"
    text = RECORDED_EARLIER.format(commit=commit_id[:12], files=files)
    return Reply.on(event, event_key(event), text)
