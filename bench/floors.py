"""The floors a note cannot go below, measured on the sandbox forge the bot itself talks to.

The git floor is what any bot that records a note in Git must do, over the same smart HTTP transport
and with the same per-command credentials as the worker: fetch the branch, reset the working tree to
it, write one file, add, commit, push. The API floor is one comment post with a reused HTTP client.
Both run against a repository of their own that has no webhook, so they never wake the bot.
"""

from __future__ import annotations

import subprocess
import time
from pathlib import Path

from evals.sandbox.git_client import TOKEN_USERNAME
from evals.sandbox.server import SandboxServer
from evals.sandbox.store import BOT_LOGIN
from forge_adapters.base import GitCredentials
from workers.git_workspace import credential_env

FLOOR_REPOSITORY = "alice/floor"
FLOOR_FILES = {"README.md": "The benchmark's floor repository.\n"}


class Floors:
    """A clone of the floor repository and an issue to comment on, set up once, measured per call."""

    def __init__(self, sandbox: SandboxServer, workdir: Path) -> None:
        with sandbox.client() as learner:
            learner.create_repository(FLOOR_REPOSITORY, private=True, files=FLOOR_FILES)
            self._issue = int(learner.open_issue(FLOOR_REPOSITORY, title="Floor", body="floor")["number"])
        self._api = sandbox.client(BOT_LOGIN)
        url = sandbox.git_url(FLOOR_REPOSITORY)
        self._env = credential_env(GitCredentials(TOKEN_USERNAME, sandbox.token(BOT_LOGIN)), url)
        self._path = workdir / "floor"
        self._git("clone", "--quiet", url, str(self._path), cwd=workdir)
        self._count = 0

    def _git(self, *args: str, cwd: Path | None = None) -> None:
        subprocess.run(
            ["git", *args], cwd=cwd or self._path, env=self._env, check=True, capture_output=True, timeout=60
        )

    def git_ms(self) -> float:
        """One fetch + reset + add + commit + push of a one-file change, in ms."""
        self._count += 1
        started = time.perf_counter()
        self._git("fetch", "--quiet", "--no-tags", "origin", "+refs/heads/main:refs/remotes/origin/main")
        self._git("reset", "--quiet", "--hard", "refs/remotes/origin/main")
        (self._path / "notes.md").write_text(f"note {self._count}\n", encoding="utf-8")
        self._git("add", "notes.md")
        self._git(
            "-c", "user.name=floor", "-c", "user.email=floor@example.invalid",
            "commit", "--quiet", "--no-verify", "-m", f"Floor {self._count}",
        )  # fmt: skip
        self._git("push", "--quiet", "origin", "HEAD:refs/heads/main")
        return (time.perf_counter() - started) * 1000

    def api_ms(self) -> float:
        """One comment post as the bot, on a client that keeps its connection, in ms."""
        started = time.perf_counter()
        self._api.comment(FLOOR_REPOSITORY, self._issue, f"floor comment {self._count}")
        return (time.perf_counter() - started) * 1000

    def close(self) -> None:
        self._api.close()
