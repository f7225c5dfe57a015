"""Whether a chat model may read a learner's note, and how its answer leads the reply.

The protocol lets the learner decide whether their words leave for an external model
(``authorization.external_model`` in ``gitlearnos.yml``); the operator decides only whether a model
exists at all. So the choice is made here, in the core, from the learner's config — never by the
model client — and a configured-but-not-allowed model is mentioned only when the note asked something
the bot therefore leaves unanswered.

Scenario 09 asks the agent to "answer the immediate question before discussing repository work": the
model's answer is put first, ahead of whatever the operation says about the repository, labelled with
the model's name and with what it saw in an image kept apart from what it inferred. An incidental
message that still asked a question gets the answer alone, with no repository talk at all.

Offline (no model, or one the learner has not allowed) nothing can answer, and the reply must not
pretend otherwise: a note that asks a question gets one line first saying the question is not answered
and what the bot did instead (filed the note, prepared a writeback, asked for the subject), read from the
plan itself so the line cannot claim a record that was not written. A request for a question ("quiz
me") is not a question to answer: the bot sets the task it asked for. A question about the learner's
synchronized material is answered from it by the rag worker, so the line says that answer follows. An
approval re-plans a note whose pending reply already had the line, so the reply to the approval has none.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from bot.config import ExternalModel, LearnerConfig
from bot.intake.agent import Agent, Recognition
from bot.intake.events import ThreadEvent
from bot.intake.judgements import AnswerJudge
from bot.plan import Outcome, Plan, Reply
from bot.replies import (
    CANNOT_ANSWER,
    CANNOT_ANSWER_CONSENT,
    FROM_MATERIAL,
    INSTEAD_ASKED,
    INSTEAD_DUPLICATE,
    INSTEAD_FILED,
    INSTEAD_NOTHING,
    INSTEAD_PENDING,
)
from bot.trailers import TRAILER_RECORD

ANSWER_HEADING = "**Answer** (written by the chat model `{model}`; check it against your own material)"
SEEN_HEADING = "_What the model could see in your image:_"
QUESTION_MARKS = ("?", "\uff1f", "\u00bf")  # ASCII, full-width (Chinese, Japanese), Spanish opening
NEEDS_SUBJECT = "needs subject"  # the learner-note plan's reason when it asks for the subject


class Lead(BaseModel):
    """What leads the reply: the model's answer (or why it gave none), or the offline line to write."""

    model_config = ConfigDict(frozen=True)

    text: str = ""  # the model's answer block, or its remark
    answered: bool = False  # ``text`` holds a real answer, not only a remark
    unanswered: bool = False  # offline: the note asked a question nothing here may answer
    consent: bool = False  # ... and a model exists that the learner has not allowed yet
    from_material: bool = False  # ... but the rag worker answers it from the learner's material

    def alone(self) -> Lead:
        """The lead for input that is not stored: a real answer only, never a word about the repository."""
        return self if self.answered else Lead()


def model_allowed(config: LearnerConfig, model_agent: Agent | None) -> bool:
    """True when a model is configured and the learner allowed sending notes to it."""
    return model_agent is not None and config.authorization.external_model is ExternalModel.ALLOWED


def pick_agent(config: LearnerConfig, rule_agent: Agent, model_agent: Agent | None) -> Agent:
    """The model agent only when one is configured and the learner allowed sending notes to it."""
    if model_agent is not None and model_allowed(config, model_agent):
        return model_agent
    return rule_agent


def answer_judge(config: LearnerConfig, model_agent: Agent | None) -> AnswerJudge | None:
    """The model that may judge the learner's answers by meaning, under the same consent as reading notes."""
    if model_allowed(config, model_agent) and isinstance(model_agent, AnswerJudge):
        return model_agent
    return None


def asks_question(text: str) -> bool:
    """Whether the learner's text asks something, by its question marks (any script's)."""
    return any(mark in text for mark in QUESTION_MARKS)


def reply_lead(
    config: LearnerConfig,
    recognition: Recognition,
    model_agent: Agent | None,
    text: str,
    *,
    from_material: bool = False,
    approved: bool = False,
) -> Lead:
    """What leads the reply to ``text``, once ``recognition`` is known.

    ``from_material``: a rag worker answers what ``text`` asks about the learner's material.
    ``approved``: ``text`` is a note re-planned on the learner's approval of its pending writeback.
    """
    if model_allowed(config, model_agent):
        return Lead(text=answer_text(recognition), answered=bool(recognition.answer))
    if not asks_question(text) or recognition.wants_question or approved:
        return Lead(text=recognition.model_remark)
    consent = model_agent is not None and config.authorization.external_model is ExternalModel.ASK
    return Lead(text=recognition.model_remark, unanswered=True, consent=consent, from_material=from_material)


def answer_text(recognition: Recognition) -> str:
    """The answer block that leads the reply, then any remark on the model's proposal; or nothing."""
    if not recognition.answer:
        return recognition.model_remark
    parts = [ANSWER_HEADING.format(model=recognition.answered_by or "unnamed"), recognition.answer.strip()]
    if recognition.seen_in_media:
        parts.append(f"{SEEN_HEADING} {recognition.seen_in_media.strip()}")
    if recognition.model_remark:
        parts.append(recognition.model_remark)
    return "\n\n".join(parts)


def _instead(plan: Plan) -> str:
    """What the plan does with the note, in the words of the offline line."""
    if plan.outcome is Outcome.COMMITTED:
        trailers = dict(plan.commit.trailers) if plan.commit else {}
        record = trailers.get(TRAILER_RECORD, "")
        return INSTEAD_FILED.format(record=f" as `{record}`" if record else "")
    if plan.outcome in (Outcome.PREVIEW, Outcome.REQUIRES_APPROVAL):
        return INSTEAD_PENDING
    if plan.outcome is Outcome.UNCHANGED:
        return INSTEAD_DUPLICATE
    return INSTEAD_ASKED if plan.reason == NEEDS_SUBJECT else INSTEAD_NOTHING


def cannot_answer(plan: Plan, *, consent: bool) -> str:
    """The one offline line: the question is not answered here, and what ``plan`` does instead."""
    return CANNOT_ANSWER.format(consent=CANNOT_ANSWER_CONSENT if consent else "", instead=_instead(plan))


def _offline_line(plan: Plan, lead: Lead) -> str:
    """The one offline line: none when nothing was left unanswered; the RAG answer's, when one follows."""
    if not lead.unanswered:
        return ""
    return FROM_MATERIAL if lead.from_material else cannot_answer(plan, consent=lead.consent)


def answer_first(plan: Plan, lead: Lead, event: ThreadEvent, event_key: str) -> Plan:
    """Put the lead (an answer, a remark or the offline line) before the plan's first reply, or alone."""
    offline = _offline_line(plan, lead)
    text = "\n\n".join(part for part in (offline, lead.text) if part)
    if not text:
        return plan
    if not plan.replies:
        return plan.model_copy(update={"replies": (Reply.on(event, event_key, text),)})
    first, *rest = plan.replies
    replies = (first.model_copy(update={"text": f"{text}\n\n---\n\n{first.text}"}), *rest)
    return plan.model_copy(update={"replies": replies})
