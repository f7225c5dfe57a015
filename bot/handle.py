"""The core's entry point: one inbound event in, one Plan out.

The routing table (:mod:`bot.routing`) says which operation takes the event;
an event no route takes changes nothing. The replies helpers here finish a
plan once the worker knows its commit.
"""

from __future__ import annotations

from datetime import datetime

from bot.intake.agent import Agent
from bot.intake.conversation import ThreadMessage
from bot.intake.events import InboundEvent, ThreadEvent, event_key
from bot.operation_context import Context
from bot.plan import Outcome, Plan, Reply
from bot.replies import RECORDED_EARLIER
from bot.routing import not_used_reason, route_of
from bot.snapshot import RepoSnapshot


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
    if route is None or route.plan is None:
        return Plan(outcome=Outcome.SKIPPED, reason=not_used_reason(event))
    context = Context(now=now, agent=agent, model_agent=model_agent, history=history)
    return route.plan(event, snapshot, context)


def recorded_reply(event: ThreadEvent, commit_id: str, changed_paths: tuple[str, ...]) -> Reply:
    """Reply for an event found already committed when its original receipt is no longer known."""
    files = ", ".join(f"`{path}`" for path in changed_paths) or "none"
    text = RECORDED_EARLIER.format(commit=commit_id[:12], files=files)
    return Reply.on(event, event_key(event), text)
