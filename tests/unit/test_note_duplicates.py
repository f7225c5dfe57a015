"""Deduplication through plan_event: a repeat links, a note that differs in its numbers or claim is stored.

Regression (issue 19): twenty worked examples of one method with different values were linked to the
first as "already recorded … created no duplicate", so nineteen were never stored.
"""

from __future__ import annotations

from bot.handle import plan_event
from bot.intake.events import InboundEvent
from bot.intake.rule_agent import RuleAgent
from bot.plan import Outcome, Plan
from bot.snapshot import MemorySnapshot
from tests.support.learner import NOW, issue_event, learner_repo


def planned(event: InboundEvent, files: dict[str, str]) -> Plan:
    return plan_event(event, learner_repo(**files), now=NOW, agent=RuleAgent())


def example(number: int, add: int) -> InboundEvent:
    equation = f"2x + {add} = {2 * number + add}"
    body = f"I learned to solve linear equations. Worked example: {equation}, so x = {number}."
    return issue_event(body, number=number, title="Solving linear equations")


def test_worked_examples_with_other_numbers_are_each_recorded_and_linked_as_related() -> None:
    files: dict[str, str] = {}
    for number in range(1, 21):
        result = planned(example(number, add=number + 2), files)
        assert result.outcome is Outcome.COMMITTED, (
            result.replies[0].text if result.replies else result.reason
        )
        assert "already recorded" not in result.replies[0].text
        files |= {write.path: write.content for write in result.writes}
    assert len(MemorySnapshot(files).list_files("subjects/mathematics/events")) == 20
    last = files["subjects/mathematics/events/2026-11-30-solving-linear-equations-20.md"]
    related = last.split("on the same topic but stating another fact: ", 1)[1].split("\n", 1)[0]
    named = related.rstrip(".").split(", ")
    assert len(named) == 5, "the closest five earlier examples, not all nineteen"
    assert all(name.startswith("`event-2026-11-30-solving-linear-equations") for name in named)


def test_the_related_records_named_are_the_closest_on_the_topic() -> None:
    files: dict[str, str] = {}
    for number in range(1, 8):
        files |= {w.path: w.content for w in planned(example(number, add=number + 2), files).writes}
    closest = "I learned to solve linear equations step by step. Worked example: 2x + 9 = 19, so x = 5."
    far = "Linear equations: the graph of y = 2x + 3 is a straight line with slope 2 and intercept 3."
    files |= {w.path: w.content for w in planned(issue_event(far, number=40, title="Lines"), files).writes}
    result = planned(issue_event(closest, number=41, title="Another linear equation"), files)
    (record,) = [w.content for w in result.writes if w.path.endswith("another-linear-equation.md")]
    related = record.split("on the same topic but stating another fact: ", 1)[1].split("\n", 1)[0]
    assert related.count("`event-") == 5 and "`event-2026-11-30-lines`" not in related


def test_a_reworded_repeat_is_linked_and_the_reply_says_already_recorded() -> None:
    first = planned(example(4, add=3), {})
    files = {write.path: write.content for write in first.writes}
    body = "Worked example from my linear equations lesson: 2x+3=11, so x=4. I learned to solve it."
    again = planned(issue_event(body, number=8, title="again"), files)
    assert again.outcome is Outcome.UNCHANGED and again.commit is None
    assert "already recorded as `event-2026-11-30-solving-linear-equations`" in again.replies[0].text


def test_a_note_that_denies_what_an_earlier_one_claims_is_recorded() -> None:
    claim = "I learned that every continuous function is differentiable."
    first = planned(issue_event(claim, title="Continuity"), {})
    files = {write.path: write.content for write in first.writes}
    denial = planned(
        issue_event(
            "I learned that not every continuous function is differentiable.", number=8, title="Continuity"
        ),
        files,
    )
    assert denial.outcome is Outcome.COMMITTED
    assert denial.changed_paths[0].endswith("-continuity-2.md")
