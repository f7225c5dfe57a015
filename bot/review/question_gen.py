"""Question generation: fresh questions from a review's linked evidence, and the offline builders.

Protocol "Question": the next question comes from the active goal, the current gap, the evidence and
the recent questions; it states why it is asked and uses a fresh item, never the demonstration. The
agent (rules or a chat model) writes the questions from a :class:`QuestionContext`; the core then
drops any question that repeats a recent question or the demonstration verbatim, quotes the
evidence or gives an answer away (:func:`fresh_only`), so no agent can slip one through.

The offline rule agent understands nothing, so it builds questions only from the evidence's own
statements (:mod:`bot.review.note_questions`): a worked example set again with new numbers and its
answer computed, what should have been done instead of a recorded slip, a stated formula or fact to
recall or complete. Each question carries an answer key (``key``) and a success condition; both are
stored in the review record, never delivered. The guard also refuses a question that shows its own
key, quotes one of the evidence's sentences, or shows the answer of a question the record already
holds. When no builder applies, no question is made: the "why" says so.
"""

from __future__ import annotations

import re

from pydantic import BaseModel, ConfigDict, Field

from bot.review.built_question import BuiltQuestion, shows
from bot.review.note_questions import built_questions
from bot.review.statements import DEMONSTRATION_CUE, quotes_a_sentence, sentences

RULE_GENERATOR = (
    "the offline rule agent (built from the linked evidence's own statements: new numbers, recall or a "
    "blank, each with its answer key kept in the record)"
)
RULE_QUESTION_COUNT = 2  # at most two built questions at a time
MIN_REPEAT = 12  # characters: shorter overlaps (a symbol, a unit) are not a repeated item
NOTHING_BUILT = (
    "no question could be built from the linked evidence: it states no worked example with numbers, "
    "recorded slip, formula or fact the offline rules can turn into a new question with a key"
)


class QuestionContext(BaseModel):
    """What a due review links to, read from the repository; the generator sees nothing else."""

    model_config = ConfigDict(frozen=True)

    subject: str
    review_id: str
    goal: str = ""  # the active goal's statement
    gap_id: str = ""
    gap_observations: tuple[str, ...] = ()  # the gap's observed problems, in the learner's or teacher's words
    evidence: tuple[str, ...] = ()  # the linked event records' learner-provided text
    recent_questions: tuple[str, ...] = ()  # questions of the subject's other reviews: never repeated
    planned_questions: tuple[str, ...] = ()  # the record's own questions, delivered alongside
    # The record's stored answer keys: a fresh question must not show them. Never sent to a model.
    hidden_answers: tuple[str, ...] = Field(default=(), exclude=True)
    max_questions: int = Field(default=RULE_QUESTION_COUNT, ge=0, le=20)


class GeneratedQuestion(BaseModel):
    model_config = ConfigDict(frozen=True)

    question: str = Field(min_length=1)
    success: str = Field(min_length=1)  # the success condition in words; stays in the record
    key: str = ""  # the expected answer an attempt is compared with; stays in the record


class GeneratedQuestions(BaseModel):
    """The questions, why they were chosen, who wrote them, and any degradation to state."""

    model_config = ConfigDict(frozen=True)

    questions: tuple[GeneratedQuestion, ...] = ()
    why: str = ""
    generated_by: str = RULE_GENERATOR
    remark: str = ""  # why a configured model did not write them (shown in the receipt, never silent)


def _from(built: BuiltQuestion) -> GeneratedQuestion:
    return GeneratedQuestion(question=built.question, success=built.success, key=built.key)


def rule_questions(context: QuestionContext) -> GeneratedQuestions:
    """Up to two questions built from the gap's observations and the linked events, or why none."""
    count = min(context.max_questions, RULE_QUESTION_COUNT)
    if count <= 0:
        return GeneratedQuestions(why="no room is left for a fresh question in this run")
    built = built_questions(
        (*context.gap_observations, *context.evidence),
        accept=lambda candidate: acceptable(_from(candidate), context),
        limit=count,
    )
    if not built:
        return GeneratedQuestions(why=NOTHING_BUILT)
    from_gap = context.gap_id and context.gap_observations
    basis = f"the gap `{context.gap_id}` and its evidence" if from_gap else "the linked event"
    asks = "; ".join(f"one asks for {question.kind}" for question in built)
    why = (
        f"built from {basis}, from its own statements: {asks}. Each answer key stays in the record; no "
        "question repeats the evidence's sentences, the demonstration or an earlier check"
    )
    return GeneratedQuestions(questions=tuple(map(_from, built)), why=why)


def _repeats(question: str, earlier: str) -> bool:
    earlier = " ".join(earlier.split()).strip(" .?!").casefold()
    return len(earlier) >= MIN_REPEAT and earlier in " ".join(question.split()).casefold()


def repeated_items(context: QuestionContext) -> tuple[str, ...]:
    """What a fresh question must not contain verbatim: recent and planned questions, demonstrations."""
    demonstrations = tuple(
        part.strip()
        for text in context.evidence
        for sentence in sentences(text)
        if DEMONSTRATION_CUE.search(sentence)
        for part in re.split(r"[:;]", sentence)
        if part.strip()
    )
    return (*context.recent_questions, *context.planned_questions, *demonstrations)


def acceptable(question: GeneratedQuestion, context: QuestionContext) -> bool:
    """A fresh item: no earlier item or evidence sentence in it, and no key (its own or stored) shown."""
    return not (
        any(_repeats(question.question, item) for item in repeated_items(context))
        or quotes_a_sentence(question.question, (*context.gap_observations, *context.evidence))
        or (question.key and shows(question.key, question.question))
        or any(shows(answer, question.question) for answer in context.hidden_answers)
    )


def fresh_only(generated: GeneratedQuestions, context: QuestionContext) -> GeneratedQuestions:
    """``generated`` without questions that repeat, quote or give an answer away, cut to the maximum."""
    kept = tuple(q for q in generated.questions if acceptable(q, context))
    return generated.model_copy(update={"questions": kept[: context.max_questions]})
