"""What a teacher's words do to the handoff's gap, planned by the pure core: read conservatively, quoted,
the earlier reading kept, the next action following the teacher, mastery untouched."""

from __future__ import annotations

from bot.intake.events import EventKind, ReviewState
from bot.plan import Plan
from bot.records.codec import read_header, section, section_fields, table_rows
from bot.snapshot import OverlaySnapshot
from tests.support.handoff_pack import GAP, GAP_PATH, after, plan, pr_event, repo, request

DIAGNOSED = GAP.replace(
    "## Next action",
    "## Current interpretation\n\n"
    "- Diagnosis status: `agent-hypothesis`\n"
    "- Interpretation lifecycle: `supported`\n"
    "- Likely blocker: matching corresponding vertices by letter order\n\n"
    "## Next action",
)


def gap_after(result: Plan) -> str:
    return next(w.content for w in result.writes if w.path == GAP_PATH)


def interpretation(gap: str) -> dict[str, str]:
    return section_fields(section(gap, "Current interpretation"))


def action(gap: str) -> str:
    return section_fields(section(gap, "Next action"))["Action"]


def feedback(body: str, snapshot: OverlaySnapshot, *, login: str = "mr-smith", comment_id: int = 501) -> Plan:
    return plan(pr_event(body, login=login, comment_id=comment_id), snapshot)


def test_feedback_that_names_no_cause_correction_or_request_leaves_the_reading_alone() -> None:
    snapshot = after(repo(), request())
    approval = plan(
        pr_event("Correct method now.", kind=EventKind.REVIEW_SUBMITTED, review=ReviewState.APPROVED),
        snapshot,
    )
    for result in (approval, feedback("Match the equal angles first: A↔E, B↔D.", snapshot)):
        gap = gap_after(result)
        assert "teacher-supported" not in gap and "## Interpretation history" not in gap
        assert action(gap) == "AI re-teaches how to match corresponding vertices"
        assert "(`feedback-received`)" in section_fields(section(gap, "Next action"))["Date or next handoff"]


def test_a_learners_report_of_a_cause_is_recorded_but_is_not_the_teachers_reading() -> None:
    words = "My teacher said the problem is that I do not see which angles are equal."
    gap = gap_after(feedback(words, after(repo(), request()), login="alice"))
    assert (
        "teacher-supported" not in gap and action(gap) == "AI re-teaches how to match corresponding vertices"
    )


def test_a_correction_alone_is_quoted_and_no_cause_is_made_up() -> None:
    result = feedback("Good try. The correct statement is ABC ~ EDF.", after(repo(), request()))
    fields = interpretation(gap_after(result))
    assert fields["Diagnosis status"] == "`teacher-supported`"
    assert fields["Likely blocker"] == "`unknown`: the teacher named no cause"
    assert fields["Teacher correction"] == "“The correct statement is ABC ~ EDF.”"
    assert action(gap_after(result)).startswith("go over the teacher's correction ([feedback-")
    assert "the earlier one is kept in its history as `superseded`" in result.replies[0].text


def test_a_contradicted_ai_cause_is_kept_as_falsified_and_mastery_stays() -> None:
    diagnosed = repo(**{GAP_PATH: DIAGNOSED})
    snapshot = after(diagnosed, request(diagnosed))
    words = "That is not the problem: she confuses the angle at B with the angle at D."
    gap = gap_after(feedback(words, snapshot))
    assert interpretation(gap)["Interpretation lifecycle"] == "`revised`", "never `supported` from feedback"
    (row,) = table_rows(gap, "Interpretation history")
    assert row[1:5] == [
        "matching corresponding vertices by letter order",
        "`agent-hypothesis`",
        "`supported`",
        "`falsified`",
    ]
    assert read_header(gap)["Mastery"] == "learning" and read_header(gap)["Resolution"] == "open"
    record = next(w.content for w in feedback(words, snapshot).writes if "/feedback/" in w.path)
    assert "kept in the gap's history as `falsified`" in record


def test_a_later_verdict_supersedes_the_teachers_earlier_one_and_both_stay_in_the_history() -> None:
    snapshot = after(repo(), request())
    first = feedback("She does not see which angles are equal.", snapshot)
    snapshot = after(snapshot, first)
    second = feedback(
        "Actually the real problem is that she mixes up the order | the letters.", snapshot, comment_id=502
    )
    gap = gap_after(second)
    rows = table_rows(gap, "Interpretation history")
    assert [row[4] for row in rows] == ["`superseded`", "`falsified`"]
    assert rows[1][1] == "the teacher says: “She does not see which angles are equal.”"
    assert all(len(row) == 6 for row in rows), "a bar in the teacher's words never breaks the table"


def test_a_teachers_do_not_teach_it_again_retires_the_re_teaching_through_the_merge() -> None:
    snapshot = after(repo(), request())
    snapshot = after(snapshot, feedback("She has it now. Don't teach it again.", snapshot))
    gap = snapshot.read_text(GAP_PATH) or ""
    assert "AI re-teaches" not in gap and "the teacher said not to teach this again ([feedback-" in action(
        gap
    )
    merged = plan(pr_event("", kind=EventKind.PR_MERGED, login="alice"), snapshot)
    dashboard = next(w.content for w in merged.writes if w.path == "dashboard.md")
    assert "no AI re-teaching for `gap-similarity-order`, as your teacher said" in dashboard
    assert "(`reconciled`)" in gap_after(merged)


def test_closing_unmerged_marks_the_gaps_handoff_cancelled_on_the_branch() -> None:
    closed = plan(pr_event("", kind=EventKind.PR_CLOSED, login="alice"), after(repo(), request()))
    assert (
        "(`cancelled`)" in section_fields(section(gap_after(closed), "Next action"))["Date or next handoff"]
    )
