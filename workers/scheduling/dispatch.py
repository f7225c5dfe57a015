"""The scheduler side of the recurring jobs: which occurrence is due where, and the beat that asks.

Scheduling is one beat entry, not one per repository: every minute (or
``GITLEARNOS_DISPATCH_INTERVAL_SECONDS``) the ``dispatch_due`` task reads each
registered repository's ``gitlearnos.yml`` from the worker's mirror and
enqueues the occurrence of each job that is due on the learner's clock. A
change to the learner's time zone or times therefore takes effect at the next
dispatch after the mirror has synced, and the beat schedule in Redis (RedBeat)
never needs rewriting. The same tick registers each repository's jobs with the
scheduler and asks for their verification (:mod:`workers.scheduling.verification`).

Task names are stable message names (``workers.maintenance.dispatch_due``):
they travel in every queued message, so they keep the module they were born
in even though the code lives here now.
"""

from __future__ import annotations

from datetime import UTC, date, datetime
from pathlib import Path
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import git
import structlog
from celery import Celery
from git.refs.symbolic import SymbolicReference

from bot.automation.schedule_rules import due_occurrence, occurrence_key
from bot.config import Automation
from bot.intake.events import RepoRef
from runtime.settings import Settings
from workers.celery_app import RUN_TRIGGERED, SCHEDULE_QUEUE, VERIFY_SCHEDULES
from workers.git_checkout import GitCheckout
from workers.git_workspace import mirror_path
from workers.repo_registry import RegisteredRepo, registered_repos
from workers.runtime import WorkerRuntime
from workers.scheduling.claims import ClaimedOccurrences
from workers.state_keys import DISPATCHED, REDBEAT_LOCK, REDBEAT_PREFIX

log = structlog.get_logger("gitlearnos.schedule")

MAINTENANCE_JOB = "maintenance"
DUE_REVIEW_JOB = "due-review"
RUN_MAINTENANCE = "workers.maintenance.run_maintenance"
RUN_DUE_REVIEW = "workers.due_review.run_due_review"
DISPATCH_DUE = "workers.maintenance.dispatch_due"
# The jobs the beat's dispatcher enqueues, with the task that runs each.
SCHEDULED_JOBS = {MAINTENANCE_JOB: RUN_MAINTENANCE, DUE_REVIEW_JOB: RUN_DUE_REVIEW}
DISPATCH_TTL = 3600  # a queued run not started within this is dispatched again (the claim stops doubles)
DISPATCH_EVERY = 60.0
BEAT_ENTRY = "gitlearnos-dispatch-due"
DISPATCH_EVERY_CONF = "gitlearnos_dispatch_every"  # set by create_celery from the settings
Due = tuple[date, str]  # an occurrence that is due, and its key


# The automation section each mirror's synced head holds, by mirror: the beat sweeps every repository
# every minute, and reading the ref is far cheaper than a git process per repository to read the file.
_SYNCED_AUTOMATION: dict[Path, tuple[str, Automation | None]] = {}


def learner_automation(settings: Settings, repo: RepoRef) -> Automation | None:
    """The ``automation`` section of ``repo``'s config as last synced into the mirror; None if unknown.

    Read from the remote-tracking branch, not the working tree, so a dispatch
    never races an event task that is rewriting the mirror's files. The section
    is read once per synced commit (:data:`_SYNCED_AUTOMATION`), at that commit,
    so a learner's change takes effect with the sync that brings it.
    """
    path = mirror_path(settings.mirrors_dir, repo)
    if not (path / ".git").is_dir():
        return None
    try:
        mirror = git.Repo(path)
        synced = SymbolicReference.dereference_recursive(mirror, f"refs/remotes/origin/{repo.default_branch}")
    except (git.InvalidGitRepositoryError, ValueError):  # not a repository, or never synced
        return None
    known = _SYNCED_AUTOMATION.get(path)
    if known is not None and known[0] == synced:
        return known[1]
    config = GitCheckout(mirror, timeout=settings.git_timeout_seconds).learner_config(synced)
    automation = config.automation if config is not None else None
    _SYNCED_AUTOMATION[path] = (synced, automation)
    return automation


def local_wall_clock(now: datetime, time_zone: str) -> datetime | None:
    """``now`` as naive wall-clock time in ``time_zone``, what the core's rules compare; None if unknown."""
    try:
        zone = ZoneInfo(time_zone)
    except (ZoneInfoNotFoundError, ValueError):
        return None
    return now.astimezone(zone).replace(tzinfo=None)


def dispatch_due(
    runtime: WorkerRuntime,
    app: Celery,
    *,
    now: datetime | None = None,
    jobs: tuple[str, ...] = (MAINTENANCE_JOB,),
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
            log.warning("schedule.unknown_time_zone", repo=repo.slug, time_zone=automation.time_zone)
            continue
        for job in jobs:
            due = due_now(runtime, repo.slug, automation, local_now, job)
            if due is not None and _enqueue(runtime, app, target, job, due, now=now):
                dispatched.append(due[1])
    return dispatched


def due_now(
    runtime: WorkerRuntime, repo_slug: str, automation: Automation, local_now: datetime, job: str
) -> Due | None:
    """``job``'s occurrence due at ``local_now`` that no run has claimed, with its key; None if none is."""
    ran = ClaimedOccurrences(runtime.redis, repo_slug, job)
    occurrence = due_occurrence(local_now, automation, job, ran=ran)
    return None if occurrence is None else (occurrence, occurrence_key(job, repo_slug, occurrence))


def _enqueue(
    runtime: WorkerRuntime, app: Celery, target: RegisteredRepo, job: str, due: Due, *, now: datetime
) -> bool:
    """Enqueue ``job``'s ``due`` occurrence unless it is already queued; whether it was."""
    occurrence, label = due
    marker = DISPATCHED.format(key=label)
    if not runtime.redis.set(marker, now.isoformat(), nx=True, ex=DISPATCH_TTL):
        return False
    try:
        app.send_task(
            SCHEDULED_JOBS[job],
            args=[target.model_dump(mode="json"), occurrence.isoformat()],
            queue=SCHEDULE_QUEUE,
        )
    except BaseException:
        runtime.redis.delete(marker)
        raise
    log.info("schedule.dispatched", occurrence=label)
    return True


def route_schedule_tasks(app: Celery) -> None:
    """Send every task of the schedule queue there, whoever publishes it."""
    names = (*SCHEDULED_JOBS.values(), DISPATCH_DUE, VERIFY_SCHEDULES, RUN_TRIGGERED)
    app.conf.task_routes = dict(app.conf.task_routes or {}) | {n: {"queue": SCHEDULE_QUEUE} for n in names}


def configure_beat(app: Celery, redis_url: str) -> None:
    """Make ``app``'s beat a RedBeat scheduler with the one dispatcher entry, persisted in Redis.

    A dispatch message that waited longer than its interval is dropped
    (``expires``): the next one does the same work, so a worker that comes back
    after hours does not process a backlog of identical dispatches.
    """
    route_schedule_tasks(app)
    every = float(app.conf.get(DISPATCH_EVERY_CONF) or DISPATCH_EVERY)
    app.conf.update(
        beat_scheduler="redbeat.RedBeatScheduler",
        redbeat_redis_url=redis_url,
        redbeat_key_prefix=REDBEAT_PREFIX,
        redbeat_lock_key=REDBEAT_LOCK,  # one beat at a time, however many are started
        redbeat_redis_options={},  # the broker's visibility timeout means nothing to the schedule
        # RedBeat's lock lives five loop intervals: a beat that died is replaced within minutes.
        beat_max_loop_interval=30,
        result_expires=None,  # no result backend, so no daily backend_cleanup entry
        beat_schedule={
            BEAT_ENTRY: {
                "task": DISPATCH_DUE,
                "schedule": every,
                "options": {"queue": SCHEDULE_QUEUE, "expires": max(every - 5, 1.0)},
            }
        },
    )
