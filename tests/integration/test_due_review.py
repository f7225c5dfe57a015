"""Due-review delivery against a real bare Git remote, a real Redis and GitHub's API faked at HTTP.

What the learner would see is asserted: bot commits on the remote and issues opened on the forge.
Clocks are passed in, never waited for.
"""

from __future__ import annotations

import base64
import json
import re
from datetime import UTC, date, datetime
from functools import partial
from pathlib import Path

import httpx
import pytest
import redis
import respx

from bot.records.codec import read_header
from bot.review.question import ANSWER_HEADING
from forge_adapters.base import ForgeError
from tests.support import linked_review as linked
from tests.support.due_review import KEY, MONDAY_0705_BERLIN, add_to_remote, planned_review
from tests.support.due_review import forge as forge  # noqa: PLC0414 - the fixture
from tests.support.event_worker import runtime
from tests.support.fake_github import API, FakeGitHubComments
from tests.support.git_remotes import bot_commits, git
from tests.support.scheduled_repo import BERLIN_CONFIG, register_with_mirror, seed_remote, served
from tests.support.scheduled_repo import remote as remote  # noqa: PLC0414 - the fixture
from workers.celery_app import SCHEDULE_QUEUE, create_celery
from workers.runtime import WorkerRuntime
from workers.scheduling.claims import claim_key
from workers.scheduling.dispatch import DUE_REVIEW_JOB as DUE_REVIEW
from workers.scheduling.dispatch import RUN_DUE_REVIEW, SCHEDULED_JOBS, dispatch_due
from workers.scheduling.due_review import (
    DueReviewResult,
    deliver_once,
    register_due_review_tasks,
    run_due_review,
)
from workers.state_keys import DUE_REVIEW_DELIVERY as DELIVERY

MONDAY = date(2026, 11, 30)
SUCCESS = "the explanation states the idea in the learner's own words"


def deliver(worker: WorkerRuntime, remote: Path) -> DueReviewResult:
    return run_due_review(worker, served(remote), MONDAY, now=MONDAY_0705_BERLIN)


def test_a_due_review_is_committed_as_delivered_and_sent_in_one_issue_once(
    tmp_path: Path, redis_url: str, remote: Path, forge: FakeGitHubComments
) -> None:
    path, content, question = planned_review(date(2026, 11, 27))
    add_to_remote(tmp_path, remote, path, content)
    worker = runtime(tmp_path, redis_url)

    result = deliver(worker, remote)

    assert (result.outcome, result.skipped, result.issue_number) == ("committed", False, 100)
    (commit,) = bot_commits(remote)
    message = git(remote, "log", "-1", "--format=%B", commit)
    assert f"GitLearnOS-Event: {KEY}" in message and "GitLearnOS-Operation: due-review" in message
    header = read_header(git(remote, "show", f"main:{path}"))
    assert header["Status"] == "planned" and header["Delivered"].startswith("2026-11-30 ")
    (issue,) = forge.issues
    assert question in issue["body"] and "Why this is asked now" in issue["body"]
    assert ANSWER_HEADING not in issue["body"] and SUCCESS not in issue["body"]
    assert f"committed `{commit[:12]}` on `main`" in issue["body"]

    again = deliver(worker, remote)
    assert again.skipped and again.reason == "this occurrence already ran"
    assert bot_commits(remote) == [commit] and len(forge.issues) == 1


def test_a_retry_after_the_push_finds_the_commit_and_does_not_open_a_second_issue(
    tmp_path: Path, redis_url: str, remote: Path, forge: FakeGitHubComments
) -> None:
    path, content, _ = planned_review(date(2026, 11, 30))
    add_to_remote(tmp_path, remote, path, content)
    worker = runtime(tmp_path, redis_url)
    first = deliver(worker, remote)
    # as if the worker died after the push
    worker.redis.delete(claim_key(DUE_REVIEW, served(remote).repo.slug, MONDAY))

    retried = deliver(worker, remote)

    assert (retried.outcome, retried.commit, retried.issue_number) == ("committed", first.commit, 100)
    assert retried.reason == "already delivered"
    assert len(bot_commits(remote)) == 1 and len(forge.issues) == 1


def test_an_issue_that_failed_to_open_is_opened_by_the_retry(
    tmp_path: Path, redis_url: str, remote: Path
) -> None:
    path, content, question = planned_review(date(2026, 11, 30))
    add_to_remote(tmp_path, remote, path, content)
    worker = runtime(tmp_path, redis_url)
    with respx.mock(assert_all_called=False) as router:
        # Added first, so it answers before the fake's own route: GitHub fails once, then recovers.
        opening = router.post(
            url__regex=re.escape(API) + r"repos/(?P<owner>alice)/(?P<repo>learning)/issues$"
        )
        opening.mock(return_value=httpx.Response(502, json={"message": "Server Error"}))
        forge = FakeGitHubComments(router)
        with pytest.raises(ForgeError):
            deliver(worker, remote)
        assert len(bot_commits(remote)) == 1 and forge.issues == []
        assert worker.redis.get(DELIVERY.format(key=KEY)) is None, "a refused call may be retried"

        opening.mock(side_effect=forge._open_issue)
        result = deliver(worker, remote)

    assert result.issue_number == 100 and len(forge.issues) == 1 and question in forge.issues[0]["body"]
    assert len(bot_commits(remote)) == 1


def test_a_run_with_nothing_due_is_skipped_with_no_commit_and_no_issue(
    tmp_path: Path, redis_url: str, remote: Path, forge: FakeGitHubComments
) -> None:
    # The task reads the real clock, so nothing may depend on today's date or hour: the review is due
    # far ahead and quiet hours are off (a run at 23:00 UTC was skipped for quiet hours instead).
    path, content, _ = planned_review(date(2099, 1, 1))
    config = BERLIN_CONFIG.replace("automation:\n", 'automation:\n  quiet_hours: ""\n')
    add_to_remote(tmp_path, remote, path, content, also={"gitlearnos.yml": config})
    worker = runtime(tmp_path, redis_url)
    head = git(remote, "rev-parse", "main")
    task = register_due_review_tasks(create_celery(worker.settings, redis_url), worker)

    outcome = task.apply(args=[served(remote).model_dump(mode="json"), MONDAY.isoformat()]).get()

    assert outcome["skipped"] is True and outcome["reason"] == "no planned review is due"
    assert git(remote, "rev-parse", "main") == head
    assert forge.issues == [] and forge.comments == {}
    evidence = json.loads(worker.redis.get(claim_key(DUE_REVIEW, served(remote).repo.slug, MONDAY)) or b"{}")
    assert evidence["skipped"] is True, "the skip is kept as run evidence outside the repository"


def test_the_dispatcher_enqueues_due_review_at_its_local_time_once(tmp_path: Path, redis_url: str) -> None:
    worker = runtime(tmp_path, redis_url)
    app = create_celery(worker.settings, redis_url)
    repo = register_with_mirror(worker, seed_remote(tmp_path, "due"), "alice/learning")
    jobs = tuple(SCHEDULED_JOBS)
    worker.redis.set(claim_key(DUE_REVIEW, repo.slug, date(2026, 11, 29)), "{}")  # Sunday's ran
    worker.redis.set("gitlearnos:occurrence:maintenance/" + repo.slug + "/2026-11-29", "{}")

    assert dispatch_due(worker, app, now=datetime(2026, 11, 30, 5, 59, tzinfo=UTC), jobs=jobs) == []
    assert dispatch_due(worker, app, now=MONDAY_0705_BERLIN, jobs=jobs) == [KEY]
    assert dispatch_due(worker, app, now=datetime(2026, 11, 30, 6, 6, tzinfo=UTC), jobs=jobs) == []

    (raw,) = redis.Redis.from_url(redis_url).lrange(SCHEDULE_QUEUE, 0, -1)
    message = json.loads(raw)
    assert message["headers"]["task"] == RUN_DUE_REVIEW
    assert json.loads(base64.b64decode(message["body"]))[0][1] == "2026-11-30"


def test_a_learner_push_between_inspection_and_push_stops_the_run_with_a_conflict(
    tmp_path: Path, redis_url: str, remote: Path, forge: FakeGitHubComments
) -> None:
    """The protocol: stop and report; never rebase, force-push or overwrite the learner's work."""
    path, content, _ = planned_review(date(2026, 11, 27))
    add_to_remote(tmp_path, remote, path, content)
    worker = runtime(tmp_path, redis_url)
    learners_push = partial(add_to_remote, tmp_path / "meanwhile", remote, "notes/meanwhile.md", "mine\n")
    (tmp_path / "meanwhile").mkdir()

    result = deliver_once(worker, served(remote), KEY, now=MONDAY_0705_BERLIN, before_push=learners_push)

    assert result.outcome == "conflict" and "stopped without rebase or force-push" in result.reason
    assert git(remote, "log", "-1", "--format=%an", "main").strip() == "Alice", (
        "the learner's commit is the head"
    )
    assert git(remote, "show", "main:notes/meanwhile.md") == "mine\n", "and it is intact"
    assert bot_commits(remote) == [] and forge.issues == [], "nothing delivered, nothing announced"
    evidence = json.loads(worker.redis.get(claim_key(DUE_REVIEW, served(remote).repo.slug, MONDAY)) or b"{}")
    assert evidence["outcome"] == "conflict", "the conflict is the run's recorded result"


def test_the_worker_delivers_fresh_questions_from_the_linked_gap_and_commits_them_once(
    tmp_path: Path, redis_url: str, remote: Path, forge: FakeGitHubComments
) -> None:
    review = linked.REVIEW.format(purpose="transfer").replace("2026-11-28", "2026-11-30")
    gap = linked.GAP.format(mastery="learning")
    also = {linked.GAP_PATH: gap, linked.EVENT_PATH: linked.EVENT}
    add_to_remote(tmp_path, remote, linked.REVIEW_PATH, review, also=also)

    result = deliver(runtime(tmp_path, redis_url), remote)

    assert result.outcome == "committed"
    record = git(remote, "show", f"main:{linked.REVIEW_PATH}")
    assert "2. Same method, new numbers: AB = 4 cm, DE = 8 cm, BC = 8 cm, so EF = ____." in record
    assert "- Question 2 expected answer (generated 2026-11-30): 16 cm" in record
    assert "- Question 3 success condition (generated 2026-11-30)" in record
    (issue,) = forge.issues
    assert (
        "3. Where you used BC/AB, what would have been right instead?" in issue["body"]
        and "Fresh questions added now" in issue["body"]
    )
    body = issue["body"]
    assert "success condition (generated" not in body and "12 cm" not in body and "16 cm" not in body
    assert len(bot_commits(remote)) == 1


def test_a_refused_push_opens_one_issue_with_the_pending_writeback_and_claims_no_delivery(
    tmp_path: Path, redis_url: str, remote: Path, forge: FakeGitHubComments
) -> None:
    """Scenario 11, no write access, on a scheduled run: the remote refuses the push as a protected branch
    does. The learner still hears of it, in one issue showing the exact pending writeback, and nothing
    claims a commit, a push or a delivery."""
    path, content, question = planned_review(date(2026, 11, 27))
    add_to_remote(tmp_path, remote, path, content)
    head = git(remote, "rev-parse", "main")
    hook = remote / "hooks" / "pre-receive"
    hook.write_text("#!/bin/sh\necho 'branch is protected' >&2\nexit 1\n")
    hook.chmod(0o755)
    worker = runtime(tmp_path, redis_url)

    result = deliver(worker, remote)

    assert (result.outcome, result.skipped, result.issue_number) == ("requires-approval", True, 100)
    assert git(remote, "rev-parse", "main") == head and bot_commits(remote) == []
    (issue,) = forge.issues
    body = issue["body"]
    assert "the forge refused my push to `main`" in body and "nothing was committed or pushed" in body
    assert f"<code>{path}</code> (write)</summary>" in body, "every file it would write"
    assert "**Git persistence:** none" in body and "committed `" not in body
    assert question in body and SUCCESS not in body, "the question shown, its answer key folded away"
    assert read_header(git(remote, "show", f"main:{path}"))["Status"] == "planned", "not delivered"

    again = deliver(worker, remote)
    assert again.reason == "this occurrence already ran" and len(forge.issues) == 1


def test_a_retried_run_whose_push_was_refused_opens_its_issue_once(
    tmp_path: Path, redis_url: str, remote: Path, forge: FakeGitHubComments
) -> None:
    """The refusal's issue is an effect like the delivery's: a retry of the run (its worker died after
    opening the issue, so the occurrence's claim ran out) finds it opened and opens no second one."""
    path, content, _ = planned_review(date(2026, 11, 27))
    add_to_remote(tmp_path, remote, path, content)
    hook = remote / "hooks" / "pre-receive"
    hook.write_text("#!/bin/sh\necho 'branch is protected' >&2\nexit 1\n")
    hook.chmod(0o755)
    worker = runtime(tmp_path, redis_url)
    first = deliver(worker, remote)
    worker.redis.delete(claim_key(DUE_REVIEW, served(remote).repo.slug, MONDAY))  # as if the worker died

    retried = deliver(worker, remote)

    assert (first.outcome, retried.outcome) == ("requires-approval", "requires-approval")
    assert retried.issue_number == first.issue_number == 100
    assert len(forge.issues) == 1 and forge.issues[0]["title"].startswith("Not delivered: ")
    assert bot_commits(remote) == []
