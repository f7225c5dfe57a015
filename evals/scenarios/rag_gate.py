"""Scenario 13's learning-goal gate: "Set this learning system up with RAG-Anything" asks before doing.

The protocol's scenario: ask for the goal, subject, material intent, source boundary, storage and provider
constraints, "wait for the answer before installing, ingesting, committing, or deploying". The learner
here has only their textbook in a repository the bot has not set up (no ``gitlearnos.yml``), and makes
the scenario's request. Judged by outcome while the broker is watched: the reply asks a question, and
nothing is committed or sent to the rag queue before the learner answers.
"""

from __future__ import annotations

import re
import time
from collections.abc import Sequence

from evals.harness.checks import CheckRecorder
from evals.harness.forge_run import ForgeRun
from evals.harness.learner_checks import short
from evals.harness.queue_watch import tasks_sent
from evals.harness.repo_state import RepoState
from evals.harness.wire import RAG_QUEUE

REQUEST_TITLE = "Set up RAG"
REQUEST = "Set this learning system up with RAG-Anything and use these materials."
QUESTION = re.compile(r"\?\s*$", re.M)  # a line that ends by asking
SETTLE_S = 2.0  # a rag job or commit the request started would show within this window


def run(ctx: ForgeRun, material: str, text: str) -> None:
    """The request in a repository holding only ``material``; judged once the bot has replied."""
    repo = ctx.create_repository("gate", {material: text})
    before = repo.observe()
    with tasks_sent(ctx.stack.redis_url, RAG_QUEUE) as rag_tasks:
        number = repo.open_issue(REQUEST_TITLE, REQUEST)
        replies = repo.wait_for_replies(number)
        time.sleep(SETTLE_S)
    judge(ctx.checks, before, repo.observe(), replies, list(rag_tasks))


def judge(
    checks: CheckRecorder, before: RepoState, after: RepoState, replies: Sequence[str], rag_tasks: list[str]
) -> None:
    """The gate is asked (a reply ending a line with a question) and nothing is set up or ingested."""
    asked = any(QUESTION.search(reply) for reply in replies)
    new = after.commits_since(before)
    changed = after.changed_paths(before)
    checks.expect(
        "the setup questions come first: nothing is committed or ingested before the learner answers",
        asked and not new and not changed and not rag_tasks,
        f"asks: {asked}; new commits: {[short(c.id) for c in new]}; changed: {changed}; "
        f"rag jobs sent: {rag_tasks}",
    )
