"""The forge side of a plan that opens a pull request: the PR and the review request.

Orchestration only; what the pack says and who is a teacher is decided in
:mod:`bot.handoff.operation`. The steps, each safe to repeat:

1. The plan's commit goes on its own branch (:func:`workers.executor.open_handoff`).
   Before committing, the branch is fetched: if it already holds a commit with
   this event's trailer (an earlier attempt pushed, then failed before the PR),
   that commit is used and nothing is pushed again. A push is never forced; a
   branch that exists with other commits makes the task re-plan, as a moved
   default branch does.
2. The pull request is looked up first (open, from that branch into the default
   branch the forge names, not the one a payload claims) and opened only if there is
   none, so a retry never opens a second.
3. Teachers are asked to review only if they already have access; nobody is
   invited and visibility is never changed.
4. The reply lists exactly which of these remote actions happened.

Which branch a *later* event on the pull request is planned on is
:func:`working_repo`'s answer: the handoff branch for feedback and closing, the
default branch for a merge (see :mod:`bot.handoff.teacher_feedback`).
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.handoff.branch import handoff_branch
from bot.intake.events import EventKind, InboundEvent, RepoRef
from bot.plan import Plan, PullRequestSpec
from forge_adapters.base import ForgeClient, OpenedThread

REMOTE = "this repository"


def working_repo(event: InboundEvent, repo: RepoRef) -> RepoRef:
    """``repo`` with the branch this event must be planned on as the mirror's branch."""
    branch = handoff_branch(event)
    if not branch or event.kind is EventKind.PR_MERGED:
        return repo
    return repo.model_copy(update={"default_branch": branch})


@dataclass(frozen=True)
class RemoteActions:
    """What actually happened on the forge, in the order it happened."""

    pushed: bool
    pull: OpenedThread
    opened: bool
    requested: tuple[str, ...]
    without_access: tuple[str, ...]

    def render(self, spec: PullRequestSpec) -> str:
        push = (
            f"pushed the new branch `{spec.branch}` (never forced)"
            if self.pushed
            else f"nothing pushed: `{spec.branch}` already held this commit from an earlier attempt"
        )
        verb = "opened" if self.opened else "found already open (not opened twice)"
        lines = [
            f"- Push: {push}.",
            f"- Pull request: {verb} #{self.pull.number} {self.pull.url}".rstrip() + ".",
            f"- Review request: {self._review()}.",
            "- Invitations, visibility changes, other repositories: none.",
            "- Comment: this reply.",
        ]
        return "Remote actions that actually happened:\n\n" + "\n".join(lines)

    def _review(self) -> str:
        if not self.requested and not self.without_access:
            return "none: `authorization.teachers` lists no teacher"
        parts = []
        if self.requested:
            parts.append("asked " + ", ".join(f"`{login}`" for login in self.requested))
        if self.without_access:
            names = ", ".join(f"`{login}`" for login in self.without_access)
            parts.append(
                f"not asked {names}: no access to this repository yet, and I never invite anyone; "
                "give access yourself if you want them to review"
            )
        return "; ".join(parts)


def request_review(client: ForgeClient, repo: RepoRef, plan: Plan, *, base: str, pushed: bool) -> Plan:
    """Open the plan's pull request into ``base`` (unless one is open) and ask its reviewers; the plan
    told so.

    ``base`` is the default branch the forge names in the gate's visibility answer, never
    ``repo.default_branch``: the registered repository came from a payload. The executor
    (:func:`workers.executor.open_handoff`) pushed the branch first (``pushed``: in this attempt, not
    an earlier one); the first reply lists what actually happened.
    """
    spec = plan.pull_request
    assert spec is not None
    pull = client.find_pull_request(repo, head=spec.branch, base=base)
    opened = pull is None
    if pull is None:
        pull = client.open_pull_request(repo, head=spec.branch, base=base, title=spec.title, body=spec.body)
    requested = tuple(login for login in spec.reviewers if client.has_access(repo, login))
    if requested:
        client.request_reviewers(repo, pull.number, requested)
    actions = RemoteActions(
        pushed=pushed,
        pull=pull,
        opened=opened,
        requested=requested,
        without_access=tuple(login for login in spec.reviewers if login not in requested),
    )
    first, *rest = plan.replies
    told = first.model_copy(update={"text": f"{first.text}\n\n{actions.render(spec)}"})
    return plan.model_copy(update={"replies": (told, *rest)})
