"""The chat-model agent: recognition plus an answer, from any OpenAI-compatible endpoint.

DESIGN §4: the rule agent stays the judge of everything structured (issue forms, labels, the subject a
form names, media the bot cannot transcribe), and the model adds what rules cannot: whether free text
is a learning event, which subject it belongs to, and the answer to the learner's question — reading
an attached image when the endpoint can see it. The model must reply with JSON matching
:class:`ModelReading` (``response_format: json_schema``), validated by pydantic.

Failure is never silent and never fatal: a timeout, an HTTP error or an answer that does not validate
gives the rule agent's recognition with a ``model_remark`` the reply shows, so the note is still
organized and the learner knows why their question went unanswered. The learner's words and the API
key are never logged; only the failure's kind is.

The core decides whether this agent may be used at all (``authorization.external_model``); this module
only talks to the endpoint the operator configured.
"""

from __future__ import annotations

from typing import Any, Literal, TypeVar

import httpx
import structlog
from pydantic import BaseModel, ConfigDict, ValidationError

from bot.intake.agent import LearnerInput, Recognition, Significance
from bot.intake.rule_agent import RuleAgent, image_urls, parse_issue_form
from bot.review.question_gen import GeneratedQuestion, GeneratedQuestions, QuestionContext
from bot.text import slugify
from runtime.settings import Settings

log = structlog.get_logger("gitlearnos.chat_agent")
Schema = TypeVar("Schema", bound=BaseModel)

UNAVAILABLE = (
    "(The chat model could not answer this time: {reason}. Your note was handled by the offline rules, "
    "and its question is not answered here.)"
)
INSTRUCTIONS = """You help a learner who keeps their learning record in a Git repository.
Read the learner's message (and any attached image) and reply with JSON only, matching the schema.
- learning_event: "durable" when it holds something worth keeping for their learning (a concept, a
  mistake, a question about their material), "ambiguous" when it may but the subject or intent is
  unclear, "incidental" for small talk or anything unrelated to learning.
- subject: a short lowercase subject name such as "mathematics", preferring one of the known subjects;
  empty when you cannot tell.
- answer: when the learner asks a question, answer it directly and briefly, explaining why; otherwise "".
  Never claim to know the learner's mastery.
- seen_in_media: only what is literally visible in attached images (no inference); "" when there is no
  image or you cannot see it."""
QUESTION_INSTRUCTIONS = """You write review questions for a learner who keeps their learning record in Git.
From the goal, gap, evidence and recent questions given as JSON, write at most max_questions fresh,
short questions the learner can answer now, without notes, in plain text. Never repeat a recent or
planned question or the worked example (demonstration) in the evidence; use new values or a new case.
Reply with JSON only, matching the schema:
- questions: each with "question" and "success_condition" (the expected answer or what a good attempt
  shows; it is kept from the learner until they attempt the question);
- why: one sentence on why these questions were chosen from this evidence."""
QUESTIONS_UNAVAILABLE = "the chat model could not write questions ({reason}); used the offline templates"


class ModelQuestion(BaseModel):
    model_config = ConfigDict(extra="forbid")

    question: str
    success_condition: str


class ModelQuestions(BaseModel):
    """What the model must return for question generation."""

    model_config = ConfigDict(extra="forbid")

    questions: list[ModelQuestion]
    why: str


class ModelReading(BaseModel):
    """What the model must return; anything else is a failed call."""

    model_config = ConfigDict(extra="forbid")

    learning_event: Literal["durable", "ambiguous", "incidental"]
    subject: str
    answer: str
    seen_in_media: str


class ModelCallFailed(Exception):
    """The endpoint gave nothing usable; the message names the kind of failure, never the content."""


class ChatModelAgent:
    """Recognize with the rule agent, then let the chat model add meaning and an answer."""

    def __init__(
        self,
        *,
        base_url: str,
        model: str,
        api_key: str = "",
        timeout: float = 60.0,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self.model = model
        self._client = httpx.Client(
            base_url=base_url.rstrip("/") + "/", headers=headers, timeout=timeout, transport=transport
        )
        self._rules = RuleAgent()

    def recognize(self, learner_input: LearnerInput) -> Recognition:
        ruled = self._rules.recognize(learner_input)
        try:
            reading = self._call(INSTRUCTIONS, self._content(learner_input), "reading", ModelReading)
        except ModelCallFailed as failure:
            log.warning("chat_model_failed", model=self.model, reason=str(failure))
            return ruled.model_copy(update={"model_remark": UNAVAILABLE.format(reason=failure)})
        return self._merge(ruled, reading, learner_input)

    def generate_questions(self, context: QuestionContext) -> GeneratedQuestions:
        """The model's questions from the linked evidence; the rule templates, said so, when it fails."""
        try:
            written = self._call(
                QUESTION_INSTRUCTIONS, context.model_dump_json(), "questions", ModelQuestions
            )
            questions = tuple(
                GeneratedQuestion(question=q.question.strip(), success=q.success_condition.strip())
                for q in written.questions
            )
        except (ModelCallFailed, ValidationError) as failure:
            reason = str(failure) if isinstance(failure, ModelCallFailed) else "an empty question"
            log.warning("chat_model_questions_failed", model=self.model, reason=reason)
            fallback = self._rules.generate_questions(context)
            return fallback.model_copy(update={"remark": QUESTIONS_UNAVAILABLE.format(reason=reason)})
        return GeneratedQuestions(
            questions=questions[: context.max_questions],
            why=written.why.strip().rstrip("."),
            generated_by=f"the chat model `{self.model}`",
        )

    def _call(self, instructions: str, content: Any, name: str, schema: type[Schema]) -> Schema:
        """One chat completion whose reply must be JSON of ``schema``; :class:`ModelCallFailed` if not."""
        request = {
            "model": self.model,
            "temperature": 0,
            "messages": [{"role": "system", "content": instructions}, {"role": "user", "content": content}],
            "response_format": {
                "type": "json_schema",
                "json_schema": {"name": name, "strict": True, "schema": schema.model_json_schema()},
            },
        }
        try:
            response = self._client.post("chat/completions", json=request)
        except httpx.HTTPError as error:
            raise ModelCallFailed(f"the model endpoint was unreachable ({type(error).__name__})") from error
        if not response.is_success:
            raise ModelCallFailed(f"the model endpoint answered HTTP {response.status_code}")
        try:
            reply = response.json()["choices"][0]["message"]["content"]
            return schema.model_validate_json(reply)
        except (ValueError, KeyError, IndexError, TypeError, ValidationError) as error:
            raise ModelCallFailed("the model's reply did not match the expected JSON schema") from error

    def _content(self, learner_input: LearnerInput) -> list[dict[str, Any]]:
        known = ", ".join(learner_input.known_subjects) or "none yet"
        text = f"Known subjects: {known}\nTitle: {learner_input.title}\n\n{learner_input.body}"
        content: list[dict[str, Any]] = [{"type": "text", "text": text}]
        content += [
            {"type": "image_url", "image_url": {"url": url}} for url in image_urls(learner_input.body)
        ]
        return content

    def _merge(self, ruled: Recognition, reading: ModelReading, learner_input: LearnerInput) -> Recognition:
        """Structured input (a form or labels) keeps the rules' verdict; free text takes the model's."""
        structured = bool(parse_issue_form(learner_input.body) or learner_input.labels)
        significance = ruled.significance if structured else Significance(reading.learning_event)
        named = slugify(reading.subject) if reading.subject.strip() else None
        subject = ruled.subject if structured else (named or ruled.subject)
        if subject is None and significance is Significance.DURABLE:
            significance = Significance.AMBIGUOUS  # never guess a subject the model could not name
        return ruled.model_copy(
            update={
                "significance": significance,
                "subject": subject,
                "note": ruled.note or learner_input.body.strip(),
                "reason": ruled.reason if structured else f"read by the chat model `{self.model}`",
                "answer": reading.answer.strip(),
                "seen_in_media": reading.seen_in_media.strip(),
                "answered_by": self.model,
            }
        )


def model_agent_from(settings: Settings) -> ChatModelAgent | None:
    """The operator's chat model, or None when ``GITLEARNOS_MODEL_BASE_URL`` is unset (the default)."""
    if not settings.model_base_url:
        return None
    return ChatModelAgent(
        base_url=settings.model_base_url,
        model=settings.model_name,
        api_key=settings.secret_value(settings.model_api_key),
        timeout=settings.model_timeout_seconds,
    )
