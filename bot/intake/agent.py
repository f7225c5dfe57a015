"""The agent seam: who decides what a learner's text means — the decisions' shapes and the protocol.

The deterministic, offline default is :class:`bot.intake.rule_agent.RuleAgent`. It reads the
structured issue forms the bot installs, labels, the protocol's override
phrases and plain cue words. It is honest about its limits: it never claims to
have read an image or to have taught anything, and when it cannot route a note
safely it says so instead of guessing. The chat-model agent (``workers/chat_agent.py``)
implements the same protocol over an OpenAI-compatible endpoint and adds an answer to the learner's
question; the core decides whether it may be used (:mod:`bot.intake.model_use`).
"""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, Protocol

from pydantic import BaseModel, ConfigDict

if TYPE_CHECKING:  # the question shapes appear only in the protocol's signatures: intake loads no builder
    from bot.review.question_gen import GeneratedQuestions, QuestionContext


JUDGED_BY_RULES = "rules"


class Significance(StrEnum):
    """The protocol's three-way recognition decision."""

    DURABLE = "durable"  # clear durable value: make the smallest useful update
    AMBIGUOUS = "ambiguous"  # likely value but unclear: answer, then one question or suggestion
    INCIDENTAL = "incidental"  # temporary or unrelated: store nothing, say nothing about the repo


class Channel(StrEnum):
    TEACHER = "teacher"
    CLASS = "class"
    TUTORING = "tutoring"
    PAPER = "paper"
    BOOK = "book"
    PLATFORM = "platform"
    PEER = "peer"
    AI = "ai"
    OTHER = "other"


class LearnerInput(BaseModel):
    """The learner's words for one event, with what the repository already knows."""

    model_config = ConfigDict(frozen=True)

    title: str
    body: str
    labels: tuple[str, ...] = ()
    known_subjects: tuple[str, ...] = ()
    # The repository's knowledge points as ``<subject>/<topic>/<point>`` IDs: recognition routes a note
    # to the subject whose points it names.
    knowledge_points: tuple[str, ...] = ()
    default_subject: str = ""


class Recognition(BaseModel):
    model_config = ConfigDict(frozen=True)

    significance: Significance
    channel: Channel = Channel.OTHER
    subject: str | None = None
    note: str = ""
    reason: str = ""
    has_unread_media: bool = False
    knowledge_point: str = ""  # as the learner named it (form field or ``kp:`` label); empty when not named
    prerequisites: tuple[str, ...] = ()
    source: str = ""  # where the note came from, as the learner named it (form field or ``Source:`` line)
    wants_question: bool = False  # the learner explicitly asked for a task or question ("quiz me")
    # The immediate answer to the learner's question, from a chat model; the offline rules never answer.
    answer: str = ""
    seen_in_media: str = ""  # what the model says is visible in attached images, kept apart from inference
    answered_by: str = ""  # the model that wrote ``answer``, named in the reply
    model_remark: str = ""  # why no model answer came although one could have (shown, never silent)
    summary: str = ""  # one line for the record, from a chat model; the offline rules write none
    judged_by: str = JUDGED_BY_RULES  # who read the note, named in the record and the receipt


class Agent(Protocol):
    def recognize(self, learner_input: LearnerInput) -> Recognition: ...

    def generate_questions(self, context: QuestionContext) -> GeneratedQuestions:
        """Fresh questions (with success conditions and why) from a due review's linked evidence."""
        ...
