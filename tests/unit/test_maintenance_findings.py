"""Maintenance's in-repository checks: a stale dashboard is regenerated, the rest is only reported."""

from __future__ import annotations

from datetime import date

from bot.automation.maintenance_findings import findings, refreshed_dashboard
from bot.dashboard.page import DASHBOARD_PATH
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
