"""The review loop's shared initial state and steps for scenarios 04, 05 and 08.

The initial state is a geometry check that is due: a learning event a few days old (the teacher's
feedback), the open gap it showed, an already answered earlier check (a "recent question"), and a
planned transfer check due yesterday with a stated expected answer. Dates are relative to today, so the
check is due whenever the evals run; quiet hours are switched off for the same reason.

Delivery is the production task: the harness queues ``workers.due_review.run_due_review`` on the
stack's ``schedule`` queue exactly as the beat dispatcher does at the learner's local time (waiting for
a real local 07:00 would make the evals run for a day). The bot's worker runs it; the harness then waits
for the issue it opens.
"""

from __future__ import annotations

import time
from datetime import UTC, date, datetime, timedelta
from typing import Any
from urllib.parse import urlsplit

import yaml
from celery import Celery

from evals.harness.forge_run import POLL_S, REPLY_TIMEOUT_S, LearnerRepository, ScenarioError
from evals.harness.wire import RUN_DUE_REVIEW, SCHEDULE_QUEUE, served_repo
from evals.sandbox.client import SandboxClientError
from evals.scenarios.learner_files import CONFIG, learner_files

EVENT_PATH = "subjects/mathematics/events/teacher-feedback-scale-factor.md"
GAP_PATH = "subjects/mathematics/knowledge-gaps/scale-factor.md"
RECENT_PATH = "subjects/mathematics/reviews/review-scale-factor-first-check.md"
REVIEW_PATH = "subjects/mathematics/reviews/review-scale-factor-transfer.md"
REVIEW_ID = "review-scale-factor-transfer"
GAP_ID = "gap-scale-factor"
EXPECTED = "12 cm"
EVENT_LINK = "../events/teacher-feedback-scale-factor.md"
DEMONSTRATION = "AB = 3 cm, DE = 6 cm, BC = 5 cm, so EF = 10 cm"
QUESTION = "Triangle PQR ~ XYZ with PQ = 4 cm, XY = 8 cm and QR = 6 cm. How long is YZ?"
RECENT_QUESTION = "Which sides of ABC and DEF correspond when the angles at A and D are equal?"


def today() -> date:
    return datetime.now(UTC).date()


def _event(day: date) -> str:
    return f"""# Teacher feedback: scale factor

ID: `event-teacher-feedback-scale-factor`
Date: {day.isoformat()}
Subject: mathematics
Channel: `teacher`
Goal link: [subjects/mathematics/goals/main-goal.md](../goals/main-goal.md)

## Learner-provided event

> The teacher showed: {DEMONSTRATION}. I had used BC/AB instead of DE/AB.
"""


def _gap(day: date) -> str:
    return f"""# Knowledge Gap: scale factor of similar triangles

ID: `{GAP_ID}`
Depends on (event IDs): `event-teacher-feedback-scale-factor`
Resolution: `open`
Mastery: `learning`
Subject: mathematics
Goal link: [main goal](../goals/main-goal.md)
Updated: {day.isoformat()}

## Evidence

| Date | Channel | Observation or learner report | Independence or support | Link |
|---|---|---|---|---|
| {day.isoformat()} | teacher | used BC/AB instead of DE/AB | with teacher | [event]({EVENT_LINK}) |

## Next action

- Action: a delayed transfer check with new values
"""


def _review(review_id: str, *, status: str, due: date, question: str, extra: str = "") -> str:
    return f"""# Check: scale factor

ID: `{review_id}`
Origin: `planned`
Depends on (goal/gap/model/event IDs): `event-teacher-feedback-scale-factor`, `{GAP_ID}`
Status: `{status}`
Subject: mathematics
Purpose: `transfer`
Due: {due.isoformat()}
Goal link: [subjects/mathematics/goals/main-goal.md](../goals/main-goal.md)
Gap link: [{GAP_ID}](../knowledge-gaps/scale-factor.md)

## Why these questions now

- Selection reason: the teacher's scale-factor feedback is three days old; a delayed check, new values.
- Difference from recent questions: a new triangle; the first check asked only which sides correspond.

## Questions

1. {question}

## Answer or success condition

- Expected answer: {EXPECTED if review_id == REVIEW_ID else "AB with DE"}
{extra}"""


def with_config(files: dict[str, str], **changes: Any) -> dict[str, str]:
    """``files`` with ``gitlearnos.yml`` keys set; ``__`` separates levels (``automation__quiet_hours``)."""
    config = yaml.safe_load(files[CONFIG])
    for dotted, value in changes.items():
        node = config
        *parents, leaf = dotted.split("__")
        for part in parents:
            node = node.setdefault(part, {})
        node[leaf] = value
    return files | {CONFIG: yaml.safe_dump(config, sort_keys=False, allow_unicode=True)}


def due_files() -> dict[str, str]:
    """The demo repository plus a due geometry check, with quiet hours off so it runs at any hour."""
    learned = today() - timedelta(days=3)
    files = learner_files(
        extra={
            EVENT_PATH: _event(learned),
            GAP_PATH: _gap(learned),
            RECENT_PATH: _review(
                "review-scale-factor-first-check", status="complete", due=learned, question=RECENT_QUESTION
            ),
            REVIEW_PATH: _review(
                REVIEW_ID, status="planned", due=today() - timedelta(days=1), question=QUESTION
            ),
        }
    )
    return with_config(files, automation__quiet_hours="")


def run_due_review(repo: LearnerRepository, day: date | None = None) -> None:
    """Queue ``day``'s (default today's) due-review occurrence for ``repo`` on the schedule queue, as beat
    would."""
    stack = repo.run.stack
    payload = served_repo(
        repo.run.forge,
        urlsplit(stack.sandbox.url).netloc,
        repo.full_name,
        stack.sandbox.git_url(repo.full_name),
    )
    app = Celery("gitlearnos-evals", broker=stack.redis_url, set_as_current=False)
    try:
        app.send_task(RUN_DUE_REVIEW, args=[payload, (day or today()).isoformat()], queue=SCHEDULE_QUEUE)
    finally:
        app.close()


def wait_for_issue(repo: LearnerRepository, number: int, timeout: float = REPLY_TIMEOUT_S) -> dict[str, Any]:
    """Poll until issue ``number`` exists (the bot opened it); raise when it never does."""
    deadline = time.monotonic() + timeout
    with repo.run.stack.sandbox.client() as learner:
        while True:
            try:
                return learner.issue(repo.full_name, number)
            except SandboxClientError:
                if time.monotonic() > deadline:
                    raise ScenarioError(
                        f"no issue #{number} on {repo.full_name} within {timeout:.0f} s; "
                        f"the bot's logs: {repo.run.stack.logs_dir} (kept with --keep)"
                    ) from None
                time.sleep(POLL_S)


def issue_exists(repo: LearnerRepository, number: int) -> bool:
    with repo.run.stack.sandbox.client() as learner:
        try:
            learner.issue(repo.full_name, number)
        except SandboxClientError:
            return False
    return True
