"""The chat-model agent: every judgement the protocol gives the agent, from any OpenAI-compatible endpoint.

DESIGN §4: the rule agent stays the judge of everything structured (issue forms, labels, the subject a
form names, media the bot cannot transcribe); the model judges what rules cannot. Each judgement is one
request with its own instruction and JSON schema (:mod:`workers.chat_schemas`), validated by pydantic:

* recognition — whether free text is a learning event, its channel, subject and knowledge point, a
  one-line summary for the record, and the answer to the learner's question (reading an attached image
  when the endpoint can see it);
* question generation — fresh questions, each with an answer key and a success condition (the core's
  guard drops one that shows its key, quotes the evidence or repeats an earlier item);
* answer evaluation — a rubric verdict (correct / incorrect / cannot-tell) with its reason;
* follow-up choice — what the next check asks for after a verdict;
* probe-answer reading — how a free-prose answer to a diagnostic probe moves each competing explanation,
  every move quoting the answer (the core drops a move whose quote is not there, and its gates decide);
* teaching start — a structured introduction to material the learner has not met (the core drops a
  step that asks instead of teaching, keeps one scope question at most, and writes no diagnosis).

The model proposes and the core disposes: a recognition passes the same vetting as the rule agent's
(:mod:`bot.intake.vetting`), a verdict is bounded by the core's mastery gates, and nothing the model
returns names a path, a mode, an authorization or a mastery level. Each result names who judged it.

Failure is never silent and never fatal: a timeout, an HTTP error, a refusal or a reply that does not
validate gives the rule agent's result with a remark the learner sees, so the note is still organized
and the learner knows why their question went unanswered. The learner's words and the API key are
never logged; only the failure's kind is.

The core decides whether this agent may be used at all (``authorization.external_model``); this module
only talks to the endpoint the operator configured.
"""

from __future__ import annotations

import json
from typing import Any, TypeVar

import httpx
import structlog
from pydantic import BaseModel, ValidationError

from bot.diagnose.proposal import ProbeAnswerToRead, ProposedMove, ProposedReading
from bot.diagnose.teaching import ProposedIntroduction, ProposedStep, TeachingToStart
from bot.intake.agent import LearnerInput, Recognition, Significance
from bot.intake.judgements import AnswerToJudge, AnswerVerdict, FollowUpChoice, Verdict, rule_follow_up
from bot.intake.rule_agent import RuleAgent, image_urls, parse_issue_form
from bot.review.question_gen import GeneratedQuestion, GeneratedQuestions, QuestionContext
from runtime.settings import Settings
from workers.chat_schemas import (
    FOLLOW_UP_INSTRUCTIONS,
    PROBE_READING_INSTRUCTIONS,
    QUESTION_INSTRUCTIONS,
    RECOGNITION_INSTRUCTIONS,
    TEACHING_INSTRUCTIONS,
    VERDICT_INSTRUCTIONS,
    ModelFollowUp,
    ModelIntroduction,
    ModelProbeReading,
    ModelQuestion,
    ModelQuestions,
    ModelReading,
    ModelVerdict,
    data_block,
    wire_schema,
)

log = structlog.get_logger("gitlearnos.chat_agent")
Schema = TypeVar("Schema", bound=BaseModel)

UNAVAILABLE = (
    "(The chat model could not answer this time: {reason}. Your note was handled by the offline rules, "
    "and its question is not answered here.)"
)
QUESTIONS_UNAVAILABLE = "the chat model could not write questions ({reason}); used the offline templates"
VERDICT_UNAVAILABLE = "the chat model could not judge this answer ({reason})"
NOTHING_TO_JUDGE_AGAINST = "no verdict: the record states neither an answer key nor a success condition"
NO_VERDICT = "no verdict: the chat model gave none, and nothing else here judges by meaning"
FOLLOW_UP_UNAVAILABLE = "the chat model could not choose the next check ({reason}); used the offline rule"
PROBE_READING_UNAVAILABLE = "the chat model could not read this answer: {reason}"
TEACHING_UNAVAILABLE = "the chat model could not write the introduction: {reason}"


class ModelCallFailed(Exception):
    """The endpoint gave nothing usable; the message names the kind of failure, never the content."""


def _generated(question: ModelQuestion) -> GeneratedQuestion:
    """The core's question, its key and success condition kept apart (the core drops one showing its key)."""
    return GeneratedQuestion(
        question=question.question.strip(),
        success=question.success_condition.strip(),
        key=question.answer_key.strip(),
    )


class ChatModelAgent:
    """The protocol's agent over a chat model; the rule agent where the model cannot or should not judge."""

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
        self.judge = f"chat model `{model}`"
        self._client = httpx.Client(
            base_url=base_url.rstrip("/") + "/", headers=headers, timeout=timeout, transport=transport
        )
        self._rules = RuleAgent()

    def recognize(self, learner_input: LearnerInput) -> Recognition:
        ruled = self._rules.recognize(learner_input)
        try:
            reading = self._call(
                RECOGNITION_INSTRUCTIONS, self._content(learner_input), "reading", ModelReading
            )
        except ModelCallFailed as failure:
            log.warning("chat_model_failed", model=self.model, reason=str(failure))
            return ruled.model_copy(update={"model_remark": UNAVAILABLE.format(reason=failure)})
        return self._merge(ruled, reading, learner_input)

    def generate_questions(self, context: QuestionContext) -> GeneratedQuestions:
        """The model's questions from the linked evidence; the rule templates, said so, when it fails."""
        try:
            content = data_block(context.model_dump_json())
            written = self._call(QUESTION_INSTRUCTIONS, content, "questions", ModelQuestions)
            questions = tuple(_generated(q) for q in written.questions)
        except (ModelCallFailed, ValidationError) as failure:
            reason = str(failure) if isinstance(failure, ModelCallFailed) else "an empty question"
            log.warning("chat_model_questions_failed", model=self.model, reason=reason)
            fallback = self._rules.generate_questions(context)
            return fallback.model_copy(update={"remark": QUESTIONS_UNAVAILABLE.format(reason=reason)})
        return GeneratedQuestions(
            questions=questions[: context.max_questions],
            why=written.why.strip().rstrip("."),
            generated_by=f"the {self.judge}",
        )

    def judge_answer(self, item: AnswerToJudge) -> AnswerVerdict:
        """A rubric verdict on one attempt; ``cannot-tell`` with a remark when the model gives none.

        With neither a key nor a success condition there is nothing to judge against, so nothing is sent.
        """
        if not (item.key.strip() or item.success_condition.strip()):
            return AnswerVerdict(verdict=Verdict.CANNOT_TELL, reason=NOTHING_TO_JUDGE_AGAINST)
        try:
            given = self._call(
                VERDICT_INSTRUCTIONS, data_block(item.model_dump_json()), "verdict", ModelVerdict
            )
        except ModelCallFailed as failure:
            log.warning("chat_model_verdict_failed", model=self.model, reason=str(failure))
            remark = VERDICT_UNAVAILABLE.format(reason=failure)
            return AnswerVerdict(verdict=Verdict.CANNOT_TELL, reason=NO_VERDICT, remark=remark)
        return AnswerVerdict(verdict=given.verdict, reason=given.reason.strip(), judged_by=self.judge)

    def choose_follow_up(self, context: QuestionContext, verdict: Verdict) -> FollowUpChoice:
        """What the next check asks for after ``verdict``; the offline rule, said so, when the model fails."""
        asked = json.dumps({"verdict": verdict.value, **context.model_dump(mode="json")})
        try:
            chosen = self._call(FOLLOW_UP_INSTRUCTIONS, data_block(asked), "follow_up", ModelFollowUp)
        except ModelCallFailed as failure:
            log.warning("chat_model_follow_up_failed", model=self.model, reason=str(failure))
            remark = FOLLOW_UP_UNAVAILABLE.format(reason=failure)
            return rule_follow_up(verdict).model_copy(update={"remark": remark})
        return FollowUpChoice(kind=chosen.follow_up, why=chosen.why.strip(), judged_by=self.judge)

    def read_probe_answer(self, item: ProbeAnswerToRead) -> ProposedReading:
        """The model's proposed moves for one probe answer; none, with a remark, when the model fails.

        Only the classes the core listed may be moved; the core then keeps a move only if its quote is in
        the answer, and its gates decide what the moves earn (:mod:`bot.diagnose.proposal`).
        """
        try:
            read = self._call(
                PROBE_READING_INSTRUCTIONS,
                data_block(item.model_dump_json()),
                "probe_reading",
                ModelProbeReading,
            )
        except ModelCallFailed as failure:
            log.warning("chat_model_probe_reading_failed", model=self.model, reason=str(failure))
            remark = PROBE_READING_UNAVAILABLE.format(reason=failure)
            return ProposedReading(split="nothing", judged_by="rules", remark=remark)
        listed = {cls for cls, _status in item.hypotheses}
        moves = tuple(
            ProposedMove.model_validate(m.model_dump()) for m in read.moves if m.hypothesis in listed
        )
        return ProposedReading(moves=moves, split=read.split, blocker=read.blocker, judged_by=self.judge)

    def start_teaching(self, item: TeachingToStart) -> ProposedIntroduction:
        """The model's introduction to new material; none, with a remark, when the model fails (the core
        then gives the offline plan and vets what the model wrote, :mod:`bot.diagnose.teaching`)."""
        try:
            written = self._call(
                TEACHING_INSTRUCTIONS, data_block(item.model_dump_json()), "teaching_start", ModelIntroduction
            )
        except ModelCallFailed as failure:
            log.warning("chat_model_teaching_failed", model=self.model, reason=str(failure))
            return ProposedIntroduction(judged_by="rules", remark=TEACHING_UNAVAILABLE.format(reason=failure))
        return ProposedIntroduction(
            topic=written.topic,
            builds_on=written.builds_on,
            steps=tuple(ProposedStep(heading=s.heading, explanation=s.explanation) for s in written.steps),
            worked_example=written.worked_example,
            scope_question=written.scope_question,
            judged_by=self.judge,
        )

    def _call(self, instructions: str, content: Any, name: str, schema: type[Schema]) -> Schema:
        """One chat completion whose reply must be JSON of ``schema``; :class:`ModelCallFailed` if not."""
        request = {
            "model": self.model,
            "temperature": 0,
            "messages": [{"role": "system", "content": instructions}, {"role": "user", "content": content}],
            "response_format": {
                "type": "json_schema",
                "json_schema": {"name": name, "strict": True, "schema": wire_schema(schema)},
            },
        }
        try:
            response = self._client.post("chat/completions", json=request)
        except httpx.HTTPError as error:
            raise ModelCallFailed(f"the model endpoint was unreachable ({type(error).__name__})") from error
        if not response.is_success:
            raise ModelCallFailed(f"the model endpoint answered HTTP {response.status_code}")
        try:
            message = response.json()["choices"][0]["message"]
        except (ValueError, KeyError, IndexError, TypeError) as error:
            raise ModelCallFailed("the model's reply did not match the expected JSON schema") from error
        if isinstance(message, dict) and message.get("refusal"):
            raise ModelCallFailed("the model refused to answer")
        try:
            return schema.model_validate_json(message["content"])
        except (KeyError, TypeError, ValidationError) as error:
            raise ModelCallFailed("the model's reply did not match the expected JSON schema") from error

    def _content(self, learner_input: LearnerInput) -> list[dict[str, Any]]:
        known = ", ".join(learner_input.known_subjects) or "none yet"
        words = f"Title: {learner_input.title}\n\n{learner_input.body}"
        points = ", ".join(learner_input.knowledge_points) or "none yet"
        text = (
            f"Known subjects: {known}\nKnown knowledge points: {points}\n"
            f"The learner's message:\n{data_block(words)}"
        )
        content: list[dict[str, Any]] = [{"type": "text", "text": text}]
        content += [
            {"type": "image_url", "image_url": {"url": url}} for url in image_urls(learner_input.body)
        ]
        return content

    def _merge(self, ruled: Recognition, reading: ModelReading, learner_input: LearnerInput) -> Recognition:
        """Structured input (a form or labels) keeps the rules' verdict; free text takes the model's.

        The subject stays as the model named it: the core's vetting slugifies it or refuses it.
        """
        structured = bool(parse_issue_form(learner_input.body) or learner_input.labels)
        significance = ruled.significance if structured else Significance(reading.learning_event)
        named = reading.subject.strip() or None
        subject = ruled.subject if structured else (named or ruled.subject)
        if subject is None and significance is Significance.DURABLE:
            significance = Significance.AMBIGUOUS  # never guess a subject the model could not name
        return ruled.model_copy(
            update={
                "significance": significance,
                "subject": subject,
                "channel": ruled.channel if structured else reading.channel,
                "knowledge_point": ruled.knowledge_point or reading.knowledge_point.strip(),
                "summary": reading.summary.strip(),
                "wants_question": ruled.wants_question or reading.wants_task,
                "note": ruled.note or learner_input.body.strip(),
                "reason": ruled.reason if structured else f"read by the {self.judge}",
                "answer": reading.answer.strip(),
                "seen_in_media": reading.seen_in_media.strip(),
                "answered_by": self.model,
                "judged_by": f"rules (the issue form and labels), answered by the {self.judge}"
                if structured
                else self.judge,
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
