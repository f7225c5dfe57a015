"""Question generation: fresh questions from a review's linked evidence, and the offline templates.

Protocol "Question": the next question comes from the active goal, the current gap, the evidence and
the recent questions; it states why it is asked and uses a fresh item, never the demonstration. The
agent (rules or a chat model) writes the questions from a :class:`QuestionContext`; the core then
drops any question that repeats a recent question or the demonstration verbatim
(:func:`fresh_only`), so no agent can slip one through.

The offline rule agent understands nothing, so its questions are honest templates (explain in your own
words, apply to a new case of your own; for a later check of the same problem, a worked example with the
mistake marked, a look-alike case told apart) quoting the evidence's own words — the learner's observed
problem, never the teacher's worked example — and they say they are templates. Their success
conditions describe what an attempt must show; they are answer keys only in that sense and are stored
in the review record, never delivered.
"""

from __future__ import annotations

import re

from pydantic import BaseModel, ConfigDict, Field

from bot.text import one_line

RULE_GENERATOR = "the offline rule agent (templates built from the linked evidence's words; not tailored)"
RULE_QUESTION_COUNT = 2  # at most two template questions at a time (explain, then apply, at first)
# A sentence that reports a demonstration ("The teacher showed: …") is never quoted into a question.
DEMONSTRATION_CUE = re.compile(
    r"\b(?:showed|shown|demonstrat\w*|worked\s+example|example\s+was|solution)\b", re.I
)
SENTENCE = re.compile(r"[^.!?\n]+[.!?]?")
QUOTE_LIMIT = 120
MIN_REPEAT = 12  # characters: shorter overlaps (a symbol, a unit) are not a repeated item


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
    max_questions: int = Field(default=RULE_QUESTION_COUNT, ge=0, le=20)


class GeneratedQuestion(BaseModel):
    model_config = ConfigDict(frozen=True)

    question: str = Field(min_length=1)
    success: str = Field(min_length=1)  # the success condition or answer key; stays in the record


class GeneratedQuestions(BaseModel):
    """The questions, why they were chosen, who wrote them, and any degradation to state."""

    model_config = ConfigDict(frozen=True)

    questions: tuple[GeneratedQuestion, ...] = ()
    why: str = ""
    generated_by: str = RULE_GENERATOR
    remark: str = ""  # why a configured model did not write them (shown in the receipt, never silent)


def _quotable(context: QuestionContext) -> str:
    """The evidence's first words that describe the learner's problem and are not a demonstration."""
    sources = (*context.gap_observations, *context.evidence)
    for text in sources:
        for sentence in SENTENCE.findall(text):
            words = sentence.strip().strip(">").strip()
            if words and not DEMONSTRATION_CUE.search(words):
                return one_line(words, limit=QUOTE_LIMIT).rstrip(".!?").replace("`", "")
    return ""


# The template forms the rules can write honestly from one quoted problem, in the order they are used:
# (what the question asks for, in the "why" text; question with ``{cue}``; success condition). A later
# check of the same gap gets the next forms not yet asked, so a follow-up is never the same template.
JUDGED = "Judged on attempt by the learner or a teacher; not assessed by the bot."
RULE_FORMS: tuple[tuple[str, str, str], ...] = (
    (
        "the idea in your own words",
        "Without your notes: the evidence for this check says {cue}. In your own words, what should be done "
        "instead, and why does it work?",
        "The explanation is in the learner's own words (not copied from a note), names what should be done "
        f"instead of the recorded problem and gives a reason. {JUDGED}",
    ),
    (
        "a new case",
        "Make up a new case of your own (not one from your notes or earlier checks) where {cue} could happen "
        "again. Work it through correctly and say how you checked your result.",
        "The case is new (not the recorded example or an earlier check), the worked result avoids the "
        f"recorded problem, and the learner states a check of the result. {JUDGED}",
    ),
    (
        "a worked example with the mistake marked",
        "Without your notes: write a short worked example of your own in which someone makes the mistake "
        "{cue}. Mark the step where it goes wrong, correct it, and say how you would notice it next time.",
        "The example is the learner's own (not the recorded one or an earlier check), the wrong step is "
        f"marked and corrected, and the learner names a way to notice the mistake. {JUDGED}",
    ),
    (
        "a look-alike case told apart",
        "Without your notes: describe a situation that looks like the one where {cue} happened but needs "
        "a different approach. Say what tells the two apart and what you would do in each.",
        "Both situations are described by the learner, the difference that decides between them is named, "
        f"and the right approach for each is stated. {JUDGED}",
    ),
)


def rule_questions(context: QuestionContext) -> GeneratedQuestions:
    """Template questions quoting the linked evidence: the first forms not yet asked, up to two."""
    quote = _quotable(context)
    count = min(context.max_questions, RULE_QUESTION_COUNT)
    if not quote or count <= 0:
        return GeneratedQuestions(why="the linked evidence states no problem the templates could quote")
    if any(quote.casefold() in planned.casefold() for planned in context.planned_questions):
        # The record's own question is already a template from these words (the Question operation's).
        return GeneratedQuestions(why="the record's own question already quotes this evidence")
    cue = f"“{quote}”"
    banned = repeated_items(context)
    unasked = [
        (aim, GeneratedQuestion(question=question.format(cue=cue), success=success))
        for aim, question, success in RULE_FORMS
        if not any(_repeats(question.format(cue=cue), item) for item in banned)
    ][:count]
    if not unasked:
        return GeneratedQuestions(why=f"every template form for {cue} was asked in an earlier check")
    from_gap = context.gap_id and context.gap_observations
    basis = f"the gap `{context.gap_id}`" if from_gap else "the linked event"
    asks = ", ".join(f"one question asks for {aim}" for aim, _ in unasked)
    why = (
        f"chosen from {basis}, whose recorded problem is {cue}: {asks}, so the check goes beyond the stored "
        "question and never repeats the demonstration or an earlier check"
    )
    return GeneratedQuestions(questions=tuple(q for _, q in unasked), why=why)


def _repeats(question: str, earlier: str) -> bool:
    earlier = " ".join(earlier.split()).strip(" .?!").casefold()
    return len(earlier) >= MIN_REPEAT and earlier in " ".join(question.split()).casefold()


def repeated_items(context: QuestionContext) -> tuple[str, ...]:
    """What a fresh question must not contain verbatim: recent and planned questions, demonstrations."""
    demonstrations = tuple(
        part.strip()
        for text in context.evidence
        for sentence in SENTENCE.findall(text)
        if DEMONSTRATION_CUE.search(sentence)
        for part in re.split(r"[:;]", sentence)
        if part.strip()
    )
    return (*context.recent_questions, *context.planned_questions, *demonstrations)


def fresh_only(generated: GeneratedQuestions, context: QuestionContext) -> GeneratedQuestions:
    """``generated`` without questions that repeat an earlier item verbatim, cut to the context's maximum."""
    banned = repeated_items(context)
    kept = tuple(q for q in generated.questions if not any(_repeats(q.question, item) for item in banned))
    return generated.model_copy(update={"questions": kept[: context.max_questions]})
