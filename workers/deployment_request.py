"""A learner asks to finish (or check) the deployment: verify the schedules and answer on the issue.

Scenario 15's "Finish deployment. Use my local time zone and the default automatic times." is no
learning input (the event worker skips it as incidental), but it is a request the bot can honour:
the schedules are verified (:mod:`workers.automation`) whether or not a scheduler runs, and the answer
says ``verified`` or ``incomplete`` with each job's state, never more than was observed. The request is
noticed through Celery's ``task_postrun`` signal, so the event task (another concern's module) does not
need to know about automation.
"""

from __future__ import annotations

from typing import Any

from celery import Celery

from bot.automation.record import JobRecord, asks_for_deployment
from bot.intake.events import InboundEvent
from bot.replies import reply_marker
from workers.celery_app import PROCESS_EVENT, SCHEDULE_QUEUE, VERIFY_SCHEDULES
from workers.runtime import WorkerRuntime
from workers.scheduling.registry import RegisteredRepo

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
    marker = reply_marker(f"automation/{target.repo.slug}#{number}")
    client.upsert_comment(target.repo, number, marker, f"{body}\n\n{marker}\n", is_pull_request=False)


def after_learner_event(app: Celery, sender: Any = None, args: Any = None, state: str = "", **_: Any) -> None:
    """A processed learner event that asks to finish deployment gets a verification, answered on its issue.

    Connected to Celery's ``task_postrun`` signal, so the event task itself (another concern's
    module) does not need to know about automation.
    """
    if getattr(sender, "name", None) != PROCESS_EVENT or id(getattr(sender, "app", None)) != id(app):
        return
    if state != "SUCCESS" or not args:
        return
    try:
        event = InboundEvent.model_validate(args[0])
    except ValueError:
        return
    if event.repo is None or event.thread is None or event.thread.is_pull_request or event.actor is None:
        return
    text = event.comment.body if event.comment is not None else f"{event.thread.title}\n{event.thread.body}"
    if event.actor.is_bot or not asks_for_deployment(text):
        return
    target = RegisteredRepo(repo=event.repo, installation_id=event.installation_id)
    app.send_task(
        VERIFY_SCHEDULES,
        args=[target.model_dump(mode="json")],
        kwargs={"reply_to": event.thread.number, "requested_by": event.actor.login},
        queue=SCHEDULE_QUEUE,
    )
