"""Issue #5's acceptance for scheduling, on real processes: beat, worker, web, Redis, the sandbox forge.

``gitlearnos beat`` (RedBeat) dispatches every second here (``GITLEARNOS_DISPATCH_INTERVAL_SECONDS``)
and the learner's schedule is set relative to the real clock, so nothing waits for 07:00: a job whose
local time passed a minute ago is due now. A second occurrence comes from the learner moving time
zones (UTC-11 to UTC+13 is the same wall-clock time one local day later), which is a real change of
occurrence, not a trick on the bot's clock. What the learner would see is asserted: issues the bot
opened, commits (by their ``GitLearnOS-Operation`` trailer) and the run evidence the scheduler keeps.
"""

from __future__ import annotations

import itertools
import json
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any, TypeVar

import pytest
import redis
import yaml

from evals.harness.repo_state import RemoteObserver, RepoState
from evals.local_stack import LocalStack, start_local_stack
from evals.sandbox.client import SandboxClientError
from evals.sandbox.store import BOT_LOGIN
from evals.scenarios.learner_files import CONFIG, learner_files
from tests.support.due_review import planned_review

pytestmark = pytest.mark.e2e

T = TypeVar("T")
TICK = 1.0
_names = itertools.count(1)


@pytest.fixture(scope="module")
def stack(redis_server: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[LocalStack]:
    url = f"{redis_server}/14"
    redis.Redis.from_url(url).flushdb()
    with start_local_stack(
        tmp_path_factory.mktemp("scheduled"),
        redis_url=url,
        with_beat=True,
        extra_env={"GITLEARNOS_DISPATCH_INTERVAL_SECONDS": str(TICK)},
        with_rag_worker=False,
    ) as running:
        yield running


def eventually(probe: Callable[[], T | None], what: str, timeout: float = 60.0) -> T:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = probe()
        if found:
            return found
        time.sleep(0.25)
    raise AssertionError(f"timed out waiting for {what}")


def clock(moment: datetime) -> str:
    return moment.strftime("%H:%M")


@dataclass
class ScheduledRepo:
    """A learner repository on the sandbox, its schedule, and what the learner can see of the bot."""

    stack: LocalStack
    full_name: str
    observer: RemoteObserver

    @classmethod
    def create(cls, stack: LocalStack, tmp: Path, automation: dict[str, Any]) -> ScheduledRepo:
        full_name = f"{stack.sandbox.learner}/scheduled-{next(_names)}"
        path, content, _ = planned_review(date(2020, 1, 6))  # due long ago
        files = learner_files(extra={path: content})
        files[CONFIG] = _with_automation(files[CONFIG], automation)
        with stack.sandbox.client() as learner:
            learner.create_repository(full_name, private=True, files=files)
            learner.add_hook(full_name, url=stack.webhook_url, secret=stack.webhook_secret)
            learner.open_issue(full_name, title="hello", body="Hello!")  # the bot now serves this repository
        token = stack.sandbox.token(stack.sandbox.learner)
        observer = RemoteObserver(stack.sandbox.git_url(full_name), token, tmp / full_name.replace("/", "__"))
        repo = cls(stack, full_name, observer)
        eventually(
            lambda: repo.claimed("maintenance") or repo.claimed("due-review") or repo.verified(), "service"
        )
        return repo

    def set_automation(self, automation: dict[str, Any]) -> None:
        """Push a new schedule, then file an issue: the bot reads a repository's config when it next
        handles something there (the learner's hook sends issues, not pushes)."""
        with self.stack.sandbox.client() as learner:
            config = learner.file(self.full_name, CONFIG).decode()
            learner.push_file(
                self.full_name, CONFIG, _with_automation(config, automation).encode(), "Change my schedule"
            )
            learner.open_issue(self.full_name, title="schedule", body="I changed my schedule.")

    def bot_issues(self) -> list[dict[str, Any]]:
        found = []
        with self.stack.sandbox.client() as learner:
            for number in itertools.count(1):
                try:
                    issue = learner.issue(self.full_name, number)
                except SandboxClientError:
                    return found
                if issue["user"]["login"] == BOT_LOGIN:
                    found.append(issue)
        return found

    def bot_comments(self) -> int:
        with self.stack.sandbox.client() as learner:
            return sum(1 for c in learner.comments(self.full_name, 1) if c["user"]["login"] == BOT_LOGIN)

    def observe(self) -> RepoState:
        return self.observer.observe()

    def runs(self, job: str) -> dict[str, dict[str, Any]]:
        """Finished runs of ``job`` by occurrence key, as the scheduler records them."""
        client = redis.Redis.from_url(self.stack.redis_url)
        found = {}
        for key in client.scan_iter(f"gitlearnos:occurrence:{job}/*/{self.full_name}/*"):
            try:
                found[key.decode().split(":", 2)[2]] = json.loads(client.get(key) or b"")
            except ValueError:
                continue  # still running
        return found

    def claimed(self, job: str) -> bool:
        return bool(self.runs(job))

    def verified(self) -> bool:
        return bool(
            redis.Redis.from_url(self.stack.redis_url).keys(f"gitlearnos:automation:*{self.full_name}*")
        )


def _with_automation(config_text: str, automation: dict[str, Any]) -> str:
    config = yaml.safe_load(config_text)
    config["automation"] = automation
    return yaml.safe_dump(config, sort_keys=False)


def operations(state: RepoState, since: RepoState) -> list[str]:
    return [op for commit in state.commits_since(since) for op in commit.trailer("GitLearnOS-Operation")]


def schedule(
    time_zone: str, due_review: str, *, quiet_hours: str = "", maintenance: str | None = None
) -> dict[str, Any]:
    return {
        "time_zone": time_zone,
        "quiet_hours": quiet_hours,
        "jobs": {
            "due-review": {"recurrence": "daily", "local_time": due_review},
            "maintenance": {"recurrence": "daily", "local_time": maintenance or due_review},
        },
    }


def test_a_due_item_is_delivered_once_and_the_next_occurrence_with_no_work_is_silent(
    stack: LocalStack, tmp_path: Path
) -> None:
    west = datetime.now(UTC) - timedelta(hours=11)  # Etc/GMT+11 is UTC-11
    repo = ScheduledRepo.create(stack, tmp_path, schedule("Etc/GMT+11", clock(west - timedelta(minutes=2))))

    (issue,) = eventually(repo.bot_issues, "the delivery issue")
    time.sleep(5 * TICK)  # several more dispatches
    first = repo.observe()
    assert len(repo.bot_issues()) == 1, "exactly one delivery"
    assert operations(first, RepoState()).count("due-review") == 1
    assert "Answer in a comment on this issue" in issue["body"] and "Success condition" not in issue["body"]

    # The learner moves to UTC+13: the same wall-clock time, one local day later — the next occurrence.
    repo.set_automation(schedule("Etc/GMT-13", clock(west - timedelta(minutes=2))))
    next_day = (west + timedelta(hours=24) - timedelta(minutes=2)).date().isoformat()
    runs = eventually(
        lambda: {k: v for k, v in repo.runs("due-review").items() if k.endswith(next_day)},
        "the next occurrence",
    )
    ((_, evidence),) = runs.items()
    assert evidence["skipped"] is True and evidence["reason"] == "no planned review is due"
    time.sleep(3 * TICK)
    later = repo.observe()
    assert set(operations(later, first)) <= {"automation"}, (
        "no learning commit (automation.md may record the move)"
    )
    assert len(repo.bot_issues()) == 1 and repo.bot_comments() == 0, "no notification"


def test_quiet_hours_defer_delivery_until_they_end(stack: LocalStack, tmp_path: Path) -> None:
    now = datetime.now(UTC)
    quiet = f"{clock(now - timedelta(hours=1))}-{clock(now + timedelta(hours=1))}"
    repo = ScheduledRepo.create(
        stack, tmp_path, schedule("UTC", clock(now - timedelta(hours=2)), quiet_hours=quiet)
    )

    time.sleep(6 * TICK)
    assert repo.bot_issues() == [], "nothing is sent inside quiet hours"
    assert "due-review" not in operations(repo.observe(), RepoState())

    repo.set_automation(schedule("UTC", clock(now - timedelta(hours=2))))  # the learner ends quiet hours
    eventually(repo.bot_issues, "the deferred delivery")
    time.sleep(3 * TICK)
    assert len(repo.bot_issues()) == 1
    assert operations(repo.observe(), RepoState()).count("due-review") == 1


def test_a_worker_down_across_an_occurrence_catches_up_exactly_once(
    stack: LocalStack, tmp_path: Path
) -> None:
    now = datetime.now(UTC)
    off = {
        "time_zone": "UTC",
        "quiet_hours": "",
        "jobs": {j: {"recurrence": "disabled"} for j in ("due-review", "maintenance")},
    }
    repo = ScheduledRepo.create(stack, tmp_path, off)
    stack.stop_worker()
    try:
        repo.set_automation(
            schedule("UTC", clock(now - timedelta(minutes=1)), maintenance=clock(now + timedelta(hours=6)))
        )
        time.sleep(5 * TICK)  # beat keeps dispatching to nobody; the occurrence passes
        assert repo.bot_issues() == []
    finally:
        stack.start_worker()

    eventually(repo.bot_issues, "the catch-up delivery", timeout=90)
    time.sleep(5 * TICK)
    assert len(repo.bot_issues()) == 1
    scheduled = [key for key in repo.runs("due-review") if "/verify-" not in key]
    assert len(scheduled) == 1, (
        f"one catch-up run of the missed occurrence, not one per dispatch: {scheduled}"
    )
    assert operations(repo.observe(), RepoState()).count("due-review") == 1
