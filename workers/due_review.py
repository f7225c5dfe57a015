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
* A skip (nothing due, quiet hours, no push authorization) keeps the claim, with the reason as the
  run's evidence in Redis: the repository and the forge are untouched, and the items still due go
  out with the next occurrence. The dispatcher never starts a run inside quiet hours, so a quiet
  skip only happens to a run that waited in the queue until night.
* Opening the issue exactly once. :class:`forge_adapters.base.ForgeClient` cannot list or search
  issues (this module may not widen it), so the hidden occurrence marker in the body cannot be
  looked up on the forge. Redis records the delivery instead, keyed by the occurrence: ``opening``
  is set with ``NX`` before the call and replaced by the issue's number and URL after it. A forge
  error clears it (the retry opens the issue); a worker that died mid-call leaves ``opening``,
  which is reported and never re-sent: at most one issue, as "never deliver the same due item
  twice" asks. The issue text is stashed before the push, so a retry that finds the commit already
  on the remote (its ``GitLearnOS-Event`` trailer) opens the same issue instead of re-planning.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import asdict, dataclass
from datetime import UTC, date, datetime
from typing import Any

import structlog
from celery import Celery, Task

from bot.automation.schedule_rules import occurrence_key
from bot.config import CONFIG_PATH, parse_config
from bot.errors import ConfigError
from bot.intake.events import RepoRef
from bot.plan import Outcome
from bot.review.due_review import plan_due_review
from bot.trailers import TRAILER_EVENT
from forge_adapters.base import ForgeClient, ForgeError
from workers.celery_app import SCHEDULE_QUEUE
from workers.events import MAX_RETRIES, WorkerRuntime, retry_delay
from workers.occurrences import claim_key as occurrence_claim_key
from workers.occurrences import label_claim_key, run_once
from workers.repo_lock import Lease, repository_lock
from workers.repo_registry import RegisteredRepo
from workers.schedule_dispatch import DUE_REVIEW_JOB, RUN_DUE_REVIEW, local_wall_clock

log = structlog.get_logger("gitlearnos.due_review")

JOB = DUE_REVIEW_JOB
ISSUE_TEXT = "gitlearnos:due-review:issue-text:{key}"
DELIVERY = "gitlearnos:due-review:delivery:{key}"
DELIVERY_TTL = 90 * 24 * 3600  # far longer than any redelivery or catch-up of the same occurrence
OPENING = "opening"
CONFLICT = "conflict"


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


def claim_key(repo_slug: str, occurrence: date) -> str:
    """The Redis key that claims one due-review occurrence of one repository."""
    return occurrence_claim_key(JOB, repo_slug, occurrence)


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
        run=lambda: _locked(runtime, target, label, now, before_push),
    )
    if result is None:
        log.info("due_review.occurrence_already_claimed", occurrence=label)
        return DueReviewResult(occurrence=label, reason="this occurrence already ran")
    log.info("due_review.finished", **asdict(result))
    return result


def _locked(
    runtime: WorkerRuntime,
    target: RegisteredRepo,
    label: str,
    now: datetime,
    before_push: Callable[[], None] | None,
) -> DueReviewResult:
    with repository_lock(runtime.redis, target.repo, timeout=runtime.settings.lock_timeout_seconds) as lease:
        return _deliver(runtime, target, label, now, before_push, lease=lease)


def _deliver(
    runtime: WorkerRuntime,
    target: RegisteredRepo,
    label: str,
    now: datetime,
    before_push: Callable[[], None] | None,
    *,
    lease: Lease,
) -> DueReviewResult:
    repo = target.repo
    client = runtime.clients.for_event(target.as_event(f"due-review:{label}"))
    mirror = runtime.mirror_of(repo, client)
    mirror.sync()
    recorded = mirror.find_trailer(TRAILER_EVENT, label)
    if recorded is not None:  # committed by an earlier attempt whose issue may still be missing
        return _finish_delivery(runtime, client, repo, label=label, commit_id=recorded.id, delivered=())
    text = mirror.read_text(CONFIG_PATH)
    if text is None:
        return DueReviewResult(occurrence=label, reason=f"no {CONFIG_PATH}: setup is not finished")
    try:
        config = parse_config(text).config
    except ConfigError:
        return DueReviewResult(occurrence=label, reason=f"{CONFIG_PATH} is invalid; nothing runs on a guess")
    local_now = local_wall_clock(now, config.automation.time_zone)
    if local_now is None:
        return DueReviewResult(occurrence=label, reason="unknown time zone")
    due = plan_due_review(
        mirror, config, local_now, occurrence=label, agent=runtime.agent, model_agent=runtime.model_agent
    )
    plan = due.plan
    if due.skipped or plan.commit is None:
        return DueReviewResult(occurrence=label, reason=plan.reason)
    commit_id = mirror.commit(plan.writes, plan.deletes, plan.commit.message())
    body = due.issue_body(commit_id=commit_id, branch=mirror.branch, remote="this repository")
    # Stashed before the push: a retry that finds this commit on the remote opens the same issue.
    runtime.redis.set(ISSUE_TEXT.format(key=label), json.dumps([due.issue_title, body]), ex=DELIVERY_TTL)
    delivered = tuple(item.record_id for item in due.items)
    if before_push is not None:
        before_push()
    lease.ensure_held()  # fencing: push only while this run still holds the repository
    if not mirror.push():
        log.warning("due_review.conflict", repo=repo.slug, occurrence=label)
        return DueReviewResult(
            occurrence=label,
            outcome=CONFLICT,
            reason="the remote moved since the run inspected it; stopped without rebase or force-push",
        )
    return _finish_delivery(runtime, client, repo, label=label, commit_id=commit_id, delivered=delivered)


def _finish_delivery(
    runtime: WorkerRuntime,
    client: ForgeClient,
    repo: RepoRef,
    *,
    label: str,
    commit_id: str,
    delivered: tuple[str, ...],
) -> DueReviewResult:
    """Open the occurrence's delivery issue unless Redis says it was opened (or may have been)."""
    done = DueReviewResult(
        occurrence=label,
        outcome=Outcome.COMMITTED.value,
        skipped=False,
        commit=commit_id,
        delivered=delivered,
    )
    key = DELIVERY.format(key=label)
    if not runtime.redis.set(key, OPENING, nx=True, ex=DELIVERY_TTL):
        raw: bytes | None = runtime.redis.get(key)  # type: ignore[assignment]
        if raw is None or raw.decode() == OPENING:
            log.error("due_review.delivery_uncertain", repo=repo.slug, occurrence=label)
            return _replace(done, reason="an earlier attempt died while opening the issue; not sent again")
        opened = json.loads(raw)
        return _replace(
            done, issue_number=opened["number"], issue_url=opened["url"], reason="already delivered"
        )
    stashed: bytes | None = runtime.redis.get(ISSUE_TEXT.format(key=label))  # type: ignore[assignment]
    if stashed is None:
        runtime.redis.delete(key)
        log.error("due_review.issue_text_lost", repo=repo.slug, occurrence=label, commit=commit_id)
        return _replace(done, reason="committed, but the issue text is no longer known; not delivered")
    title, body = json.loads(stashed)
    try:
        issue = client.open_issue(repo, title, body)
    except ForgeError:
        runtime.redis.delete(key)  # the forge answered with a failure: the retry may open it
        raise
    runtime.redis.set(key, json.dumps({"number": issue.number, "url": issue.url}), ex=DELIVERY_TTL)
    log.info("due_review.delivered", repo=repo.slug, occurrence=label, issue=issue.number)
    return _replace(done, issue_number=issue.number, issue_url=issue.url, reason="delivered")


def _replace(result: DueReviewResult, **changes: Any) -> DueReviewResult:
    return DueReviewResult(**(asdict(result) | changes))


def register_due_review_tasks(app: Celery, runtime: WorkerRuntime) -> Task:
    """Register ``workers.due_review.run_due_review`` on ``app``, routed to the schedule queue."""
    routes = dict(app.conf.task_routes or {})
    routes |= {RUN_DUE_REVIEW: {"queue": SCHEDULE_QUEUE}}
    app.conf.task_routes = routes

    @app.task(name=RUN_DUE_REVIEW, shared=False, bind=True, max_retries=MAX_RETRIES)  # type: ignore[untyped-decorator]
    def run_due_review_task(self: Task, payload: dict[str, Any], occurrence: str) -> dict[str, Any]:
        target = RegisteredRepo.model_validate(payload)
        try:
            return asdict(run_due_review(runtime, target, date.fromisoformat(occurrence)))
        except Exception as error:
            countdown = retry_delay(error, self.request.retries)
            if countdown is not None and self.request.retries < MAX_RETRIES:
                raise self.retry(countdown=countdown, exc=error) from error
            raise

    return run_due_review_task
