"""``gitlearnos local``: the core on a learner's own repository with no forge and no remote."""

from __future__ import annotations

from pathlib import Path

from bot.receipt import ReceiptField
from tests.support.git_remotes import git
from tests.support.learner import NOTE
from tests.support.local_mode import gitlearnos_local
from tests.support.local_mode import repo as repo  # noqa: PLC0414 - the fixture


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
