"""``gitlearnos local`` on a learner's own checkout: the checkout, and the command run in it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.git_remotes import git
from tests.support.learner import CONFIG, GOAL


def gitlearnos_local(repo: Path, message: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "gitlearnos", "local", str(repo), message],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


def learner_checkout(path: Path, files: dict[str, str]) -> Path:
    """A learner's checkout at ``path`` on ``main``: ``files`` in one commit of the learner's."""
    subprocess.run(["git", "init", "-q", "-b", "main", str(path)], check=True)
    for name, content in files.items():
        (path / name).parent.mkdir(parents=True, exist_ok=True)
        (path / name).write_text(content)
    git(path, "add", ".")
    git(path, "-c", "user.name=Alice", "-c", "user.email=a@example.org", "commit", "-qm", "Start")
    return path


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    return learner_checkout(
        tmp_path / "learning",
        {
            "gitlearnos.yml": CONFIG,
            "subjects/mathematics/goals/main-goal.md": GOAL,
            "notes/draft.md": "first draft\n",
        },
    )
