"""Branch protection in the sandbox: the bot may clone a protected branch but its push is refused the way
each forge refuses it, while the learner still pushes."""

from __future__ import annotations

from pathlib import Path

import pytest

from evals.sandbox import BOT_LOGIN, SandboxServer
from evals.sandbox.git_client import git_auth_env
from tests.support.isolated_git import IDENTITY, git


def _push_a_change(sandbox: SandboxServer, repo: str, login: str, work: Path) -> str:
    auth = git_auth_env(sandbox.token(login))
    assert git("clone", sandbox.git_url(repo), str(work), env=auth).returncode == 0, "reading still works"
    (work / "note.md").write_text("a change\n")
    git("add", ".", cwd=work)
    git("commit", "-m", "A change", cwd=work, env=IDENTITY)
    pushed = git("push", "origin", "HEAD:refs/heads/main", cwd=work, env=auth)
    return pushed.stderr if pushed.returncode else ""


@pytest.mark.parametrize(
    ("forge", "says"), [("github", "GH006: Protected branch"), ("gitlab", "GitLab:"), ("gitea", "Gitea:")]
)
def test_the_bots_push_to_a_protected_branch_is_refused(
    sandbox: SandboxServer, repo: str, tmp_path: Path, forge: str, says: str
) -> None:
    with sandbox.client() as client:
        client.protect_branch(repo, "main", login=BOT_LOGIN, forge=forge)
        before = client.commits(repo, 1)[0]["sha"]
        refused = _push_a_change(sandbox, repo, BOT_LOGIN, tmp_path / "bot")
        assert "[remote rejected]" in refused and says in refused
        assert client.commits(repo, 1)[0]["sha"] == before, "nothing landed"
        assert _push_a_change(sandbox, repo, sandbox.learner, tmp_path / "learner") == "", "the learner may"
