"""A review planned in the learner's repository and due on a Berlin Monday morning, the occurrence key its
delivery runs under, and GitHub's comments faked for the issue that delivers it.
"""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from datetime import UTC, date, datetime
from pathlib import Path

import pytest
import respx

from bot.review.question import plan_question
from tests.support.fake_github import FakeGitHubComments
from tests.support.git_remotes import git
from tests.support.learner import learner_repo

MONDAY_0705_BERLIN = datetime(2026, 11, 30, 6, 5, tzinfo=UTC)
KEY = "due-review/github:github.com/alice/learning/2026-11-30"


def planned_review(day: date) -> tuple[str, str, str]:
    """(path, content, question) of a real planned review record due on ``day``."""
    planned = plan_question(
        learner_repo(),
        subject="mathematics",
        note="Similar triangles keep the angle order.",
        title="angle order",
        day=day,
        event_id="event-2026-11-27-angle-order",
        event_path="subjects/mathematics/events/2026-11-27-angle-order.md",
        goal_linked=True,
    )
    return planned.path, planned.content, planned.question


def add_to_remote(
    tmp_path: Path, remote: Path, path: str, content: str, *, also: dict[str, str] | None = None
) -> None:
    """Push ``path`` (and the ``also`` files) as the learner's own commit."""
    work = tmp_path / "learner"
    subprocess.run(["git", "clone", "-q", str(remote), str(work)], check=True)
    for name, text in {path: content, **(also or {})}.items():
        (work / name).parent.mkdir(parents=True, exist_ok=True)
        (work / name).write_text(text)
        git(work, "add", name)
    git(work, "-c", "user.name=Alice", "-c", "user.email=alice@example.org", "commit", "-qm", "Plan")
    git(work, "push", "-q", "origin", "HEAD:main")


@pytest.fixture
def forge() -> Iterator[FakeGitHubComments]:
    with respx.mock(assert_all_called=False) as router:
        yield FakeGitHubComments(router)
