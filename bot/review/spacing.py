"""When the next check falls, from one evaluated attempt and the gap's remembered FSRS state.

Protocol "Review": schedule the next check only when evidence warrants it. An attempt nobody evaluated
gives no rating, so it gets no date (the check waits for evaluation). An evaluated attempt is rated the
way FSRS expects (``Again`` for a failure, ``Hard`` for a partial or supported success, ``Good`` for an
independent success; the offline agent never claims ``Easy``) and reviewed with the ``fsrs`` scheduler.
Why these settings: no sub-day learning steps (due-review runs once a local day, so a 10-minute step
means nothing here), no fuzzing (the same evidence must give the same date, so a plan is reproducible
and testable).

The memory state (stability, difficulty, state, step, last review) belongs to what is being
remembered, the gap, not to one review record: it is written as one ``- Spacing (FSRS):`` line in the
gap and resumed on the next answer linked to that gap, so intervals grow with repeated success and
shrink after a failure, as FSRS intends. A missing or unreadable line starts a fresh card: a corrupt
state must cost at most a short interval, never a wrong long one.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from datetime import date, datetime, timedelta

from fsrs import Card, Rating, Scheduler, State

from bot.review.attempt import Independence, Result

SCHEDULER = Scheduler(learning_steps=(), relearning_steps=(), enable_fuzzing=False)
CARD_ID = 1  # one card per gap; fsrs needs an id but nothing here looks it up
MEMORY_LABEL = "Spacing (FSRS)"
MEMORY_LINE = re.compile(rf"^-\s*{re.escape(MEMORY_LABEL)}:\s*(?P<fields>.*?)\s*$", re.M)
FIELD = re.compile(r"(?P<key>[a-z_]+)=(?P<value>\S+)")
DIFFICULTY_RANGE = (1.0, 10.0)  # FSRS clamps difficulty to this range; outside it the line is corrupt


@dataclass(frozen=True)
class NextCheck:
    """The next check's day and the card state to remember for the gap."""

    day: date
    card: Card


def rating_for(result: Result, independence: Independence) -> Rating | None:
    """The FSRS rating an attempt's observable evidence supports; None when it was not evaluated."""
    if result is Result.NOT_ASSESSED:
        return None
    if result is Result.INCORRECT:
        return Rating.Again
    if result is Result.CORRECT and independence is Independence.YES:
        return Rating.Good
    return Rating.Hard


def _number(value: str | None, low: float, high: float) -> float | None:
    try:
        number = float(value) if value is not None else math.nan
    except ValueError:
        return None
    return number if math.isfinite(number) and low <= number <= high else None


def read_memory(text: str, *, before: datetime) -> Card:
    """The card stated on ``text``'s ``- Spacing (FSRS):`` line; a fresh card when absent or not sound.

    Sound means every field fsrs needs is there, in range, and the last review is not after ``before``
    (the answer being scheduled): anything else is treated as no memory at all.
    """
    match = MEMORY_LINE.search(text)
    fields = dict(FIELD.findall(match.group("fields"))) if match else {}
    state = next((s for s in State if s.name.lower() == fields.get("state", "")), None)
    stability = _number(fields.get("stability"), 1e-6, float(SCHEDULER.maximum_interval))
    difficulty = _number(fields.get("difficulty"), *DIFFICULTY_RANGE)
    step = fields.get("step", "")
    try:
        last_review = datetime.fromisoformat(fields.get("last_review", ""))
    except ValueError:
        last_review = None
    if (
        state is None or stability is None or difficulty is None
        or not (step == "none" or step.isdigit())
        or last_review is None or last_review.tzinfo is None or last_review > before
    ):  # fmt: skip
        return Card(card_id=CARD_ID)
    return Card(
        card_id=CARD_ID,
        state=state,
        step=None if step == "none" else int(step),
        stability=stability,
        difficulty=difficulty,
        last_review=last_review,
    )


def memory_line(card: Card) -> str:
    """The gap's ``- Spacing (FSRS):`` line for ``card`` (what :func:`read_memory` reads back)."""
    assert card.stability is not None and card.difficulty is not None and card.last_review is not None
    step = "none" if card.step is None else str(card.step)
    return (
        f"- {MEMORY_LABEL}: state={card.state.name.lower()} step={step} stability={card.stability:.4f} "
        f"difficulty={card.difficulty:.4f} last_review={card.last_review.isoformat()}"
    )


def next_check(
    result: Result, independence: Independence, answered_at: datetime, memory: Card | None = None
) -> NextCheck | None:
    """The next check (at least the day after ``answered_at``) from ``memory``, or None without evaluation.

    ``memory`` is the gap's remembered card (:func:`read_memory`); None, for an answer linked to no gap,
    reviews a fresh card, so the interval is a first review's.
    """
    rating = rating_for(result, independence)
    if rating is None:
        return None
    card, _ = SCHEDULER.review_card(memory or Card(card_id=CARD_ID), rating, answered_at)
    return NextCheck(max(card.due.date(), answered_at.date() + timedelta(days=1)), card)
