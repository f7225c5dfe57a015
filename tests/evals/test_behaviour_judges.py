"""Scenarios 03, 04 and 08 judge behaviour, not the rule agent's wording.

Each rewritten judge gets a better-worded bot's output that shares no phrase with the rule agent's
templates (it must pass) and a crafted output that must fail: a template that echoes the learner's
earlier words, a key sent with the question, a re-teaching plan reworded or moved to a new record.
"""

from __future__ import annotations

from evals.harness.checks import CheckRecorder, CheckStatus
from evals.harness.receipt import ReceiptField
from evals.harness.repo_state import CommitInfo, RepoState
from evals.scenarios import s03_teacher_feedback as s03
from evals.scenarios import s04_due_review as s04
from evals.scenarios import s08_constrained_access as s08
from evals.scenarios.handoff_files import GAP, GAP_PATH
from evals.scenarios.review_loop import DEMONSTRATION, GAP_ID, QUESTION, REVIEW_ID

START = CommitInfo("a" * 40, "alice", "Start", (GAP_PATH,))


def state(files: dict[str, str]) -> RepoState:
    return RepoState(head=START.id, files=files, commits=(START,))


def statuses(checks: CheckRecorder) -> dict[str, CheckStatus]:
    return {check.name: check.status for check in checks.results}


# --- 04: fresh questions, selection basis -----------------------------------------------------------------

FRESH = (
    "Two similar rectangles have widths 3 m and 7.5 m. What is the length ratio, and why?",
    "Draw two similar triangles of your own and show which sides you compare to get the scale factor.",
)
REASON = "the teacher's scale-factor feedback is three days old; a delayed check, new values."


def review_04(questions: tuple[str, ...], keys: tuple[str, ...] = ("2.5, from 7.5/3", "paired sides")) -> str:
    numbered = "\n".join(f"{n}. {q}" for n, q in enumerate((QUESTION, *questions), start=1))
    stored = "\n".join(f"- Question {n} success condition: {k}" for n, k in enumerate(keys, start=2))
    return (
        f"# Transfer\n\nID: `{REVIEW_ID}`\nStatus: `planned`\n"
        f"Gap link: [{GAP_ID}](../knowledge-gaps/x.md)\n\n"
        f"## Why these questions now\n\n- Selection reason: {REASON}\n\n## Questions\n\n{numbered}\n\n"
        f"## Answer or success condition\n\n- Expected answer: 12 cm\n{stored}\n"
    )


def issue_04(questions: tuple[str, ...], extra: str = "") -> str:
    """A bot with its own wording: none of the rule agent's headings or phrases."""
    listed = "\n".join(f"- {q}" for q in (QUESTION, *questions))
    return f"Today's check, since {REASON}\n\n{listed}\n\nBuilt on `{GAP_ID}`. {extra}"


def judge_04(body: str, record: str) -> dict[str, CheckStatus]:
    checks = CheckRecorder()
    receipt = {ReceiptField.QUESTIONS: f"1 planned from `{REVIEW_ID}`, 2 new"}
    s04.judge_generated(checks, body, record, receipt)
    s04.selection_explained(checks, record, body)
    return statuses(checks)


def test_04_a_differently_worded_bot_with_fresh_questions_passes() -> None:
    assert set(judge_04(issue_04(FRESH), review_04(FRESH)).values()) == {CheckStatus.PASS}


def test_04_questions_echoing_the_learners_words_or_the_demonstration_fail() -> None:
    echo = (
        f"You wrote “{s04.GAP_OBSERVATION}”. Explain in your own words, then apply it to a new case.",
        f"Redo this: {DEMONSTRATION}.",
    )
    result = judge_04(issue_04(echo), review_04(echo))
    assert result[f"fresh questions are generated from linked evidence for `{REVIEW_ID}`"] is CheckStatus.FAIL


def test_04_undelivered_questions_a_leaked_key_or_a_missing_reason_fail() -> None:
    missing = judge_04(issue_04(FRESH[:1]), review_04(FRESH))
    assert (
        missing[f"fresh questions are generated from linked evidence for `{REVIEW_ID}`"] is CheckStatus.FAIL
    )
    leaked = judge_04(issue_04(FRESH, "Hint: 2.5, from 7.5/3"), review_04(FRESH))
    keys = "generated questions keep their success conditions in the record, not the issue"
    assert leaked[keys] is CheckStatus.FAIL
    bare = judge_04("\n".join((QUESTION, *FRESH, GAP_ID)), review_04(FRESH))
    assert bare["the selection basis is explained"] is CheckStatus.FAIL


# --- 03: no re-teaching ------------------------------------------------------------------------------------

FEEDBACK = "subjects/mathematics/feedback/feedback-teacher-similarity.md"
OLD_ACTION = "- Action: AI re-teaches how to match equal angles to corresponding vertices"
PACK = "subjects/mathematics/handoffs/handoff-similarity.md"


def gap_with(action: str) -> str:
    return GAP.replace(OLD_ACTION, action)


def judge_03(gap: str, extra: dict[str, str] | None = None) -> CheckStatus:
    before = state({GAP_PATH: GAP, PACK: "Status: `awaiting-feedback`\n"})
    after = state({**before.files, GAP_PATH: gap, FEEDBACK: "# feedback\n", **(extra or {})})
    checks = CheckRecorder()
    s03.retired_teaching(checks, before, after, FEEDBACK)
    (check,) = checks.results
    return check.status


def test_03_a_retired_action_in_other_words_that_links_the_feedback_passes() -> None:
    action = (
        "- Action: nothing further from me; the teacher's explanation stands "
        "([it](../feedback/feedback-teacher-similarity.md))"
    )
    assert judge_03(gap_with(action)) is CheckStatus.PASS


def test_03_keeping_rewording_unlinked_or_moving_the_re_teaching_fails() -> None:
    assert judge_03(GAP) is CheckStatus.FAIL, "the old teaching action is still there"
    unlinked = gap_with("- Action: the learner asked not to be taught this again")
    assert judge_03(unlinked) is CheckStatus.FAIL, "a stock phrase without the feedback it derives from"
    linked = gap_with("- Action: see feedback-teacher-similarity.md")
    lesson = {"subjects/mathematics/reviews/review-similarity-lesson.md": "# Re-explain vertex order\n"}
    assert judge_03(linked, lesson) is CheckStatus.FAIL, "re-teaching planned as a new review record"


def test_03_after_merge_the_old_plan_on_the_dashboard_fails() -> None:
    before = state({GAP_PATH: GAP, PACK: "Status: `awaiting-feedback`\n"})
    reconciled = {PACK: "Status: `reconciled`\n", GAP_PATH: gap_with("- Action: none")}
    for dashboard, expected in (
        ("Next: practise on your own", CheckStatus.PASS),
        (OLD_ACTION, CheckStatus.FAIL),
    ):
        checks = CheckRecorder()
        s03._merged(checks, before, state({**reconciled, "dashboard.md": dashboard}), "merged")
        (check, _gap, _attempt) = checks.results
        assert check.status is expected, dashboard


def test_03_after_merge_a_gap_still_awaiting_feedback_fails() -> None:
    pack_link = "[handoff-similarity](../handoffs/handoff-similarity.md)"
    for status, expected in (("reconciled", CheckStatus.PASS), ("awaiting-feedback", CheckStatus.FAIL)):
        gap = GAP.replace("- Date or next handoff:\n", f"- Date or next handoff: {pack_link} (`{status}`)\n")
        checks = CheckRecorder()
        s03.gap_reconciled(checks, state({GAP_PATH: gap}))
        (check,) = checks.results
        assert check.status is expected, status


# --- 08: one short question, chosen from the plea --------------------------------------------------------

EVENT = "# Event\n\nID: `event-sat-statement`\n"
KEY = "Rereads the sentence around the blank and picks by meaning in context."
WHY = "your note says the choice followed the topic, so this checks reading in context first."


def review_08(question: str, depends: str = "`event-sat-statement`, `gap-sat-context`") -> str:
    return (
        f"# Review\n\nID: `review-sat`\nDepends on (goal/gap/model/event IDs): {depends}\n\n"
        f"## Why these questions now\n\n- Selection reason: {WHY}\n\n## Questions\n\n1. {question}\n\n"
        f"## Answer or success condition\n\n- {KEY}\n"
    )


QUESTION_08 = (
    "In “The committee's findings were sound”, which word could replace sound: loud, valid or noisy?"
)


def judge_08(review: str, reply: str) -> dict[str, CheckStatus]:
    checks = CheckRecorder()
    s08.judge_question(checks, review, reply, EVENT)
    return statuses(checks)


def test_08_a_differently_worded_question_with_its_reason_passes() -> None:
    reply = f"One item for today:\n\n{QUESTION_08}\n\nPicked because {WHY}"
    assert set(judge_08(review_08(QUESTION_08), reply).values()) == {CheckStatus.PASS}


def test_08_an_echo_a_leaked_key_an_unlinked_record_or_no_reason_fail() -> None:
    chosen, why = (
        "exactly one question is chosen from the plea itself",
        ("the question says why it was chosen and hides its success condition"),
    )
    echo = "I chose by topic instead of the sentence's exact meaning. Explain the idea in your own words."
    assert judge_08(review_08(echo), f"{echo}\n{WHY}")[chosen] is CheckStatus.FAIL
    unlinked = review_08(QUESTION_08, depends="`gap-sat-context`")
    assert judge_08(unlinked, f"{QUESTION_08}\n{WHY}")[chosen] is CheckStatus.FAIL
    assert judge_08(review_08(QUESTION_08), f"{QUESTION_08}\n{WHY}\n{KEY}")[why] is CheckStatus.FAIL
    assert judge_08(review_08(QUESTION_08), QUESTION_08)[why] is CheckStatus.FAIL
