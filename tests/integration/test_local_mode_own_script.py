"""``gitlearnos local`` in a repository whose subject folders are named in the learner's own script.

``subjects/数学/`` and ``subjects/история/`` are folders like any other: a clear note about one of them
is committed under it, and the receipt names it. Before, the subject was slugified to ASCII, came out
empty and was refused, and the note asked "which subject?" however often it was answered.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote

import pytest

from tests.support.git_remotes import git
from tests.support.learner import CONFIG
from tests.support.local_mode import gitlearnos_local, learner_checkout

HISTORY_NOTE = (
    "На уроке истории я понял, что крепостное право в России отменили в 1861 году. Сохрани эту заметку."
)
MATHS_NOTE = "今天我学到了相似三角形的对应边成比例。请保存到我的数学笔记。"


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    return learner_checkout(
        tmp_path / "учёба",
        {
            "gitlearnos.yml": CONFIG.replace("subject: mathematics", "subject: 数学"),
            "subjects/数学/goals/main-goal.md": "# Learning Goal\n\nStatus: `active`\nSubject: 数学\n",
            "subjects/история/goals/main-goal.md": "# Learning Goal\n\nStatus: `active`\nSubject: история\n",
        },
    )


def committed_files(repo: Path) -> list[str]:
    """The last commit's paths as they are, not as octal escapes (``core.quotepath``)."""
    listing = git(repo, "show", "-z", "--name-only", "--format=", "HEAD")
    return [path for path in listing.split("\x00") if path.strip()]


@pytest.mark.parametrize(
    ("note", "folder", "other"),
    [(MATHS_NOTE, "数学", "история"), (HISTORY_NOTE, "история", "数学")],
    ids=["mathematics-in-chinese", "history-in-russian"],
)
def test_a_clear_note_is_committed_under_its_own_script_folder(
    repo: Path, note: str, folder: str, other: str
) -> None:
    result = gitlearnos_local(repo, note)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Which subject does this note belong to?" not in result.stdout
    assert f"**Subject:** {folder}" in result.stdout
    assert git(repo, "log", "-1", "--format=%an", "main").strip() == "GitLearnOS Bot"
    files = committed_files(repo)
    (event,) = [f for f in files if "/events/" in f]
    assert event.startswith(f"subjects/{folder}/events/") and (repo / event).is_file()
    assert f"`{event}`" in result.stdout  # the receipt names the very path committed
    assert not any(f.startswith(f"subjects/{other}/") for f in files)
    assert "dashboard.md" in files
    assert f"subjects/{folder}/" in (repo / "dashboard.md").read_text()
    assert sorted(p.name for p in (repo / "subjects").iterdir()) == sorted(["数学", "история"])  # none new


def test_the_dashboards_link_to_the_note_opens_it_when_rendered(repo: Path) -> None:
    """A forge renders the dashboard as CommonMark: the link's href is percent-encoded and resolves."""
    markdown_it = pytest.importorskip("markdown_it")
    assert gitlearnos_local(repo, HISTORY_NOTE).returncode == 0
    (event,) = [f for f in committed_files(repo) if "/events/" in f]
    html = markdown_it.MarkdownIt("commonmark").enable("table").render((repo / "dashboard.md").read_text())
    hrefs = re.findall(r'href="([^"]+)"', html)
    assert all(href.isascii() for href in hrefs)
    assert event in [unquote(href) for href in hrefs]


def test_undo_of_a_note_in_an_own_script_folder(repo: Path) -> None:
    assert gitlearnos_local(repo, HISTORY_NOTE).returncode == 0
    result = gitlearnos_local(repo, "undo the last update")
    assert result.returncode == 0, result.stdout + result.stderr
    assert git(repo, "log", "-1", "--format=%s", "main").startswith("Undo:")
    assert not (repo / "subjects/история/events").exists()
