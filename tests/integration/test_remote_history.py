"""What the worker reads from the remote's history: bot commits behind merges, and ref races on push.

Real bare repositories, the real worker, GitHub's API faked at HTTP (as in ``test_event_worker``).
"""

from __future__ import annotations

import stat
import subprocess
from pathlib import Path

from tests.support.event_worker import github as github  # noqa: PLC0414 - the fixture
from tests.support.event_worker import note_event, runtime
from tests.support.event_worker import remote as remote  # noqa: PLC0414 - the fixture
from tests.support.fake_github import FakeGitHubComments
from tests.support.git_remotes import bot_commits, git
from workers.events import handle_event

ALICE = ("-c", "user.name=Alice", "-c", "user.email=alice@example.org")


def test_a_bot_commit_behind_a_learners_merge_is_found_and_nothing_is_recorded_twice(
    tmp_path: Path, redis_url: str, remote: Path, github: FakeGitHubComments
) -> None:
    """Regression: the check walked --first-parent only, so a replay committed the note again."""
    worker = runtime(tmp_path, redis_url)
    assert handle_event(worker, note_event(remote)) == "committed"
    (recorded,) = bot_commits(remote)
    # The learner had work of their own on the commit before the bot's, and merged the bot's in:
    # the merge's first parent is theirs, the bot's commit is behind its second parent.
    work = tmp_path / "learner"
    subprocess.run(["git", "clone", "-q", str(remote), str(work)], check=True)
    git(work, "reset", "-q", "--hard", "HEAD~1")
    (work / "notes" / "mine.md").write_text("my own work\n")
    git(work, "add", "notes/mine.md")
    git(work, *ALICE, "commit", "-qm", "My own work")
    git(work, *ALICE, "merge", "-q", "--no-ff", "-m", "Merge the bot's note", "origin/main")
    git(work, "push", "-q", "origin", "HEAD:main")
    assert git(remote, "log", "--first-parent", "--format=%H", "main").split().count(recorded) == 0

    again = note_event(remote).model_copy(update={"delivery_id": "redelivered"})
    assert handle_event(worker, again) == "already-applied"
    assert bot_commits(remote) == [recorded], "no second commit"
    (body,) = github.bodies(7)
    assert "**Git persistence:** committed" in body, "the receipt was not overwritten"


def race_once(remote: Path, tmp_path: Path) -> Path:
    """A learner commit that lands on ``main`` while the bot's first push is in flight.

    The pre-receive hook moves ``main`` (outside the push's quarantine) after receive-pack read the
    old value, so that push fails exactly as a lost race does: ``cannot lock ref 'refs/heads/main':
    is at X but expected Y``. Only the first push races; the hook then leaves a mark and stops.
    """
    work = tmp_path / "racer"
    subprocess.run(["git", "clone", "-q", str(remote), str(work)], check=True)
    (work / "notes" / "raced.md").write_text("pushed at the same moment\n")
    git(work, "add", "notes/raced.md")
    git(work, *ALICE, "commit", "-qm", "Learner's racing commit")
    git(work, "push", "-q", "origin", "HEAD:refs/learner/racing")
    mark = tmp_path / "raced"
    hook = remote / "hooks" / "pre-receive"
    hook.write_text(
        "#!/bin/sh\n"
        f'[ -e "{mark}" ] && exit 0\n'
        f'touch "{mark}"\n'
        "env -u GIT_QUARANTINE_PATH -u GIT_OBJECT_DIRECTORY -u GIT_ALTERNATE_OBJECT_DIRECTORIES "
        "git update-ref refs/heads/main refs/learner/racing\n"
    )
    hook.chmod(hook.stat().st_mode | stat.S_IEXEC)
    return mark


def test_a_push_that_loses_the_ref_race_re_plans_on_the_new_head(
    tmp_path: Path, redis_url: str, remote: Path, github: FakeGitHubComments
) -> None:
    """Regression: "cannot lock ref ... expected" was a git error that burned the task's retries."""
    mark = race_once(remote, tmp_path)
    assert handle_event(runtime(tmp_path, redis_url), note_event(remote)) == "committed"
    assert mark.exists(), "the first push raced"
    log = git(remote, "log", "--format=%an|%s", "main").splitlines()
    assert log[0].startswith("GitLearnOS Bot|Record study note"), "re-planned on the learner's commit"
    assert "Alice|Learner's racing commit" in log
    assert git(remote, "show", "main:notes/raced.md") == "pushed at the same moment\n"
    assert len(bot_commits(remote)) == 1
    assert len(github.bodies(7)) == 1
