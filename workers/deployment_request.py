"""The answer to a learner's "Finish deployment": each job's observed state, on the learner's issue.

The core adds a ``verify-schedules`` follow-up to the event's plan
(:mod:`bot.automation.deployment_request`); the verification job (:mod:`workers.scheduling.verification`)
answers here with ``verified`` or ``incomplete`` and each job's state, never more than was observed.
"""

from __future__ import annotations

from bot.automation.deployment_request import answer_marker
from bot.automation.record import JobRecord
from workers.repo_registry import RegisteredRepo
from workers.runtime import WorkerRuntime

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
    client = runtime.clients.for_event(target.as_event(f"automation:{target.repo.slug}"))
    marker = answer_marker(target.repo.slug, number)
    client.upsert_comment(target.repo, number, marker, f"{body}\n\n{marker}\n", is_pull_request=False)
