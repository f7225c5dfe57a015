"""The event worker's test setup: a bare learner repository, GitHub's comments faked at HTTP, a worker
runtime on the test's Redis, and a learner's note addressed to that repository.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import redis
import respx
from pydantic import SecretStr

from bot.intake.rule_agent import RuleAgent
from runtime.settings import Settings
from tests.support.fake_github import API, BOT, FakeGitHubComments, rest_user
from tests.support.git_remotes import seeded_remote
from tests.support.learner import CONFIG, GOAL, REPO, issue_event
from tests.support.local_remotes import local_folder
from workers.celery_app import create_celery
from workers.runtime import ForgeClients, WorkerRuntime


@pytest.fixture
def remote(tmp_path: Path) -> Path:
    """A bare learner repository holding config, a goal and an unrelated learner file."""
    files = {
        "gitlearnos.yml": CONFIG,
        "subjects/mathematics/goals/main-goal.md": GOAL,
        "notes/private-todo.txt": "buy graph paper\n",
    }
    return seeded_remote(tmp_path, "remote", files)


@pytest.fixture
def github() -> Iterator[FakeGitHubComments]:
    with respx.mock(assert_all_called=False) as router:
        # The token's own account: the bot, so its replies in a thread listing count as its own.
        router.get(f"{API}user").respond(200, json=rest_user(BOT, user_type="Bot"))
        yield FakeGitHubComments(router)


def runtime(
    tmp_path: Path, redis_url: str, agent: object | None = None, *, with_celery: bool = False
) -> WorkerRuntime:
    """A worker on the test's Redis, GitHub at the faked API, local bare remotes as clone URLs; with
    ``with_celery`` it publishes plans' follow-up jobs (rag ingest) to Celery on the same Redis."""
    settings = Settings(data_dir=tmp_path / "data", github_token=SecretStr("t0ken"), github_api_url=API)
    return WorkerRuntime(
        settings=settings,
        redis=redis.Redis.from_url(redis_url),
        agent=agent or RuleAgent(),
        clients=ForgeClients(settings),
        celery=create_celery(settings, redis_url) if with_celery else None,
        local_remote=local_folder,
    )


def note_event(remote: Path, **kwargs: object):  # type: ignore[no-untyped-def]
    return issue_event(repo=REPO.model_copy(update={"clone_url": str(remote)}), **kwargs)  # type: ignore[arg-type]
