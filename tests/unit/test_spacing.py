"""FSRS spacing with the gap's remembered memory state: intervals grow with success, shrink on failure."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.review.attempt import Independence, Result
from bot.review.spacing import memory_line, next_check, read_memory

FIRST = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)
YES = Independence.YES


def interval(checked_at: datetime, memory_text: str, result: Result = Result.CORRECT) -> tuple[int, str]:
    """Days to the next check from ``checked_at``, and the memory line to remember after it."""
    checked = next_check(result, YES, checked_at, read_memory(memory_text, before=checked_at))
    assert checked is not None
    return (checked.day - checked_at.date()).days, memory_line(checked.card)


def test_two_successive_delayed_successes_give_a_longer_second_interval() -> None:
    first, memory = interval(FIRST, "")
    second_at = FIRST + timedelta(days=first)
    second, _ = interval(second_at, memory)
    assert second > first >= 1


def test_a_failure_after_a_success_shortens_the_interval() -> None:
    first, memory = interval(FIRST, "")
    then = FIRST + timedelta(days=first)
    success, _ = interval(then, memory)
    failure, _ = interval(then, memory, Result.INCORRECT)
    assert failure < success and failure <= first


def test_the_memory_line_reads_back_as_the_same_card() -> None:
    checked = next_check(Result.CORRECT, YES, FIRST)
    assert checked is not None
    line = memory_line(checked.card)
    card = read_memory(f"## Next action\n\n- Action: x\n{line}\n", before=FIRST)
    assert line.startswith("- Spacing (FSRS): state=review ")
    assert memory_line(card) == line and card.last_review == FIRST


SOUND = {"state": "review", "step": "none", "stability": "3", "difficulty": "5",
         "last_review": "2026-11-26T09:00:00+00:00"}  # fmt: skip


def stated(**changes: str | None) -> str:
    """A memory line: the sound fields with ``changes`` (None drops a field)."""
    fields = {k: v for k, v in (SOUND | changes).items() if v is not None}
    return "- Spacing (FSRS): " + " ".join(f"{k}={v}" for k, v in fields.items())


def test_a_sound_memory_line_is_resumed() -> None:
    assert interval(FIRST, stated()) != interval(FIRST, "")


@pytest.mark.parametrize(
    "memory",
    [
        "",
        "- Spacing (FSRS): garbage",
        stated(stability="-1"),
        stated(stability="nan"),
        stated(difficulty="42"),
        stated(state="bogus"),
        stated(step="x"),
        stated(last_review="2026-11-26T09:00:00"),  # no time zone
        stated(last_review="2027-01-01T09:00:00+00:00"),  # after the answer
        stated(last_review=None),
    ],
)
def test_a_missing_or_corrupt_memory_falls_back_to_a_fresh_card(memory: str) -> None:
    assert interval(FIRST, memory) == interval(FIRST, "")


def test_no_evaluation_no_next_check_whatever_the_memory() -> None:
    _, memory = interval(FIRST, "")
    later = FIRST + timedelta(days=3)
    assert next_check(Result.NOT_ASSESSED, YES, later, read_memory(memory, before=later)) is None
