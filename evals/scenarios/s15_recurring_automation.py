"""Scenario 15, recurring automation: "Finish deployment. Use my local time zone and the default times."

Initial state: the review loop's repository (active goal, policy, a gap with a planned check due
yesterday; :mod:`evals.scenarios.review_loop`) with the learner's IANA time zone in ``gitlearnos.yml``
and the default job times (maintenance 21:30, due-review 07:00). Two variants, each on a fresh
repository:

* **no scheduler**: the shared evals stack runs no beat. The learner's request must leave both jobs
  ``unavailable`` in ``automation.md`` with the requested schedules kept, say ``incomplete`` without a
  false claim, and learning must go on interactively (a study note is still organized).
* **scheduler**: a real ``gitlearnos beat`` (RedBeat) runs beside the stack for this variant only
  (:mod:`evals.harness.beat`). Both jobs must end ``verified`` with provider task IDs and next runs that
  match the scheduler's own listing, each linking one observed run; the due question is delivered once
  without its answer; the scheduler's catch-up of the missed morning occurrence and a later occurrence
  find no work and change nothing.

"One unorganized note" of the initial state is a learner comment written before the bot's hook existed,
i.e. one whose webhook never came: maintenance's test run must catch it up and organize it once.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Sequence
from datetime import UTC, date, datetime, timedelta
from typing import Any, TypeVar
from zoneinfo import ZoneInfo

import redis

from evals.harness.beat import running_beat
from evals.harness.checks import Check, CheckRecorder
from evals.harness.forge_run import ForgeRun, LearnerRepository, ScenarioError
from evals.harness.learner_checks import affirmative_sentences, history_kept, no_new_commit
from evals.harness.repo_state import RepoState
from evals.harness.wire import OCCURRENCE, REDBEAT_LOCK, REDBEAT_SCHEDULE, SCHEDULES
from evals.sandbox.client import SandboxClient
from evals.sandbox.store import BOT_LOGIN
from evals.scenarios.review_loop import (
    EXPECTED,
    QUESTION,
    due_files,
    issue_exists,
    run_due_review,
    with_config,
)

NUMBER = "15"
TITLE = "Recurring automation"
TIME_ZONE = "Europe/Berlin"
REQUEST_TITLE = "Finish deployment"
REQUEST = "Finish deployment. Use my local time zone and the default automatic times."
NOTE_TITLE = "Similar triangles"
NOTE = "Today I learned that similar triangles keep their angles. Save this for my geometry goal."
AUTOMATION = "automation.md"
DEFAULT_TIMES = {"maintenance": "21:30", "due-review": "07:00"}  # the protocol's default job times, daily
STEP_TIMEOUT_S = 90.0
SETTLE_S = 3.0
INBOX_TITLE = "Notes"
INBOX = 1
UNORGANIZED = (
    "In class I learned that corresponding vertices must be fixed before writing a triangle-similarity "
    "statement. Save this and connect it to my geometry work."
)
STATE = re.compile(r"^## `(?P<job>[a-z-]+)`.*?^- State: `(?P<state>[a-z]+)`", re.M | re.S)
FIELD = "^- {name}: (?P<value>.*)$"
CLAIMS = re.compile(r"\b(is|are|was|were) (now )?(verified|running|deployed)\b", re.I)
T = TypeVar("T")


def run(ctx: ForgeRun) -> Sequence[Check]:
    files = with_config(due_files(), automation__time_zone=TIME_ZONE)
    with ctx.checks.section("no scheduler"):
        _without_scheduler(ctx, ctx.create_repository("no-scheduler", files, before_hook=_unorganized_note))
    with ctx.checks.section("scheduler"), running_beat(ctx.stack.redis_url, ctx.workdir / "beat"):
        _with_scheduler(ctx, ctx.create_repository("scheduler", files, before_hook=_unorganized_note))
    return ctx.checks.results


def _unorganized_note(learner: SandboxClient, full_name: str) -> None:
    """Issue #1 with the learner's note as a comment, both before the hook: no webhook ever told the bot.

    The inbox issue itself carries no text, so the comment is the one note to catch up. (Its body was
    once "My notes"; since maintenance also catches up missed issues, the rule agent's cue words file
    that body as a second note — a recognition flaw the judgement issue owns, not this scenario's point.)
    """
    number = int(learner.open_issue(full_name, title=INBOX_TITLE, body="")["number"])
    learner.comment(full_name, number, UNORGANIZED)


def _without_scheduler(ctx: ForgeRun, repo: LearnerRepository) -> None:
    checks = ctx.checks
    before = repo.observe()
    number = repo.open_issue(REQUEST_TITLE, REQUEST)
    reply = repo.wait_for_replies(number, timeout=STEP_TIMEOUT_S)[-1]
    after = repo.observe()
    text = after.files.get(AUTOMATION, "")
    states = job_states(text)
    checks.expect(
        "both jobs are `unavailable`, none verified or configured",
        states == {"maintenance": "unavailable", "due-review": "unavailable"},
        f"automation.md states: {states}",
    )
    _schedules_kept(checks, text)
    checks.expect(
        "deployment automation is reported `incomplete`",
        "Deployment automation: `incomplete`" in text and "`incomplete`" in reply,
        f"reply starts {reply[:120]!r}",
    )
    claims = affirmative_sentences(reply + "\n" + text, CLAIMS)
    checks.expect(
        "no false claim of a running scheduler", not claims, f"claims: {claims}" if claims else "none"
    )
    checks.expect(
        "nothing was run or delivered without a scheduler",
        not issue_exists(repo, number + 1) and field(text, "Last verified run", "maintenance") == "none",
        "no delivery issue, no verified run",
    )
    history_kept(checks, before, after)
    note = repo.open_issue(NOTE_TITLE, NOTE)
    repo.wait_for_replies(note)
    organized = repo.observe().commits_since(after)
    checks.expect(
        "interactive use continues",
        any("organize" in c.trailer("GitLearnOS-Operation") for c in organized),
        f"{len(organized)} commit(s) after the study note",
    )


def _with_scheduler(ctx: ForgeRun, repo: LearnerRepository) -> None:
    checks = ctx.checks
    before = repo.observe()
    asked_at = local_now()
    number = repo.open_issue(REQUEST_TITLE, REQUEST)
    reply = _eventually(
        lambda: next((r for r in repo.bot_replies(number) if "`verified`" in r), None), "the verified reply"
    )
    after = repo.observe()
    text = after.files.get(AUTOMATION, "")
    checks.expect(
        "both jobs are `verified` after an observed run",
        job_states(text) == {"maintenance": "verified", "due-review": "verified"}
        and "Deployment automation: `verified`" in text
        and "`verified`" in reply,
        f"automation.md states: {job_states(text)}",
    )
    _schedules_kept(checks, text)
    _matches_the_scheduler_listing(ctx, repo, text, asked_at)
    _runs_are_evidenced(ctx, text)
    delivery = _delivered_once(ctx, repo, before, after, first_issue=number + 1)
    _note_caught_up(ctx, repo, before, after)
    history_kept(checks, before, after)
    secrets = [ctx.stack.webhook_secret, ctx.stack.sandbox.token(BOT_LOGIN)]
    exposed = [path for path, content in after.files.items() if any(s and s in content for s in secrets)]
    checks.expect(
        "no credential in learner state", not exposed, f"exposed in {exposed}" if exposed else "none"
    )
    _later_occurrences_are_silent(ctx, repo, delivery)


def _note_caught_up(ctx: ForgeRun, repo: LearnerRepository, before: RepoState, after: RepoState) -> None:
    organized = [c for c in after.commits_since(before) if "organize" in c.trailer("GitLearnOS-Operation")]
    keys = [key for c in organized for key in c.trailer("GitLearnOS-Event")]
    replies = repo.bot_replies(INBOX)
    ctx.checks.expect(
        "maintenance organizes the note whose webhook was lost, once",
        len(organized) == 1 and f"#{INBOX}/comment/" in keys[0] and len(replies) == 1,
        f"organize commits {keys}; {len(replies)} receipt(s) on #{INBOX}",
    )


def job_states(text: str) -> dict[str, str]:
    return {m["job"]: m["state"] for m in STATE.finditer(text)}


def field(text: str, name: str, job: str) -> str:
    section = text.split(f"## `{job}`", 1)[-1].split("\n## ", 1)[0]
    found = re.search(FIELD.format(name=re.escape(name)), section, re.M)
    return found["value"].strip() if found else ""


def _schedules_kept(checks: CheckRecorder, text: str) -> None:
    times = {job: field(text, "Local time", job) for job in ("maintenance", "due-review")}
    zones = {field(text, "Time zone", job) for job in ("maintenance", "due-review")}
    checks.expect(
        "the default times in the learner's IANA time zone are recorded",
        times == {"maintenance": "21:30", "due-review": "07:00"}
        and zones == {TIME_ZONE}
        and all(field(text, "Recurrence", job) == "daily" for job in times),
        f"local times {times}, time zones {zones}",
    )


def local_now(time_zone: str = TIME_ZONE) -> datetime:
    """The learner's wall clock now (naive), from which the harness works out occurrences itself."""
    return datetime.now(UTC).astimezone(ZoneInfo(time_zone)).replace(tzinfo=None)


def at_clock(day: date, local_time: str) -> datetime:
    hours, minutes = (int(part) for part in local_time.split(":"))
    return datetime(day.year, day.month, day.day, hours, minutes)


def latest_daily(now: datetime, local_time: str) -> date:
    """The date of the last daily ``local_time`` at or before the wall clock ``now``."""
    today_at = at_clock(now.date(), local_time)
    return now.date() if today_at <= now else now.date() - timedelta(days=1)


def next_daily(now: datetime, local_time: str) -> datetime:
    """The next daily ``local_time`` strictly after the wall clock ``now``."""
    today_at = at_clock(now.date(), local_time)
    return today_at if today_at > now else today_at + timedelta(days=1)


def expected_next_runs(now: datetime, since: datetime) -> dict[str, set[str]]:
    """The ``Next run`` each job may show: the next default time after ``since`` or after ``now``."""
    return {
        job: {f"{next_daily(moment, clock):%Y-%m-%d %H:%M} {TIME_ZONE}" for moment in (since, now)}
        for job, clock in DEFAULT_TIMES.items()
    }


def _matches_the_scheduler_listing(
    ctx: ForgeRun, repo: LearnerRepository, text: str, asked_at: datetime
) -> None:
    """Observe what the harness knows on its own (RedBeat's state, the registered task IDs, and the next
    runs it computes from the learner's time zone and the default times), then judge automation.md."""
    client = redis.Redis.from_url(ctx.stack.redis_url)
    try:
        live = bool(client.exists(REDBEAT_LOCK)) and int(client.zcard(REDBEAT_SCHEDULE)) > 0
        raw: dict[bytes, bytes] = client.hgetall(SCHEDULES)  # type: ignore[assignment]
    finally:
        client.close()
    registered = {
        json.loads(entry)["job"]: key.decode()
        for key, entry in raw.items()
        if json.loads(entry)["repository"].endswith(repo.full_name)
    }
    judge_listing(ctx.checks, text, live, registered, expected_next_runs(local_now(), asked_at))


def judge_listing(
    checks: CheckRecorder, text: str, live: bool, registered: dict[str, str], allowed: dict[str, set[str]]
) -> None:
    """automation.md names a live RedBeat, the task IDs registered for this repository, and true next runs."""
    recorded_ids = {job: field(text, "Provider task ID", job).strip("`") for job in DEFAULT_TIMES}
    next_runs = {job: field(text, "Next run", job) for job in DEFAULT_TIMES}
    checks.expect(
        "automation.md names a live RedBeat scheduler, its registered task IDs, and the true next runs",
        live
        and recorded_ids == registered
        and all(next_runs[job] in allowed[job] for job in DEFAULT_TIMES)
        and all(field(text, "Provider", job) == "celery-redbeat" for job in DEFAULT_TIMES),
        f"RedBeat live: {live}; automation.md task IDs {recorded_ids}, registered {registered}; "
        f"next runs {next_runs}, expected one of {allowed}",
    )


def _runs_are_evidenced(ctx: ForgeRun, text: str) -> None:
    client = redis.Redis.from_url(ctx.stack.redis_url)
    try:
        results = {}
        for job in ("maintenance", "due-review"):
            key = field(text, "Receipt path or external receipt ID", job).split("`")[1:2]
            raw = client.get(OCCURRENCE.format(key=key[0])) if key else None
            results[job] = json.loads(raw)["outcome"] if raw else None
    finally:
        client.close()
    ctx.checks.expect(
        "each job links one real test-run result, and it was safe",
        all(outcome in {"skipped", "committed"} for outcome in results.values())
        and all(field(text, "Last verified run", job) != "none" for job in results),
        f"run results kept by the scheduler: {results}",
    )


def _delivered_once(
    ctx: ForgeRun, repo: LearnerRepository, before: RepoState, after: RepoState, *, first_issue: int
) -> dict[str, Any] | None:
    with ctx.stack.sandbox.client() as learner:
        try:
            issue = learner.issue(repo.full_name, first_issue)
        except Exception:
            issue = None
    body = str(issue.get("body") or "") if issue else ""
    ctx.checks.expect(
        "the due question is delivered, without its answer",
        QUESTION in body and EXPECTED not in body,
        f"issue #{first_issue}: {'the question, no answer' if QUESTION in body else body[:120] or 'missing'}",
    )
    keyed = [c for c in after.commits_since(before) if c.trailer("GitLearnOS-Event")]
    ctx.checks.expect(
        "every scheduled write carries its occurrence key and is one commit",
        bool(keyed) and len(keyed) == len(after.commits_since(before)),
        ", ".join(f"{c.trailer('GitLearnOS-Operation')} {c.trailer('GitLearnOS-Event')}" for c in keyed),
    )
    return issue


def _later_occurrences_are_silent(
    ctx: ForgeRun, repo: LearnerRepository, delivery: dict[str, Any] | None
) -> None:
    """The beat catches up the occurrence the new repository missed, then the next one comes: no work."""
    slug_part = f"/{repo.full_name}/"
    missed = latest_daily(local_now(), DEFAULT_TIMES["due-review"])
    catch_up = _eventually(lambda: _scheduled_run(ctx, "due-review", slug_part, missed), "the catch-up run")
    time.sleep(SETTLE_S)  # further dispatches of the same occurrence, had there been any
    caught_up = repo.observe()
    number = int(delivery["number"]) if delivery else 0
    ctx.checks.expect(
        "a missed occurrence catches up once and does not redeliver",
        catch_up.get("outcome") in {"skipped", "committed"}
        and _runs_of(ctx, "due-review", slug_part) == 1
        and not issue_exists(repo, number + 1),
        f"catch-up of {missed}: {catch_up.get('outcome')} ({catch_up.get('reason')}); one delivery issue",
    )
    following = missed + timedelta(days=1)
    run_due_review(repo, following)
    later = _eventually(
        lambda: _scheduled_run(ctx, "due-review", slug_part, following), "the next occurrence"
    )
    final = repo.observe()
    no_new_commit(ctx.checks, "a later no-work occurrence makes no commit", caught_up, final)
    ctx.checks.expect(
        "and sends no notification or filler question",
        later.get("skipped") is True and not issue_exists(repo, number + 1),
        f"run of {following}: {later.get('outcome')} ({later.get('reason')}); no new issue",
    )


def _runs_of(ctx: ForgeRun, job: str, slug_part: str) -> int:
    """Scheduled (not verification) runs of ``job`` for the repository the scheduler has recorded."""
    client = redis.Redis.from_url(ctx.stack.redis_url)
    try:
        keys = client.scan_iter(OCCURRENCE.format(key=f"{job}/*{slug_part}*"))
        return sum(1 for key in keys if b"/verify-" not in key)
    finally:
        client.close()


def _scheduled_run(ctx: ForgeRun, job: str, slug_part: str, day: date) -> dict[str, Any] | None:
    client = redis.Redis.from_url(ctx.stack.redis_url)
    try:
        for key in client.scan_iter(OCCURRENCE.format(key=f"{job}/*{slug_part}{day.isoformat()}")):
            try:
                found: dict[str, Any] = json.loads(client.get(key) or b"")
            except ValueError:
                return None  # still running
            return found
    finally:
        client.close()
    return None


def _eventually(probe: Callable[[], T | None], what: str) -> T:
    deadline = time.monotonic() + STEP_TIMEOUT_S
    while time.monotonic() < deadline:
        found = probe()
        if found:
            return found
        time.sleep(0.25)
    raise ScenarioError(f"timed out waiting for {what}")
