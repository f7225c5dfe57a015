"""A deployment for ``gitlearnos doctor`` to check: the sandbox forge, a persistent Redis of its own, a
real ``gitlearnos beat`` holding RedBeat's lock in it, the real web service (``gitlearnos serve``) at the
public URL, and per test one learner repository with its webhook to that service, registered as the
worker registers repositories, and the environment pointing at all of it.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis

from evals.local_stack import free_port, wait_until_ready
from evals.sandbox import BOT_LOGIN, SandboxServer, start_sandbox
from evals.sandbox.model_api import SANDBOX_MODEL
from evals.sandbox.models import Forge as SandboxForge
from evals.sandbox.token_scopes import FULL_SCOPES
from runtime.embedded_redis import ensure_embedded_redis, stop_embedded_redis
from tests.support.doctor_deployment import SECRET, Deployment
from workers.state_keys import REDBEAT_LOCK, REPOS

FORGES = ("github", "gitlab", "gitea")
ADDRESS_SETTINGS = {
    "github": "GITLEARNOS_GITHUB_API_URL",
    "gitlab": "GITLEARNOS_GITLAB_URL",
    "gitea": "GITLEARNOS_GITEA_URL",
}
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


def _forge_addresses(sandbox: SandboxServer) -> dict[str, str]:
    """Each forge's address setting, all aimed at the sandbox (keyed by forge name)."""
    return {
        "github": sandbox.api_url,
        "gitlab": sandbox.gitlab_url,
        "gitea": sandbox.gitea_url,
    }


def _address_settings(sandbox: SandboxServer, *forges: str) -> dict[str, str]:
    return {ADDRESS_SETTINGS[forge]: _forge_addresses(sandbox)[forge] for forge in forges}


def _clean_environment(redis_url: str, data_dir: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("GITLEARNOS_")}
    return env | {"REDIS_URL": redis_url, "GITLEARNOS_DATA_DIR": str(data_dir)}


@pytest.fixture(scope="session")
def public_url(
    sandbox: SandboxServer, persistent_redis: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[str]:
    """The real web service, serving the sandbox's forges with every webhook secret, where the hooks point."""
    port = free_port()
    env = _clean_environment(persistent_redis, tmp_path_factory.mktemp("web"))
    env |= _address_settings(sandbox, *FORGES)
    env |= {f"GITLEARNOS_{forge.upper()}_WEBHOOK_SECRET": SECRET for forge in FORGES}
    process = subprocess.Popen(
        [sys.executable, "-m", "gitlearnos", "serve", "--port", str(port)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until_ready(f"{url}/healthz", timeout=60, process=process)
        yield url
    finally:
        process.terminate()
        process.wait(timeout=30)


@pytest.fixture(scope="session")
def beat(persistent_redis: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """``gitlearnos beat`` running against the doctor's Redis until the session ends."""
    env = _clean_environment(persistent_redis, tmp_path_factory.mktemp("beat"))
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


def _environment(
    monkeypatch: pytest.MonkeyPatch,
    sandbox: SandboxServer,
    forge: str,
    redis_url: str,
    data_dir: Path,
    public_url: str,
) -> None:
    for name in list(os.environ):
        if name.startswith("GITLEARNOS_") or name == "REDIS_URL":
            monkeypatch.delenv(name)
    token = sandbox.token(BOT_LOGIN)
    env = {
        "REDIS_URL": redis_url,
        "GITLEARNOS_DATA_DIR": str(data_dir),
        "GITLEARNOS_PUBLIC_URL": public_url,
        "GITLEARNOS_BOT_LOGIN": BOT_LOGINS,
        "GITLEARNOS_MODEL_BASE_URL": f"{sandbox.url}/model/v1",
        "GITLEARNOS_MODEL_NAME": SANDBOX_MODEL,
        "GITLEARNOS_MODEL_API_KEY": token,
        f"GITLEARNOS_{forge.upper()}_TOKEN": token,
        f"GITLEARNOS_{forge.upper()}_WEBHOOK_SECRET": SECRET,
    } | _address_settings(sandbox, forge)  # a Gitea URL alone would make Gitea a configured forge
    for name, value in env.items():
        monkeypatch.setenv(name, value)


@pytest.fixture(params=FORGES)
def deployment(
    request: pytest.FixtureRequest,
    sandbox: SandboxServer,
    persistent_redis: str,
    beat: None,
    public_url: str,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> Iterator[Deployment]:
    """A correct setup on each forge: one private registered repository with this service's webhook."""
    forge: str = request.param
    redis.Redis.from_url(persistent_redis).delete(REPOS)
    _environment(monkeypatch, sandbox, forge, persistent_redis, tmp_path, public_url)
    setup = Deployment(forge, sandbox, persistent_redis, public_url, "", monkeypatch)
    setup.full_name = setup.new_repository()
    yield setup
    with sandbox.client() as client:  # scopes live in the session's sandbox: give them back
        client.set_token_scopes(BOT_LOGIN, forge, FULL_SCOPES[SandboxForge(forge)])
