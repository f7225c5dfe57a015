"""A deployment for ``gitlearnos doctor`` to check, as its tests change it: one forge's setup on the
sandbox, its learner repositories registered as the worker registers them, and its environment.
"""

from __future__ import annotations

import time
import uuid
from dataclasses import dataclass, field

import pytest
import redis

from bot.intake.events import Forge as BotForge
from bot.intake.events import RepoRef
from evals.sandbox import SandboxClient, SandboxServer
from workers.repo_registry import RegisteredRepo
from workers.state_keys import REPOS

SECRET = "doctor-test-secret"


@dataclass
class Deployment:
    """One forge's correct setup; tests break one thing and read the doctor's table."""

    forge: str
    sandbox: SandboxServer
    redis_url: str
    public_url: str
    full_name: str
    monkeypatch: pytest.MonkeyPatch
    hook_ids: dict[str, list[int]] = field(default_factory=dict)

    def file_issue(self, full_name: str) -> None:
        """The learner opens an issue; returns once the forge recorded its delivery to the repo's hook."""
        with self.sandbox.client() as client:
            before = {hook_id: self._deliveries(client, hook_id) for hook_id in self.hook_ids[full_name]}
            client.open_issue(full_name, title="A note", body="Today I read about B-trees.")
            for hook_id, seen in before.items():
                wait_for_deliveries(client, hook_id, seen + 1)

    @staticmethod
    def _deliveries(client: SandboxClient, hook_id: int) -> int:
        return sum(delivery["hook_id"] == hook_id for delivery in client.deliveries())

    def set(self, name: str, value: str) -> None:
        self.monkeypatch.setenv(name, value)

    def unset(self, name: str) -> None:
        self.monkeypatch.delenv(name, raising=False)

    def new_repository(
        self,
        *,
        private: bool = True,
        hook_url: str | None = None,
        events: list[str] | None = None,
        secret: str = SECRET,
    ) -> str:
        """A learner repository, registered, with a hook to ``hook_url`` (default: this service's).

        GitHub pings a new hook; the ping's answer is awaited, so its ``last_response`` is known.
        """
        full_name = f"{self.sandbox.learner}/notes-{uuid.uuid4().hex[:8]}"
        with self.sandbox.client() as client:
            client.create_repository(full_name, private=private, files={"gitlearnos.yml": "version: 2\n"})
            if hook_url != "":
                url = hook_url or f"{self.public_url}/webhooks/{self.forge}"
                hook = client.add_hook(full_name, url=url, secret=secret, forge=self.forge, events=events)
                if self.forge == "github":
                    wait_for_deliveries(client, int(hook["id"]), 1)
        self.hook_ids[full_name] = [int(hook["id"])] if hook_url != "" else []
        repo = RepoRef(
            forge=BotForge(self.forge),
            host="127.0.0.1",
            full_name=full_name,
            clone_url=self.sandbox.git_url(full_name),
        )
        entry = RegisteredRepo(repo=repo)
        redis.Redis.from_url(self.redis_url).hset(REPOS, repo.slug, entry.model_dump_json())
        return full_name


def wait_for_deliveries(client: SandboxClient, hook_id: int, count: int, timeout: float = 10.0) -> None:
    """Returns once the forge recorded ``count`` deliveries to hook ``hook_id``; fails after ``timeout``."""
    deadline = time.monotonic() + timeout
    while sum(delivery["hook_id"] == hook_id for delivery in client.deliveries()) < count:
        if time.monotonic() > deadline:
            raise AssertionError(f"fewer than {count} deliveries to hook {hook_id} within {timeout:.0f} s")
        time.sleep(0.05)
