"""The pure scheduling rules: when an occurrence is due, quiet hours, one catch-up, and the edges."""

from __future__ import annotations

from datetime import date, datetime, time

import pytest

from bot.automation.schedule_rules import (
    due_occurrence,
    in_quiet_hours,
    job_schedule,
    latest_occurrence,
    occurrence_key,
)
from bot.config import Automation, Job

DEFAULTS = Automation()  # maintenance 21:30, due-review 07:00, quiet 22:00-07:00
FRIDAY, SATURDAY, SUNDAY = date(2026, 11, 27), date(2026, 11, 28), date(2026, 11, 29)
MONDAY, TUESDAY, THURSDAY = date(2026, 11, 30), date(2026, 12, 1), date(2026, 12, 3)


def at(day: date, clock: str) -> datetime:
    hours, minutes = clock.split(":")
    return datetime(day.year, day.month, day.day, int(hours), int(minutes))


@pytest.mark.parametrize(
    ("clock", "quiet", "inside"),
    [
        ("21:59", "22:00-07:00", False),
        ("22:00", "22:00-07:00", True),
        ("00:00", "22:00-07:00", True),
        ("06:59", "22:00-07:00", True),
        ("07:00", "22:00-07:00", False),  # the end is exclusive: "before 07:00"
        ("12:30", "12:00-13:00", True),
        ("13:00", "12:00-13:00", False),
        ("11:59", "12:00-13:00", False),
        ("03:00", "", False),
        ("03:00", "05:00-05:00", False),
    ],
)
def test_quiet_hours_wrap_midnight_and_end_exclusively(clock: str, quiet: str, inside: bool) -> None:
    hours, minutes = clock.split(":")
    assert in_quiet_hours(time(int(hours), int(minutes)), quiet) is inside


def test_maintenance_is_not_due_before_its_local_time_when_yesterdays_ran() -> None:
    assert due_occurrence(at(MONDAY, "21:29"), DEFAULTS, "maintenance", ran={SUNDAY}) is None


def test_maintenance_is_due_at_its_local_time() -> None:
    assert due_occurrence(at(MONDAY, "21:30"), DEFAULTS, "maintenance", ran={SUNDAY}) == MONDAY


def test_an_occurrence_that_ran_is_never_due_again() -> None:
    assert due_occurrence(at(MONDAY, "21:45"), DEFAULTS, "maintenance", ran={MONDAY}) is None


def test_missed_occurrences_catch_up_once_as_the_latest_only() -> None:
    """Down from Friday to Monday morning: one catch-up (Sunday's), then Monday's at its time."""
    ran = {FRIDAY}
    first = due_occurrence(at(MONDAY, "08:00"), DEFAULTS, "maintenance", ran=ran)
    assert first == SUNDAY
    ran.add(SUNDAY)
    assert due_occurrence(at(MONDAY, "08:01"), DEFAULTS, "maintenance", ran=ran) is None
    assert due_occurrence(at(MONDAY, "21:30"), DEFAULTS, "maintenance", ran=ran) == MONDAY


def test_a_late_catch_up_waits_for_quiet_hours_to_end() -> None:
    assert due_occurrence(at(MONDAY, "22:10"), DEFAULTS, "maintenance", ran=set()) is None
    assert due_occurrence(at(TUESDAY, "06:59"), DEFAULTS, "maintenance", ran=set()) is None
    assert due_occurrence(at(TUESDAY, "07:00"), DEFAULTS, "maintenance", ran=set()) == MONDAY


def test_a_job_the_learner_put_inside_quiet_hours_still_runs_there() -> None:
    night = Automation(jobs={"maintenance": Job(local_time="23:00")})
    assert due_occurrence(at(MONDAY, "23:00"), night, "maintenance", ran=set()) == MONDAY


def test_no_quiet_hours_means_late_runs_go_at_once() -> None:
    free = Automation(quiet_hours="")
    assert due_occurrence(at(MONDAY, "23:40"), free, "maintenance", ran=set()) == MONDAY


def test_due_review_defaults_to_seven_in_the_morning() -> None:
    assert due_occurrence(at(MONDAY, "06:59"), DEFAULTS, "due-review", ran={SUNDAY}) is None
    assert due_occurrence(at(MONDAY, "07:00"), DEFAULTS, "due-review", ran={SUNDAY}) == MONDAY


def test_a_job_missing_from_the_config_uses_the_protocol_default() -> None:
    only_review = Automation(jobs={"due-review": Job(local_time="08:00")})
    assert job_schedule(only_review, "maintenance").local_time == "21:30"


def test_a_disabled_job_is_never_due() -> None:
    off = Automation(jobs={"maintenance": Job(recurrence="disabled", local_time="21:30")})
    assert latest_occurrence(at(MONDAY, "23:00"), job_schedule(off, "maintenance")) is None
    assert due_occurrence(at(MONDAY, "21:30"), off, "maintenance", ran=set()) is None


def test_weekdays_skip_the_weekend() -> None:
    job = Job(recurrence="weekdays", local_time="21:30")
    assert latest_occurrence(at(SATURDAY, "22:00"), job) == FRIDAY
    assert latest_occurrence(at(SUNDAY, "23:00"), job) == FRIDAY
    assert latest_occurrence(at(MONDAY, "21:29"), job) == FRIDAY
    assert latest_occurrence(at(MONDAY, "21:30"), job) == MONDAY


def test_weekly_runs_on_mondays() -> None:
    job = Job(recurrence="weekly", local_time="09:00")
    assert latest_occurrence(at(THURSDAY, "10:00"), job) == MONDAY
    assert latest_occurrence(at(MONDAY, "08:59"), job) == date(2026, 11, 23)


def test_midnight_boundaries() -> None:
    job = Job(local_time="00:00")
    assert latest_occurrence(at(MONDAY, "00:00"), job) == MONDAY
    late = Job(local_time="23:59")
    assert latest_occurrence(at(MONDAY, "23:58"), late) == SUNDAY


def test_a_time_skipped_by_a_dst_jump_counts_as_passed() -> None:
    """Europe/Berlin on 2026-03-29 jumps from 02:00 to 03:00: a 02:30 job is due at 03:00 wall time."""
    job = Job(local_time="02:30")
    assert latest_occurrence(datetime(2026, 3, 29, 3, 0), job) == date(2026, 3, 29)


def test_occurrence_key_names_job_repository_and_local_date() -> None:
    assert occurrence_key("maintenance", "github:github.com/alice/learning", MONDAY) == (
        "maintenance/github:github.com/alice/learning/2026-11-30"
    )
