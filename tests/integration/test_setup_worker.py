"""Setup through the event worker: a real bare remote, a real Redis, GitHub's API faked at HTTP.

A repository that holds nothing but the README GitHub creates is set up by
one issue conversation (the worker hands the thread to the core while there is
no ``gitlearnos.yml``), then a study note filed with the installed form is
organized like in any configured repository.
"""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
import respx

from bot.intake.events import Comment, CommentCreated, InboundEvent, as_kind
from bot.receipt import ReceiptField
from tests.support.event_worker import runtime
from tests.support.fake_github import API, FakeGitHubComments, rest_user
from tests.support.git_remotes import bot_commits, git, seeded_remote
from tests.support.learner import REPO, issue_event
from workers.events import handle_event
from workers.runtime import WorkerRuntime

OPENING = "Use GitLearnOS. My first subject is mathematics. I want to improve geometry."
SETUP_FILES = {
    "gitlearnos.yml",
    "AGENTS.md",
    "automation.md",
    "dashboard.md",
    "learner-profile.md",
    "subjects/mathematics/goals/main-goal.md",
    ".github/ISSUE_TEMPLATE/study-note.yml",
    ".github/ISSUE_TEMPLATE/mistake-or-attempt.yml",
    ".github/ISSUE_TEMPLATE/question.yml",
    ".github/ISSUE_TEMPLATE/teacher-feedback.yml",
}
STUDY_NOTE = (
    "### Subject\n\nmathematics\n\n"
    "### Note\n\nAngles in the same segment of a circle are equal.\n\n"
    "### Channel\n\nbook\n"
)


@pytest.fixture
def remote(tmp_path: Path) -> Path:
    """A new private repository as GitHub creates it with "Add a README": one commit, one file."""
    return seeded_remote(tmp_path, "remote", {"README.md": "# learning\n"}, "Initial commit")


@pytest.fixture
def github() -> Iterator[FakeGitHubComments]:
    with respx.mock(assert_all_called=False) as router:
        router.get(f"{API}user").respond(200, json=rest_user("gitlearnos-bot[bot]", user_type="Bot"))
        yield FakeGitHubComments(router)


@pytest.fixture
def worker(tmp_path: Path, redis_url: str) -> WorkerRuntime:
    return runtime(tmp_path, redis_url)


def opened(remote: Path, body: str = OPENING, number: int = 7) -> InboundEvent:
    repo = REPO.model_copy(update={"clone_url": str(remote)})
    return issue_event(body, title="GitLearnOS", number=number, repo=repo)


def answered(remote: Path, github: FakeGitHubComments, text: str) -> InboundEvent:
    """The learner's comment on issue 7: on the fake forge first, then as the webhook event."""
    comment_id = github.seed("alice", "learning", 7, text)
    return as_kind(opened(remote), CommentCreated, comment=Comment(id=comment_id, body=text))


def test_a_conversation_sets_up_the_repository_then_a_note_is_organized(
    remote: Path, github: FakeGitHubComments, worker: WorkerRuntime
) -> None:
    assert handle_event(worker, opened(remote)) == "skipped"
    assert "setup asked=material" in github.bodies(7)[-1]
    assert handle_event(worker, answered(remote, github, "defaults")) == "skipped"
    assert "setup asked=time_zone" in github.bodies(7)[-1]
    assert bot_commits(remote) == [], "nothing is written while the gate is open"

    assert handle_event(worker, answered(remote, github, "Europe/Berlin")) == "committed"
    (setup,) = bot_commits(remote)
    assert set(git(remote, "show", "--name-only", "--format=", setup).split()) == SETUP_FILES
    message = git(remote, "log", "-1", "--format=%B", setup)
    assert "GitLearnOS-Operation: setup" in message
    assert git(remote, "show", "main:README.md") == "# learning\n", "the learner's file is untouched"
    assert 'time_zone: "Europe/Berlin"' in git(remote, "show", "main:gitlearnos.yml")
    receipt = github.bodies(7)[-1]
    for field in ReceiptField:
        assert f"**{field.value}:**" in receipt
    assert f"committed `{setup[:12]}`" in receipt and "requested, not verified" in receipt

    assert handle_event(worker, opened(remote, STUDY_NOTE, number=8)) == "committed"
    organize, _ = bot_commits(remote)
    files = git(remote, "show", "--name-only", "--format=", organize).split()
    assert "dashboard.md" in files
    assert any(path.startswith("subjects/mathematics/events/") for path in files)
    assert "GitLearnOS-Operation: organize" in git(remote, "log", "-1", "--format=%B", organize)


def test_one_complete_request_is_one_setup_commit_and_a_redelivery_changes_nothing(
    remote: Path, github: FakeGitHubComments, worker: WorkerRuntime
) -> None:
    event = opened(remote, OPENING + "\nTime zone: UTC\nUse the defaults for everything else.")
    assert handle_event(worker, event) == "committed"
    again = event.model_copy(update={"delivery_id": "redelivered"})
    assert handle_event(worker, again) == "already-applied"
    assert len(bot_commits(remote)) == 1
    assert len(github.bodies(7)) == 1


def test_a_brand_new_empty_repository_is_set_up_with_a_root_commit(
    tmp_path: Path, github: FakeGitHubComments, worker: WorkerRuntime
) -> None:
    """Regression: syncing a remote with no branch yet used to fail ("couldn't find remote ref")."""
    bare = tmp_path / "empty.git"
    subprocess.run(["git", "init", "-q", "--bare", "-b", "main", str(bare)], check=True)
    event = opened(bare, OPENING + "\nTime zone: UTC\nUse the defaults for everything else.")
    assert handle_event(worker, event) == "committed"
    (setup,) = git(bare, "log", "--format=%H", "main").split()
    assert git(bare, "log", "-1", "--format=%P", setup).strip() == "", "the setup commit is the root commit"
    assert set(git(bare, "show", "--name-only", "--format=", setup).split()) == SETUP_FILES


PLAIN_REPLIES = [("The default times are fine.", "07:00"), ("6 am instead", "06:00")]


@pytest.mark.parametrize(("reply", "due_review"), PLAIN_REPLIES)
def test_a_plain_yes_or_change_to_the_times_sets_the_repository_up(
    remote: Path, github: FakeGitHubComments, worker: WorkerRuntime, reply: str, due_review: str
) -> None:
    """Issue 19: only "yes" moved setup on; a natural yes or a time in plain words got the question again."""
    assert handle_event(worker, opened(remote)) == "skipped"
    for answer in ("skip", "skip", "skip", "skip", "Europe/Berlin"):  # material … providers, time zone
        assert handle_event(worker, answered(remote, github, answer)) == "skipped"
    assert "setup asked=schedule" in github.bodies(7)[-1]

    assert handle_event(worker, answered(remote, github, reply)) == "committed"
    config = git(remote, "show", "main:gitlearnos.yml")
    assert f'local_time: "{due_review}"' in config and 'local_time: "21:30"' in config
    assert "setup asked=" not in github.bodies(7)[-1] and due_review in github.bodies(7)[-1]
