"""The event worker against real Git remotes, a real Redis and GitHub's API faked at HTTP.

Asserts what a learner would see on the remote: commits, files, trailers,
comments. Exactly-once and no-force-push are checked on real repositories.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import redis
import respx

from bot.intake.agent import LearnerInput, Recognition
from bot.intake.events import EventKind, event_key
from bot.intake.rule_agent import RuleAgent
from bot.plan import FileWrite
from bot.receipt import ReceiptField
from bot.replies import reply_marker
from forge_adapters.base import ForgeError
from tests.support.event_worker import github as github  # noqa: PLC0414 - the fixture
from tests.support.event_worker import note_event, runtime
from tests.support.event_worker import remote as remote  # noqa: PLC0414 - the fixture
from tests.support.fake_github import API, FakeGitHubComments, rest_repository
from tests.support.git_remotes import bot_commits, git, push_learner_commit
from tests.support.learner import CONFIG, REPO, issue_event
from workers.celery_app import create_celery
from workers.events import handle_event, register_event_task
from workers.git_workspace import Mirror
from workers.state_keys import PENDING


def test_note_becomes_one_commit_with_trailers_and_one_receipt_comment(
    tmp_path: Path, redis_url: str, remote: Path, github: FakeGitHubComments
) -> None:
    outcome = handle_event(runtime(tmp_path, redis_url), note_event(remote))
    assert outcome == "committed"
    (commit,) = bot_commits(remote)
    message = git(remote, "log", "-1", "--format=%B", commit)
    assert "GitLearnOS-Event: github:github.com/alice/learning#7/issue@" in message
    assert "GitLearnOS-Operation: organize" in message
    files = git(remote, "show", "--name-only", "--format=", commit).split()
    assert len(files) == 3 and files[:2] == ["dashboard-progress.svg", "dashboard.md"]
    assert files[2].startswith("subjects/mathematics/events/")
    assert files[2].endswith("-similar-triangles-fix-corresponding-vertices.md")
    assert git(remote, "show", "main:notes/private-todo.txt") == "buy graph paper\n"
    (body,) = github.bodies(7)
    for field in ReceiptField:
        assert f"**{field.value}:**" in body
    assert commit[:12] in body


def test_redelivery_makes_no_second_commit_and_no_second_comment(
    tmp_path: Path, redis_url: str, remote: Path, github: FakeGitHubComments
) -> None:
    worker = runtime(tmp_path, redis_url)
    handle_event(worker, note_event(remote))
    again = note_event(remote).model_copy(update={"delivery_id": "another-delivery"})
    assert handle_event(worker, again) == "already-applied"
    assert len(bot_commits(remote)) == 1
    assert len(github.bodies(7)) == 1
    assert github.created == 1


def test_failed_reply_is_retried_without_a_second_commit(
    tmp_path: Path, redis_url: str, remote: Path
) -> None:
    with respx.mock(assert_all_called=False) as router:
        github = FakeGitHubComments(router, fail_posts=1)
        worker = runtime(tmp_path, redis_url)
        with pytest.raises(ForgeError):
            handle_event(worker, note_event(remote))
        assert len(bot_commits(remote)) == 1
        assert github.bodies(7) == []
        assert handle_event(worker, note_event(remote)) == "already-applied"
    assert len(bot_commits(remote)) == 1
    (body,) = github.bodies(7)
    assert "**Git persistence:** committed" in body, "the retry posts the original receipt"


def test_retry_after_redis_lost_the_receipt_posts_an_honest_short_reply(
    tmp_path: Path, redis_url: str, remote: Path
) -> None:
    """Regression: the fallback reply for an already-applied event once crashed on a renamed attribute."""
    with respx.mock(assert_all_called=False) as router:
        github = FakeGitHubComments(router, fail_posts=1)
        worker = runtime(tmp_path, redis_url)
        with pytest.raises(ForgeError):
            handle_event(worker, note_event(remote))
        redis.Redis.from_url(redis_url).flushdb()  # the stashed receipt is gone
        assert handle_event(worker, note_event(remote)) == "already-applied"
    (commit,) = bot_commits(remote)
    (body,) = github.bodies(7)
    assert f"already recorded in commit `{commit[:12]}`" in body
    assert "dashboard.md" in body


class LearnerPushesMeanwhile:
    """An agent that, while the bot is planning, lets the learner push a commit of their own."""

    def __init__(self, remote: Path, work: Path) -> None:
        self._inner = RuleAgent()
        self._remote = remote
        self._work = work
        self.pushed = False

    def recognize(self, learner_input: LearnerInput) -> Recognition:
        if not self.pushed:
            push_learner_commit(
                self._remote, self._work, "notes/today.md", "my own notes\n", "Learner's own work"
            )
            self.pushed = True
        return self._inner.recognize(learner_input)


def test_concurrent_learner_commit_survives_and_nothing_is_forced(
    tmp_path: Path, redis_url: str, remote: Path, github: FakeGitHubComments
) -> None:
    agent = LearnerPushesMeanwhile(remote, tmp_path / "learner")
    assert handle_event(runtime(tmp_path, redis_url, agent), note_event(remote)) == "committed"
    log = git(remote, "log", "--format=%an|%s", "main").splitlines()
    assert log[0].startswith("GitLearnOS Bot|Record study note")
    assert "Alice|Learner's own work" in log
    assert git(remote, "show", "main:notes/today.md") == "my own notes\n"
    assert len(bot_commits(remote)) == 1
    assert len(github.bodies(7)) == 1


def test_bot_comment_event_changes_nothing(
    tmp_path: Path, redis_url: str, remote: Path, github: FakeGitHubComments
) -> None:
    event = note_event(
        remote, kind=EventKind.COMMENT_CREATED, comment="hi", login="gitlearnos-bot[bot]", is_bot=True
    )
    assert handle_event(runtime(tmp_path, redis_url), event) == "skipped"
    assert bot_commits(remote) == []
    assert github.bodies(7) == []


def test_credentials_never_reach_the_mirror_config(
    tmp_path: Path, redis_url: str, remote: Path, github: FakeGitHubComments
) -> None:
    handle_event(runtime(tmp_path, redis_url), note_event(remote))
    configs = list((tmp_path / "data" / "mirrors").rglob("config"))
    assert configs
    assert all(
        "t0ken" not in path.read_text() and "Authorization" not in path.read_text() for path in configs
    )


def test_an_event_that_cannot_be_applied_is_parked_not_lost(
    tmp_path: Path, redis_url: str, remote: Path
) -> None:
    """A forge that refuses the reply for good: the task fails visibly and the event waits in pending."""

    worker = runtime(tmp_path, redis_url)
    task = register_event_task(create_celery(worker.settings, redis_url), worker)
    event = note_event(remote)
    with respx.mock(assert_all_called=False) as router:
        router.get(f"{API}repos/alice/learning").respond(200, json=rest_repository("alice/learning"))
        router.get(url__startswith=API).respond(200, json=[])
        router.post(url__startswith=API).respond(
            403, json={"message": "Resource not accessible by integration"}
        )
        result = task.apply(args=[event.model_dump(mode="json")])
    assert result.failed()
    parked = redis.Redis.from_url(redis_url).hgetall(PENDING)
    assert len(parked) == 1
    (record,) = parked.values()
    assert '"error": "ForgeError"' in record.decode()
    assert len(bot_commits(remote)) == 1, "the commit landed; only the reply is pending"


def test_undo_reverts_the_organize_commit_on_the_remote(
    tmp_path: Path, redis_url: str, remote: Path, github: FakeGitHubComments
) -> None:
    worker = runtime(tmp_path, redis_url)
    handle_event(worker, note_event(remote))
    (organize,) = bot_commits(remote)
    record = next(
        p for p in git(remote, "show", "--name-only", "--format=", organize).split() if "/events/" in p
    )
    undo = note_event(remote, kind=EventKind.COMMENT_CREATED, comment="undo the last update")
    assert handle_event(worker, undo) == "committed"
    latest = git(remote, "log", "-1", "--format=%B", "main")
    assert f"GitLearnOS-Reverts: {organize}" in latest
    assert git(remote, "ls-tree", "-r", "--name-only", "main").split().count(record) == 0
    assert "dashboard.md" not in git(remote, "ls-tree", "-r", "--name-only", "main").split()
    assert len(git(remote, "log", "--format=%H", "main").split()) == 3, "history kept: start, organize, undo"


def test_a_learner_comment_quoting_the_marker_is_never_edited(
    tmp_path: Path, redis_url: str, remote: Path, github: FakeGitHubComments
) -> None:
    """Regression: a quote-reply copies the hidden marker; the bot used to take it for its own reply."""

    event = note_event(remote)
    quoted = f"> Recorded your note.\n>\n> {reply_marker(event_key(event))}\n\nThanks!"
    github.seed("alice", "learning", 7, quoted)
    handle_event(runtime(tmp_path, redis_url), event)
    bodies = github.bodies(7)
    assert bodies[0] == quoted, "the learner's comment is untouched"
    assert len(bodies) == 2 and "**Setup status:**" in bodies[1]


def test_manual_mode_waits_for_approval_then_commits_once(
    tmp_path: Path, redis_url: str, remote: Path, github: FakeGitHubComments
) -> None:
    bare = remote
    manual = CONFIG.replace("safe-auto", "manual")
    push_learner_commit(bare, tmp_path / "learner", "gitlearnos.yml", manual, "Manual mode")
    worker = runtime(tmp_path, redis_url)
    assert handle_event(worker, note_event(bare)) == "requires-approval"
    assert bot_commits(bare) == []
    approve = note_event(bare, kind=EventKind.COMMENT_CREATED, comment="/gitlearnos approve")
    assert handle_event(worker, approve) == "committed"
    assert len(bot_commits(bare)) == 1
    (reply,) = github.bodies(7)
    assert "**Git persistence:** committed" in reply, "the pending reply became the receipt"
    again = approve.model_copy(update={"comment": approve.comment.model_copy(update={"id": 100})})  # type: ignore[union-attr]
    assert handle_event(worker, again) == "already-applied"
    assert len(bot_commits(bare)) == 1 and len(github.bodies(7)) == 1


def test_approval_applies_the_pending_comment_note_it_follows(
    tmp_path: Path, redis_url: str, remote: Path, github: FakeGitHubComments
) -> None:
    """A note sent as a comment and left pending (manual mode) is what a later approval commits."""
    push_learner_commit(
        remote, tmp_path / "learner", "gitlearnos.yml", CONFIG.replace("safe-auto", "manual"), "m"
    )
    worker = runtime(tmp_path, redis_url)
    words = "In class I learned that AA similarity needs two pairs of equal angles."
    note_id = github.seed("alice", "learning", 7, words)
    note = note_event(remote, kind=EventKind.COMMENT_CREATED, comment=words)
    note = note.model_copy(update={"comment": note.comment.model_copy(update={"id": note_id})})  # type: ignore[union-attr]
    assert handle_event(worker, note) == "requires-approval"
    approval_id = github.seed("alice", "learning", 7, "/gitlearnos approve")
    approve = note_event(remote, kind=EventKind.COMMENT_CREATED, comment="/gitlearnos approve")
    approve = approve.model_copy(update={"comment": approve.comment.model_copy(update={"id": approval_id})})  # type: ignore[union-attr]
    assert handle_event(worker, approve) == "committed"
    (commit,) = bot_commits(remote)
    assert f"GitLearnOS-Event: {event_key(note)}" in git(remote, "log", "-1", "--format=%B", commit)
    changed = git(remote, "show", "--format=", "--unified=0", commit)
    assert "two pairs of equal angles" in changed and "corresponding vertices" not in changed


def test_a_push_the_remote_refuses_is_never_reported_as_done(
    tmp_path: Path, redis_url: str, remote: Path, github: FakeGitHubComments
) -> None:
    """A remote that refuses the push (a protected branch, a read-only token): no receipt claims a commit or
    a push; the learner gets the exact pending writeback instead (scenario 11, no repository write access)."""
    hook = remote / "hooks" / "pre-receive"
    hook.write_text("#!/bin/sh\necho 'branch is protected' >&2\nexit 1\n")
    hook.chmod(0o755)

    assert handle_event(runtime(tmp_path, redis_url), note_event(remote)) == "requires-approval"
    assert bot_commits(remote) == []
    (body,) = github.bodies(7)
    assert "the forge refused my push to `main`" in body and "<!-- gitlearnos:pending writeback -->" in body
    assert "subjects/mathematics/events/" in body and "(write)</summary>" in body, "every file it would write"
    assert "**Git persistence:** none" in body and "Recorded your note" not in body


def test_receipts_claim_no_rag_sync_no_scheduled_run_and_no_mastery(
    tmp_path: Path, redis_url: str, remote: Path, github: FakeGitHubComments
) -> None:
    handle_event(runtime(tmp_path, redis_url), note_event(remote))
    (body,) = github.bodies(7)
    assert "**RAG synchronization:** not attempted" in body
    assert "**Automation actually completed:** immediate:" in body and "no scheduled job ran" in body
    assert "**Mastery:** unchanged" in body
    assert "demonstrated" not in body


def test_a_branch_for_a_pull_request_is_pushed_beside_main_without_force(
    tmp_path: Path, remote: Path
) -> None:
    repo = REPO.model_copy(update={"clone_url": str(remote)})
    mirror = Mirror(tmp_path / "mirror", repo, None, timeout=60, clone_url=str(remote))
    main_before = mirror.sync()
    mirror.commit(
        (FileWrite(path="subjects/mathematics/handoffs/pack.md", content="# pack\n"),), (), "Pack\n"
    )
    assert mirror.push("gitlearnos/handoff-7") is True
    assert git(remote, "rev-parse", "main").strip() == main_before, "main is untouched"
    assert git(remote, "show", "gitlearnos/handoff-7:subjects/mathematics/handoffs/pack.md") == "# pack\n"
    mirror.sync()
    mirror.commit((FileWrite(path="notes/other.md", content="x\n"),), (), "Diverge\n")
    assert mirror.push("gitlearnos/handoff-7") is False, "a diverged branch is never overwritten"


def test_the_branch_written_is_the_one_the_forge_names_not_the_payloads(
    tmp_path: Path, redis_url: str, remote: Path, github: FakeGitHubComments
) -> None:
    """A payload is data even when signed: a ``default_branch`` it claims never picks what is pushed."""
    claimed = REPO.model_copy(update={"clone_url": str(remote), "default_branch": "payload-named"})
    assert handle_event(runtime(tmp_path, redis_url), issue_event(repo=claimed)) == "committed"
    assert len(bot_commits(remote)) == 1, "the note is committed on main, the branch the forge names"
    assert git(remote, "branch", "--list", "payload-named") == ""
