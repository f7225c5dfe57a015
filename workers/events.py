"""The event task: one learner event planned by the core and applied by the executor, exactly once.

Exactly-once effects on an at-least-once queue are the executor's (:mod:`workers.executor`): the
commit's ``GitLearnOS-Event`` trailer, the replies' hidden markers and the stashed reply text. The
same checks make shutdown safe. On SIGTERM a Celery worker stops taking messages and lets the
running task finish (warm shutdown); a worker killed mid-task never acknowledged its message
(``task_acks_late``), and ``task_reject_on_worker_lost`` puts it back on the queue for another
worker, which then finds the commit or the reply already there. See ``workers.celery_app`` and
"Scaling and shutdown" in ``docs/operator/deploy.md``.
"""

from __future__ import annotations

import time
from datetime import UTC, datetime
from typing import Any

import structlog
from celery import Celery, Task
from celery.exceptions import Retry
from pydantic import ValidationError
from structlog.contextvars import bound_contextvars

from bot.automation.deployment_request import with_deployment_request
from bot.handle import plan_event, recorded_reply
from bot.intake.conversation import ThreadMessage
from bot.intake.events import InboundEvent, ThreadEvent, build_event, event_key
from bot.plan import Outcome, Plan
from bot.routing import needs_thread_history
from forge_adapters.base import ForgeClient, ForgeError
from runtime import metrics
from runtime.log_setup import event_context
from runtime.metrics import TaskOutcome
from workers.celery_app import PROCESS_EVENT
from workers.executor import Job, execute, post_replies
from workers.git_checkout import GitWorkspaceError
from workers.git_workspace import Mirror
from workers.parked_events import clear_parked, count_parked, flush_unparked
from workers.pull_requests import working_repo
from workers.repo_access import RepositoryRefused, is_configured, refusal_reply
from workers.repo_lock import RetryLater
from workers.repo_registry import RegisteredRepo, forget_repo, record_repo
from workers.runtime import REDIS_BLIPS, WorkerRuntime
from workers.worker_task import MAX_RETRIES, WorkerTask

log = structlog.get_logger("gitlearnos.worker")


def handle_event(runtime: WorkerRuntime, event: InboundEvent) -> str:
    """Run one event to completion; returns the outcome. Raises :class:`RetryLater`."""
    if event.repo is None:
        return Outcome.SKIPPED.value
    repo, key = event.repo, event_key(event)
    if is_configured(runtime.settings, repo):  # a foreign host or path never enters the schedule
        record_repo(runtime.redis, event)  # before the work: Redis may be gone once the push is done
    client = runtime.clients.for_event(event)
    job = Job(
        target=RegisteredRepo(repo=repo),
        client=client,
        key=key,
        checkout=working_repo(event, repo),  # a handoff PR's feedback is planned and committed on its branch
        recorded_reply=lambda recorded: (
            recorded_reply(event, recorded.id, recorded.paths) if isinstance(event, ThreadEvent) else None
        ),
    )

    def planner(mirror: Mirror) -> Plan:
        history = _thread_history(client, mirror, event)
        plan = plan_event(
            event, mirror, now=datetime.now(UTC), agent=runtime.agent, history=history,
            model_agent=runtime.model_agent,
        )  # fmt: skip
        return with_deployment_request(event, plan)

    try:
        done = execute(runtime, job, planner)
    except RepositoryRefused as refusal:  # before any clone: foreign host, bad path, not private
        forget_repo(runtime.redis, repo)  # refused now: scheduled runs must not serve it either
        post_replies(client, repo, refusal_reply(event, key, refusal))
        log.warning("event.repository_refused", repo=repo.slug, event_key=key, reason=str(refusal))
        return Outcome.REFUSED.value
    if done.outcome == Outcome.COMMITTED.value:
        log.info("event.committed", repo=repo.slug, event_key=key, commit=done.commit)
    elif done.plan is not None:
        log.info("event.planned", repo=repo.slug, event_key=key, outcome=done.outcome, reason=done.reason)
    return done.outcome


def _thread_history(client: ForgeClient, mirror: Mirror, event: InboundEvent) -> tuple[ThreadMessage, ...]:
    """The thread's comments, fetched only when the event's route reads them (:mod:`bot.routing`)."""
    thread, repo = event.thread, event.repo
    if repo is None or thread is None or not needs_thread_history(event, mirror):
        return ()
    return tuple(client.thread_messages(repo, thread.number, is_pull_request=False))


class InvalidPayload(ValueError):
    """A queued message that is not an event: a bug or schema drift, never the learner's fault.

    Raised instead of pydantic's error, whose message quotes the input (the
    learner's text) into Celery's failure log.
    """


def _validated(payload: dict[str, Any]) -> InboundEvent:
    try:
        return build_event(payload)
    except ValidationError as error:
        places = ", ".join(".".join(str(p) for p in e["loc"]) for e in error.errors(include_input=False))
        raise InvalidPayload(f"queued payload is not an InboundEvent (invalid: {places})") from None


class EventTask(WorkerTask):
    """Only what waiting can cure is retried; anything else parks the event at once."""

    retry_on = (RetryLater, ForgeError, GitWorkspaceError, *REDIS_BLIPS)
    count_retries = True


def register_event_task(app: Celery, runtime: WorkerRuntime) -> Task:
    """Register ``workers.events.process_event`` on ``app``, bound to ``runtime``.

    The task binds the event's identifiers to every log line it writes, and
    records queue wait (first attempt only: a retry's wait is its countdown),
    duration by outcome, retries and parked events.
    """
    runtime.celery = runtime.celery or app

    @app.task(name=PROCESS_EVENT, base=EventTask, shared=False, bind=True, max_retries=MAX_RETRIES)  # type: ignore[untyped-decorator]
    def process_event(self: EventTask, payload: dict[str, Any], queued_at: float | None = None) -> str:
        event = _validated(payload)
        flush_unparked(runtime)
        if queued_at is not None and not self.request.retries:
            metrics.observe_queue_wait(queued_at)
        started = time.perf_counter()
        outcome: str = TaskOutcome.FAILED
        with bound_contextvars(**event_context(event.forge, event)):
            try:
                outcome = self.attempt(
                    lambda: handle_event(runtime, event), lambda error: count_parked(runtime, event, error)
                )
                clear_parked(runtime, event_key(event))  # an earlier delivery parked it: it is applied now
            except Retry:
                outcome = TaskOutcome.RETRY
                raise
            finally:
                metrics.observe_task(outcome, time.perf_counter() - started)
        return outcome

    return process_event
