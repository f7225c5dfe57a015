"""The worker's mirror against real bare remotes: one fetch per sync, an empty repository, the trailer search.

A sync fetches once and tells an empty remote (no default branch yet) from a failing one by what the
fetch says; the trailer search walks trailers only and lists the paths of the commit it finds.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from bot.plan import FileWrite
from tests.support.git_remotes import git, push_learner_commit, seeded_remote
from tests.support.learner import REPO
from workers.git_checkout import GitWorkspaceError
from workers.git_workspace import Mirror

TRAILER = "GitLearnOS-Event"


def mirror_of(remote: Path, tmp_path: Path) -> Mirror:
    return Mirror(tmp_path / "mirror", REPO, None, 30, clone_url=str(remote))


def test_an_empty_remote_syncs_to_an_unborn_branch_and_the_first_commit_becomes_its_root(
    tmp_path: Path,
) -> None:
    remote = tmp_path / "empty.git"
    subprocess.run(["git", "init", "-q", "--bare", "-b", "main", str(remote)], check=True)
    mirror = mirror_of(remote, tmp_path)

    assert mirror.sync() == ""
    commit = mirror.commit((FileWrite(path="notes/first.md", content="first\n"),), (), "First note")
    assert mirror.push()

    assert git(remote, "rev-list", "main").split() == [commit], "one root commit on the remote's main"
    assert git(remote, "show", "main:notes/first.md") == "first\n"


def test_a_sync_takes_the_remotes_head_and_drops_what_an_earlier_job_left(tmp_path: Path) -> None:
    remote = seeded_remote(tmp_path, "remote", {"notes/a.md": "a\n"})
    mirror = mirror_of(remote, tmp_path)
    mirror.sync()
    (mirror.path / "notes" / "a.md").write_text("half-written by a job that died\n")
    (mirror.path / "stray.md").write_text("left behind\n")
    push_learner_commit(remote, tmp_path / "learner", "notes/b.md", "b\n", "Learner's note")

    assert mirror.sync() == git(remote, "rev-parse", "main").strip()
    assert mirror.read_text("notes/a.md") == "a\n"
    assert mirror.read_text("notes/b.md") == "b\n"
    assert not (mirror.path / "stray.md").exists()


def test_a_remote_that_cannot_be_fetched_is_an_error_not_an_empty_repository(tmp_path: Path) -> None:
    remote = seeded_remote(tmp_path, "remote", {"notes/a.md": "a\n"})
    mirror = mirror_of(remote, tmp_path)
    mirror.sync()
    subprocess.run(["rm", "-rf", str(remote)], check=True)

    with pytest.raises(GitWorkspaceError, match="fetch failed"):
        mirror.sync()
    assert mirror.read_text("notes/a.md") == "a\n", "the mirror was not emptied"


def test_the_trailer_search_finds_the_commit_with_its_paths(tmp_path: Path) -> None:
    remote = seeded_remote(tmp_path, "remote", {"notes/a.md": "a\n"})
    mirror = mirror_of(remote, tmp_path)
    mirror.sync()
    writes = (FileWrite(path="notes/b.md", content="b\n"), FileWrite(path="notes/c.md", content="c\n"))
    commit = mirror.commit(writes, (), f"Record a note\n\n{TRAILER}: github:delivery-1\n")
    mirror.commit((FileWrite(path="notes/d.md", content="d\n"),), (), f"Later\n\n{TRAILER}: github:other\n")

    found = mirror.find_trailer(TRAILER, "github:delivery-1")

    assert found is not None and found.id == commit
    assert found.paths == ("notes/b.md", "notes/c.md")
    assert mirror.find_trailer(TRAILER, "github:never-applied") is None
