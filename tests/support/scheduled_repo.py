"""A learner repository the scheduled jobs serve: seeded on a bare remote, registered with its mirror, and
GitHub faked with the repository-wide comment listing that maintenance's catch-up reads.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pytest
import respx

from bot.intake.events import RepoRef
from tests.support.event_worker import note_event
from tests.support.fake_github import API, FakeGitHubComments
from tests.support.git_remotes import seeded_remote
from tests.support.learner import CONFIG, GOAL, REPO
from workers.git_workspace import Mirror, mirror_path
from workers.repo_registry import RegisteredRepo, record_repo
from workers.runtime import WorkerRuntime

BERLIN_CONFIG = CONFIG + "automation:\n  time_zone: Europe/Berlin\n"  # maintenance at the default 21:30


def seed_remote(tmp_path: Path, name: str) -> Path:
    files = {"subjects/mathematics/goals/main-goal.md": GOAL, "gitlearnos.yml": BERLIN_CONFIG}
    return seeded_remote(tmp_path, name, files)


@pytest.fixture
def remote(tmp_path: Path) -> Path:
    return seed_remote(tmp_path, "remote")


@dataclass
class Forge:
    """The comment fake plus GitHub's repository-wide comment listing, which catching up reads."""

    comments: FakeGitHubComments
    listed_since: list[str] = field(default_factory=list)

    def list_repo_comments(self, request: httpx.Request) -> httpx.Response:
        # GitHub answers comments updated at or after `since`; answering all of them is a superset,
        # which maintenance must tolerate anyway (the bot's own replies, comments already applied).
        self.listed_since.append(request.url.params["since"])
        everything = [c for thread in self.comments.comments.values() for c in thread]
        return httpx.Response(200, json=everything)


@pytest.fixture
def forge() -> Iterator[Forge]:
    with respx.mock(assert_all_called=False) as router:
        fake = Forge(FakeGitHubComments(router))
        router.get(f"{API}repos/alice/learning/issues/comments").mock(side_effect=fake.list_repo_comments)
        # No issue was opened without its webhook here (tests/faults/test_missed_issues.py covers that).
        router.get(f"{API}repos/alice/learning/issues").mock(return_value=httpx.Response(200, json=[]))
        yield fake


def served(remote: Path) -> RegisteredRepo:
    return RegisteredRepo(repo=REPO.model_copy(update={"clone_url": str(remote)}))


def register_with_mirror(worker: WorkerRuntime, remote: Path, full_name: str) -> RepoRef:
    repo = REPO.model_copy(update={"clone_url": str(remote), "full_name": full_name})
    record_repo(worker.redis, note_event(remote).model_copy(update={"repo": repo}))
    path = mirror_path(worker.settings.mirrors_dir, repo)
    Mirror(path, repo, None, timeout=30, clone_url=str(remote)).sync()
    return repo
