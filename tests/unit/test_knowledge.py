"""Knowledge points the learner names: stable IDs, evidence rows, and the dashboard's map."""

from __future__ import annotations

from bot.handle import plan_event
from bot.intake.rule_agent import RuleAgent
from bot.plan import Outcome
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


def organize(
    note: str, point: str, prerequisites: str = "_No response_", files: dict[str, str] | None = None
):  # type: ignore[no-untyped-def]
    body = FORM.format(note=note, point=point, prerequisites=prerequisites)
    return plan_event(
        issue_event(body, title=note[:40]), learner_repo(**(files or {})), now=NOW, agent=RuleAgent()
    )


def test_a_named_point_gets_a_record_with_a_stable_id_and_the_event_as_evidence() -> None:
    plan = organize("Corresponding vertices come first.", "Geometry/Similar Triangles", "geometry/angles")
    assert plan.outcome is Outcome.COMMITTED
    written = {w.path: w.content for w in plan.writes}
    record = written["subjects/mathematics/knowledge/geometry/similar-triangles.md"]
    assert "Knowledge ID: `mathematics/geometry/similar-triangles`" in record
    assert "Prerequisites: `mathematics/geometry/angles`" in record
    event_path = next(p for p in written if "/events/" in p)
    assert event_path.removeprefix("subjects/mathematics/") in record
    assert plan.receipt is not None and set(plan.receipt.changed_files) == set(written)


def test_a_second_note_on_the_same_point_adds_a_row_and_keeps_the_first() -> None:
    first = organize("Corresponding vertices come first.", "geometry/similar-triangles")
    files = {w.path: w.content for w in first.writes}
    second = organize(
        "Area ratio is the square of the side ratio in proofs.", "geometry/similar-triangles", files=files
    )
    record = {w.path: w.content for w in second.writes}[
        "subjects/mathematics/knowledge/geometry/similar-triangles.md"
    ]
    assert record.count("| reported |") == 2
    assert (
        record.splitlines()[:3]
        == files["subjects/mathematics/knowledge/geometry/similar-triangles.md"].splitlines()[:3]
    )


def test_the_dashboard_maps_points_under_their_subject_with_prerequisite_edges() -> None:
    first = organize("Angles in a triangle add to 180 degrees.", "geometry/angles")
    files = {w.path: w.content for w in first.writes}
    assert "s0 --- k0" in files["dashboard.md"], "one point hangs off its subject"
    second = organize(
        "Corresponding vertices come first.", "geometry/similar-triangles", "geometry/angles", files
    )
    dashboard = {w.path: w.content for w in second.writes}["dashboard.md"]
    assert "```mermaid" in dashboard and "flowchart LR" in dashboard
    assert "k0 --> k1" in dashboard, "the prerequisite edge points at the point that needs it"
    assert ":::unknown" in dashboard and ":::demonstrated" not in dashboard.split("classDef")[0]


def test_without_a_named_point_no_knowledge_record_is_invented() -> None:
    plan = plan_event(issue_event(), learner_repo(), now=NOW, agent=RuleAgent())
    assert not any("/knowledge/" in path for path in plan.changed_paths)
