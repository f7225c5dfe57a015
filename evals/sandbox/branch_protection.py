"""Branch protection: an account may read a repository and talk on its issues, but not push to a branch.

A learner who gives the bot read access only (a protected default branch, a role without push rights)
is a setup every forge has. ``PUT /_sandbox/repos/{owner}/{repo}/protected-branches/{branch}`` with
``{"login": ..., "forge": ...}`` refuses that account's pushes to that branch from then on, as a
pre-receive hook in the bare repository: git itself answers the push with ``[remote rejected]`` and
the forge's own message, as real branch protection does. Everyone else (the learner) still pushes.
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass

from litestar import Controller, put
from litestar.params import JSONBody

from evals.sandbox.http_support import PathStr, Store, learner_only
from evals.sandbox.models import Forge
from evals.sandbox.rendering import JSON
from evals.sandbox.store import BOT_LOGIN

# What each forge says when a push to a protected branch is refused (git prints it as "remote: ...").
REFUSALS: dict[Forge, str] = {
    Forge.GITHUB: "error: GH006: Protected branch update failed for refs/heads/{branch}.",
    Forge.GITLAB: "GitLab: You are not allowed to push code to protected branches on this project.",
    Forge.GITEA: "Gitea: Not allowed to push to protected branch {branch}",
}
HOOK = """#!/bin/sh
# Sandbox branch protection: {login} may not push to refs/heads/{branch}.
while read old new ref; do
  if [ "$ref" = {ref} ] && [ "$REMOTE_USER" = {login} ]; then
    echo {message} >&2
    exit 1
  fi
done
exit 0
"""


@dataclass
class Protection:
    login: str = BOT_LOGIN
    forge: Forge = Forge.GITHUB


class BranchProtectionController(Controller):
    path = "/_sandbox"
    guards = (learner_only,)

    @put("/repos/{owner:str}/{repo:str}/protected-branches/{branch:str}", sync_to_thread=True)
    def protect(
        self, owner: PathStr, repo: PathStr, branch: PathStr, data: JSONBody[Protection], store: Store
    ) -> JSON:
        """Refuse ``data.login``'s pushes to ``branch`` of ``owner/repo`` from now on."""
        bare = store.bare_repository(store.repository(f"{owner}/{repo}").full_name)
        message = REFUSALS[data.forge].format(branch=branch)
        hook = bare.path / "hooks" / "pre-receive"
        hook.parent.mkdir(exist_ok=True)
        hook.write_text(
            HOOK.format(
                login=shlex.quote(data.login),
                branch=branch,
                ref=shlex.quote(f"refs/heads/{branch}"),
                message=shlex.quote(message),
            )
        )
        hook.chmod(0o755)
        return {"branch": branch, "protected_from": data.login, "forge": data.forge.value}
