"""The next check with the chat model the learner allowed: it writes the question and chooses the next step.

Issue 16: the follow-up after an evaluated answer always came from the rule agent, even with a model
allowed. Only the network is scripted (:mod:`tests.support.chat_model`); offline, the record is the
rule agent's, word for word.
"""

from __future__ import annotations

import json
from datetime import date
from typing import Any

import httpx

from bot.intake.rule_agent import RuleAgent
from bot.records.files import records
from bot.review.attempt import Result
from bot.review.evidence import record_questions
from bot.review.next_check import FollowUp, plan_follow_up
from tests.support.chat_model import Endpoint
from tests.support.linked_review import ANSWER_DAY, REVIEW_PATH, delivered

DUE = date(2026, 12, 2)
QUESTION = "Triangle PQR is similar to STU with PQ = 4 cm and ST = 10 cm; QR = 6 cm. How long is TU?"
SCRIPTED: dict[str, dict[str, Any]] = {
    "questions": {
        "questions": [{"question": QUESTION, "success_condition": "TU = 15 cm", "answer_key": "15 cm"}],
        "why": "a new pair of triangles with other numbers",
    },
    "follow_up": {
        "follow_up": "look-alike",
        "why": "the ratio was right, so try a case that only looks alike",
    },
}


def model() -> Endpoint:
    """A model that answers each request in the shape its schema names."""

    def respond(request: dict[str, Any]) -> httpx.Response:
        name = request["response_format"]["json_schema"]["name"]
        message = {"role": "assistant", "content": json.dumps(SCRIPTED[name])}
        return httpx.Response(200, json={"choices": [{"message": message}]})

    return Endpoint(respond)


def follow_up(**agents: Any) -> FollowUp:
    snapshot, _ = delivered()
    answered = next(r for r in records(snapshot, "reviews") if r.path == REVIEW_PATH)
    planned = plan_follow_up(
        answered, snapshot, due=DUE, today=ANSWER_DAY.date(), result=Result.CORRECT, **agents
    )
    assert planned is not None and planned.content is not None
    return planned


def test_the_allowed_model_writes_the_next_check_and_its_choice_is_the_records_why() -> None:
    agent = model().agent()
    planned = follow_up(agent=agent, judge=agent)
    assert planned.content is not None
    assert record_questions(planned.content) == (QUESTION,)
    assert planned.generated_by == "the chat model `tutor-1`"
    assert (
        "next step `look-alike`, chosen by chat model `tutor-1`: "
        "the ratio was right, so try a case that only looks alike; "
        "a new pair of triangles with other numbers."
    ) in planned.content


def test_a_model_that_fails_to_choose_falls_back_to_the_rule_and_says_so() -> None:
    down = Endpoint(lambda _request: httpx.Response(503)).agent()
    planned = follow_up(agent=RuleAgent(), judge=down)
    assert planned.content is not None
    assert "next step `look-alike`, chosen by rules (the chat model could not choose the next check" in (
        planned.content
    )


def test_offline_the_record_is_the_rule_agents() -> None:
    assert follow_up() == follow_up(agent=RuleAgent())
    assert "next step" not in (follow_up().content or "")
