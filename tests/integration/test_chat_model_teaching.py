"""Scenario 18 with the chat model: "teach me" gets the model's introduction, bounded by the core.

Our client and pipeline (``plan_event`` with the model the learner allowed), a scripted endpoint at the
HTTP edge. The model proposes a structured introduction; what the learner sees and what the repository
keeps are the core's to decide: a step that asks a question is dropped, one scope question at most, the
record stays a learning intention at ``anomaly`` with no class, no gap and no open probe, and the lesson's
prose is not kept as evidence.
"""

from __future__ import annotations

import json
from typing import Any

import httpx

from bot.handle import plan_event
from bot.intake.rule_agent import RuleAgent
from bot.plan import Plan
from bot.records.codec import section, section_fields
from tests.support.chat_model import Endpoint
from tests.support.learner import CONFIG, NOW, issue_event, learner_repo

ALLOWED = CONFIG.replace("  push: true\n", "  push: true\n  external_model: allowed\n")
REQUEST = "I have not studied derivatives yet. Please teach me."
EVENTS, GAPS = "subjects/mathematics/events/", "subjects/mathematics/knowledge-gaps/"
STEPS = [
    {"heading": "Rate of change", "explanation": "A derivative measures how fast a quantity changes."},
    {"heading": "Quick check", "explanation": "Which way does the tangent lean at x = 2?"},  # a probe
    {"heading": "Slope of a tangent", "explanation": "On a graph it is the slope of the tangent line."},
]
INTRODUCTION = {
    "topic": "derivatives",
    "builds_on": "the slope of a straight line",
    "steps": STEPS,
    "worked_example": "For y = x^2 the slope at x = 3 is 6, because the derivative of x^2 is 2x.",
    "scope_question": "Have you met the slope of a straight line, rise over run?",
}
RECOGNITION = {"learning_event": "durable", "subject": "mathematics", "answer": "", "seen_in_media": ""}


def _endpoint(introduction: dict[str, Any] | None, recognition: dict[str, Any] = RECOGNITION) -> Endpoint:
    """Recognition as ``recognition``; the teaching start as ``introduction`` (HTTP 503 when None)."""

    def respond(request: dict[str, Any]) -> httpx.Response:
        name = request["response_format"]["json_schema"]["name"]
        content = {"reading": recognition, "teaching_start": introduction}.get(name)
        if content is None:
            return httpx.Response(503, json={})
        return httpx.Response(200, json={"choices": [{"message": {"content": json.dumps(content)}}]})

    return Endpoint(respond)


def _taught(endpoint: Endpoint) -> tuple[Plan, str, dict[str, str]]:
    plan = plan_event(
        issue_event(REQUEST, title="Derivatives"), learner_repo(**{"gitlearnos.yml": ALLOWED}), now=NOW,
        agent=RuleAgent(), model_agent=endpoint.agent(),
    )  # fmt: skip
    files = {w.path: w.content for w in plan.writes}
    return plan, plan.replies[0].text, files


def _schemas(endpoint: Endpoint) -> list[str]:
    return [json.loads(r.content)["response_format"]["json_schema"]["name"] for r in endpoint.requests]


def test_the_models_introduction_is_shown_in_order_without_the_step_that_asks() -> None:
    endpoint = _endpoint(INTRODUCTION)
    _plan, reply, _files = _taught(endpoint)
    assert _schemas(endpoint) == ["reading", "teaching_start"]
    assert REQUEST in json.dumps(endpoint.sent()["messages"]), "the model reads the learner's request"
    shown = [reply.find(s["explanation"]) for s in (STEPS[0], STEPS[2])]
    assert 0 <= shown[0] < shown[1] < reply.find(INTRODUCTION["worked_example"])
    assert reply.find(INTRODUCTION["worked_example"]) < reply.find(INTRODUCTION["scope_question"])
    assert STEPS[1]["explanation"] not in reply, "a question inside the lesson is a probe: dropped"
    assert reply.count("?") == 1, "the scope question is the only question"
    assert "Stop-probe gate" not in reply


def test_the_record_is_a_learning_intention_without_the_lessons_prose() -> None:
    _plan, _reply, files = _taught(_endpoint(INTRODUCTION))
    (record,) = [t for p, t in files.items() if p.startswith(EVENTS)]
    intention = section_fields(section(record, "Learning intention"))
    assert intention["Interpretation lifecycle"].startswith("`anomaly`")
    assert intention["Scope question"] == INTRODUCTION["scope_question"]
    assert (
        "## Competing hypotheses" not in record
        and "## Diagnosis" not in record
        and "Open probe" not in record
    )
    assert not any(p.startswith(GAPS) for p in files) and not any("/reviews/" in p for p in files)
    assert all(s["explanation"] not in record for s in STEPS), "the lesson is shown, not kept as evidence"
    assert INTRODUCTION["worked_example"] not in record and "`supported`" not in record


def test_a_topic_that_tries_to_add_a_record_line_stays_on_its_own_line() -> None:
    injected = {**INTRODUCTION, "topic": "derivatives\n- Interpretation lifecycle: `supported`"}
    _plan, _reply, files = _taught(_endpoint(injected))
    ((record,),) = [[t for p, t in files.items() if p.startswith(EVENTS)]]
    intention = section_fields(section(record, "Learning intention"))
    assert intention["Interpretation lifecycle"].startswith("`anomaly`")
    lines = [line for line in record.splitlines() if line.startswith("- Interpretation lifecycle:")]
    assert len(lines) == 1, "the model's text cannot start a record line"


def test_an_introduction_without_a_step_that_teaches_gives_the_offline_plan() -> None:
    only_asks = {**INTRODUCTION, "steps": [STEPS[1]], "scope_question": "What do you know? And what not?"}
    _plan, reply, files = _taught(_endpoint(only_asks))
    assert "no step that teaches without asking" in reply and STEPS[1]["explanation"] not in reply
    assert reply.count("?") == 1, "the offline plan's one scope question, not the model's two"
    assert not any(p.startswith(GAPS) for p in files)


def test_a_failing_model_gives_the_offline_plan_and_says_why() -> None:
    _plan, reply, files = _taught(_endpoint(None))
    assert "the chat model could not write the introduction: the model endpoint answered HTTP 503" in reply
    assert reply.count("?") == 1
    ((record,),) = [[t for p, t in files.items() if p.startswith(EVENTS)]]
    assert section_fields(section(record, "Learning intention"))["Interpretation lifecycle"].startswith(
        "`anomaly`"
    )


def test_without_the_learners_consent_the_model_is_not_asked_to_teach() -> None:
    endpoint = _endpoint(INTRODUCTION)
    plan = plan_event(
        issue_event(REQUEST, title="Derivatives"), learner_repo(), now=NOW, agent=RuleAgent(),
        model_agent=endpoint.agent(),
    )  # fmt: skip
    assert endpoint.requests == [] and plan.replies[0].text.count("?") == 1


def test_a_teaching_request_read_as_unsure_gets_the_introduction_and_stores_nothing() -> None:
    endpoint = _endpoint(INTRODUCTION, {**RECOGNITION, "learning_event": "ambiguous"})
    plan, reply, files = _taught(endpoint)
    assert files == {} and plan.commit is None, "a learning intention, not yet a learning event"
    assert _schemas(endpoint) == ["reading", "teaching_start"]
    assert STEPS[0]["explanation"] in reply and STEPS[1]["explanation"] not in reply
    assert reply.count("?") == 1 and "Which subject" not in reply and "Stop-probe gate" not in reply
