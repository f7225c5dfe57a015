"""The next check an answer plans: one follow-up review with a fresh question, delivered on its FSRS day."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

from bot.config import parse_config
from bot.intake.rule_agent import RuleAgent
from bot.plan import Outcome, Plan
from bot.records.codec import read_header, section
from bot.records.files import records
from bot.review.answer_record import NO_FRESH_QUESTION
from bot.review.attempt import Independence, Result
from bot.review.due_review import plan_due_review, select_due
from bot.review.evidence import question_context, record_questions
from bot.review.spacing import memory_line, next_check
from bot.snapshot import MemorySnapshot
from bot.trailers import TRAILER_RECORD
from tests.support.learner import CONFIG
from tests.support.linked_review import (
    ANSWER_DAY,
    EVENT_PATH,
    FOLLOW_UP_PATH,
    GAP_PATH,
    REVIEW_PATH,
    answer,
    delivered,
    files_after,
    written,
)

FOLLOW_UP_ID = "review-scale-factor-check-2026-12-02"
DUE = date(2026, 12, 2)
ANSWERS = "Answer or success condition"


def new_reviews(plan: Plan) -> list[str]:
    return [p for p in plan.changed_paths if "/reviews/" in p and p != REVIEW_PATH]


def unchanged(snapshot: MemorySnapshot) -> dict[str, str]:
    return files_after(snapshot, Plan(outcome=Outcome.UNCHANGED))


def test_an_evaluated_answer_plans_one_follow_up_review_linked_to_gap_goal_and_answer() -> None:
    snapshot, body = delivered()
    plan = answer(snapshot, body)
    assert new_reviews(plan) == [FOLLOW_UP_PATH]
    record = written(plan, FOLLOW_UP_PATH)
    header = read_header(record)
    assert (header["ID"], header["Status"], header["Due"]) == (FOLLOW_UP_ID, "planned", DUE.isoformat())
    assert "Delivered" not in header, "planned for its day, not delivered"
    assert header["Gap link"] == "[gap-scale-factor](../knowledge-gaps/scale-factor.md)"
    assert header["Goal link"] == "[subjects/mathematics/goals/main-goal.md](../goals/main-goal.md)"
    assert header["Grounded in"] == "[review-scale-factor](review-scale-factor.md)"
    assert header["Composes with (review IDs)"] == "review-scale-factor"
    assert "event-" not in header["Depends on (goal/gap/model/event IDs)"], "no answer target on old threads"
    assert "- Selection reason: delayed check after the answer of 2026-11-30: correct;" in record
    (question,) = record_questions(record)
    assert question not in record_questions(written(plan, REVIEW_PATH)), "not a repeat of what was answered"
    success, key = (line.removeprefix("- ") for line in section(record, ANSWERS).strip().splitlines())
    assert success.startswith("Question 1 success condition: ")
    assert key == "Question 1 expected answer: 22 cm", "the worked example's next new numbers: 10 × 11 ÷ 5"
    assert record.count(success) == 1, "the success condition is stored only in the answer section"
    assert success not in plan.replies[0].text and "22 cm" not in plan.replies[0].text


def test_the_receipt_reply_gap_and_answered_review_name_the_follow_up() -> None:
    snapshot, body = delivered()
    plan = answer(snapshot, body)
    assert plan.receipt is not None and plan.commit is not None
    assert FOLLOW_UP_PATH in plan.receipt.questions and FOLLOW_UP_PATH in plan.receipt.next_action
    assert FOLLOW_UP_PATH in plan.replies[0].text and DUE.isoformat() in plan.replies[0].text
    assert (TRAILER_RECORD, FOLLOW_UP_ID) in plan.commit.trailers
    review = written(plan, REVIEW_PATH)
    assert f"- Actual background scheduling created: yes: `{FOLLOW_UP_PATH}`" in review
    gap = written(plan, GAP_PATH)
    assert f"- Question, model, source, or handoff: `{FOLLOW_UP_PATH}`" in gap
    assert "- Spacing (FSRS): state=review step=none stability=" in gap


def test_the_follow_up_is_delivered_by_due_review_on_its_day_and_never_before() -> None:
    snapshot, body = delivered()
    plan = answer(snapshot, body)
    after = MemorySnapshot(files_after(snapshot, plan), head="d" * 40)
    assert select_due(after, DUE - timedelta(days=1), 5) == ()
    (item,) = select_due(after, DUE, 5)
    assert item.path == FOLLOW_UP_PATH and item.questions == record_questions(written(plan, FOLLOW_UP_PATH))
    config = parse_config(CONFIG).config
    run = plan_due_review(after, config, datetime(2026, 12, 2, 12, 0), occurrence="due-review/x/2026-12-02",
                          agent=RuleAgent())  # fmt: skip
    issue = run.issue_body(commit_id="e" * 40, branch="main", remote=None)
    assert FOLLOW_UP_ID in issue and item.questions[0] in issue
    assert section(written(plan, FOLLOW_UP_PATH), ANSWERS).strip().removeprefix("- ") not in issue


def test_an_unevaluated_answer_to_the_follow_up_plans_nothing_further() -> None:
    snapshot, body = delivered()
    after = MemorySnapshot(files_after(snapshot, answer(snapshot, body)), head="d" * 40)
    run = plan_due_review(after, parse_config(CONFIG).config, datetime(2026, 12, 2, 12, 0),
                          occurrence="due-review/x/2026-12-02", agent=RuleAgent())  # fmt: skip
    delivered_after = MemorySnapshot(files_after(after, run.plan), head="f" * 40)
    issue = run.issue_body(commit_id="e" * 40, branch="main", remote=None)
    words = "I wrote my own example and marked the wrong step. I did it without my notes."
    plan = answer(delivered_after, issue, words=words, now=datetime(2026, 12, 2, 18, 0, tzinfo=UTC))
    assert read_header(written(plan, FOLLOW_UP_PATH))["Status"] == "attempted"
    assert [p for p in plan.changed_paths if "/reviews/" in p] == [FOLLOW_UP_PATH], "no follow-up of it"
    assert plan.receipt is not None and "no next check until it is evaluated" in plan.receipt.questions


def test_answering_the_same_review_again_plans_no_second_follow_up() -> None:
    snapshot, body = delivered()
    first = answer(snapshot, body)
    assert [w for w in answer(snapshot, body).writes if w.path == FOLLOW_UP_PATH] == [
        w for w in first.writes if w.path == FOLLOW_UP_PATH
    ], "a replay plans the same record"
    files = files_after(snapshot, first)
    files[REVIEW_PATH] = snapshot.read_text(REVIEW_PATH) or ""  # the same review answered a second time
    second = answer(MemorySnapshot(files), body, now=ANSWER_DAY + timedelta(hours=2))
    assert second.operation == "answer" and new_reviews(second) == []
    assert second.receipt is not None and "already planned" in second.receipt.questions
    assert FOLLOW_UP_PATH in second.replies[0].text


def test_without_a_fresh_question_no_follow_up_is_written_and_the_reply_says_so() -> None:
    snapshot, body = delivered()
    files = unchanged(snapshot)
    # The event's worked example and slip are gone: "used the wrong ratio" is all the evidence says.
    files[EVENT_PATH] = files[EVENT_PATH].split("## Learner-provided event", 1)[0]
    plan = answer(MemorySnapshot(files), body)
    assert plan.outcome is Outcome.COMMITTED and new_reviews(plan) == []
    assert plan.receipt is not None and NO_FRESH_QUESTION in plan.receipt.questions
    assert NO_FRESH_QUESTION in plan.replies[0].text
    review = written(plan, REVIEW_PATH)
    assert f"- Date or next handoff: {DUE.isoformat()}" in review and NO_FRESH_QUESTION in review
    assert "- Actual background scheduling created: no" in review


def test_an_unevaluated_answer_plans_no_follow_up_and_keeps_the_gaps_fsrs_memory() -> None:
    snapshot, body = delivered()
    files = unchanged(snapshot)
    files[REVIEW_PATH] = files[REVIEW_PATH].replace(
        "- Expected answer: 12 cm", "- EF follows from the ratio."
    )
    earlier = next_check(Result.CORRECT, Independence.YES, datetime(2026, 11, 26, 9, 0, tzinfo=UTC))
    assert earlier is not None
    remembered = memory_line(earlier.card)
    files[GAP_PATH] = files[GAP_PATH].replace(
        "- Action: a delayed check", f"- Action: a delayed check\n{remembered}"
    )
    plan = answer(MemorySnapshot(files), body, words="Answer: 12 cm")
    assert new_reviews(plan) == []
    assert remembered in written(plan, GAP_PATH)


def test_the_gaps_remembered_success_lengthens_the_next_interval() -> None:
    snapshot, body = delivered()
    files = unchanged(snapshot)
    earlier = next_check(Result.CORRECT, Independence.YES, datetime(2026, 11, 26, 9, 0, tzinfo=UTC))
    assert earlier is not None
    files[GAP_PATH] = files[GAP_PATH].replace(
        "- Action: a delayed check", f"- Action: a delayed check\n{memory_line(earlier.card)}"
    )
    plan = answer(MemorySnapshot(files), body)
    (path,) = new_reviews(plan)
    assert date.fromisoformat(read_header(written(plan, path))["Due"]) > DUE, "longer than a first review's"
    assert "last_review=2026-11-30T09:15:00+00:00" in written(plan, GAP_PATH)


def test_answer_rows_in_the_gap_are_results_never_quoted_as_a_problem() -> None:
    snapshot, body = delivered()
    after = MemorySnapshot(files_after(snapshot, answer(snapshot, body)))
    (record,) = (r for r in records(after, "reviews") if r.path == FOLLOW_UP_PATH)
    assert "| review answer | `correct`" in (after.read_text(GAP_PATH) or "")
    assert question_context(record, after, max_questions=1).gap_observations == ("used the wrong ratio",)
