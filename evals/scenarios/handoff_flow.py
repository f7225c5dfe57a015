"""Driving a teacher handoff on the sandbox for scenarios 03 and 10: people act, the harness watches.

The learner asks for a handoff on an issue; the bot's pull request is then read through the forge's API
and the handoff branch through Git. The teacher and the learner act on the pull request through the
sandbox's GitHub-shaped API; each hook still receives the forge flavour it was registered for (a GitLab
hook hears a merge request note or approval, a Gitea hook a review event), so the same steps exercise
every forge's shapes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from evals.harness.forge_run import ForgeRun, LearnerRepository, ScenarioError
from evals.harness.receipt import visible_text
from evals.harness.repo_state import RepoState
from evals.scenarios.handoff_files import REQUEST_BODY, REQUEST_TITLE, TEACHER, handoff_repo_files


@dataclass
class HandoffRun:
    """One learner repository with a handoff requested, and its pull request as the forge lists it."""

    run: ForgeRun
    repo: LearnerRepository
    before: RepoState
    request_reply: str
    pull: dict[str, Any]

    @property
    def number(self) -> int:
        return int(self.pull["number"])

    @property
    def branch(self) -> str:
        return str(self.pull["head"]["ref"])

    def branch_state(self) -> RepoState:
        return self.repo.observer.observe(self.branch)

    def act(self, login: str, action: str, *args: Any, **kwargs: Any) -> None:
        """``login`` calls a :class:`~evals.sandbox.client.SandboxClient` method on this pull request."""
        with self.run.stack.sandbox.client(login) as person:
            getattr(person, action)(self.repo.full_name, self.number, *args, **kwargs)

    def replies(self, count: int) -> list[str]:
        return self.repo.wait_for_replies(self.number, count)

    def repository(self) -> dict[str, Any]:
        with self.run.stack.sandbox.client() as learner:
            return learner.repository(self.repo.full_name)


def request_handoff(ctx: ForgeRun, variant: str, *, teacher_has_access: bool = True) -> HandoffRun:
    """A fresh repository (teacher configured; access given by the learner or not), and the request."""
    repo = ctx.create_repository(variant, handoff_repo_files())
    if teacher_has_access:
        with ctx.stack.sandbox.client() as learner:
            learner.add_collaborator(repo.full_name, TEACHER)
    before = repo.observe()
    issue = repo.open_issue(REQUEST_TITLE, REQUEST_BODY)
    reply = repo.wait_for_replies(issue)[-1]
    with ctx.stack.sandbox.client() as learner:
        pulls = learner.pulls(repo.full_name)
    if len(pulls) != 1:
        raise ScenarioError(
            f"expected one pull request after the handoff request, found {len(pulls)}: {reply}"
        )
    return HandoffRun(ctx, repo, before, visible_text(reply), pulls[0])
