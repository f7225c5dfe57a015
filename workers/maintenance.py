"""The ``maintenance`` job for one learner repository: replay what was parked, catch up missed webhooks.

Forges lose webhooks (GitHub never retries) and events that failed for good
wait in ``gitlearnos:pending``. Maintenance reconciles both by handing each
input to the event worker's own :func:`workers.events.handle_event`; its
trailer and reply-marker checks make an input that was already applied a
no-op, so replaying is always safe.

Each run belongs to one scheduled occurrence, ``maintenance/<repo>/<local
date>``, claimed with ``SET NX`` before any work: a second run of the same
occurrence (a duplicate dispatch, a redelivered message) finishes as
skipped. The claim is a lease while the run is in progress, so a run whose
worker died can be caught up once; a finished run keeps it for days, with its
result as the run's evidence.

The run itself holds no repository lock: every input takes the repository's
writer lock inside ``handle_event`` (Redis locks are not re-entrant, and
per-input locking lets webhook events interleave with a long run).

Scheduling is one beat entry, not one per repository: every minute
``dispatch_due`` reads each registered repository's ``gitlearnos.yml`` from
the worker's mirror and enqueues the occurrence that is due on the learner's
clock. A change to the learner's time zone or times therefore takes effect
at the next dispatch after the mirror has synced, and the beat schedule in
Redis (RedBeat) never needs rewriting.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import git
import redis
import structlog
from celery import Celery, Task

from bot.config import CONFIG_PATH, Automation, parse_config
from bot.errors import ConfigError
from bot.events import Comment, EventKind, InboundEvent, RepoRef, Thread
from bot.schedule_rules import due_occurrence, occurrence_key
from forge_adapters.base import UpdatedComment
from gitlearnos.settings import Settings
from workers.celery_app import SCHEDULE_QUEUE
from workers.events import (
    MAX_RETRIES,
    PENDING,
    WorkerRuntime,
    handle_event,
    park_event,
    retry_countdown,
)
from workers.git_checkout import GitCheckout
from workers.git_workspace import mirror_path
from workers.occurrences import claim_key as occurrence_claim_key
from workers.occurrences import run_once
from workers.repo_registry import RegisteredRepo, registered_repos

log = structlog.get_logger("gitlearnos.maintenance")

JOB = "maintenance"
RUN_MAINTENANCE = "workers.maintenance.run_maintenance"
DISPATCH_DUE = "workers.maintenance.dispatch_due"
SINCE = "gitlearnos:maintenance:since:{repo}"
CATCH_UP_WINDOW = timedelta(hours=48)
# Outcomes that changed nothing: the input was applied before, or is not learning input.
NO_CHANGE = frozenset({"already-applied", "skipped"})
DISPATCHED = "gitlearnos:dispatched:{key}"
DISPATCH_TTL = 3600  # a queued run not started within this is dispatched again (the claim stops doubles)
DISPATCH_EVERY = 60.0
BEAT_ENTRY = "gitlearnos-dispatch-due"
REDBEAT_PREFIX = "gitlearnos:redbeat:"
# --- due-review dispatch (the run itself lives in workers.due_review, which imports these) ---
DUE_REVIEW_JOB = "due-review"
RUN_DUE_REVIEW = "workers.due_review.run_due_review"
# The jobs the beat's dispatcher enqueues, with the task that runs each.
SCHEDULED_JOBS = {JOB: RUN_MAINTENANCE, DUE_REVIEW_JOB: RUN_DUE_REVIEW}


@dataclass(frozen=True)
class MaintenanceResult:
    """What one run did; ``skipped`` means no learning state changed and nothing parked was resolved."""

    occurrence: str
    replayed: int = 0
    caught_up: int = 0
    skipped: bool = True
    reason: str = ""


def claim_key(repo_slug: str, occurrence: date) -> str:
    """The Redis key that claims one maintenance occurrence of one repository."""
    return occurrence_claim_key(JOB, repo_slug, occurrence)


def run_maintenance(
    runtime: WorkerRuntime, target: RegisteredRepo, occurrence: date, *, now: datetime | None = None
) -> MaintenanceResult:
    """Run the ``occurrence`` of maintenance for ``target`` at most once; raise to have it retried."""
    now = now or datetime.now(UTC)
    label = occurrence_key(JOB, target.repo.slug, occurrence)

    def run() -> MaintenanceResult:
        replayed = _replay_parked(runtime, target)
        caught_up = _catch_up(runtime, target, now)
        return MaintenanceResult(
            occurrence=label,
            replayed=replayed,
            caught_up=caught_up,
            skipped=not (replayed or caught_up),
            reason="" if replayed or caught_up else "no work",
        )

    claim = claim_key(target.repo.slug, occurrence)
    lease = runtime.settings.lock_timeout_seconds
    result = run_once(runtime.redis, claim, lease=lease, now=now, run=run)
    if result is None:
        log.info("maintenance.occurrence_already_claimed", occurrence=label)
        return MaintenanceResult(occurrence=label, reason="this occurrence already ran")
    log.info("maintenance.finished", **asdict(result))
    return result


def _replay_parked(runtime: WorkerRuntime, target: RegisteredRepo) -> int:
    """Hand this repository's parked events to ``handle_event`` again; unpark each that now completes."""
    replayed = 0
    parked: dict[bytes, bytes] = runtime.redis.hgetall(PENDING)  # type: ignore[assignment]
    for key, raw in parked.items():
        try:
            event = InboundEvent.model_validate(json.loads(raw)["event"])
        except (ValueError, KeyError, TypeError):
            log.error("maintenance.unreadable_parked_event", event_key=key.decode(errors="replace"))
            continue  # left in place for a person to look at; it must not block the other events
        if event.repo is None or event.repo.slug != target.repo.slug:
            continue
        if _apply(runtime, event) is None:
            continue
        runtime.redis.hdel(PENDING, key)
        replayed += 1
    return replayed


def _catch_up(runtime: WorkerRuntime, target: RegisteredRepo, now: datetime) -> int:
    """Process learner comments a webhook may never have delivered; count those that changed state.

    The window starts where the last successful run began listing (48 hours
    back the first time), so a comment written while a run was listing is seen
    by the next one.
    """
    repo = target.repo
    client = runtime.clients.for_event(target.as_event(f"maintenance:{repo.slug}"))
    since_key = SINCE.format(repo=repo.slug)
    stored: bytes | None = runtime.redis.get(since_key)  # type: ignore[assignment]
    since = datetime.fromisoformat(stored.decode()) if stored else now - CATCH_UP_WINDOW
    changed = 0
    for comment in client.comments_updated_since(repo, since):
        if comment.author.is_bot or comment.author.login.lower() in runtime.settings.bot_logins:
            continue  # the intake drops the bot's own comments too
        outcome = _apply(runtime, _comment_event(target, comment))
        changed += outcome is not None and outcome not in NO_CHANGE
    runtime.redis.set(since_key, now.isoformat())
    return changed


def _comment_event(target: RegisteredRepo, comment: UpdatedComment) -> InboundEvent:
    """The event a ``comment created`` webhook would have carried, as far as the listing tells.

    The event key depends only on the repository, thread, comment id and
    text, so a comment whose webhook did arrive maps to the same key and is
    recognized as already applied.
    """
    return target.as_event(
        f"maintenance:{comment.comment_id}",
        EventKind.COMMENT_CREATED,
        actor=comment.author,
        thread=Thread(number=comment.thread_number, is_pull_request=comment.is_pull_request),
        comment=Comment(id=comment.comment_id, body=comment.body, updated_at=comment.updated_at),
        occurred_at=comment.updated_at,
    )


def _apply(runtime: WorkerRuntime, event: InboundEvent) -> str | None:
    """``handle_event``'s outcome, or None when it failed; a failed event is parked, never dropped.

    One failing input must not starve the others in the same run, so every
    failure is kept in the pending hash for the next run to replay.
    """
    try:
        return handle_event(runtime, event)
    except Exception as error:
        park_event(runtime, event, error)
        return None


# --- scheduling -------------------------------------------------------------------------------------


class _ClaimedOccurrences:
    """The occurrences of one repository's ``job`` already claimed, as the core's ``ran`` container."""

    def __init__(self, client: redis.Redis, repo_slug: str, job: str = JOB) -> None:
        self._client = client
        self._slug = repo_slug
        self._job = job

    def __contains__(self, occurrence: object) -> bool:
        if not isinstance(occurrence, date):
            return False
        key = occurrence_claim_key(self._job, self._slug, occurrence)
        return bool(self._client.exists(key))


def learner_automation(settings: Settings, repo: RepoRef) -> Automation | None:
    """The ``automation`` section of ``repo``'s config as last synced into the mirror; None if unknown.

    Read from the remote-tracking branch, not the working tree, so a dispatch
    never races an event task that is rewriting the mirror's files.
    """
    path = mirror_path(settings.mirrors_dir, repo)
    if not (path / ".git").is_dir():
        return None
    try:
        checkout = GitCheckout(git.Repo(path), timeout=settings.git_timeout_seconds)
    except git.InvalidGitRepositoryError:
        return None
    text = checkout.read_text_at(f"refs/remotes/origin/{repo.default_branch}", CONFIG_PATH)
    if text is None:
        return None
    try:
        return parse_config(text).config.automation
    except ConfigError:
        return None  # the next learner event explains the broken config; nothing runs on a guess


def local_wall_clock(now: datetime, time_zone: str) -> datetime | None:
    """``now`` as naive wall-clock time in ``time_zone``, what the core's rules compare; None if unknown."""
    try:
        zone = ZoneInfo(time_zone)
    except (ZoneInfoNotFoundError, ValueError):
        return None
    return now.astimezone(zone).replace(tzinfo=None)


def dispatch_due(
    runtime: WorkerRuntime, app: Celery, *, now: datetime | None = None, jobs: tuple[str, ...] = (JOB,)
) -> list[str]:
    """Enqueue each registered repository's due occurrence of each of ``jobs`` once; return their keys.

    A repository without a synced mirror or a readable config is skipped: it
    has no schedule yet. The dispatch marker keeps a run that is queued but not
    yet started from being queued again every minute. ``jobs`` defaults to
    maintenance alone; the beat's dispatcher passes every job in
    :data:`SCHEDULED_JOBS` (due-review too), each under the same pure rules.
    """
    now = now or datetime.now(UTC)
    dispatched: list[str] = []
    for target in registered_repos(runtime.redis):
        repo = target.repo
        automation = learner_automation(runtime.settings, repo)
        if automation is None:
            continue
        local_now = local_wall_clock(now, automation.time_zone)
        if local_now is None:
            log.warning("maintenance.unknown_time_zone", repo=repo.slug, time_zone=automation.time_zone)
            continue
        for job in jobs:
            label = _dispatch_job(
                runtime, app, target, job=job, local_now=local_now, automation=automation, now=now
            )
            if label is not None:
                dispatched.append(label)
    return dispatched


def _dispatch_job(
    runtime: WorkerRuntime,
    app: Celery,
    target: RegisteredRepo,
    *,
    job: str,
    local_now: datetime,
    automation: Automation,
    now: datetime,
) -> str | None:
    """Enqueue ``job``'s due occurrence for ``target`` unless it ran or is already queued; its key."""
    repo = target.repo
    occurrence = due_occurrence(
        local_now, automation, job, ran=_ClaimedOccurrences(runtime.redis, repo.slug, job)
    )
    if occurrence is None:
        return None
    label = occurrence_key(job, repo.slug, occurrence)
    marker = DISPATCHED.format(key=label)
    if not runtime.redis.set(marker, now.isoformat(), nx=True, ex=DISPATCH_TTL):
        return None
    try:
        app.send_task(
            SCHEDULED_JOBS[job],
            args=[target.model_dump(mode="json"), occurrence.isoformat()],
            queue=SCHEDULE_QUEUE,
        )
    except BaseException:
        runtime.redis.delete(marker)
        raise
    log.info("maintenance.dispatched", occurrence=label)
    return label


def route_schedule_tasks(app: Celery) -> None:
    """Send the scheduled tasks to the schedule queue, whoever publishes them."""
    routes = dict(app.conf.task_routes or {})
    routes |= {name: {"queue": SCHEDULE_QUEUE} for name in (*SCHEDULED_JOBS.values(), DISPATCH_DUE)}
    app.conf.task_routes = routes


def configure_beat(app: Celery, redis_url: str) -> None:
    """Make ``app``'s beat a RedBeat scheduler with the one dispatcher entry, persisted in Redis.

    A dispatch message that waited longer than its interval is dropped
    (``expires``): the next one does the same work, so a worker that comes back
    after hours does not process a backlog of identical dispatches.
    """
    route_schedule_tasks(app)
    app.conf.update(
        beat_scheduler="redbeat.RedBeatScheduler",
        redbeat_redis_url=redis_url,
        redbeat_key_prefix=REDBEAT_PREFIX,
        redbeat_lock_key=REDBEAT_PREFIX + "lock",  # one beat at a time, however many are started
        redbeat_redis_options={},  # the broker's visibility timeout means nothing to the schedule
        # RedBeat's lock lives five loop intervals: a beat that died is replaced within minutes.
        beat_max_loop_interval=30,
        result_expires=None,  # no result backend, so no daily backend_cleanup entry
        beat_schedule={
            BEAT_ENTRY: {
                "task": DISPATCH_DUE,
                "schedule": DISPATCH_EVERY,
                "options": {"queue": SCHEDULE_QUEUE, "expires": DISPATCH_EVERY - 5},
            }
        },
    )


def register_maintenance_tasks(app: Celery, runtime: WorkerRuntime) -> tuple[Task, Task]:
    """Register the maintenance run and the dispatcher on ``app`` (routed to the schedule queue)."""
    route_schedule_tasks(app)

    @app.task(name=DISPATCH_DUE, bind=True)  # type: ignore[untyped-decorator]
    def dispatch_due_task(self: Task) -> list[str]:
        return dispatch_due(runtime, self.app, jobs=tuple(SCHEDULED_JOBS))

    @app.task(name=RUN_MAINTENANCE, bind=True, max_retries=MAX_RETRIES)  # type: ignore[untyped-decorator]
    def run_maintenance_task(self: Task, payload: dict[str, Any], occurrence: str) -> dict[str, Any]:
        target = RegisteredRepo.model_validate(payload)
        try:
            return asdict(run_maintenance(runtime, target, date.fromisoformat(occurrence)))
        except Exception as error:
            countdown = retry_countdown(error)
            if countdown is not None and self.request.retries < MAX_RETRIES:
                raise self.retry(countdown=countdown, exc=error) from error
            raise

    return run_maintenance_task, dispatch_due_task
