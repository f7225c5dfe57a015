"""The planned review an evaluated answer leaves for its next check: what closes the review loop.

Protocol "Review" keeps the next check with the answer; "Question" wants a fresh item each time. A
date alone checks nothing: due-review delivers only planned records holding a stored question
(:func:`bot.review.due_review.select_due`). So the answer commit also writes one planned review,
due on the FSRS day (:mod:`bot.review.spacing`), holding a fresh question the offline rule agent builds from
the same linked evidence, with its answer key, and with everything asked before (the questions just
answered included) counted as recent, so :func:`bot.review.question_gen.fresh_only` drops any repeat
and a worked example comes back with the next new numbers.

Why the choices:

* The ID and path come from the gap (or, with no gap, the answered review) and the due day, so a
  replayed answer names the same record; a record already at that path, or a follow-up of the same
  review still planned for another day (a repeated answer moves the FSRS date), is kept as it is and
  named, never rewritten or doubled.
* ``Depends on`` names the gap, not the learning events: answer writeback treats a comment on the
  issue that recorded an event as an answer to the planned reviews depending on it, and the follow-up
  must wait for its delivery, not catch the learner's next remark on that old thread.
* No fresh question, no record: an empty record would be delivered as nothing, a copied one as a
  repeat. The receipt and reply say so instead (:data:`bot.review.answer_record.NO_FRESH_QUESTION`).
* With the chat model the learner allowed, the model writes the question (the ``agent`` the caller
  picks, :func:`bot.intake.model_use.pick_agent`) and, as the ``judge``
  (:func:`bot.intake.model_use.answer_judge`), chooses what the next check asks for; the record's
  ``Why`` says what it chose, why, and who chose. Offline the record is exactly the rule agent's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import date

from bot.intake.agent import Agent
from bot.intake.judgements import AnswerJudge, FollowUpChoice, Verdict
from bot.intake.rule_agent import RuleAgent
from bot.records.files import Record, goal_path, records
from bot.review.answer_record import NO_FRESH_QUESTION, Assessment
from bot.review.attempt import Result
from bot.review.evidence import linked_gap, question_context
from bot.review.question import ReviewDraft, goal_link, planned_review
from bot.review.question_gen import fresh_only
from bot.review.transfer_task import transfer_questions
from bot.snapshot import OverlaySnapshot, RepoSnapshot
from bot.text import slugify

FOLLOW_UP_QUESTIONS = 1  # one thing at a time: a delayed check asks one fresh question
PURPOSE = "review"  # a delayed retrieval check; it claims no transfer the rule builders cannot vouch for
# Under a goal or gap saying ``Transfer required: yes`` a review-purpose check never reaches ``demonstrated``
# (bot.review.mastery). When no transfer task can be built, the question builders vary the same task form
# (new numbers, a recall or a blank), so the next check is no transfer task and says so, rather than being
# labelled one it is not.
TRANSFER_OWED = (
    "; the goal requires transfer, and this check asks the same task form, so it cannot establish "
    "`demonstrated`: a transfer task (a new kind of problem) is still owed"
)
# Under such a goal the follow-up is a transfer task when one can be built (bot.review.transfer_task).
TRANSFER = "transfer"
COMPOSES = "Composes with (review IDs)"
CHECK_SUFFIX = re.compile(r"-check-\d{4}-\d{2}-\d{2}$")
# The judge's verdict vocabulary for a recorded result: a partial answer still has a mistake to mark.
VERDICT_OF = {
    Result.CORRECT: Verdict.CORRECT,
    Result.PARTIAL: Verdict.INCORRECT,
    Result.INCORRECT: Verdict.INCORRECT,
}


@dataclass(frozen=True)
class FollowUp:
    """The planned review holding the next check; ``content`` is None when it already exists."""

    record_id: str
    path: str
    content: str | None = None
    questions: int = 0
    generated_by: str = ""


def follow_up_location(answered: Record, gap: Record | None, due: date) -> tuple[str, str]:
    """(ID, path) of the next check: stable for one gap (else one answered review) and one due day."""
    topic = (
        gap.label.removeprefix("gap-")
        if gap
        else CHECK_SUFFIX.sub("", answered.label.removeprefix("review-"))
    )
    record_id = f"review-{slugify(topic, fallback='check')}-check-{due.isoformat()}"
    return record_id, f"subjects/{answered.subject}/reviews/{record_id}.md"


def _already_planned(answered: Record, snapshot: RepoSnapshot, prefix: str) -> FollowUp | None:
    """A follow-up of ``answered`` still planned for any day: answering it again must not add another."""
    for review in records(snapshot, "reviews"):
        continues = answered.label in review.header.get(COMPOSES, "")
        if review.label.startswith(prefix) and continues and review.header.get("Status") == "planned":
            return FollowUp(review.label, review.path)
    return None


def plan_follow_up(
    answered: Record,
    snapshot: RepoSnapshot,
    *,
    due: date,
    today: date,
    result: Result,
    agent: Agent | None = None,
    judge: AnswerJudge | None = None,
    transfer: bool = False,
) -> FollowUp | None:
    """The follow-up review for ``answered`` (read from ``snapshot``, the answer's writes laid over it).

    None when no fresh question can be written; ``agent`` defaults to the offline rule agent, whose
    output is deterministic, so the same answer always plans the same record. ``judge``, the chat
    model the learner allowed, chooses what the next check asks for; its choice is written into ``Why``.
    ``transfer``: the goal or gap requires transfer; the check is a transfer task built from the evidence
    (``Purpose: transfer``), else a same-form review whose ``Why`` says a transfer task is still owed.
    """
    if result is Result.NOT_ASSESSED:
        return None  # an unevaluated attempt warrants no next check, so it plans none
    gap = linked_gap(answered, snapshot)
    record_id, path = follow_up_location(answered, gap, due)
    planned = _already_planned(answered, snapshot, record_id.removesuffix(due.isoformat()))
    if planned is not None or snapshot.read_text(path) is not None:
        return planned or FollowUp(record_id, path)
    asked = question_context(answered, snapshot, max_questions=FOLLOW_UP_QUESTIONS)
    context = asked.model_copy(
        update={
            "review_id": record_id,
            "recent_questions": (*asked.recent_questions, *asked.planned_questions),
            "planned_questions": (),
        }
    )
    generated = transfer_questions(context) if transfer else None
    purpose = TRANSFER if generated and generated.questions else PURPOSE
    if purpose != TRANSFER:
        generated = fresh_only((agent or RuleAgent()).generate_questions(context), context)
    if generated is None or not generated.questions:
        return None
    chosen = _chosen(judge.choose_follow_up(context, VERDICT_OF[result])) if judge is not None else ""
    subject = answered.subject
    within = answered.path.removeprefix(f"subjects/{subject}/reviews/")
    answered_link = f"[{answered.label}]({within})"
    gap_file = gap.path.removeprefix(f"subjects/{subject}/") if gap else ""
    draft = ReviewDraft(
        title=f"Delayed check after {answered.label}",
        record_id=record_id,
        path=path,
        subject=subject,
        purpose=purpose,
        due=due,
        depends_on=f"`{gap.label}`" if gap else f"none: no gap is linked to `{answered.label}`",
        composes_with=f"`{answered.label}`",
        goal_link=answered.header.get("Goal link")
        or goal_link(subject, linked=snapshot.read_text(goal_path(subject)) is not None),
        gap_link=f"[{gap.label}](../{gap_file})" if gap else f"none: no gap is linked to `{answered.label}`",
        grounded_in=answered_link,
        generated=f"{today.isoformat()} by {generated.generated_by}",
        why=f"delayed check after the answer of {today.isoformat()}: {result.value}; "
        f"{chosen}{generated.why}{TRANSFER_OWED if transfer and purpose != TRANSFER else ''}.",
        difference=(
            f"a question form not asked in {answered_link} or any other check of this subject; "
            "the answered questions are not repeated."
        ),
        questions=tuple(q.question for q in generated.questions),
        successes=tuple(q.success for q in generated.questions),
        keys=tuple(q.key for q in generated.questions),
        evidence_link=answered_link,
        next_check=f"{due.isoformat()} (the FSRS interval after the answer of {today.isoformat()})",
    )
    return FollowUp(record_id, path, planned_review(draft), len(generated.questions), generated.generated_by)


def _chosen(choice: FollowUpChoice) -> str:
    """The judge's choice of the next step, as the record's ``Why`` states it (with why it fell back)."""
    fallback = f" ({choice.remark})" if choice.remark else ""
    return f"next step `{choice.kind.value}`, chosen by {choice.judged_by}{fallback}: {choice.why}; "


def plan_next_check(
    record: Record,
    assessment: Assessment,
    *,
    snapshot: RepoSnapshot,
    writes: dict[str, str],
    planned: dict[str, FollowUp],
    day: date,
    agent: Agent | None = None,
    judge: AnswerJudge | None = None,
) -> Assessment:
    """``assessment`` naming the planned review of its next check; a new record joins ``writes``.

    ``planned`` holds this commit's follow-ups by gap (or gapless review), so two answered reviews of
    one gap share one next check instead of planning two. ``agent`` and ``judge``: see
    :func:`plan_follow_up`.
    """
    if assessment.spacing is None:
        return assessment  # not evaluated: nothing warrants a next check yet
    key = assessment.gap_id or record.path
    follow_up = planned.get(key) or plan_follow_up(
        record, OverlaySnapshot(snapshot, writes), due=assessment.spacing.day, today=day,
        result=assessment.evaluation.result, agent=agent, judge=judge,
        transfer=assessment.transfer_required,
    )  # fmt: skip
    if follow_up is None:
        return assessment
    planned[key] = follow_up
    if follow_up.content is not None:
        writes[follow_up.path] = follow_up.content
    return replace(assessment, follow_up=follow_up.path)


def questions_field(assessments: Sequence[Assessment], follow_ups: dict[str, FollowUp]) -> str:
    """The receipt's Questions field: the next check's fresh question, where it is stored, or why none."""
    parts = [
        f"{f.questions} fresh question(s) for the next check generated by {f.generated_by}, stored with "
        f"the success condition in `{f.path}` (planned, not delivered before its due day)"
        if f.content is not None
        else f"none generated: the next check is already planned in `{f.path}`"
        for f in follow_ups.values()
    ]
    parts += [f"{NO_FRESH_QUESTION} (`{a.review_id}`)" for a in assessments if a.spacing and not a.follow_up]
    return (
        "; ".join(parts) or "none generated: this run records an answer; no next check until it is evaluated"
    )
