"""The mirror remembers a tracked file's text by its blob id: what it reads is still the file's text
after the learner changes it, after the bot commits, and in a second mirror of another history."""

from __future__ import annotations

from pathlib import Path

from bot.plan import FileWrite
from tests.support.git_remotes import push_learner_commit, seeded_remote
from tests.support.learner import REPO
from workers.git_workspace import Mirror


def mirror_of(remote: Path, folder: Path) -> Mirror:
    return Mirror(folder, REPO, None, 30, clone_url=str(remote))


def test_a_remembered_text_follows_the_learners_edit_and_the_bots_commit(tmp_path: Path) -> None:
    remote = seeded_remote(tmp_path, "remote", {"notes/a.md": "first\n"})
    mirror = mirror_of(remote, tmp_path / "mirror")
    mirror.sync()
    assert mirror.read_text("notes/a.md") == "first\n"

    push_learner_commit(remote, tmp_path / "learner", "notes/a.md", "edited by the learner\n", "Edit")
    mirror.sync()
    assert mirror.read_text("notes/a.md") == "edited by the learner\n"

    mirror.commit((FileWrite(path="notes/a.md", content="written by the bot\n"),), (), "Bot edit")
    assert mirror.read_text("notes/a.md") == "written by the bot\n"
    assert mirror.list_files("notes") == ["notes/a.md"]


def test_the_same_path_in_two_mirrors_reads_each_ones_own_text(tmp_path: Path) -> None:
    one = mirror_of(seeded_remote(tmp_path, "one", {"notes/a.md": "one\n"}), tmp_path / "m1")
    two = mirror_of(seeded_remote(tmp_path, "two", {"notes/a.md": "two\n"}), tmp_path / "m2")
    one.sync()
    two.sync()

    assert (one.read_text("notes/a.md"), two.read_text("notes/a.md")) == ("one\n", "two\n")
    assert one.read_text("notes/missing.md") is None
