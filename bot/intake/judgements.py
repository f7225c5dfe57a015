"""The shapes of the agent's judgements after recognition: an answer's verdict and the next step's choice.

Recognition (:class:`bot.intake.agent.Recognition`) says what a note is; these say what an answer shows
and what should come next. They live in the core, as the recognition does, so the review operations can
take them from any agent (the chat model in ``workers/chat_agent.py``) without knowing which one wrote
them. Neither carries mastery: a verdict is one attempt's reading, and the core's gates (delay,
independence) alone decide what the learner has demonstrated.

The offline fallbacks are here too, so an agent that cannot judge says so instead of guessing: an answer
nobody could read is ``cannot-tell`` (stays ``unknown``, never ``incorrect``), and the next step after a
result follows a fixed rule.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field

from bot.intake.agent import JUDGED_BY_RULES
from bot.review.question_gen import QuestionContext


class Verdict(StrEnum):
    """A rubric verdict on one attempt; ``cannot-tell`` is a verdict, not a failure."""

    CORRECT = "correct"
    INCORRECT = "incorrect"
    CANNOT_TELL = "cannot-tell"


class AnswerToJudge(BaseModel):
    """One delivered question, what the record keeps about it, and the learner's attempt."""

    model_config = ConfigDict(frozen=True)

    question: str
    answer: str  # the learner's attempt, as written
    key: str = ""  # the record's expected answer, when it states one
    success_condition: str = ""  # what a good attempt shows, when the record states no key


class AnswerVerdict(BaseModel):
    """The verdict, why, and who judged; ``remark`` says why a configured model did not."""

    model_config = ConfigDict(frozen=True)

    verdict: Verdict
    reason: str = Field(min_length=1)
    judged_by: str = JUDGED_BY_RULES
    remark: str = ""


class FollowUpKind(StrEnum):
    """What the next check after an evaluated answer asks for (the question forms of the offline rules)."""

    FRESH_QUESTION = "fresh-question"  # the same idea on a new item
    WORKED_EXAMPLE = "worked-example"  # a worked example with the mistake marked
    LOOK_ALIKE = "look-alike"  # a look-alike case told apart: transfer beyond the practised item
    PREREQUISITE = "prerequisite"  # step back to what the idea builds on
    NONE = "none"  # nothing more for now: the result warrants no next check


class FollowUpChoice(BaseModel):
    model_config = ConfigDict(frozen=True)

    kind: FollowUpKind
    why: str = Field(min_length=1)
    judged_by: str = JUDGED_BY_RULES
    remark: str = ""


RULE_FOLLOW_UPS = {
    Verdict.CORRECT: (
        FollowUpKind.LOOK_ALIKE,
        "a correct answer is checked again on a case that only looks alike",
    ),
    Verdict.INCORRECT: (FollowUpKind.WORKED_EXAMPLE, "an incorrect answer is met with its mistake marked"),
    Verdict.CANNOT_TELL: (FollowUpKind.NONE, "an attempt nobody could judge warrants no next check yet"),
}


def rule_follow_up(verdict: Verdict) -> FollowUpChoice:
    """The offline rules' next step after ``verdict``: fixed, so the same result always plans the same."""
    kind, why = RULE_FOLLOW_UPS[verdict]
    return FollowUpChoice(kind=kind, why=why)


@runtime_checkable
class AnswerJudge(Protocol):
    """An agent that judges answers by meaning and chooses the next check (today only the chat model)."""

    def judge_answer(self, item: AnswerToJudge) -> AnswerVerdict: ...

    def choose_follow_up(self, context: QuestionContext, verdict: Verdict) -> FollowUpChoice: ...
