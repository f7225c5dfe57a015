"""The worker's mirror against the sandbox forge over real git smart HTTP with token auth.

Whatever clone URL a payload names, git and the token go to the configured forge only, the mirror
lives at a path built from validated parts, and its ``origin`` is the configured forge's URL.
"""

from __future__ import annotations

import subprocess
import uuid
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import redis
from pydantic import SecretStr

from bot.intake.rule_agent import RuleAgent
from evals.sandbox import BOT_LOGIN, SandboxServer
from runtime.settings import Settings
from tests.support.learner import CONFIG, GOAL, NOTE, REPO, issue_event
from tests.support.recording_forge import RecordingForge
from workers.events import handle_event
from workers.runtime import ForgeClients, WorkerRuntime

SECOND_NOTE = (
    "Today I learned that the area of a circle is pi times the radius squared, and that doubling the "
    "radius makes the area four times larger. Save this for my geometry work."
)


@pytest.fixture
def listener() -> Iterator[RecordingForge]:
    server = RecordingForge()
    yield server
    server.close()


def origin_of(mirror: Path) -> str:
    return subprocess.run(
        ["git", "-C", str(mirror), "remote", "get-url", "origin"], capture_output=True, text=True, check=True
    ).stdout.strip()


def test_mirror_path_and_origin_stay_fixed_whatever_the_payload_says(
    tmp_path: Path, redis_url: str, sandbox: SandboxServer, listener: RecordingForge
) -> None:
    full_name = f"{sandbox.learner}/learning-{uuid.uuid4().hex[:8]}"
    with sandbox.client() as learner:
        learner.create_repository(
            full_name, files={"gitlearnos.yml": CONFIG, "subjects/mathematics/goals/main-goal.md": GOAL}
        )
        numbers = [int(learner.open_issue(full_name, title=f"Note {n}", body="x")["number"]) for n in (1, 2)]
    settings = Settings(
        data_dir=tmp_path / "data",
        github_token=SecretStr(sandbox.token(BOT_LOGIN)),
        github_api_url=sandbox.api_url,
    )
    worker = WorkerRuntime(
        settings=settings,
        redis=redis.Redis.from_url(redis_url),
        agent=RuleAgent(),
        clients=ForgeClients(settings),
    )
    host = urlsplit(sandbox.url).netloc
    payload_urls = [f"{listener.url}/{full_name}.git", "https://evil.example/x.git"]
    for number, clone_url in zip(numbers, payload_urls, strict=True):
        repo = REPO.model_copy(update={"host": host, "full_name": full_name, "clone_url": clone_url})
        body = NOTE if number == numbers[0] else SECOND_NOTE
        title = f"Similar triangles, part {number}"
        event = issue_event(body, title=title, number=number, login=sandbox.learner, repo=repo)
        assert handle_event(worker, event) == "committed"

    owner, name = full_name.split("/")
    mirror = tmp_path / "data" / "mirrors" / "github" / host.replace(":", "_") / owner / name
    assert (mirror / ".git").is_dir()
    assert [p for p in (tmp_path / "data" / "mirrors" / "github").iterdir()] == [mirror.parent.parent]
    assert origin_of(mirror) == sandbox.git_url(full_name)
    assert listener.seen == [], "the payload's clone URL was never contacted"
    bare = sandbox.root / "git" / f"{full_name}.git"
    authors = subprocess.run(
        ["git", "--git-dir", str(bare), "log", "--format=%an", "main"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split("\n")
    assert authors.count("GitLearnOS Bot") == 2, "both notes went to the configured forge's repository"
