"""The chat-model agent through the core: our client and our rules, a scripted endpoint at the HTTP edge.

Scenario 09's first duty is to answer the learner's question before any repository talk; only a model
can. These tests hold the bot to the learner's consent (``authorization.external_model``), to an answer
that leads the reply, and to a visible, non-fatal degradation when the endpoint fails.
"""

from __future__ import annotations

import json
from collections.abc import Callable

import httpx
import pytest
from structlog.testing import capture_logs

from bot.agent import RuleAgent
from bot.handle import plan_event
from bot.model_use import MODEL_NOT_ALLOWED
from bot.plan import Outcome, Plan
from tests.unit.helpers import CONFIG, NOW, issue_event, learner_repo
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
    assert (MODEL_NOT_ALLOWED in text) is (external_model == "ask")


def test_ask_mode_stays_quiet_about_the_model_when_nothing_was_asked() -> None:
    plan = run(reading(), external_model="ask", body="In class I learned the AA similarity rule.")
    assert MODEL_NOT_ALLOWED not in plan.replies[0].text


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
