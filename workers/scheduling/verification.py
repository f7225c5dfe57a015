"""Schedule registration and verification: what makes ``automation.md`` say ``verified``, honestly.

Protocol "Automation": "A schedule is verified only after the recurring task is observed in the
scheduler and one real test run proves that the scheduled invocation ... can read the intended
repository and safely complete or skip the operation."

* **The scheduler** is Celery beat with RedBeat (provider ``celery-redbeat``). Its one entry, the
  dispatcher (:mod:`workers.scheduling.dispatch`), wakes every repository's jobs from its
  ``gitlearnos.yml``. A job is *listed* once the dispatcher entry is in RedBeat's Redis and a beat
  holds RedBeat's lock (a live scheduler), and the job is registered under an opaque task ID in
  ``gitlearnos:schedules`` (:mod:`workers.scheduling.listing` is the listing, with next runs).
* **Verification** runs each job once for real, on the worker's schedule queue, through the same
  code a scheduled occurrence uses (:func:`workers.scheduling.runs.run_job`) under its own run key
  (``<job>/<repo>/verify-<schedule fingerprint>``): claimed once, under the writer lock, on the
  inspected base. A ``skipped`` or ``committed`` result is the observed safe run; a conflict or a
  failure leaves the job ``configured``. With no live scheduler nothing runs and both jobs are
  ``unavailable`` (the requested schedules are kept).
* **When**: the dispatcher asks for a verification whenever a repository's schedule fingerprint
  (time zone, recurrences, local times) differs from the last one recorded, i.e. when schedules are
  created or updated; and when the learner asks for it ("Finish deployment"), which also works with
  no scheduler at all and answers on the learner's issue (:func:`answer_learner`), with each job's
  observed state and never more than was observed.
* **automation.md** is written in one commit, and only when the recorded state changes
  (:func:`bot.automation.record.recorded_state`), never for a moved timestamp.
"""

from __future__ import annotations

import hashlib
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime

import structlog
from celery import Celery

from bot.automation.deployment_request import answer_marker
from bot.automation.record import (
    AUTOMATION_PATH,
    JOBS,
    JobRecord,
    Observation,
    deployment_status,
    recorded_state,
    records_state,
    render_automation_record,
)
from bot.automation.schedule_rules import job_schedule
from bot.config import CONFIG_PATH, Automation, LearnerConfig, learner_logins
from bot.intake.events import Forge
from bot.plan import CommitSpec, FileWrite
from bot.snapshot import RepoSnapshot
from bot.trailers import TRAILER_OPERATION
from workers.celery_app import SCHEDULE_QUEUE, VERIFY_SCHEDULES
from workers.executor import CONFLICT
from workers.repo_registry import RegisteredRepo, registered_repos
from workers.runtime import WorkerRuntime
from workers.scheduled_commit import commit_scheduled_change
from workers.scheduling.claims import ALREADY_RAN, recorded_run
from workers.scheduling.dispatch import learner_automation, local_wall_clock
from workers.scheduling.listing import (
    next_run_text,
    register_schedules,
    schedule_fingerprint,
    scheduler_listed,
)
from workers.scheduling.runs import run_job
from workers.state_keys import AUTOMATION_RECORDED, AUTOMATION_REQUESTED

log = structlog.get_logger("gitlearnos.automation")

REQUEST_TTL = 3600  # a verification queued but not finished within this is asked for again
OPERATION = "automation"


@dataclass(frozen=True)
class VerificationResult:
    repository: str
    deployment: str = "incomplete"
    states: dict[str, str] = field(default_factory=dict)
    automation_commit: str = ""
    outcome: str = ""
    reason: str = ""


def _observe(
    runtime: WorkerRuntime,
    target: RegisteredRepo,
    automation: Automation,
    *,
    listed: bool,
    fingerprint: str,
    now: datetime,
) -> list[Observation]:
    ids = register_schedules(runtime, target, automation, now) if listed else {}
    local_now = local_wall_clock(now, automation.time_zone)
    run_at = (
        f"{local_now:%Y-%m-%d %H:%M} {automation.time_zone}" if local_now is not None else now.isoformat()
    )
    observations = []
    for job in JOBS:
        schedule = job_schedule(automation, job)
        result = ""
        label = f"{job}/{target.repo.slug}/verify-{fingerprint}"
        if listed and schedule.recurrence != "disabled":
            result = _verification_run(runtime, target, job, label, now)
        observations.append(
            Observation(
                job=job,
                recurrence=schedule.recurrence,
                local_time=schedule.local_time,
                scheduler_listed=listed,
                time_zone=automation.time_zone,
                task_id=ids.get(job, ""),
                next_run=next_run_text(now, automation, job),
                run_result=result,
                run_at=run_at if result else "",
                evidence=label if result else "",
            )
        )
    return observations


def _verification_run(
    runtime: WorkerRuntime, target: RegisteredRepo, job: str, label: str, now: datetime
) -> str:
    """One real run of ``job``; its outcome as observed (an earlier run's, if this key already ran)."""
    try:
        result = run_job(runtime, target, job, label, now=now)
    except Exception as error:  # the run is evidence either way; a failure is not a verification
        log.warning("automation.verification_run_failed", job=job, error=type(error).__name__)
        return "failed"
    if result.get("reason") == ALREADY_RAN:
        result = recorded_run(runtime.redis, label) or {}
    return str(result.get("outcome", ""))


def verify_schedules(
    runtime: WorkerRuntime,
    target: RegisteredRepo,
    *,
    now: datetime | None = None,
    reply_to: int | None = None,
    requested_by: str = "",
) -> VerificationResult:
    """Observe the scheduler, run each job once, record it in ``automation.md`` (one commit, if changed).

    ``reply_to`` and ``requested_by`` come with a learner's request: the answer goes on that issue,
    and only a learner of the repository may ask.
    """
    now = now or datetime.now(UTC)
    slug = target.repo.slug
    config = _current_config(runtime, target)
    if config is None:
        return VerificationResult(slug, reason=f"no valid {CONFIG_PATH}; nothing is scheduled on a guess")
    repo = target.repo
    learners = learner_logins(config, owner=repo.owner, actor=requested_by, local=repo.forge is Forge.LOCAL)
    if requested_by and requested_by.lower() not in learners:
        return VerificationResult(slug, reason="asked by someone who is not a learner of this repository")
    automation = config.automation
    fingerprint = schedule_fingerprint(automation)
    listed = scheduler_listed(runtime)
    records = [
        JobRecord.observed(o)
        for o in _observe(runtime, target, automation, listed=listed, fingerprint=fingerprint, now=now)
    ]
    text = render_automation_record(
        records,
        time_zone=automation.time_zone,
        quiet_hours=automation.quiet_hours,
        push_authorized=config.authorization.push,
    )
    state_digest = hashlib.sha256(repr(records_state(records)).encode()).hexdigest()[:16]

    def change(snapshot: RepoSnapshot) -> tuple[tuple[FileWrite, ...], CommitSpec] | None:
        if recorded_state(snapshot.read_text(AUTOMATION_PATH)) == records_state(records):
            return None  # same observed state: no timestamp-only commit
        summary = ", ".join(f"{r.job} `{r.state.value}`" for r in records)
        spec = CommitSpec(
            subject="Record the observed recurring automation",
            body=f"automation.md: {summary}; provider and run evidence as observed by the scheduler.",
            trailers=((TRAILER_OPERATION, OPERATION),),
        )
        return (FileWrite(path=AUTOMATION_PATH, content=text),), spec

    committed = commit_scheduled_change(runtime, target, f"automation/{slug}/{state_digest}", change)
    if committed.outcome != CONFLICT and listed:
        runtime.redis.set(AUTOMATION_RECORDED.format(repo=slug), fingerprint)
    result = VerificationResult(
        repository=slug,
        deployment=deployment_status(records),
        states={r.job: r.state.value for r in records},
        automation_commit=committed.commit,
        outcome=committed.outcome,
        reason=committed.reason,
    )
    if reply_to is not None:
        answer_learner(runtime, target, reply_to, result.deployment, records)
    log.info("automation.verified", **asdict(result))
    return result


REPLY = """\
Deployment automation: `{deployment}`.

{jobs}

{explanation}"""
EXPLAINED = {
    "verified": "Both recurring jobs are listed in the bot's scheduler (Celery beat with RedBeat) and one "
    "real run of each read this repository and finished safely; `automation.md` records the task IDs, "
    "next runs and the run evidence.",
    "incomplete": "This is not a verified deployment: a job counts as `verified` only after the scheduler "
    "lists it and one real run of it finished safely. Your requested schedules are kept in "
    "`gitlearnos.yml` and `automation.md`; notes, questions and answers keep working interactively.",
}


def answer_learner(
    runtime: WorkerRuntime,
    target: RegisteredRepo,
    number: int,
    deployment: str,
    records: list[JobRecord],
) -> None:
    jobs = "\n".join(
        f"- `{r.job}` ({r.recurrence} at {r.local_time}): `{r.state.value}`"
        + (f", task `{r.task_id}`, next run {r.next_run}" if r.task_id else "")
        + (f", test run `{r.last_result}`" if r.last_result != "unknown" else "")
        for r in records
    )
    body = REPLY.format(deployment=deployment, jobs=jobs, explanation=EXPLAINED[deployment])
    marker = answer_marker(target.repo.slug, number)
    runtime.client_for(target).upsert_comment(
        target.repo, number, marker, f"{body}\n\n{marker}\n", is_pull_request=False
    )


def _current_config(runtime: WorkerRuntime, target: RegisteredRepo) -> LearnerConfig | None:
    """The learner's config at the remote's head (synced under the lock); None when missing or invalid."""
    with runtime.synced_mirror(target) as mirror:
        return mirror.learner_config()


def request_verifications(runtime: WorkerRuntime, app: Celery) -> list[str]:
    """Queue a verification for every repository whose schedules were created or changed; their slugs."""
    requested = []
    for target in registered_repos(runtime.redis):
        automation = learner_automation(runtime.settings, target.repo)
        if automation is None:
            continue
        fingerprint = schedule_fingerprint(automation)
        recorded: bytes | None = runtime.redis.get(AUTOMATION_RECORDED.format(repo=target.repo.slug))  # type: ignore[assignment]
        if recorded is not None and recorded.decode() == fingerprint:
            continue
        marker = AUTOMATION_REQUESTED.format(repo=target.repo.slug, fingerprint=fingerprint)
        if not runtime.redis.set(marker, "1", nx=True, ex=REQUEST_TTL):
            continue
        app.send_task(VERIFY_SCHEDULES, args=[target.model_dump(mode="json")], queue=SCHEDULE_QUEUE)
        requested.append(target.repo.slug)
    return requested
