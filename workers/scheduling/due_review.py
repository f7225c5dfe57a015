"""The ``due-review`` job for one learner repository: deliver the due questions once per local day.

The occurrence discipline is maintenance's: ``due-review/<repo>/<local date>`` is claimed with
``SET NX`` before any work (a lease while running, the run's evidence once finished), so a duplicate
dispatch or a redelivered message finishes as skipped. Then, under the repository's writer lock
(the same lock event tasks take): sync the mirror, plan with the pure core
(:mod:`bot.review.due_review`, given the runtime's rule agent and chat model, which writes fresh
questions only where the learner's config allows it), commit, push without force, and open the
delivery issue.

Order and idempotency, and why:

* Commit and push come before the issue: the issue must never announce questions the repository
  does not record as delivered. A push the remote refuses because it moved means another writer
  changed the base; the protocol says a scheduled run then stops and reports the conflict. It does
  not rebase or retry: the occurrence finishes with outcome ``conflict`` (in the log and the claim's
  evidence), and the still-undelivered items go out with a later occurrence.
* A push the forge refuses (read-only access, a protected branch) leaves nothing in the repository, so
  no delivery issue is opened; the learner gets one issue with the exact pending writeback instead
  (:func:`workers.push_refusal.pending_issue_after_refusal`), and the occurrence finishes as
  ``requires-approval``. The review records stay undelivered, so a later occurrence sends them. That
  issue has the executor's exactly-once guard too, so a retried run does not open a second.
* A skip (nothing due, quiet hours, no push authorization) keeps the claim, with the reason as the
  run's evidence in Redis: the repository and the forge are untouched, and the items still due go
  out with the next occurrence. The dispatcher never starts a run inside quiet hours, so a quiet
  skip only happens to a run that waited in the queue until night.
* The issue is the plan's own effect, opened by the executor exactly once after the push
  (:mod:`workers.executor`); a retry that finds the commit already on the remote (its
  ``GitLearnOS-Event`` trailer) opens the same stashed issue instead of re-planning.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, replace
from datetime import UTC, date, datetime

import structlog
from celery import Celery, Task

from bot.automation.schedule_rules import occurrence_key
from bot.config import CONFIG_PATH, parse_config
from bot.errors import ConfigError
from bot.plan import Outcome, Plan
from bot.review.due_review import plan_due_review
from workers.celery_app import SCHEDULE_QUEUE
from workers.executor import ALREADY_APPLIED, CONFLICT, Job, OnConflict, execute, open_issue_once
from workers.git_workspace import Mirror
from workers.push_refusal import REFUSED_KEY, pending_issue_after_refusal
from workers.repo_registry import RegisteredRepo
from workers.runtime import WorkerRuntime
from workers.scheduling.claims import label_claim_key, run_once
from workers.scheduling.dispatch import DUE_REVIEW_JOB, RUN_DUE_REVIEW, local_wall_clock
from workers.worker_task import repo_task

log = structlog.get_logger("gitlearnos.due_review")

JOB = DUE_REVIEW_JOB


@dataclass(frozen=True)
class DueReviewResult:
    """What one run did; ``skipped`` means nothing was written and nothing was sent."""

    occurrence: str
    outcome: str = Outcome.SKIPPED.value
    skipped: bool = True
    reason: str = ""
    commit: str = ""
    issue_number: int | None = None
    issue_url: str = ""
    delivered: tuple[str, ...] = ()


def run_due_review(
    runtime: WorkerRuntime, target: RegisteredRepo, occurrence: date, *, now: datetime | None = None
) -> DueReviewResult:
    """Run the ``occurrence`` of due-review for ``target`` at most once; raise to have it retried."""
    return deliver_once(runtime, target, occurrence_key(JOB, target.repo.slug, occurrence), now=now)


def deliver_once(
    runtime: WorkerRuntime,
    target: RegisteredRepo,
    label: str,
    *,
    now: datetime | None = None,
    before_push: Callable[[], None] | None = None,
) -> DueReviewResult:
    """Run due-review under the occurrence key ``label`` at most once (scheduled, triggered or verifying).

    ``before_push`` runs between the commit and the push: tests play a learner pushing right then.
    """
    now = now or datetime.now(UTC)
    claim = label_claim_key(label)
    lease = runtime.settings.lock_timeout_seconds
    # A failed run gives its claim back: the commit trailer and the delivery record make a rerun safe.
    result = run_once(
        runtime.redis,
        claim,
        lease=lease,
        now=now,
        run=lambda: _deliver(runtime, target, label, now, before_push),
    )
    if result is None:
        log.info("due_review.occurrence_already_claimed", occurrence=label)
        return DueReviewResult(occurrence=label, reason="this occurrence already ran")
    log.info("due_review.finished", **asdict(result))
    return result


def _deliver(
    runtime: WorkerRuntime,
    target: RegisteredRepo,
    label: str,
    now: datetime,
    before_push: Callable[[], None] | None,
) -> DueReviewResult:
    delivered: tuple[str, ...] = ()
    planned: Plan | None = None
    branch = target.repo.default_branch

    def planner(mirror: Mirror) -> Plan:
        nonlocal delivered, planned, branch
        branch = mirror.branch
        text = mirror.read_text(CONFIG_PATH)
        if text is None:
            return _skip(f"no {CONFIG_PATH}: setup is not finished")
        try:
            config = parse_config(text).config
        except ConfigError:
            return _skip(f"{CONFIG_PATH} is invalid; nothing runs on a guess")
        local_now = local_wall_clock(now, config.automation.time_zone)
        if local_now is None:
            return _skip("unknown time zone")
        due = plan_due_review(
            mirror, config, local_now, occurrence=label, agent=runtime.agent, model_agent=runtime.model_agent
        )
        delivered = tuple(item.record_id for item in due.items)
        planned = due.plan
        return due.plan

    job = Job(target=target, client=runtime.client_for(target), key=label)
    done = execute(runtime, job, planner, on_conflict=OnConflict.STOP, before_push=before_push)
    if done.outcome == CONFLICT:
        log.warning("due_review.conflict", repo=target.repo.slug, occurrence=label)
        return DueReviewResult(occurrence=label, outcome=CONFLICT, reason=done.reason)
    if done.outcome == Outcome.REQUIRES_APPROVAL.value and planned is not None:
        return _tell_refusal(runtime, job, planned, branch, label=label, reason=done.reason)
    if done.outcome not in (Outcome.COMMITTED.value, ALREADY_APPLIED):
        return DueReviewResult(occurrence=label, reason=done.reason)
    result = DueReviewResult(
        occurrence=label,
        outcome=Outcome.COMMITTED.value,
        skipped=False,
        commit=done.commit,
        delivered=delivered if done.outcome == Outcome.COMMITTED.value else (),
    )
    if done.issue is None:
        log.error("due_review.issue_text_lost", repo=target.repo.slug, occurrence=label, commit=done.commit)
        return replace(result, reason="committed, but the issue text is no longer known; not delivered")
    issue = done.issue
    return replace(result, issue_number=issue.number, issue_url=issue.url, reason=issue.reason)


def _tell_refusal(
    runtime: WorkerRuntime, job: Job, plan: Plan, branch: str, *, label: str, reason: str
) -> DueReviewResult:
    """Open the issue that shows the refused delivery's pending writeback; the run delivered nothing.

    Opened exactly once per occurrence, under the executor's effect guard (its own key, beside the
    delivery's): a retried run (a worker that died after opening it, its claim expired) finds it opened.
    """
    result = DueReviewResult(occurrence=label, outcome=Outcome.REQUIRES_APPROVAL.value, reason=reason)
    issue = pending_issue_after_refusal(plan, branch)
    if issue is None:
        return result
    opened = open_issue_once(runtime, job.client, job.target.repo, REFUSED_KEY.format(key=label), issue)
    log.warning("due_review.push_refused", repo=job.target.repo.slug, occurrence=label, issue=opened.number)
    return replace(result, issue_number=opened.number, issue_url=opened.url)


def _skip(reason: str) -> Plan:
    return Plan(outcome=Outcome.SKIPPED, reason=reason)


def register_due_review_tasks(app: Celery, runtime: WorkerRuntime) -> Task:
    """Register ``workers.due_review.run_due_review`` on ``app``, routed to the schedule queue."""

    def run(target: RegisteredRepo, occurrence: str) -> DueReviewResult:
        return run_due_review(runtime, target, date.fromisoformat(occurrence))

    return repo_task(app, RUN_DUE_REVIEW, run, queue=SCHEDULE_QUEUE)
