"""Driving the sandbox forge as the learner does, and watching the result as the learner would.

A scenario asks a :class:`ForgeRun` for a fresh repository (initial files, a hook of the run's forge
flavour pointing at the bot), files issues and comments through the sandbox's API, waits for the bot's
reply, and observes the repository by fetching it over Git. The wait is on the reply because the bot
replies only after its push landed (or after deciding not to write), so once the reply is visible the
repository state it describes is visible too.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from evals.harness.checks import CheckRecorder
from evals.harness.receipt import visible_text
from evals.harness.repo_state import RemoteObserver, RepoState
from evals.harness.stack import HookTarget
from evals.local_stack import LocalStack
from evals.sandbox.client import SandboxClient
from evals.sandbox.store import BOT_LOGIN

REPLY_TIMEOUT_S = 20.0  # the bot replies within a second or two; silence past this is an answer
POLL_S = 0.1


class ScenarioError(RuntimeError):
    """A step of the scenario could not happen (the bot never replied, say); the message says which."""


def is_bot_comment(comment: Mapping[str, Any]) -> bool:
    """A comment by the bot under test (other bots on the forge are not it)."""
    user = comment.get("user") or {}
    return bool(user.get("login") == BOT_LOGIN)


@dataclass
class LearnerRepository:
    """One learner repository on the sandbox, seen by its owner."""

    run: ForgeRun
    full_name: str
    observer: RemoteObserver

    def observe(self) -> RepoState:
        return self.observer.observe()

    def open_issue(self, title: str, body: str, labels: tuple[str, ...] = ()) -> int:
        with self.run.stack.sandbox.client() as learner:
            return int(learner.open_issue(self.full_name, title=title, body=body, labels=labels)["number"])

    def comment(self, number: int, body: str) -> None:
        with self.run.stack.sandbox.client() as learner:
            learner.comment(self.full_name, number, body)

    def bot_replies(self, number: int) -> list[str]:
        """The bot's comments on issue ``number``, as the learner sees them (hidden markers removed)."""
        with self.run.stack.sandbox.client() as learner:
            comments = learner.comments(self.full_name, number)
        return [visible_text(str(c.get("body", ""))) for c in comments if is_bot_comment(c)]

    def deliveries_made(self) -> int:
        """How many webhook deliveries the sandbox has sent for this repository and seen answered."""
        with self.run.stack.sandbox.client() as learner:
            return sum(1 for d in learner.deliveries() if d.get("repo") == self.full_name)

    def open_issue_delivered(self, title: str, body: str) -> int:
        """Open an issue and return once its webhook was answered, so the next input is queued after it.

        The sandbox sends deliveries in the background: two quick inputs may reach intake in either order;
        a scenario that reads "handled" off a later input's reply needs them in order.
        """
        before = self.deliveries_made()
        number = self.open_issue(title, body)
        deadline = time.monotonic() + REPLY_TIMEOUT_S
        while self.deliveries_made() <= before:
            if time.monotonic() > deadline:
                raise ScenarioError(f"no webhook was delivered for {self.full_name}#{number}")
            time.sleep(POLL_S)
        return number

    def wait_for_replies(self, number: int, count: int = 1, timeout: float = REPLY_TIMEOUT_S) -> list[str]:
        """Poll until the bot has ``count`` comments on issue ``number``; raise when it never gets there."""
        deadline = time.monotonic() + timeout
        while True:
            replies = self.bot_replies(number)
            if len(replies) >= count:
                return replies
            if time.monotonic() > deadline:
                raise ScenarioError(
                    f"the bot posted {len(replies)} of {count} expected repl(ies) on "
                    f"{self.full_name}#{number} within {timeout:.0f} s; "
                    f"the bot's logs: {self.run.stack.logs_dir} (kept with --keep)"
                )
            time.sleep(POLL_S)


@dataclass
class ForgeRun:
    """Context of one scenario on one forge flavour."""

    stack: LocalStack
    forge: str
    target: HookTarget
    scenario: str
    workdir: Path
    checks: CheckRecorder = field(default_factory=CheckRecorder)

    def create_repository(
        self,
        variant: str,
        files: Mapping[str, str],
        *,
        before_hook: Callable[[SandboxClient, str], None] | None = None,
    ) -> LearnerRepository:
        """A new private repository holding ``files`` in one learner commit, hooked to the bot.

        ``before_hook(learner, full_name)`` acts in the repository before the hook exists: input the bot
        never got a webhook for, as when a forge drops deliveries.
        """
        full_name = f"{self.stack.sandbox.learner}/s{self.scenario}-{variant}-{self.forge}"
        with self.stack.sandbox.client() as learner:
            learner.create_repository(full_name, private=True, files=files)
            if before_hook is not None:
                before_hook(learner, full_name)
            learner.add_hook(full_name, url=self.target.url, secret=self.target.secret, forge=self.forge)
        observer_dir = self.workdir / full_name.replace("/", "__")
        observer_dir.mkdir(parents=True, exist_ok=True)
        learner_token = self.stack.sandbox.token(self.stack.sandbox.learner)
        observer = RemoteObserver(self.stack.sandbox.git_url(full_name), learner_token, observer_dir)
        return LearnerRepository(self, full_name, observer)
