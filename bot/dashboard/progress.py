"""The figures behind the dashboard's picture, counted from records and nothing else.

The chart beside ``dashboard.md`` and the sentence under its image both read these figures, so the
picture and the text cannot disagree. Counting uses only dates and states the records state:

* evidence: event records (``subjects/<s>/events/…``) by their ``Date``;
* reviews: review records a learner answered, by the ``Attempted`` date writeback stamps;
* mastery: each knowledge point at the state its gap states (``unknown`` when none does), plus each
  gap that names no recorded point, at its own stated state.

The week window ends at the newest dated record, never at "today", so a day passing changes no
figure and maintenance sees no stale chart where no record changed.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from datetime import date, timedelta
from functools import lru_cache

from bot.dashboard.sections import gap_mastery, mastery_from_gaps
from bot.records.files import records
from bot.records.knowledge import MASTERY_STATES, all_points
from bot.snapshot import RepoSnapshot

WEEKS_SHOWN = 8
LEADING_DAY = re.compile(r"^(\d{4}-\d{2}-\d{2})\b")


@dataclass(frozen=True)
class WeekCount:
    """One ISO week (from its Monday): evidence recorded and reviews answered in it."""

    start: date
    evidence: int
    reviews: int


@dataclass(frozen=True)
class Progress:
    weeks: tuple[WeekCount, ...]  # contiguous, oldest first, at most WEEKS_SHOWN
    mastery: tuple[tuple[str, int], ...]  # every state of MASTERY_STATES, in that order
    evidence_total: int  # every dated event record, inside the window or not
    reviews_total: int

    @property
    def tracked(self) -> int:
        return sum(count for _, count in self.mastery)

    @property
    def empty(self) -> bool:
        """No record to show: no dated evidence, no answered review, no point or gap."""
        return not self.weeks and self.tracked == 0

    def summary(self) -> str:
        """One plain sentence with every figure the chart draws (the image's text alternative)."""
        span = f"the {len(self.weeks)} week(s) shown" if self.weeks else "no dated week yet"
        shown_evidence = sum(week.evidence for week in self.weeks)
        shown_reviews = sum(week.reviews for week in self.weeks)
        states = ", ".join(f"{count} {state}" for state, count in self.mastery)
        return (
            f"{shown_evidence} evidence record(s) and {shown_reviews} answered review(s) in {span} "
            f"({self.evidence_total} and {self.reviews_total} dated in all); "
            f"mastery of {self.tracked} knowledge point(s) or gap(s): {states}"
        )


@lru_cache(maxsize=1024)
def _day(value: str) -> date | None:
    """The day a record's date field states; memoized because every note counts every record's date
    and a learner's records share few distinct days (the parse is pure)."""
    match = LEADING_DAY.match(value)
    if match is None:
        return None
    try:
        return date.fromisoformat(match.group(1))
    except ValueError:
        return None  # a date-shaped value that is no calendar day is "not recorded", not a crash


def _monday(day: date) -> date:
    return day - timedelta(days=day.weekday())


def tracked_mastery(snapshot: RepoSnapshot) -> dict[str, str]:
    """Mastery per tracked item: knowledge points by ID, gaps naming no recorded point by record path."""
    stated = mastery_from_gaps(snapshot)
    points = {pid for pid, _, _ in all_points(snapshot)}
    items = {pid: stated.get(pid, "unknown") for pid in points}
    for gap in records(snapshot, "knowledge-gaps"):
        if gap.header.get("Knowledge ID", "") not in points:
            items[gap.path] = gap_mastery(gap)
    return items


def _by_week(days: list[date]) -> Counter[date]:
    """How many of ``days`` fall in each week (by its Monday); counted by day first, as records share days."""
    weeks: Counter[date] = Counter()
    for day, count in Counter(days).items():
        weeks[_monday(day)] += count
    return weeks


def progress(snapshot: RepoSnapshot) -> Progress:
    evidence = [d for r in records(snapshot, "events") if (d := _day(r.header.get("Date", ""))) is not None]
    reviews = [
        d for r in records(snapshot, "reviews") if (d := _day(r.header.get("Attempted", ""))) is not None
    ]
    by_week_evidence, by_week_reviews = _by_week(evidence), _by_week(reviews)
    weeks: tuple[WeekCount, ...] = ()
    dated = [*by_week_evidence, *by_week_reviews]
    if dated:
        last, first = max(dated), min(dated)
        start = max(first, last - timedelta(weeks=WEEKS_SHOWN - 1))
        count = (last - start).days // 7 + 1
        mondays = [start + timedelta(weeks=n) for n in range(count)]
        weeks = tuple(WeekCount(m, by_week_evidence[m], by_week_reviews[m]) for m in mondays)
    states = Counter(tracked_mastery(snapshot).values())
    return Progress(
        weeks=weeks,
        mastery=tuple((state, states[state]) for state in MASTERY_STATES),
        evidence_total=len(evidence),
        reviews_total=len(reviews),
    )
