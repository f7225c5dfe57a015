"""The sandbox's fault switch: a share of the bot's API and Git calls get 502 or 429 + ``Retry-After``."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from evals.sandbox import SandboxServer
from evals.sandbox.client import SandboxClientError
from evals.sandbox.store import BOT_LOGIN


@pytest.fixture
def faults_off(sandbox: SandboxServer) -> Iterator[None]:
    yield
    with sandbox.client() as learner:
        learner.inject_faults(0)


def bot_get(sandbox: SandboxServer, repo: str) -> httpx.Response:
    headers = {"Authorization": f"token {sandbox.token(BOT_LOGIN)}"}
    return httpx.get(f"{sandbox.api_url}repos/{repo}", headers=headers)


def test_every_bot_call_is_hit_in_turn_and_the_learner_is_never_hit(
    sandbox: SandboxServer, repo: str, faults_off: None
) -> None:
    with sandbox.client() as learner:
        learner.inject_faults(1.0, statuses=[502, 429], retry_after=7)
        first, second = bot_get(sandbox, repo), bot_get(sandbox, repo)
        assert first.status_code == 502
        assert second.status_code == 429 and second.headers["Retry-After"] == "7"
        assert "fault injection" in second.json()["message"]
        assert learner.repository(repo)["full_name"] == repo, "the learner's own calls are served"
        report = learner.faults()
    assert report["seen"]["api"] == 2 and report["injected"]["api"] == 2


def test_git_over_http_is_hit_too_and_switching_off_serves_again(
    sandbox: SandboxServer, repo: str, faults_off: None, tmp_path: Path
) -> None:
    url = sandbox.git_url(repo).replace("http://", f"http://x-access-token:{sandbox.token(BOT_LOGIN)}@")
    clone = ["git", "clone", "-q", url, str(tmp_path / "clone")]
    with sandbox.client() as learner:
        learner.inject_faults(1.0, statuses=[502])
        refused = subprocess.run(clone, check=False, capture_output=True, text=True)
        assert refused.returncode != 0 and "502" in refused.stderr
        assert learner.faults()["injected"]["git"] >= 1
        learner.inject_faults(0)
    subprocess.run(clone, check=True, capture_output=True)
    assert (tmp_path / "clone" / "README.md").exists()
    assert bot_get(sandbox, repo).status_code == 200


def test_a_share_of_calls_is_hit_repeatably_for_a_seed_and_never_none(
    sandbox: SandboxServer, repo: str, faults_off: None
) -> None:
    def run(rate: float, seed: int, calls: int) -> list[bool]:
        with sandbox.client() as learner:
            learner.inject_faults(rate, seed=seed)
        return [bot_get(sandbox, repo).status_code != 200 for _ in range(calls)]

    first = run(0.3, 11, 40)
    assert 0 < sum(first) < 40
    assert run(0.3, 11, 40) == first, "the same seed hits the same calls"
    assert any(run(0.1, 11, 10)), "ten calls at 10% always see a hit, whatever the draws"


def test_a_rate_outside_zero_to_one_is_refused(sandbox: SandboxServer, faults_off: None) -> None:
    with sandbox.client() as learner, pytest.raises(SandboxClientError, match="422 rate must be within"):
        learner.inject_faults(2)
