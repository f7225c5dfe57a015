"""Gaps from mistake notes: one narrow gap from a stated decision, never from new learning (scenario 18)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.handle import plan_event
from bot.intake.rule_agent import RuleAgent
from bot.plan import Plan
from bot.records.codec import read_header
from bot.snapshot import MemorySnapshot
from tests.support.learner import NOTE, NOW, issue_event, learner_repo

GAPS = "subjects/mathematics/knowledge-gaps/"
CHOSE = "In class I chose BC/AB instead of DE/AB for the scale factor."
SAT = "I chose by topic instead of the sentence's exact meaning. Help me improve, one thing at a time."


def plan(body: str, *, labels: tuple[str, ...] = (), snapshot: MemorySnapshot | None = None) -> Plan:
    event = issue_event(body, title="Scale factor practice", labels=labels)
    return plan_event(event, snapshot or learner_repo(), now=NOW, agent=RuleAgent())


def gaps(result: Plan) -> dict[str, str]:
    return {w.path: w.content for w in result.writes if w.path.startswith(GAPS)}


def test_an_i_chose_x_instead_of_y_note_opens_one_unknown_gap_linked_to_event_and_goal() -> None:
    result = plan(CHOSE)
    ((path, gap),) = gaps(result).items()
    header = read_header(gap)
    event_id = read_header(next(w.content for w in result.writes if "/events/" in w.path))["ID"]
    assert header["ID"].startswith("gap-i-chose-bc-ab-instead-of") and path.endswith(".md")
    assert header["Mastery"].strip("`") == "unknown" and header["Resolution"].strip("`") == "open"
    assert event_id in header["Depends on (event IDs)"]
    assert "(../goals/main-goal.md)" in header["Goal link"]
    assert "- Diagnosis status: `unknown`" in gap and "- Likely blocker: `unknown`" in gap
    assert "“I chose BC/AB instead of DE/AB for the scale factor”" in gap, "their words, not a diagnosis"
    dashboard = next(w.content for w in result.writes if w.path == "dashboard.md")
    assert path in dashboard and "`open` | `unknown`" in dashboard
    assert result.receipt is not None and "opened from the learner's words" in result.receipt.organized


def test_a_plea_with_a_mistake_links_its_one_question_to_the_gap() -> None:
    result = plan(SAT)
    ((path, _),) = gaps(result).items()
    (review,) = [w.content for w in result.writes if "/reviews/" in w.path]
    assert path.rsplit("/", 1)[1] in read_header(review)["Gap link"]


def test_a_stated_cause_is_kept_as_learner_reported() -> None:
    (gap,) = gaps(plan("My mistake was the ratio, because I mixed up which triangle is bigger.")).values()
    assert "- Diagnosis status: `learner-reported`" in gap and "I mixed up which triangle is bigger" in gap


@pytest.mark.parametrize(
    ("body", "labels"),
    [
        (NOTE, ()),  # scenario 18: new learning is not a mistake
        ("In class I learned to use DE/AB instead of BC/AB for the scale factor.", ()),
        ("I didn't make a mistake on the scale factor practice today.", ()),
        ("Attempt at the scale factor exercise: all five came out right.", ("attempt",)),
    ],
)
def test_new_learning_or_a_successful_attempt_opens_no_gap(body: str, labels: tuple[str, ...]) -> None:
    result = plan(body, labels=labels)
    assert result.writes and gaps(result) == {}


@pytest.mark.parametrize(
    ("body", "labels"),
    [
        ("Scale factor exercise 3: used the wrong ratio.", ("mistake",)),
        ("Scale factor exercise 3: my answer was wrong.", ("attempt",)),
    ],
)
def test_the_mistake_form_without_a_stated_decision_is_a_signal_not_a_gap(
    body: str, labels: tuple[str, ...]
) -> None:
    """Scenario 17: a failure without the decision behind it opens hypotheses and a probe, no gap."""
    result = plan(body, labels=labels)
    (event,) = [w.content for w in result.writes if "/events/" in w.path]
    assert gaps(result) == {}
    assert "## Competing hypotheses" in event and "- Interpretation lifecycle: `diagnosing`" in event
    assert result.replies and "Stop-probe gate: `held`" in result.replies[0].text


def test_the_same_mistake_again_updates_the_existing_gap() -> None:
    first = plan(CHOSE)
    ((path, gap),) = gaps(first).items()
    later = issue_event(f"Again: {CHOSE}", title="Scale factor, second try", number=8)
    result = plan_event(later, learner_repo(**{path: gap}), now=NOW + timedelta(days=2), agent=RuleAgent())
    (updated,) = gaps(result).values()
    assert list(gaps(result)) == [path]
    assert "- Linked observation count: 2" in updated and updated.count("| learner-reported") == 0
    assert updated.count("[event-") == 2 and read_header(updated)["Updated"] == "2026-12-02"
