"""The one next action follows the evidence (issue 17 item 4): through the real pipeline, what the reply,
the receipt and the dashboard name after a note, for a repository with a prerequisite graph and one without.

Regression: every note used to get the same sentence ("try one fresh problem that uses this idea…"),
whatever the repository held.
"""

from __future__ import annotations

from datetime import date

from bot.dashboard.page import render_dashboard
from bot.handle import plan_event
from bot.intake.events import EventKind
from bot.intake.rule_agent import RuleAgent
from bot.plan import Outcome, Plan
from bot.review.frontier import frontier, next_action, prerequisite_graph
from bot.snapshot import MemorySnapshot
from tests.support.dashboard_records import gap, review
from tests.support.learner import NOW, issue_event, learner_repo

FORM = """### Subject

Mathematics

### Note

{note}

### Knowledge point

{point}

### Prerequisites

{prerequisites}
"""
A, B, C = (
    "mathematics/algebra/a-factoring",
    "mathematics/algebra/b-quadratics",
    "mathematics/algebra/c-maxima",
)
GAPS = "subjects/mathematics/knowledge-gaps"
NO_GRAPH = (
    "no prerequisite graph yet for `mathematics`: name the knowledge point and its prerequisites in the "
    "issue form to get a next step from it"
)


def organize(files: dict[str, str], note: str, point: str = "_No response_", prerequisites: str = "") -> Plan:
    body = FORM.format(note=note, point=point, prerequisites=prerequisites or "_No response_")
    plan = plan_event(issue_event(body, title=note[:40]), learner_repo(**files), now=NOW, agent=RuleAgent())
    assert plan.outcome is Outcome.COMMITTED
    return plan


def graph_repo() -> dict[str, str]:
    """The learner's repository after two notes named the points ``a → b → c`` in the issue form."""
    first = organize(
        {}, "The vertex form shows the largest value.", "algebra/c-maxima", "algebra/b-quadratics"
    )
    files = {w.path: w.content for w in first.writes}
    second = organize(
        files, "A quadratic is a degree two polynomial.", "algebra/b-quadratics", "algebra/a-factoring"
    )
    return files | {w.path: w.content for w in second.writes}


def demonstrated(*points: str) -> dict[str, str]:
    """Gap records stating ``demonstrated`` for ``points``: the one place mastery of a point is recorded."""
    return {
        f"{GAPS}/{pid.rsplit('/', 1)[-1]}.md": gap(
            f"gap-{pid}", resolution="resolved", mastery="demonstrated", kid=pid
        )
        for pid in points
    }


def shown(plan: Plan) -> tuple[str, str, str]:
    """The next action as the learner sees it: the receipt in the reply, the receipt field, the dashboard."""
    (reply,) = plan.finished(commit_id="b" * 40, branch="main", remote="this repository").replies
    dashboard = {w.path: w.content for w in plan.writes}["dashboard.md"]
    assert plan.receipt is not None
    line = next(line for line in dashboard.splitlines() if line.startswith("- One next action: "))
    return reply.text, plan.receipt.next_action, line.removeprefix("- One next action: ")


def assert_everywhere(plan: Plan, expected: str) -> str:
    reply, receipt, dashboard = shown(plan)
    assert receipt == dashboard, "the receipt and the dashboard name the same one action"
    assert expected in receipt
    assert f"**Next action:** {receipt}" in reply
    return receipt


NOTE = "Completing the square moves the constant outside."


def test_with_a_demonstrated_the_next_action_names_b() -> None:
    plan = organize(graph_repo() | demonstrated(A), NOTE)
    action = assert_everywhere(plan, f"`{B}`")
    assert f"its prerequisite `{A}` is `demonstrated`" in action
    assert f"`{C}`" not in action and "try one fresh problem that uses this idea" not in action


def test_with_a_and_b_demonstrated_the_next_action_moves_on_to_c() -> None:
    plan = organize(graph_repo() | demonstrated(A, B), NOTE)
    action = assert_everywhere(plan, f"work on `{C}` (c maxima), next on your prerequisite graph")
    assert f"its prerequisite `{B}` is `demonstrated`" in action


def test_with_nothing_demonstrated_the_foundation_comes_first_even_without_its_own_record() -> None:
    files = graph_repo()
    assert f"subjects/{A.replace('mathematics/', 'mathematics/knowledge/', 1)}.md" not in files
    assert_everywhere(organize(files, NOTE), f"work on `{A}`, next on your prerequisite graph")


def test_without_a_graph_the_action_says_what_is_missing() -> None:
    plan = organize({}, NOTE)
    assert assert_everywhere(plan, NO_GRAPH) == NO_GRAPH


def test_the_action_differs_with_and_without_a_graph() -> None:
    assert shown(organize({}, NOTE))[1] != shown(organize(graph_repo() | demonstrated(A), NOTE))[1]


COMPLAINT = "I cannot do this quadratic. I do not know how to find the maximum of `y = -2x^2 + 4x + 1`."


def test_a_probe_still_open_on_another_issue_beats_a_due_review_and_the_frontier() -> None:
    complaint = organize({}, COMPLAINT)
    asked = shown(complaint)[1]
    assert asked.startswith("answer the question on this issue: ") and "open upward or downward" in asked
    due = {"subjects/mathematics/reviews/r1.md": review("review-r1", "planned", "2026-11-29")}
    files = graph_repo() | demonstrated(A) | due | {w.path: w.content for w in complaint.writes}
    body = FORM.format(note=NOTE, point="_No response_", prerequisites="_No response_")
    later = plan_event(
        issue_event(body, title=NOTE[:40], number=8), learner_repo(**files), now=NOW, agent=RuleAgent()
    )
    action = assert_everywhere(later, "answer the diagnostic question still open on [github issue #7 in")
    assert "open upward or downward" in action and "review-r1" not in action


def test_a_due_review_beats_the_frontier() -> None:
    due = {"subjects/mathematics/reviews/r1.md": review("review-r1", "planned", "2026-11-29")}
    plan = organize(graph_repo() | demonstrated(A) | due, NOTE)
    action = assert_everywhere(plan, "answer the due review `review-r1`")
    assert "due 2026-11-29" in action and f"`{B}`" not in action


def test_a_review_not_due_yet_or_of_another_subject_leaves_the_frontier() -> None:
    later = {
        "subjects/mathematics/reviews/r2.md": review("review-r2", "planned", "2026-12-05"),
        "subjects/physics/reviews/r3.md": review("review-r3", "planned", "2026-11-01"),
    }
    assert_everywhere(organize(graph_repo() | demonstrated(A) | later, NOTE), f"work on `{B}`")


def test_a_duplicate_note_gets_the_evidence_action_too() -> None:
    files = graph_repo() | demonstrated(A)
    again = plan_event(
        issue_event(
            FORM.format(note=NOTE, point="_No response_", prerequisites="_No response_"), title=NOTE[:40]
        ),
        learner_repo(**(files | {w.path: w.content for w in organize(files, NOTE).writes})),
        now=NOW,
        agent=RuleAgent(),
    )
    assert again.outcome is Outcome.UNCHANGED and again.receipt is not None
    assert f"`{B}`" in again.receipt.next_action


def test_a_correction_names_the_frontier_in_its_receipt_and_dashboard() -> None:
    wrong = "In class I learned that the interior angles of a pentagon add up to 360 degrees."
    files = graph_repo() | demonstrated(A)
    first = plan_event(
        issue_event(wrong, title="Angles of a pentagon"), learner_repo(**files), now=NOW, agent=RuleAgent()
    )
    files |= {w.path: w.content for w in first.writes}
    comment = "Correction: the interior angles of a pentagon add up to 540 degrees."
    event = issue_event(wrong, title="Angles of a pentagon", kind=EventKind.COMMENT_CREATED, comment=comment)
    plan = plan_event(event, learner_repo(**files), now=NOW, agent=RuleAgent())
    assert plan.outcome is Outcome.COMMITTED and plan.receipt is not None
    dashboard = {w.path: w.content for w in plan.writes}["dashboard.md"]
    assert f"`{B}`" in plan.receipt.next_action
    assert f"- One next action: {plan.receipt.next_action}" in dashboard


def point(pid: str, *prerequisites: str) -> tuple[str, str]:
    _, topic, name = pid.split("/")
    listed = ", ".join(f"`{p}`" for p in prerequisites) or "none recorded"
    header = f"Knowledge ID: `{pid}`\nStatus: `active`\nSubject: mathematics\nPrerequisites: {listed}\n"
    text = f"# {name}\n\n{header}"
    return f"subjects/mathematics/knowledge/{topic}/{name}.md", text


def test_among_several_frontier_points_the_one_closest_to_the_foundations_comes_first() -> None:
    snapshot = MemorySnapshot(dict([point(C, B), point(B, A), point("mathematics/algebra/z-lone")]))
    graph = prerequisite_graph(snapshot, "mathematics")
    assert [p.knowledge_id for p in frontier(graph)] == [A, "mathematics/algebra/z-lone"]


def test_a_point_needing_two_demonstrated_prerequisites_names_both() -> None:
    snapshot = MemorySnapshot(dict([point(C, A, B), point(A), point(B)]) | demonstrated(A, B))
    action = next_action(snapshot, subject="mathematics", today=NOW.date())
    assert (
        f"work on `{C}` (c-maxima)" in action and f"prerequisites `{A}`, `{B}` are `demonstrated`" in action
    )


def test_a_cycle_or_a_finished_graph_is_said_plainly() -> None:
    cycle = MemorySnapshot(dict([point(A, B), point(B, A)]))
    action = next_action(cycle, subject="mathematics", today=NOW.date())
    assert "form a cycle" in action and f"`{A}`" in action
    done = MemorySnapshot(dict([point(A)]) | demonstrated(A))
    assert "is `demonstrated`" in next_action(done, subject="mathematics", today=NOW.date())


def test_an_owed_action_comes_before_everything_else() -> None:
    due = MemorySnapshot({"subjects/mathematics/reviews/r1.md": review("review-r1", "planned", "2026-11-01")})
    owed = "answer the question above on this issue"
    assert next_action(due, subject="mathematics", today=NOW.date(), pending=("", owed)) == owed


def test_a_due_date_that_is_no_calendar_day_is_not_due_and_breaks_no_dashboard() -> None:
    """Regression: ``Due: 2026-02-30`` raised ValueError while rendering the dashboard."""
    files = {"subjects/mathematics/reviews/r1.md": review("review-r1", "planned", "2026-02-30")}
    snapshot = MemorySnapshot(files)
    assert next_action(snapshot, subject="mathematics", today=date(2026, 11, 30)) == NO_GRAPH
    text = render_dashboard(
        snapshot, today=date(2026, 11, 30), updated_by="bot", new_records={}, next_action="x"
    )
    assert "| not recorded | no due date |" in text
