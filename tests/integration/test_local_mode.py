"""``gitlearnos local``: the core on a learner's own repository with no forge and no remote."""

from __future__ import annotations

from pathlib import Path

from bot.receipt import ReceiptField
from tests.support.git_remotes import git
from tests.support.learner import NOTE
from tests.support.local_mode import gitlearnos_local
from tests.support.local_mode import repo as repo  # noqa: PLC0414 - the fixture
from tests.support.rag_receipts import ingested_files
from tests.support.rag_records import MATERIAL

QUESTION = f"What does {MATERIAL} call the ratio of corresponding sides?"


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


def _with_synchronized_source(repo: Path) -> None:
    """The checkout after the rag worker synchronized a handout (pulled from the forge, say)."""
    for name, content in ingested_files().items():
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        (repo / name).write_text(content)
    git(repo, "add", ".")
    git(repo, "-c", "user.name=Alice", "-c", "user.email=a@example.org", "commit", "-qm", "Synced handout")


def test_a_question_about_own_material_is_recorded_as_not_answered(repo: Path) -> None:
    """Local mode has no index: the question is recorded as the rag worker records it, status not-answered."""
    _with_synchronized_source(repo)
    result = gitlearnos_local(repo, QUESTION)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Not answered: there is no knowledge index here" in result.stdout
    assert "I recorded this as a question (not a study note) at `subjects/" in result.stdout
    log = git(repo, "log", "-1", "--format=%an%n%B", "main")
    assert log.startswith("GitLearnOS Bot") and "GitLearnOS-Operation: rag-question" in log
    files = git(repo, "show", "--name-only", "--format=", "HEAD").split()
    (record,) = [f for f in files if "/questions/" in f]
    assert record.startswith("subjects/") and not any("/events/" in f for f in files)
    text = (repo / record).read_text()
    assert f"# Question: {QUESTION}\n" in text and f"{QUESTION} {QUESTION}" not in text  # asked once
    assert "`not-answered`: not answered: no knowledge index here" in text
    assert "nowhere: no knowledge index here" in text
    (source,) = [f for f in files if "/sources/" in f]
    assert "(answer status `not-answered`)" in (repo / source).read_text()

    again = gitlearnos_local(repo, QUESTION)  # the same message again: the same record, already there
    assert again.returncode == 0, again.stdout + again.stderr
    assert "Nothing was written: the repository already holds exactly this update" in again.stdout
    assert git(repo, "rev-list", "--count", "main").strip() == "3"


def test_answer_only_in_local_mode_stores_nothing_and_says_it_was_not_answered(repo: Path) -> None:
    _with_synchronized_source(repo)
    result = gitlearnos_local(repo, f"{QUESTION} Answer only, please.")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Not answered: there is no knowledge index here" in result.stdout
    assert "recorded" not in result.stdout
    assert git(repo, "log", "-1", "--format=%s", "main").strip() == "Synced handout"


def test_a_note_that_also_asks_is_committed_and_the_question_said_not_answered(repo: Path) -> None:
    _with_synchronized_source(repo)
    note = f"Today I learned that similar triangles have proportional sides. {QUESTION}"
    result = gitlearnos_local(repo, note)
    assert result.returncode == 0, result.stdout + result.stderr
    files = git(repo, "show", "--name-only", "--format=", "HEAD").split()
    assert any("/events/" in f for f in files) and not any("/questions/" in f for f in files)
    assert "Not answered: there is no knowledge index here" in result.stdout
