"""Maintenance's in-repository checks: a stale dashboard is regenerated, the rest is only reported."""

from __future__ import annotations

from datetime import date

from bot.automation.maintenance_findings import findings, refreshed_dashboard
from bot.dashboard.page import DASHBOARD_PATH
from bot.records.knowledge import add_evidence, point_from_learner, render_point
from tests.support.learner import learner_repo
from tests.support.stale_dashboard import DAY, EVENT, EVENT_PATH, dashboard_for


def test_a_dashboard_matching_its_records_is_left_alone_whatever_the_date() -> None:
    repo = learner_repo(**{EVENT_PATH: EVENT, DASHBOARD_PATH: dashboard_for(**{EVENT_PATH: EVENT})})
    assert refreshed_dashboard(repo, date(2026, 12, 24), updated_by="GitLearnOS Bot") is None


def test_a_dashboard_missing_a_record_is_regenerated_keeping_its_next_action() -> None:
    repo = learner_repo(**{EVENT_PATH: EVENT, DASHBOARD_PATH: dashboard_for()})
    text = refreshed_dashboard(repo, date(2026, 11, 30), updated_by="GitLearnOS Bot")
    assert text is not None
    assert "event-2026-11-27-angle-order" in text and "Updated: 2026-11-30" in text
    assert "- One next action: answer it" in text


def test_a_dashboard_the_bot_did_not_generate_or_none_at_all_is_not_touched() -> None:
    assert refreshed_dashboard(learner_repo(), DAY, updated_by="GitLearnOS Bot") is None
    hand_written = learner_repo(**{DASHBOARD_PATH: "# My own notes\n"})
    assert refreshed_dashboard(hand_written, DAY, updated_by="GitLearnOS Bot") is None


def test_waiting_feedback_and_duplicate_ids_are_reported() -> None:
    handoff = "# Handoff\n\nID: `handoff-1`\nStatus: `awaiting-feedback`\n"
    copy = EVENT_PATH.replace("angle-order", "angle-order-copy")
    repo = learner_repo(
        **{EVENT_PATH: EVENT, copy: EVENT, "subjects/mathematics/handoffs/handoff-1.md": handoff}
    )
    found = findings(repo)
    assert found.waiting_feedback == ("subjects/mathematics/handoffs/handoff-1.md",)
    assert found.contradictions == ("ID `event-2026-11-27-angle-order` is claimed by 2 records",)
    assert findings(learner_repo()).contradictions == ()


def test_a_point_with_three_evidence_rows_and_no_model_awaits_synthesis() -> None:
    point = point_from_learner("mathematics", "similar-triangles/scale-factor")
    text = render_point(point, day=DAY, event_id="event-1", event_path="subjects/mathematics/events/e1.md")
    for n in (2, 3):
        text = add_evidence(
            text, day=DAY, event_id=f"event-{n}", event_path=f"subjects/mathematics/events/e{n}.md",
            subject="mathematics",
        )  # fmt: skip
    assert findings(learner_repo(**{point.path: text})).awaiting_synthesis == (point.path,)
    model = f"# Scale factor model\n\nID: `model-scale-factor`\nKnowledge IDs: `{point.knowledge_id}`\n"
    cited = learner_repo(**{point.path: text, "subjects/mathematics/models/scale-factor.md": model})
    assert findings(cited).awaiting_synthesis == ()
    two_rows = text.rsplit("\n| [event-3]", 1)[0] + "\n"
    assert findings(learner_repo(**{point.path: two_rows})).awaiting_synthesis == ()
