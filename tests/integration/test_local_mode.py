"""``gitlearnos local``: the core on a learner's own repository with no forge and no remote."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from bot.receipt import ReceiptField
from tests.unit.helpers import CONFIG, GOAL, NOTE


def git(cwd: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True).stdout


def gitlearnos_local(repo: Path, message: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "gitlearnos", "local", str(repo), message],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    path = tmp_path / "learning"
    subprocess.run(["git", "init", "-q", "-b", "main", str(path)], check=True)
    for name, content in {
        "gitlearnos.yml": CONFIG,
        "subjects/mathematics/goals/main-goal.md": GOAL,
        "notes/draft.md": "first draft\n",
    }.items():
        (path / name).parent.mkdir(parents=True, exist_ok=True)
        (path / name).write_text(content)
    git(path, "add", ".")
    git(path, "-c", "user.name=Alice", "-c", "user.email=a@example.org", "commit", "-qm", "Start")
    return path


def test_a_local_note_is_committed_and_the_receipt_printed(repo: Path) -> None:
    (repo / "notes/draft.md").write_text("first draft, edited but not committed\n")
    (repo / "scratch.txt").write_text("untracked\n")
    result = gitlearnos_local(repo, NOTE)
    assert result.returncode == 0, result.stderr
    for field in ReceiptField:
        assert f"**{field.value}:**" in result.stdout
    assert "not pushed (local mode has no remote)" in result.stdout
    assert "local command" in result.stdout
    assert git(repo, "log", "-1", "--format=%an", "main").strip() == "GitLearnOS Bot"
    files = git(repo, "show", "--name-only", "--format=", "HEAD").split()
    assert "dashboard.md" in files and any("/events/" in f for f in files)
    assert "notes/draft.md" not in files and "scratch.txt" not in files
    assert (repo / "notes/draft.md").read_text() == "first draft, edited but not committed\n"
    assert git(repo, "status", "--porcelain").count("\n") == 2, "the learner's own changes are still there"


def test_uncommitted_changes_to_a_file_the_bot_must_write_stop_it(repo: Path) -> None:
    (repo / "dashboard.md").write_text("my own dashboard notes\n")
    result = gitlearnos_local(repo, NOTE)
    assert result.returncode == 1
    assert "`dashboard.md`" in result.stdout and "Nothing was written" in result.stdout
    assert git(repo, "log", "-1", "--format=%an", "main").strip() == "Alice"
    assert (repo / "dashboard.md").read_text() == "my own dashboard notes\n"


def test_not_a_repository_is_a_clear_error(tmp_path: Path) -> None:
    result = gitlearnos_local(tmp_path, NOTE)
    assert result.returncode == 2
    assert "is not a Git repository" in result.stderr


def test_local_mode_commits_under_the_protocols_default_push_false(repo: Path) -> None:
    """Regression: local mode refused to commit without push authorization, as if a remote were missing."""
    config = (repo / "gitlearnos.yml").read_text().replace("push: true", "push: false")
    (repo / "gitlearnos.yml").write_text(config)
    git(repo, "-c", "user.name=Alice", "-c", "user.email=a@example.org", "commit", "-qam", "No push")
    result = gitlearnos_local(repo, NOTE)
    assert result.returncode == 0, result.stdout
    assert git(repo, "log", "-1", "--format=%an", "main").strip() == "GitLearnOS Bot"
    assert "not pushed (local mode has no remote)" in result.stdout
