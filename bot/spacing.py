"""When the next check falls, from one evaluated attempt: FSRS, deterministic, day-granular.

Protocol "Review": schedule the next check only when evidence warrants it. An attempt nobody evaluated
gives no rating, so it gets no date (the check waits for evaluation). An evaluated attempt is rated the
way FSRS expects (``Again`` for a failure, ``Hard`` for a partial or supported success, ``Good`` for an
independent success; the offline agent never claims ``Easy``) and reviewed once with the ``fsrs``
scheduler. Why these settings: no sub-day learning steps (due-review runs once a local day, so a
10-minute step means nothing here), no fuzzing (the same evidence must give the same date, so a plan is
reproducible and testable). Each attempt starts a fresh FSRS card: the memory state is not carried
between records yet, so intervals are those of a first review.
"""

from __future__ import annotations

from datetime import date, datetime

from fsrs import Card, Rating, Scheduler

from bot.attempt import Independence, Result

SCHEDULER = Scheduler(learning_steps=(), relearning_steps=(), enable_fuzzing=False)


def rating_for(result: Result, independence: Independence) -> Rating | None:
    """The FSRS rating an attempt's observable evidence supports; None when it was not evaluated."""
    if result is Result.NOT_ASSESSED:
        return None
    if result is Result.INCORRECT:
        return Rating.Again
    if result is Result.CORRECT and independence is Independence.YES:
        return Rating.Good
    return Rating.Hard


def next_check_day(result: Result, independence: Independence, answered_at: datetime) -> date | None:
    """The day of the next check (at least the day after ``answered_at``), or None without evaluation."""
    rating = rating_for(result, independence)
    if rating is None:
        return None
    card, _ = SCHEDULER.review_card(Card(card_id=1), rating, answered_at)
    return max(card.due.date(), date.fromordinal(answered_at.date().toordinal() + 1))
