"""The chat-model agent through the core: our client and our rules, a scripted endpoint at the HTTP edge.

Scenario 09's first duty is to answer the learner's question before any repository talk; only a model
can. These tests hold the bot to the learner's consent (``authorization.external_model``), to an answer
that leads the reply, and to a visible, non-fatal degradation when the endpoint fails.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import datetime

import httpx
import pytest
from structlog.testing import capture_logs

from bot.config import parse_config
from bot.handle import plan_event
from bot.intake.rule_agent import RuleAgent
from bot.plan import Outcome, Plan
from bot.replies import CANNOT_ANSWER_CONSENT
from bot.review.due_review import DueReviewPlan, plan_due_review
from tests.support.learner import CONFIG, NOW, issue_event, learner_repo
from tests.support.linked_review import gap_linked_repo
from workers.chat_agent import ChatModelAgent

IMAGE = "https://attachments.example.invalid/worked-example.jpg"
QUESTION = f"![photo of a worked example]({IMAGE})\n\nWhy is step 3 valid?"
ANSWER = "Step 3 multiplies both sides by the same non-zero number, which keeps the equation true."
SEEN = "A handwritten solution in four numbered steps."
API_KEY = "sk-test-not-a-real-key"


def config(external_model: str) -> str:
    return CONFIG.replace("  push: true\n", f"  push: true\n  external_model: {external_model}\n")


class Endpoint:
    """An OpenAI-compatible ``/chat/completions`` that records requests and answers as scripted."""

    def __init__(self, respond: Callable[[dict[str, object]], httpx.Response]) -> None:
        self.requests: list[httpx.Request] = []
        self._respond = respond

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        return self._respond(json.loads(request.content))

    def agent(self) -> ChatModelAgent:
        return ChatModelAgent(
            base_url="https://model.example.invalid/v1",
            model="tutor-1",
            api_key=API_KEY,
            transport=httpx.MockTransport(self),
        )


def reading(learning_event: str = "durable", subject: str = "mathematics", answer: str = ANSWER) -> Endpoint:
    content = {"learning_event": learning_event, "subject": subject, "answer": answer, "seen_in_media": SEEN}
    body = {"choices": [{"message": {"role": "assistant", "content": json.dumps(content)}}]}
    return Endpoint(lambda _request: httpx.Response(200, json=body))


def run(endpoint: Endpoint, *, external_model: str = "allowed", **event: object) -> Plan:
    snapshot = learner_repo(**{"gitlearnos.yml": config(external_model)})
    event.setdefault("body", QUESTION)
    event.setdefault("title", "Why is step 3 valid?")
    return plan_event(
        issue_event(**event),  # type: ignore[arg-type]
        snapshot,
        now=NOW,
        agent=RuleAgent(),
        model_agent=endpoint.agent(),
    )


def test_an_allowed_model_answers_first_and_the_note_is_still_recorded() -> None:
    endpoint = reading()
    plan = run(endpoint)
    assert plan.outcome is Outcome.COMMITTED
    text = plan.replies[0].text
    assert text.startswith("**Answer** (written by the chat model `tutor-1`")
    assert text.index(ANSWER) < text.index("---") < text.index("subjects/mathematics/events/")
    assert SEEN in text
    assert any(path.startswith("subjects/mathematics/events/") for path in plan.changed_paths)
    assert not any(path.endswith(".jpg") for path in plan.changed_paths)


def test_the_model_receives_the_question_and_the_image_with_a_json_schema() -> None:
    endpoint = reading()
    run(endpoint)
    (request,) = endpoint.requests
    assert request.url == "https://model.example.invalid/v1/chat/completions"
    assert request.headers["authorization"] == f"Bearer {API_KEY}"
    sent = json.loads(request.content)
    assert sent["model"] == "tutor-1"
    assert sent["response_format"]["type"] == "json_schema"
    user = sent["messages"][1]["content"]
    assert any(part["type"] == "text" and "Why is step 3 valid?" in part["text"] for part in user)
    assert {"type": "image_url", "image_url": {"url": IMAGE}} in user


@pytest.mark.parametrize("external_model", ["ask", "denied"])
def test_nothing_is_sent_without_the_learners_consent(external_model: str) -> None:
    endpoint = reading()
    plan = run(endpoint, external_model=external_model)
    assert endpoint.requests == []
    text = plan.replies[0].text
    assert ANSWER not in text
    assert text.startswith("I can't answer questions without a chat model")
    assert (CANNOT_ANSWER_CONSENT in text.splitlines()[0]) is (external_model == "ask")


def test_ask_mode_stays_quiet_about_the_model_when_nothing_was_asked() -> None:
    plan = run(reading(), external_model="ask", body="In class I learned the AA similarity rule.")
    assert "chat model" not in plan.replies[0].text


@pytest.mark.parametrize(
    ("respond", "reason"),
    [
        (lambda _r: httpx.Response(500, json={"error": "boom"}), "the model endpoint answered HTTP 500"),
        (
            lambda _r: httpx.Response(200, json={"choices": [{"message": {"content": "not json"}}]}),
            "the model's reply did not match the expected JSON schema",
        ),
        (lambda _r: (_ for _ in ()).throw(httpx.ConnectError("refused")), "unreachable (ConnectError)"),
    ],
)
def test_a_failing_model_degrades_visibly_and_the_note_is_organized_anyway(
    respond: Callable[[dict[str, object]], httpx.Response], reason: str
) -> None:
    with capture_logs() as logs:
        plan = run(Endpoint(respond))
    assert plan.outcome is Outcome.COMMITTED
    text = plan.replies[0].text
    assert text.startswith("(The chat model could not answer this time:")
    assert reason in text
    logged = json.dumps(logs, default=str)
    assert "step 3" not in logged and API_KEY not in logged
    assert any(entry["event"] == "chat_model_failed" for entry in logs)


def test_an_incidental_question_gets_the_answer_alone_and_nothing_is_stored() -> None:
    plan = run(
        reading(learning_event="incidental", answer="It is 14:00 in Berlin."),
        body="what time is it in Berlin?",
        title="quick one",
    )
    assert plan.outcome is Outcome.SKIPPED
    assert plan.writes == ()
    (reply,) = plan.replies
    assert "It is 14:00 in Berlin." in reply.text
    assert "repository" not in reply.text and "subjects/" not in reply.text


def test_answer_only_is_answered_and_not_stored() -> None:
    plan = run(reading(), body=f"{QUESTION}\n\nanswer only")
    assert plan.writes == ()
    text = plan.replies[0].text
    assert text.index(ANSWER) < text.index("nothing from this was stored")


def test_free_text_in_a_new_subject_is_routed_by_the_model() -> None:
    snapshot_note = "Why does the ablative absolute not need a preposition?"
    plan = run(reading(subject="Latin"), body=snapshot_note, title="ablative absolute")
    assert any(path.startswith("subjects/latin/events/") for path in plan.changed_paths)


STORED = "Triangle ABC ~ DEF with AB = 4 cm and DE = 8 cm. BC = 6 cm. How long is EF?"
MODEL_QUESTION = "Triangles KLM ~ RST with KL = 5 cm, RS = 15 cm and LM = 4 cm. How long is ST?"


def questions_reply(*questions: str) -> Endpoint:
    written = {
        "questions": [{"question": q, "success_condition": "ST = 12 cm"} for q in questions],
        "why": "w",
    }
    body = {"choices": [{"message": {"role": "assistant", "content": json.dumps(written)}}]}
    return Endpoint(lambda _request: httpx.Response(200, json=body))


def due_run(endpoint: Endpoint, external_model: str = "allowed") -> DueReviewPlan:
    """Scenario 04's delivery in the core, with this endpoint as the operator's model."""
    learner = parse_config(config(external_model)).config
    return plan_due_review(
        gap_linked_repo(), learner, datetime(2026, 11, 30, 7, 0), occurrence="due-review/x/2026-11-30",
        agent=RuleAgent(), model_agent=endpoint.agent(),
    )  # fmt: skip


def delivered_record(due: DueReviewPlan) -> str:
    (written,) = due.plan.writes
    return written.content


def test_an_allowed_model_writes_the_fresh_questions_from_the_linked_evidence() -> None:
    endpoint = questions_reply(MODEL_QUESTION)
    due = due_run(endpoint)
    (request,) = endpoint.requests
    sent = json.loads(request.content)
    assert sent["response_format"]["json_schema"]["name"] == "questions"
    assert "used the wrong ratio" in sent["messages"][1]["content"], "the gap's evidence reaches the model"
    record = delivered_record(due)
    assert f"2. {MODEL_QUESTION}" in record and "- Question 2 success condition (generated" in record
    assert MODEL_QUESTION in due.issue_text and "ST = 12 cm" not in due.issue_text
    assert due.plan.receipt is not None and "by the chat model `tutor-1`" in due.plan.receipt.questions


def test_without_consent_the_model_is_not_asked_and_the_templates_are_used() -> None:
    endpoint = questions_reply(MODEL_QUESTION)
    due = due_run(endpoint, external_model="ask")
    assert endpoint.requests == []
    assert due.plan.receipt is not None and "offline rule agent" in due.plan.receipt.questions


@pytest.mark.parametrize(
    ("endpoint", "remark"),
    [
        (Endpoint(lambda _r: httpx.Response(500, json={"error": "boom"})), "answered HTTP 500"),
        # The stored question again is no fresh question: the core's guard drops it.
        (
            questions_reply(STORED),
            "no fresh",
        ),
    ],
)
def test_a_failing_or_repeating_model_degrades_to_the_templates_and_says_so(
    endpoint: Endpoint, remark: str
) -> None:
    due = due_run(endpoint)
    assert "“used the wrong ratio”" in delivered_record(due)
    assert due.plan.receipt is not None
    assert "offline rule agent" in due.plan.receipt.questions and remark in due.plan.receipt.questions
