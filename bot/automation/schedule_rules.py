"""When a recurring job is due, on the learner's wall clock: pure rules, no clock and no time zones.

The protocol schedules ``maintenance`` and ``due-review`` at a learner-local
time, forbids running twice for the same occurrence, allows one catch-up
after a missed occurrence, and keeps notifications out of quiet hours. The
worker converts "now" into the learner's local wall-clock time (it owns the
time-zone database) and asks these rules; they only compare naive local
datetimes, so they are the same on every host and easy to test at the
edges (midnight, DST gaps, weekends).

Occurrences are named by their local date: at most one run per job and
repository per local day, which is also what the occurrence key is built
from.
"""

from __future__ import annotations

from collections.abc import Container
from datetime import date, datetime, time, timedelta

from bot.config import Automation, Job

# ISO weeks start on Monday; ``weekly`` has no day of its own in gitlearnos.yml yet.
WEEKLY_DAY = 0
LAST_WEEKDAY = 4  # Friday


def parse_clock(text: str) -> time:
    """``HH:MM`` (already validated by the config model) as a time of day."""
    hours, minutes = text.split(":")
    return time(int(hours), int(minutes))


def in_quiet_hours(moment: time, quiet_hours: str) -> bool:
    """True when ``moment`` falls inside ``quiet_hours`` (``HH:MM-HH:MM``, start inclusive, end exclusive).

    A window whose start is after its end wraps midnight (``22:00-07:00``); an
    empty setting or an empty window (start equals end) means no quiet hours.
    """
    if not quiet_hours:
        return False
    start_text, end_text = quiet_hours.split("-")
    start, end = parse_clock(start_text), parse_clock(end_text)
    if start == end:
        return False
    if start < end:
        return start <= moment < end
    return moment >= start or moment < end


def _runs_on(day: date, recurrence: str) -> bool:
    if recurrence == "daily":
        return True
    if recurrence == "weekdays":
        return day.weekday() <= LAST_WEEKDAY
    if recurrence == "weekly":
        return day.weekday() == WEEKLY_DAY
    return False  # disabled (or anything the config model would have refused)


def latest_occurrence(local_now: datetime, job: Job) -> date | None:
    """The local date of the most recent scheduled occurrence at or before ``local_now``; None if disabled.

    Only the latest occurrence is ever considered, so however many occurrences
    were missed while nothing ran, at most one catch-up happens. A local time
    skipped by a daylight-saving jump still counts as passed once the wall
    clock is beyond it.
    """
    if job.recurrence == "disabled":
        return None
    at = parse_clock(job.local_time)
    day = local_now.date() if local_now.time() >= at else local_now.date() - timedelta(days=1)
    for _ in range(7):
        if _runs_on(day, job.recurrence):
            return day
        day -= timedelta(days=1)
    return None


def next_run(local_now: datetime, job: Job) -> datetime | None:
    """The next scheduled local wall-clock time strictly after ``local_now``; None if disabled."""
    if job.recurrence == "disabled":
        return None
    at = parse_clock(job.local_time)
    day = local_now.date()
    for _ in range(8):
        candidate = datetime.combine(day, at)
        if candidate > local_now and _runs_on(day, job.recurrence):
            return candidate
        day += timedelta(days=1)
    return None


def job_schedule(automation: Automation, job: str) -> Job:
    """The learner's schedule for ``job``, or the protocol default when their config leaves it out."""
    return automation.jobs.get(job) or Automation().jobs[job]


def due_occurrence(
    local_now: datetime, automation: Automation, job: str, *, ran: Container[date]
) -> date | None:
    """The occurrence of ``job`` that should run now, or None.

    ``ran`` holds the occurrences already run (or claimed). The latest
    occurrence is due once its time has passed and it has not run. A late run
    (a catch-up after the worker was down) that would land inside quiet hours
    waits for them to end, unless the learner scheduled the job inside quiet
    hours themselves.
    """
    schedule = job_schedule(automation, job)
    occurrence = latest_occurrence(local_now, schedule)
    if occurrence is None or occurrence in ran:
        return None
    quiet = automation.quiet_hours
    if in_quiet_hours(local_now.time(), quiet) and not in_quiet_hours(
        parse_clock(schedule.local_time), quiet
    ):
        return None
    return occurrence


def occurrence_key(job: str, repo_slug: str, occurrence: date) -> str:
    """The idempotency key of one scheduled occurrence: ``<job>/<repository>/<local date>``."""
    return f"{job}/{repo_slug}/{occurrence.isoformat()}"
