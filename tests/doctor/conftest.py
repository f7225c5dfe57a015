"""A deployment for ``gitlearnos doctor`` to check: the sandbox forge, a persistent Redis of its own, a
real ``gitlearnos beat`` holding RedBeat's lock in it, and per test one learner repository with its
webhook, registered as the worker registers repositories, and the environment pointing at all of it.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
import redis

from bot.events import Forge as BotForge
from bot.events import RepoRef
from evals.sandbox import BOT_LOGIN, SandboxServer, start_sandbox
from evals.sandbox.model_api import SANDBOX_MODEL
from evals.sandbox.models import Forge as SandboxForge
from evals.sandbox.token_scopes import FULL_SCOPES
from gitlearnos.embedded_redis import ensure_embedded_redis, stop_embedded_redis
from workers.repo_registry import REPOS, RegisteredRepo
from workers.schedule_dispatch import REDBEAT_LOCK

PUBLIC_URL = "https://bot.example.test"
SECRET = "doctor-test-secret"
FORGES = ("github", "gitlab", "gitea")
BEAT_START_SECONDS = 60.0
# The bot account as GitHub and Gitea name it, and as GitLab does (no "[bot]" suffix there).
BOT_LOGINS = f"{BOT_LOGIN},{BOT_LOGIN.removesuffix('[bot]')}"


@pytest.fixture(scope="session")
def sandbox(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SandboxServer]:
    with start_sandbox(tmp_path_factory.mktemp("doctor-sandbox")) as server:
        yield server


@pytest.fixture(scope="session")
def persistent_redis(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A Redis of the doctor tests' own (AOF on), so turning persistence off disturbs no other test."""
    data_dir = tmp_path_factory.mktemp("doctor-redis")
    url = ensure_embedded_redis(data_dir)
    yield url
    stop_embedded_redis(data_dir)


@pytest.fixture(scope="session")
def beat(persistent_redis: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """``gitlearnos beat`` running against the doctor's Redis until the session ends."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("GITLEARNOS_")}
    env |= {"REDIS_URL": persistent_redis, "GITLEARNOS_DATA_DIR": str(tmp_path_factory.mktemp("beat"))}
    process = subprocess.Popen(
        [sys.executable, "-m", "gitlearnos", "beat"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    client = redis.Redis.from_url(persistent_redis)
    deadline = time.monotonic() + BEAT_START_SECONDS
    while not client.exists(REDBEAT_LOCK):
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            raise RuntimeError("gitlearnos beat did not take its lock")
        time.sleep(0.2)
    yield
    process.terminate()
    process.wait(timeout=30)


@dataclass
class Deployment:
    """One forge's correct setup; tests break one thing and read the doctor's table."""

    forge: str
    sandbox: SandboxServer
    redis_url: str
    full_name: str
    monkeypatch: pytest.MonkeyPatch

    def set(self, name: str, value: str) -> None:
        self.monkeypatch.setenv(name, value)

    def unset(self, name: str) -> None:
        self.monkeypatch.delenv(name, raising=False)

    def new_repository(
        self, *, private: bool = True, hook_url: str | None = None, events: list[str] | None = None
    ) -> str:
        """A learner repository, registered, with a hook to ``hook_url`` (default: this service's)."""
        full_name = f"{self.sandbox.learner}/notes-{uuid.uuid4().hex[:8]}"
        with self.sandbox.client() as client:
            client.create_repository(full_name, private=private, files={"gitlearnos.yml": "version: 2\n"})
            if hook_url != "":
                url = hook_url or f"{PUBLIC_URL}/webhooks/{self.forge}"
                client.add_hook(full_name, url=url, secret=SECRET, forge=self.forge, events=events)
        repo = RepoRef(
            forge=BotForge(self.forge),
            host="127.0.0.1",
            full_name=full_name,
            clone_url=self.sandbox.git_url(full_name),
        )
        entry = RegisteredRepo(repo=repo)
        redis.Redis.from_url(self.redis_url).hset(REPOS, repo.slug, entry.model_dump_json())
        return full_name


def _environment(
    monkeypatch: pytest.MonkeyPatch, sandbox: SandboxServer, forge: str, redis_url: str, data_dir: Path
) -> None:
    for name in list(os.environ):
        if name.startswith("GITLEARNOS_") or name == "REDIS_URL":
            monkeypatch.delenv(name)
    token = sandbox.token(BOT_LOGIN)
    env = {
        "REDIS_URL": redis_url,
        "GITLEARNOS_DATA_DIR": str(data_dir),
        "GITLEARNOS_PUBLIC_URL": PUBLIC_URL,
        "GITLEARNOS_BOT_LOGIN": BOT_LOGINS,
        "GITLEARNOS_MODEL_BASE_URL": f"{sandbox.url}/model/v1",
        "GITLEARNOS_MODEL_NAME": SANDBOX_MODEL,
        "GITLEARNOS_MODEL_API_KEY": token,
        f"GITLEARNOS_{forge.upper()}_TOKEN": token,
        f"GITLEARNOS_{forge.upper()}_WEBHOOK_SECRET": SECRET,
        "GITLEARNOS_GITHUB_API_URL": sandbox.api_url,
        "GITLEARNOS_GITLAB_URL": sandbox.gitlab_url,
    }
    if forge == "gitea":
        env["GITLEARNOS_GITEA_URL"] = sandbox.gitea_url
    for name, value in env.items():
        monkeypatch.setenv(name, value)


@pytest.fixture(params=FORGES)
def deployment(
    request: pytest.FixtureRequest,
    sandbox: SandboxServer,
    persistent_redis: str,
    beat: None,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> Iterator[Deployment]:
    """A correct setup on each forge: one private registered repository with this service's webhook."""
    forge: str = request.param
    redis.Redis.from_url(persistent_redis).delete(REPOS)
    _environment(monkeypatch, sandbox, forge, persistent_redis, tmp_path)
    setup = Deployment(forge, sandbox, persistent_redis, "", monkeypatch)
    setup.full_name = setup.new_repository()
    yield setup
    with sandbox.client() as client:  # scopes live in the session's sandbox: give them back
        client.set_token_scopes(BOT_LOGIN, forge, FULL_SCOPES[SandboxForge(forge)])
