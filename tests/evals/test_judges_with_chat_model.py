"""Scenario 04's judges against the bot with a chat model: the sandbox's scripted model writes the questions.

``tests/evals/test_behaviour_judges.py`` tests the judges on crafted output; here the output is the
core's own due-review plan for scenario 04's repository, with the operator's model
(``workers.chat_agent``) pointed at the sandbox's :class:`~evals.sandbox.model_api.ScriptedModel`. A
well-worded model question must pass the judge; a model that hands the learner's words back is refused by
the core's guard, and what goes out instead passes it. Scenarios 03 and 08 are not run here: their judged
questions come from ``bot/review/next_check.py``, which always uses the rule agent (issue 16).
"""

from __future__ import annotations

import json
from datetime import datetime

import httpx
import pytest

from bot.config import CONFIG_PATH, ExternalModel, parse_config
from bot.intake.rule_agent import RuleAgent
from bot.review.due_review import plan_due_review
from bot.snapshot import MemorySnapshot
from evals.harness.checks import CheckRecorder, CheckStatus
from evals.harness.receipt import ReceiptField, visible_text
from evals.sandbox.model_api import SANDBOX_MODEL, ScriptedModel
from evals.scenarios import s04_due_review as s04
from evals.scenarios.review_loop import GAP_ID, REVIEW_ID, REVIEW_PATH, due_files, with_config
from workers.chat_agent import ChatModelAgent

FRESH = "Two similar rectangles are 3 m and 7.5 m wide. What is their length ratio, and why?"
ECHO = f"You wrote “{s04.GAP_OBSERVATION}”. Explain in your own words what went wrong."
WHY = f"they build on `{GAP_ID}`: which sides pair up decides the ratio"
JUDGED = f"fresh questions are generated from linked evidence for `{REVIEW_ID}`"


def scripted(question: str) -> ChatModelAgent:
    """The chat-model agent, reaching the sandbox's scripted model in-process instead of over the network."""
    model = ScriptedModel()
    written = {"questions": [{"question": question, "success_condition": "2.5, from 7.5/3"}], "why": WHY}
    model.add("", written)  # every question request gets this reply

    def respond(request: httpx.Request) -> httpx.Response:
        reading = model.answer(json.loads(request.content))
        message = {"role": "assistant", "content": json.dumps(reading)}
        return httpx.Response(200, json={"choices": [{"index": 0, "message": message}]})

    return ChatModelAgent(
        base_url="https://model.invalid/v1", model=SANDBOX_MODEL, transport=httpx.MockTransport(respond)
    )


def judged(question: str) -> tuple[dict[str, CheckStatus], str]:
    """Scenario 04's due run planned by the core with the scripted model, judged as the scenario judges;
    and the receipt's Questions line, which says who wrote the delivered questions."""
    files = with_config(due_files(), authorization__external_model=ExternalModel.ALLOWED.value)
    config = parse_config(files[CONFIG_PATH]).config
    due = plan_due_review(
        MemorySnapshot(files), config, datetime.now(), occurrence="due-review/x/today",
        agent=RuleAgent(), model_agent=scripted(question),
    )  # fmt: skip
    body = visible_text(due.issue_text)
    record = next(w.content for w in due.plan.writes if w.path == REVIEW_PATH)
    assert due.plan.receipt is not None
    receipt = {ReceiptField.QUESTIONS: due.plan.receipt.questions}  # posted with the issue by the executor
    checks = CheckRecorder()
    s04.judge_generated(checks, body, record, receipt)
    s04.selection_explained(checks, files[REVIEW_PATH], body)
    return {check.name: check.status for check in checks.results}, due.plan.receipt.questions


def test_a_well_worded_model_question_passes_every_judge() -> None:
    statuses, questions = judged(FRESH)
    assert SANDBOX_MODEL in questions, "the model's question is the one delivered"
    assert set(statuses.values()) == {CheckStatus.PASS}


@pytest.mark.parametrize("question", [ECHO], ids=["echoes the gap's observation"])
def test_a_model_echoing_the_learner_never_reaches_the_judge_unrefused(question: str) -> None:
    """The core's guard drops a question that quotes the evidence and delivers built ones instead (the receipt
    says so); what goes out must still pass the judge. The judge failing an echo that does go out is pinned
    on crafted output in ``tests/evals/test_behaviour_judges.py``."""
    statuses, questions = judged(question)
    assert "wrote no fresh question" in questions, "the core's guard refuses a question quoting the evidence"
    assert statuses[JUDGED] is CheckStatus.PASS, "what is delivered instead is fresh"
