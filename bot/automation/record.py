"""``automation.md``: what the scheduler was observed to do, per recurring job. Pure: text in, text out.

Protocol "Automation": record actual scheduler state with one of ``requested`` / ``configured`` /
``verified`` / ``unavailable`` / ``disabled``, together with the provider, an opaque task identifier,
the time zone, the recurrence, the next run and the last verified run. ``verified`` needs an observed
run: a job is verified only from a :class:`Observation` that saw the scheduled invocation complete or
skip safely; a scheduler entry alone is ``configured``, an approved job awaiting provisioning is
``requested``, a deployment whose capability inspection found no scheduler is ``unavailable``.

"Do not update ``automation.md`` until a material learning change already justifies a commit": the
file is rewritten only when the *recorded state* changes (:func:`recorded_state`), never because a
next-run or last-run timestamp moved. The worker compares ``recorded_state(old)`` with the state of
the records it would write and commits only on a difference.

State diagram (:data:`TRANSITIONS` is the table; a test checks they agree)::

    stateDiagram-v2
        requested --> configured: the scheduler lists the job
        requested --> unavailable: no repository-capable scheduler
        requested --> disabled: the learner disabled the job
        configured --> verified: one observed safe run
        configured --> unavailable: the scheduler went away
        unavailable --> configured: a scheduler appeared
        verified --> configured: the schedule changed, not yet re-run
        verified --> unavailable: the scheduler went away
        disabled --> requested: the learner re-enabled the job
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from bot.records.codec import bullets, render, section_fields, split_sections
from bot.records.schemas import AUTOMATION

AUTOMATION_PATH = "automation.md"
JOBS = ("maintenance", "due-review")
JOB_HEADING = re.compile(r"`(?P<job>[a-z-]+)`")
PURPOSES = {"maintenance": "recurring organization", "due-review": "recurring questions"}
PROVIDER = "celery-redbeat"
NO_PROVIDER = "GitLearnOS Bot scheduler (not available yet)"


class JobState(StrEnum):
    REQUESTED = "requested"
    CONFIGURED = "configured"
    VERIFIED = "verified"
    UNAVAILABLE = "unavailable"
    DISABLED = "disabled"


TRANSITIONS: frozenset[tuple[JobState, JobState]] = frozenset(
    {
        (JobState.REQUESTED, JobState.CONFIGURED),
        (JobState.REQUESTED, JobState.UNAVAILABLE),
        (JobState.REQUESTED, JobState.DISABLED),
        (JobState.CONFIGURED, JobState.VERIFIED),
        (JobState.CONFIGURED, JobState.UNAVAILABLE),
        (JobState.UNAVAILABLE, JobState.CONFIGURED),
        (JobState.VERIFIED, JobState.CONFIGURED),
        (JobState.VERIFIED, JobState.UNAVAILABLE),
        (JobState.DISABLED, JobState.REQUESTED),
    }
)


@dataclass(frozen=True)
class Observation:
    """What the worker saw of one job: is it in the scheduler, and did one real run finish safely.

    ``run_result`` is the run's outcome (``skipped``, ``committed``, ``conflict``, ``failed``) or empty
    when no run happened; ``run_at`` and ``evidence`` (the occurrence key whose result Redis keeps) say
    which run. ``next_run`` is the scheduler's next wake-up for the job, as learner-local text.
    """

    job: str
    recurrence: str
    local_time: str
    scheduler_listed: bool
    time_zone: str = ""
    task_id: str = ""
    next_run: str = ""
    run_result: str = ""
    run_at: str = ""
    evidence: str = ""


SAFE_RESULTS = frozenset({"skipped", "committed"})


def job_state(observation: Observation) -> JobState:
    """The state an observation proves, and nothing more."""
    if observation.recurrence == "disabled":
        return JobState.DISABLED
    if not observation.scheduler_listed:
        return JobState.UNAVAILABLE
    if observation.run_result in SAFE_RESULTS:
        return JobState.VERIFIED
    return JobState.CONFIGURED


@dataclass(frozen=True)
class JobRecord:
    """One job's section of ``automation.md``."""

    job: str
    state: JobState
    recurrence: str
    local_time: str
    time_zone: str = ""
    provider: str = NO_PROVIDER
    task_id: str = ""
    next_run: str = ""
    last_verified_run: str = ""
    last_result: str = "unknown"
    evidence: str = ""

    @classmethod
    def requested(cls, job: str, recurrence: str, local_time: str, time_zone: str = "") -> JobRecord:
        return cls(job, JobState.REQUESTED, recurrence, local_time, time_zone)

    @classmethod
    def observed(cls, observation: Observation) -> JobRecord:
        state = job_state(observation)
        listed = observation.scheduler_listed and state is not JobState.DISABLED
        verified = state is JobState.VERIFIED
        return cls(
            job=observation.job,
            state=state,
            recurrence=observation.recurrence,
            local_time=observation.local_time,
            time_zone=observation.time_zone,
            provider=PROVIDER if listed else NO_PROVIDER,
            task_id=observation.task_id if listed else "",
            next_run=observation.next_run if listed else "",
            last_verified_run=observation.run_at if verified else "",
            last_result=observation.run_result or "unknown",
            evidence=observation.evidence if observation.run_result else "",
        )

    def state_key(self) -> tuple[str, ...]:
        """What counts as this job's recorded state: everything but the moving timestamps."""
        return (
            self.job,
            self.state.value,
            self.recurrence,
            self.local_time,
            self.time_zone,
            self.provider,
            self.task_id,
        )


PREFACE = """\
> Observed scheduler state only. The intended schedule lives in `gitlearnos.yml`;
> this file changes when the observed state changes, not on every run."""
RUN_CONTRACT = """\
A run uses one idempotency key per job and occurrence, takes the repository's
writer lock, checks the Git revision before writing, and makes at most one
commit. With nothing due it ends as `skipped`: no question, message or commit."""
SUMMARIES = {
    "verified": "Both jobs are `verified`: the scheduler lists them and one real run of each read this "
    "repository and completed or skipped safely.",
    "requested": "Both jobs are `requested`: no scheduler has listed or run them for this repository "
    "yet. They become `verified` only after a scheduler shows the task and one real run reads this "
    "repository and completes or skips safely.",
    "unavailable": "No repository-capable scheduler was found for this repository, so the jobs are "
    "`unavailable`. The requested schedules below are kept exactly; immediate learning goes on, and "
    "deployment automation stays `incomplete` until a scheduler runs them.",
    "mixed": "Not every job is `verified`; deployment automation stays `incomplete` until both are.",
}
CHANNEL = "current-authorized-channel (an issue in this repository)"
NONE = "none"


def deployment_status(records: Sequence[JobRecord]) -> str:
    """``verified`` only when every required job is verified; anything else is ``incomplete``."""
    states = {record.job: record.state for record in records}
    return "verified" if all(states.get(job) is JobState.VERIFIED for job in JOBS) else "incomplete"


def _summary(records: Sequence[JobRecord]) -> str:
    states = {record.state for record in records}
    if states == {JobState.VERIFIED} and deployment_status(records) == "verified":
        return SUMMARIES["verified"]
    if states == {JobState.REQUESTED}:
        return SUMMARIES["requested"]
    if states <= {JobState.UNAVAILABLE, JobState.DISABLED} and JobState.UNAVAILABLE in states:
        return SUMMARIES["unavailable"]
    return SUMMARIES["mixed"]


def _job_fields(record: JobRecord, time_zone: str) -> dict[str, str]:
    fields = {
        "State": f"`{record.state.value}`",
        "Recurrence": record.recurrence,
        "Local time": record.local_time,
        "Time zone": record.time_zone or time_zone,
        "Provider": record.provider,
        "Provider task ID": f"`{record.task_id}`" if record.task_id else NONE,
        "Next run": record.next_run or "unknown until a scheduler accepts the job",
        "Last verified run": record.last_verified_run or NONE,
        "Last result": f"`{record.last_result}`",
    }
    if record.job == "due-review":
        fields["Delivery channel"] = CHANNEL
    evidence = f"`{record.evidence}` (run result kept by the scheduler)" if record.evidence else NONE
    return {**fields, "Receipt path or external receipt ID": evidence}


def render_automation_record(
    records: Sequence[JobRecord], *, time_zone: str, quiet_hours: str, push_authorized: bool
) -> str:
    """The whole ``automation.md`` for ``records`` (one section per job, in protocol order)."""
    push = (
        "`authorized` for this repository (`authorization.push: true`)"
        if push_authorized
        else "`not authorized` (`authorization.push` is not true)"
    )
    fields = {
        "Deployment automation": f"`{deployment_status(records)}`",
        "Learner time zone": time_zone,
        "Quiet hours": quiet_hours.replace("-", "\u2013") or "none",
        "Unattended private-remote push": push,
    }
    jobs = sorted(records, key=lambda r: JOBS.index(r.job) if r.job in JOBS else len(JOBS))
    sections = {
        f"`{r.job}` \u2014 {PURPOSES.get(r.job, 'recurring job')}": bullets(_job_fields(r, time_zone))
        for r in jobs
    }
    sections["Run contract"] = RUN_CONTRACT
    return render(
        AUTOMATION, "Recurring automation status", fields, sections, preface=PREFACE, lead=_summary(records)
    )


def recorded_state(text: str | None) -> tuple[tuple[str, ...], ...]:
    """The recorded state of every job in an ``automation.md`` (see :meth:`JobRecord.state_key`)."""
    found = []
    for heading, body in split_sections(text or ""):
        job = JOB_HEADING.match(heading)
        if job is None:
            continue
        fields = {key: value.strip("`") for key, value in section_fields(body).items()}
        task_id = fields.get("Provider task ID", "")
        keys = ("State", "Recurrence", "Local time", "Time zone", "Provider")
        found.append((job["job"], *(fields.get(key, "") for key in keys), "" if task_id == NONE else task_id))
    return tuple(sorted(found))


def records_state(records: Sequence[JobRecord]) -> tuple[tuple[str, ...], ...]:
    return tuple(sorted(record.state_key() for record in records))


def recorded_job_states(text: str | None) -> Mapping[str, str]:
    """``{job: state}`` as ``automation.md`` records them (empty when the file is missing)."""
    return {entry[0]: entry[1] for entry in recorded_state(text)}


DEPLOYMENT_REQUEST = re.compile(
    r"""\b(finish|complete|verify|check|set\s*up|deploy)\b   # what the learner asks for
        [^.\n]{0,40}
        \b(deployment|automation|schedules?|recurring\s+jobs?)\b  # ... of the recurring automation
    """,
    re.I | re.X,
)


def asks_for_deployment(text: str) -> bool:
    """True when learner input asks to finish (or check) the recurring automation, e.g. scenario 15's
    "Finish deployment. Use my local time zone and the default automatic times."."""
    return bool(DEPLOYMENT_REQUEST.search(text))


def automation_ready(text: str | None) -> bool:
    """``automation-ready``: both recurring jobs recorded ``verified``."""
    states = recorded_job_states(text)
    return all(states.get(job) == JobState.VERIFIED.value for job in JOBS)
