"""A model's "Learner evidence" table after the learner answers the transfer task planned from it.

Through the pipeline (:func:`bot.handle.plan_event` with the rule agent): two same-pattern mistakes promote
a model and plan its transfer task (issue 17); the learner's later comment answering that task is written
back to the review, the gap and, as one evidence row linking the answer, the model. The model records the
evidence and no mastery: mastery moves on the gap only, as far as the gates allow.
"""

from __future__ import annotations

from datetime import timedelta

from bot.handle import plan_event
from bot.intake.events import EventKind
from bot.intake.rule_agent import RuleAgent
from bot.plan import Plan
from bot.records.codec import read_header, section
from tests.support.learner import issue_event, learner_repo
from tests.support.repeated_errors import LATER, commit_first, files, second_plan

ANSWER_DAY = LATER + timedelta(days=10)
CORRECT = "7.5 m, height over shadow is 1.8/2.4 for both"


def answered(comment: str) -> tuple[Plan, str, str]:
    """The plan of ``comment`` answering the transfer task, the model's path and the review's ID."""
    snapshot, first = commit_first()
    second = second_plan(snapshot)
    promoted = learner_repo(**{w.path: w.content for plan in (first, second) for w in plan.writes})
    ((model_path, _),) = files(second, "models").items()
    ((_, review),) = files(second, "reviews").items()
    event = issue_event(
        "x", title="Similar triangles homework", number=8, kind=EventKind.COMMENT_CREATED, comment=comment
    )
    return (
        plan_event(event, promoted, now=ANSWER_DAY, agent=RuleAgent()),
        model_path,
        read_header(review)["ID"],
    )


def evidence_rows(model: str) -> list[str]:
    return [line for line in section(model, "Learner evidence").splitlines() if line.startswith("| 20")]


def test_a_correct_independent_transfer_answer_adds_one_evidence_row_to_the_model() -> None:
    plan, model_path, review_id = answered(f"I did it by myself: {CORRECT}")

    model = files(plan, "models")[model_path]
    (row,) = evidence_rows(model)
    assert row.startswith(f"| {ANSWER_DAY.date().isoformat()} | `correct` |")
    assert f"[{review_id}](../reviews/{review_id}.md)" in row, "the row links the answer"
    assert "independent" in row and "Mastery" not in read_header(model), "evidence, never a model mastery"
    (gap,) = files(plan, "knowledge-gaps").values()
    assert read_header(gap)["Mastery"] in row, "the note states the gap's mastery as the gates set it"
    assert model_path in plan.replies[0].text or model_path in (
        plan.receipt.changed_files if plan.receipt else ()
    )


def test_a_supported_transfer_answer_is_recorded_on_the_model_without_demonstrating_anything() -> None:
    plan, model_path, review_id = answered(f"I used my notes: {CORRECT}")

    (row,) = evidence_rows(files(plan, "models")[model_path])
    assert row.startswith(f"| {ANSWER_DAY.date().isoformat()} | `correct` |") and review_id in row
    assert "→ `learning` (correct, but not yet `demonstrated`: independence is `no`" in row
    (gap,) = files(plan, "knowledge-gaps").values()
    assert read_header(gap)["Mastery"] != "demonstrated", "support used: the gates hold mastery below it"
