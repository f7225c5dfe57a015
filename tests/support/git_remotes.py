"""Real Git repositories for worker tests: run git in one, seed a bare remote, commit and push as the
learner, list the bot's commits.
"""

from __future__ import annotations

import subprocess
from pathlib import Path


def git(cwd: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True).stdout


def seeded_remote(tmp_path: Path, name: str, files: dict[str, str], message: str = "Start") -> Path:
    """A bare remote ``<name>.git`` in ``tmp_path`` whose ``main`` is ``files`` in one commit by Alice."""
    bare = tmp_path / f"{name}.git"
    subprocess.run(["git", "init", "-q", "--bare", "-b", "main", str(bare)], check=True)
    seed = tmp_path / f"{name}-seed"
    subprocess.run(["git", "init", "-q", "-b", "main", str(seed)], check=True)
    for path, content in files.items():
        (seed / path).parent.mkdir(parents=True, exist_ok=True)
        (seed / path).write_text(content)
    git(seed, "add", ".")
    git(seed, "-c", "user.name=Alice", "-c", "user.email=alice@example.org", "commit", "-qm", message)
    git(seed, "remote", "add", "origin", str(bare))
    git(seed, "push", "-q", "origin", "main")
    return bare


def push_learner_commit(remote: Path, work: Path, path: str, content: str, message: str) -> None:
    if not work.exists():
        subprocess.run(["git", "clone", "-q", str(remote), str(work)], check=True)
    git(work, "pull", "-q", "--ff-only")
    (work / path).parent.mkdir(parents=True, exist_ok=True)
    (work / path).write_text(content)
    git(work, "add", path)
    git(work, "-c", "user.name=Alice", "-c", "user.email=alice@example.org", "commit", "-qm", message)
    git(work, "push", "-q", "origin", "HEAD:main")


def bot_commits(remote: Path) -> list[str]:
    return git(remote, "log", "--format=%H", "--author=GitLearnOS Bot", "main").split()
