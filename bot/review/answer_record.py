"""The text answer writeback puts into a review record and its linked gap.

Kept apart from the operation so each piece reads as the template section it fills (review template:
"Learner answer", "Feedback and evidence", "Feedback diagnosis", "Writeback", "Next check"; gap
template: ``Mastery``, "Evidence", "Next action"). Every value is either observed (the learner's
words, the record's dates, a stated expected answer) or says plainly that it is not known.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from bot.records.codec import add_table_row, read_header, replace_section, set_header, verbatim
from bot.review.attempt import Evaluation, FailureClass, Independence, Result, Support, failure_classes
from bot.review.attempt import learner_judgment as judgment_of
from bot.review.mastery import Mastery, MasteryDecision
from bot.review.spacing import MEMORY_LINE, NextCheck, memory_line

NOT_STATED = "not stated"
ANSWER_CHANNEL = "review answer"  # the gap evidence row's channel for a written-back answer
NO_FRESH_QUESTION = "next check date recorded; no fresh question could be prepared offline"
# The review template's field for each failure class.
CLASS_FIELDS = {
    FailureClass.MISSING_INFORMATION: "Missing information",
    FailureClass.BROKEN_REASONING_LINK: "First broken reasoning link",
    FailureClass.CONFUSED_DISTINCTION: "Confused distinction",
    FailureClass.EXECUTION_ERROR: "Execution error",
}


@dataclass(frozen=True)
class Assessment:
    """Everything observed about one answered review, and what it changes."""

    review_id: str
    review_path: str
    evaluation: Evaluation
    support: Support
    learned: date | None
    delay_days: int | None
    transfer_required: bool
    gap_id: str | None
    previous: Mastery | None
    decision: MasteryDecision | None
    spacing: NextCheck | None  # None: not evaluated, so no evidence warrants a next check
    no_scheduler: bool
    follow_up: str | None = None  # path of the planned review holding the next check's fresh question

    @property
    def next_day(self) -> date | None:
        return self.spacing.day if self.spacing else None

    @property
    def status(self) -> str:
        return "attempted" if self.evaluation.result is Result.NOT_ASSESSED else "complete"

    def mastery_line(self) -> str:
        if self.decision is None or self.gap_id is None:
            return (
                f"unchanged: no gap is linked to `{self.review_id}`, so no mastery state moved "
                "(the attempt itself is `learning`-level evidence at most)"
            )
        before = self.previous.value if self.previous else "unknown"
        return f"`{self.gap_id}`: `{before}` → `{self.decision.state.value}` ({self.decision.reason})"

    def next_check(self) -> str:
        if self.next_day is None and self.no_scheduler:
            return (
                "pending (on-handoff): no date until the attempt is evaluated, and due-review is disabled "
                "in `gitlearnos.yml`, so no scheduler will ask; the next capable session should"
            )
        if self.next_day is None:
            return "pending: no date until the attempt is evaluated (a teacher or chat model judges it)"
        if self.no_scheduler:
            return (
                f"pending (on-handoff), suggested {self.next_day.isoformat()}: due-review is disabled in "
                "`gitlearnos.yml`, so no scheduler will ask; the next capable session should "
                + (f"use the fresh question planned in `{self.follow_up}`" if self.follow_up
                   else f"plan a fresh question ({NO_FRESH_QUESTION})")
            )  # fmt: skip
        if self.follow_up is None:
            return (
                f"{self.next_day.isoformat()} (FSRS interval from this result): {NO_FRESH_QUESTION}, so "
                "nothing is delivered that day until a teacher or chat model plans a fresh question"
            )
        return (
            f"{self.next_day.isoformat()} (FSRS interval from this result): a fresh question is planned for "
            f"that day in `{self.follow_up}`, for the scheduled due-review to deliver"
        )

    def next_reason(self) -> str:
        result = self.evaluation.result
        if result is Result.NOT_ASSESSED:
            return "none yet: awaiting evaluation"
        if result is Result.INCORRECT:
            return "`incorrect-supported`"
        if result is Result.PARTIAL:
            return "`partial`"
        if self.transfer_required and self.decision and self.decision.state is not Mastery.DEMONSTRATED:
            return "`independent-no-transfer`"
        return "`transfer`"


def _delay_text(assessment: Assessment) -> str:
    if assessment.learned is None:
        return "not recorded (no learning event date is linked)"
    return f"{assessment.delay_days} day(s) after the learning event of {assessment.learned.isoformat()}"


def _diagnosis(answer: str, result: Result) -> str:
    """The diagnosis section: the learner's judgment, and a class only where their words name one."""
    classes = dict(failure_classes(answer))
    judgment = judgment_of(answer)
    failed = result in (Result.INCORRECT, Result.PARTIAL)
    if not (failed or classes or judgment):
        return (
            "- Not applicable: the attempt is not evaluated as failed and the learner reported no difficulty."
        )
    status = "`learner-reported`" if classes else "`unknown`"
    lines = [
        f"- Learner's original judgment or classification: {f'“{judgment}”' if judgment else NOT_STATED}",
        f"- Judgment outcome: {result.value}",
        f"- Diagnosis status: {status} (no cause is inferred beyond the learner's own words)",
    ]
    for cls, field in CLASS_FIELDS.items():
        quote = classes.get(cls)
        lines.append(f"- {field}: “{quote}” (learner-reported)" if quote else f"- {field}: {NOT_STATED}")
    lines += [
        "- Same-pattern evidence link: none linked by the offline rule agent",
        "- Model revision, if promotion criteria are met: none (one observation cannot promote a model)",
    ]
    return "\n".join(lines)


def _scheduled(assessment: Assessment) -> str:
    """The template's "Actual background scheduling created": yes only for a planned record a run delivers."""
    if assessment.follow_up is None:
        return "no"
    if assessment.no_scheduler:
        return f"no (`{assessment.follow_up}` is planned, but due-review is disabled)"
    return f"yes: `{assessment.follow_up}`, delivered by the scheduled due-review on its due day"


def write_review(
    text: str, assessment: Assessment, *, answer: str, day: date, where: str, locator: str, numbers: str
) -> str:
    """The review record with the attempt written back; the questions and answer key are untouched."""
    support = assessment.support
    independence = support.independence
    independent = f"`{independence.value}`" + (
        " (not stated by the learner)" if independence is Independence.UNKNOWN else ""
    )
    text = set_header(text, "Status", f"`{assessment.status}`")
    text = set_header(text, "Attempted", f"{day.isoformat()} ({where})", after="Status")
    answered = f"This reply answers question(s) {numbers} of the delivery.\n\n" if numbers else ""
    text = replace_section(
        text,
        "Learner answer",
        f"Preserved verbatim from {locator}; a correction goes in a new linked record, never here.\n\n"
        f"{answered}{verbatim(answer)}",
    )
    transfer = "required by the goal or gap" if assessment.transfer_required else "not required"
    text = replace_section(
        text,
        "Feedback and evidence",
        "\n".join(
            [
                f"- Result: `{assessment.evaluation.result.value}`",
                f"- Evaluation basis: {assessment.evaluation.basis}",
                f"- Judged by: {assessment.evaluation.judged_by}",
                f"- Independent: {independent}",
                f"- Support used: {support.describe()}",
                f"- Transfer result, when required: {transfer}",
                f"- Delay: {_delay_text(assessment)}",
            ]
        ),
    )
    text = replace_section(
        text,
        "Feedback diagnosis, when useful",
        _diagnosis(answer, assessment.evaluation.result),
        before="Writeback",
    )
    text = replace_section(
        text,
        "Writeback",
        f"- Gap or mastery change: {assessment.mastery_line()}\n"
        f"- Evidence link: {locator}\n- Dashboard change: regenerated in the same commit",
    )
    return replace_section(
        text,
        "Next check",
        f"- Date or next handoff: {assessment.next_check()}\n"
        f"- Next-check reason: {assessment.next_reason()}\n"
        f"- Actual background scheduling created: {_scheduled(assessment)}\n"
        "- Next question type: a fresh question, not this one",
    )


def write_model(text: str, assessment: Assessment, *, day: date, subject: str) -> str:
    """The model with one "Learner evidence" row linking the answered transfer task.

    The row records the attempt and nothing more: a model holds no mastery of its own, so the note states
    the linked gap's state as :mod:`bot.review.mastery` set it (or that none moved) and never claims more.
    """
    relative = assessment.review_path.removeprefix(f"subjects/{subject}/")
    support = assessment.support
    note = f"independent: `{support.independence.value}`; support: {support.describe()}; "
    note += assessment.mastery_line()
    row = (
        f"| {day.isoformat()} | `{assessment.evaluation.result.value}` "
        f"| [{assessment.review_id}](../{relative}) | {note.replace('|', '/')} |"
    )
    return add_table_row(text, "Learner evidence", row)


def write_gap(text: str, assessment: Assessment, *, day: date, subject: str) -> str:
    """The gap with its new mastery, one evidence row linking the review, the next check and its FSRS state.

    The ``- Spacing (FSRS):`` line is the gap's memory (:mod:`bot.review.spacing`):
    rewritten from this attempt when it was evaluated, otherwise carried over unchanged, so an unevaluated
    answer never erases it.
    """
    assert assessment.decision is not None
    decision = assessment.decision
    key = "Mastery state" if "Mastery state" in read_header(text) else "Mastery"
    text = set_header(text, key, f"`{decision.state.value}`")
    text = set_header(text, "Updated", day.isoformat())
    if decision.conflicts_with_demonstrated:
        text = set_header(text, "Resolution", "`needs-check`")
    relative = assessment.review_path.removeprefix(f"subjects/{subject}/")
    support = assessment.support
    row = (
        f"| {day.isoformat()} | {ANSWER_CHANNEL} | `{assessment.evaluation.result.value}`; mastery "
        f"`{decision.state.value}` ({decision.reason}) | `{support.independence.value}` "
        f"| [{assessment.review_id}](../{relative}) |"
    )
    text = add_table_row(text, "Evidence", row)
    remembered = MEMORY_LINE.search(text)
    kept = remembered.group(0) if remembered else ""
    memory = memory_line(assessment.spacing.card) if assessment.spacing else kept
    question = f"`{assessment.follow_up}`" if assessment.follow_up else "none planned yet"
    return replace_section(
        text,
        "Next action",
        f"- Action: a fresh check of this gap, not a repeat of `{assessment.review_id}`\n"
        f"- Question, model, source, or handoff: {question}\n"
        f"- Next check date: {assessment.next_check()}\n- Next-check reason: {assessment.next_reason()}"
        + (f"\n{memory}" if memory else ""),
    )
