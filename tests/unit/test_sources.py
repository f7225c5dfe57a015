"""Source records the learner names: one record per source, honest about what the bot has not read."""

from __future__ import annotations

from bot.handle import plan_event
from bot.intake.rule_agent import RuleAgent
from bot.plan import Outcome
from tests.support.learner import NOW, issue_event, learner_repo

SOURCE = "Geometry textbook, chapter 7, p. 112"


def organize(note: str, files: dict[str, str] | None = None):  # type: ignore[no-untyped-def]
    body = f"{note}\n\nSource: {SOURCE}"
    return plan_event(
        issue_event(body, title=note[:40]), learner_repo(**(files or {})), now=NOW, agent=RuleAgent()
    )


def test_a_named_source_gets_a_record_with_a_stable_id_and_honest_availability() -> None:
    plan = organize("In the book I learned that similar triangles have proportional sides.")
    assert plan.outcome is Outcome.COMMITTED
    written = {w.path: w.content for w in plan.writes}
    path = "subjects/mathematics/sources/geometry-textbook-chapter-7-p-112.md"
    record = written[path]
    assert "Source ID: `mathematics/geometry-textbook-chapter-7-p-112`" in record
    assert "Availability: `local-only`" in record and "RAG status: `pending`" in record
    assert "has not inspected this source" in record
    event = next(text for p, text in written.items() if "/events/" in p)
    assert "Depends on (source IDs): `mathematics/geometry-textbook-chapter-7-p-112`" in event
    assert plan.receipt is not None and path in plan.receipt.changed_files


def test_a_second_note_from_the_same_source_cites_it_instead_of_copying_it() -> None:
    first = organize("In the book I learned that similar triangles have proportional sides.")
    files = {w.path: w.content for w in first.writes}
    second = organize("The book proves the angle bisector theorem with areas of two triangles.", files)
    written = {w.path: w.content for w in second.writes}
    sources = [p for p in written if "/sources/" in p]
    assert sources == ["subjects/mathematics/sources/geometry-textbook-chapter-7-p-112.md"]
    assert written[sources[0]].count("| reported by the learner |") == 2


def test_no_source_named_means_no_source_record() -> None:
    plan = plan_event(issue_event(), learner_repo(), now=NOW, agent=RuleAgent())
    assert not any("/sources/" in path for path in plan.changed_paths)
