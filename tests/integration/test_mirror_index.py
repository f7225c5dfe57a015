"""The mirror's index is its snapshot: a note on an unchanged head checks nothing out, and nothing in the
working tree (a file changed by hand, a stray file, a job that died halfway) is read or committed.

Each test plays what the event worker does (sync, read, commit, push) against a real bare remote and
asserts on what the learner's repository then holds.
"""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.errors import UnsafePath
from bot.plan import FileWrite
from tests.support.git_remotes import git, push_learner_commit, seeded_remote
from tests.support.learner import REPO
from workers.git_checkout import STAMP, GitWorkspaceError, clean_message
from workers.git_workspace import Mirror

TRAILER = "GitLearnOS-Event"


def mirror_of(remote: Path, folder: Path) -> Mirror:
    return Mirror(folder, REPO, None, 30, clone_url=str(remote))


def record(path: str, text: str) -> tuple[FileWrite, ...]:
    return (FileWrite(path=path, content=text),)


def remote_files(remote: Path) -> dict[str, str]:
    names = git(remote, "ls-tree", "-r", "--name-only", "main").split()
    return {name: git(remote, "show", f"main:{name}") for name in names}


def commands_of(mirror: Mirror, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The git subcommands ``mirror`` runs from now on (its first argument after any ``-c``)."""
    seen: list[str] = []
    run, call = mirror._git, mirror._run

    def record_git(*args: str) -> str:
        seen.append(args[0])
        return run(*args)

    def record_run(args: list[str], data: bytes) -> bytes:
        seen.append(next(a for a in args if a != "-c" and "=" not in a))
        return call(args, data)

    monkeypatch.setattr(mirror, "_git", record_git)
    monkeypatch.setattr(mirror, "_run", record_run)
    return seen


@pytest.fixture
def remote(tmp_path: Path) -> Path:
    return seeded_remote(tmp_path, "remote", {"notes/a.md": "a\n", "notes/b.md": "b\n"})


def test_a_note_on_an_unchanged_head_fetches_and_checks_nothing_out(
    tmp_path: Path, remote: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first = mirror_of(remote, tmp_path / "mirror")
    first.sync()
    first.commit(record("notes/c.md", "c\n"), (), f"Note c\n\n{TRAILER}: github:c\n")
    assert first.push()

    second = mirror_of(remote, tmp_path / "mirror")  # every job opens the mirror afresh
    seen = commands_of(second, monkeypatch)
    assert second.sync() == git(remote, "rev-parse", "main").strip()
    assert second.read_text("notes/c.md") == "c\n"
    assert seen == ["fetch"], "no checkout, no clean, no listing: the index was already the remote's tree"

    second.commit(record("notes/d.md", "d\n"), (), f"Note d\n\n{TRAILER}: github:d\n")
    assert second.push()
    assert remote_files(remote) == {
        "notes/a.md": "a\n",
        "notes/b.md": "b\n",
        "notes/c.md": "c\n",
        "notes/d.md": "d\n",
    }


def test_a_file_changed_by_hand_between_notes_is_neither_read_nor_committed(
    tmp_path: Path, remote: Path
) -> None:
    mirror = mirror_of(remote, tmp_path / "mirror")
    mirror.sync()
    mirror.commit(record("notes/c.md", "c\n"), (), "Note c")
    assert mirror.push()
    (mirror.path / "notes" / "a.md").write_text("changed by hand\n")
    (mirror.path / "notes" / "stray.md").write_text("left behind\n")

    again = mirror_of(remote, tmp_path / "mirror")
    again.sync()
    assert again.read_text("notes/a.md") == "a\n", "the snapshot is the remote's tree, not the working tree"
    assert again.read_text("notes/stray.md") is None
    assert again.list_files("notes") == ["notes/a.md", "notes/b.md", "notes/c.md"]
    again.commit(record("notes/d.md", "d\n"), (), "Note d")
    assert again.push()

    files = remote_files(remote)
    assert files["notes/a.md"] == "a\n" and "notes/stray.md" not in files
    assert git(remote, "show", "--name-only", "--format=", "main").split() == ["notes/d.md"]


def test_a_change_staged_by_hand_is_reset_by_the_next_sync(tmp_path: Path, remote: Path) -> None:
    mirror = mirror_of(remote, tmp_path / "mirror")
    mirror.sync()
    (mirror.path / "notes" / "a.md").write_text("staged by hand\n")
    git(mirror.path, "add", "notes/a.md")

    again = mirror_of(remote, tmp_path / "mirror")
    again.sync()
    assert (again.path / "notes" / "a.md").read_text() == "a\n", "the index moved: a full reset"
    assert again.read_text("notes/a.md") == "a\n"
    again.commit(record("notes/c.md", "c\n"), (), "Note c")
    assert again.push()
    assert remote_files(remote)["notes/a.md"] == "a\n"


def test_a_job_that_died_mid_commit_leaves_nothing_for_the_next_one(
    tmp_path: Path, remote: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    dying = mirror_of(remote, tmp_path / "mirror")
    dying.sync()
    real = dying._git

    def die_at_write_tree(*args: str) -> str:
        if args[0] == "write-tree":
            raise KeyboardInterrupt  # the worker killed after staging, before the commit
        return real(*args)

    monkeypatch.setattr(dying, "_git", die_at_write_tree)
    with pytest.raises(KeyboardInterrupt):
        dying.commit(record("notes/half.md", "half\n"), ("notes/b.md",), "Never made")
    assert not (dying.git_dir / STAMP).exists()

    after = mirror_of(remote, tmp_path / "mirror")
    after.sync()
    assert after.read_text("notes/half.md") is None and after.read_text("notes/b.md") == "b\n"
    after.commit(record("notes/c.md", "c\n"), (), "Note c")
    assert after.push()
    assert remote_files(remote) == {"notes/a.md": "a\n", "notes/b.md": "b\n", "notes/c.md": "c\n"}


def test_a_commit_that_was_never_pushed_is_dropped_by_the_next_sync(tmp_path: Path, remote: Path) -> None:
    crashed = mirror_of(remote, tmp_path / "mirror")
    crashed.sync()
    crashed.commit(record("notes/c.md", "c\n"), (), "Committed, then the worker died")

    after = mirror_of(remote, tmp_path / "mirror")
    assert after.sync() == git(remote, "rev-parse", "main").strip()
    assert after.read_text("notes/c.md") is None
    assert after.find_trailer(TRAILER, "github:c") is None


def test_a_remote_head_that_moved_is_checked_out(tmp_path: Path, remote: Path) -> None:
    mirror = mirror_of(remote, tmp_path / "mirror")
    mirror.sync()
    mirror.commit(record("notes/c.md", "c\n"), (), "Note c")
    assert mirror.push()
    push_learner_commit(remote, tmp_path / "learner", "notes/a.md", "the learner's edit\n", "Edit a")

    again = mirror_of(remote, tmp_path / "mirror")
    assert again.sync() == git(remote, "rev-parse", "main").strip()
    assert again.read_text("notes/a.md") == "the learner's edit\n"
    assert (again.path / "notes" / "a.md").read_text() == "the learner's edit\n"
    again.commit(record("notes/d.md", "d\n"), (), "Note d")
    assert again.push(), "a fast-forward of the learner's commit"
    assert remote_files(remote)["notes/a.md"] == "the learner's edit\n"


def test_a_push_that_lost_the_race_is_replanned_on_the_learners_head(tmp_path: Path, remote: Path) -> None:
    mirror = mirror_of(remote, tmp_path / "mirror")
    mirror.sync()
    mirror.commit(record("notes/c.md", "c\n"), (), "Note c")
    push_learner_commit(remote, tmp_path / "learner", "notes/l.md", "l\n", "The learner's note")
    assert not mirror.push()

    mirror.sync()
    assert mirror.read_text("notes/c.md") is None and mirror.read_text("notes/l.md") == "l\n"
    mirror.commit(record("notes/c.md", "c\n"), (), "Note c")
    assert mirror.push()
    assert set(remote_files(remote)) == {"notes/a.md", "notes/b.md", "notes/c.md", "notes/l.md"}


def test_a_damaged_stamp_or_a_lost_index_resets_the_mirror(tmp_path: Path, remote: Path) -> None:
    mirror = mirror_of(remote, tmp_path / "mirror")
    mirror.sync()
    (mirror.git_dir / STAMP).write_text("not a stamp")
    (mirror.path / "notes" / "a.md").write_text("changed by hand\n")
    mirror.sync()
    assert (mirror.path / "notes" / "a.md").read_text() == "a\n"

    (mirror.git_dir / "index").unlink()
    again = mirror_of(remote, tmp_path / "mirror")
    again.sync()
    assert again.list_files("notes") == ["notes/a.md", "notes/b.md"]
    again.commit(record("notes/c.md", "c\n"), (), "Note c")
    assert again.push()
    assert set(remote_files(remote)) == {"notes/a.md", "notes/b.md", "notes/c.md"}


def test_writes_and_deletes_in_one_commit_and_the_listing_after_it(tmp_path: Path, remote: Path) -> None:
    mirror = mirror_of(remote, tmp_path / "mirror")
    mirror.sync()
    writes = (FileWrite(path="notes/a.md", content="rewritten\n"), FileWrite(path="new/x.md", content="x\n"))
    commit = mirror.commit(writes, ("notes/b.md",), "Rewrite a, add x, drop b")

    assert mirror.head == commit
    assert mirror.list_files("notes") == ["notes/a.md"] and mirror.list_files("new") == ["new/x.md"]
    assert (mirror.read_text("notes/a.md"), mirror.read_text("notes/b.md")) == ("rewritten\n", None)
    assert mirror.push()
    assert remote_files(remote) == {"notes/a.md": "rewritten\n", "new/x.md": "x\n"}
    assert git(remote, "log", "-1", "--format=%an <%ae>", "main").strip().startswith("GitLearnOS Bot <")
    with pytest.raises(GitWorkspaceError, match="did not match"):
        mirror.commit((), ("notes/never.md",), "Delete what is not there")
    with pytest.raises(GitWorkspaceError, match="nothing to commit"):
        mirror.commit(record("notes/a.md", "rewritten\n"), (), "Same content again")


def test_the_message_is_stored_as_git_commit_stores_it(tmp_path: Path, remote: Path) -> None:
    message = (
        "\n\nSubject line  \n\n\n\nBody with trailing tabs\t\n\n# kept\n\nGitLearnOS-Event: github:x\n\n\n"
    )
    scratch = tmp_path / "scratch"
    subprocess.run(["git", "init", "-q", str(scratch)], check=True)
    ident = ["-c", "user.name=a", "-c", "user.email=a@example.org"]
    git(scratch, *ident, "commit", "-q", "--allow-empty", "-m", message)
    assert clean_message(message) == git(scratch, "log", "-1", "--format=%B")[:-1]

    mirror = mirror_of(remote, tmp_path / "mirror")
    mirror.sync()
    commit = mirror.commit(record("notes/c.md", "c\n"), (), message)
    assert git(mirror.path, "log", "-1", "--format=%B", commit) == git(scratch, "log", "-1", "--format=%B")
    found = mirror.find_trailer(TRAILER, "github:x")
    assert found is not None and found.id == commit and found.paths == ("notes/c.md",)


def test_line_endings_read_as_the_checked_out_file_read(tmp_path: Path) -> None:
    remote = seeded_remote(
        tmp_path, "remote", {".gitattributes": "*.md text eol=crlf\n", "notes/a.md": "one\ntwo\n"}
    )
    mirror = mirror_of(remote, tmp_path / "mirror")
    mirror.sync()
    assert (mirror.path / "notes" / "a.md").read_bytes() == b"one\r\ntwo\r\n"
    assert mirror.read_text("notes/a.md") == "one\ntwo\n"
    mirror.commit(record("notes/b.md", "three\n"), (), "Note b")
    assert mirror.push()
    assert git(remote, "cat-file", "blob", "main:notes/b.md") == "three\n", "stored as git add stores it"


def test_a_path_leaving_the_repository_is_refused_not_read(tmp_path: Path, remote: Path) -> None:
    mirror = mirror_of(remote, tmp_path / "mirror")
    mirror.sync()
    with pytest.raises(UnsafePath):
        mirror.read_text("../remote.git/HEAD")
    with pytest.raises(UnsafePath):
        mirror.read_text(".git/config")


def test_a_commits_paths_are_listed_as_written_in_any_script(tmp_path: Path, remote: Path) -> None:
    mirror = mirror_of(remote, tmp_path / "mirror")
    mirror.sync()
    writes = record("subjects/история/events/a note.md", "a\n")
    commit = mirror.commit(writes, (), f"Note\n\n{TRAILER}: github:own-script\n")

    (latest,) = mirror.recent_commits(1)
    assert latest.id == commit and latest.paths == ("subjects/история/events/a note.md",)
    found = mirror.find_trailer(TRAILER, "github:own-script")
    assert found is not None and found.paths == latest.paths


def _push_by_hand(remote: Path, work: Path, prepare: Callable[[Path], None]) -> None:
    subprocess.run(["git", "clone", "-q", str(remote), str(work)], check=True)
    prepare(work)
    git(work, "-c", "user.name=Alice", "-c", "user.email=alice@example.org", "commit", "-qm", "By hand")
    git(work, "push", "-q", "origin", "HEAD:main")


def test_a_submodule_reads_as_a_folder_and_its_neighbours_still_read(tmp_path: Path, remote: Path) -> None:
    def add_submodules(work: Path) -> None:  # gitlinks to commits of another repository
        git(work, "update-index", "--add", "--cacheinfo", f"160000,{'1' * 40},lib")
        git(work, "update-index", "--add", "--cacheinfo", f"160000,{'2' * 40},notes/vendor.md")
        (work / "LICENSE").write_text("mine\n")
        git(work, "add", "LICENSE")

    _push_by_hand(remote, tmp_path / "work", add_submodules)
    mirror = mirror_of(remote, tmp_path / "mirror")
    mirror.sync()
    assert mirror.read_text("notes/a.md") == "a\n"
    assert mirror.read_text("LICENSE") == "mine\n"
    assert mirror.read_text("lib") is None
    assert mirror.read_text("notes/vendor.md") is None


def test_a_write_never_follows_a_learners_symbolic_link_out_of_the_mirror(
    tmp_path: Path, remote: Path
) -> None:
    outside = tmp_path / "outside.txt"
    outside.write_text("not the bot's\n")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()

    def add_links(work: Path) -> None:
        (work / "goal.md").symlink_to(outside)
        (work / "subjects").symlink_to(elsewhere)
        git(work, "add", "goal.md", "subjects")

    _push_by_hand(remote, tmp_path / "work", add_links)
    mirror = mirror_of(remote, tmp_path / "mirror")
    mirror.sync()
    mirror.commit(record("goal.md", "the bot's\n"), (), "Goal")
    assert outside.read_text() == "not the bot's\n"
    assert mirror.push()
    assert git(remote, "cat-file", "-p", "main:goal.md") == "the bot's\n"
    assert git(remote, "ls-tree", "main", "goal.md").startswith("100644 "), "a file now, not a link"

    mirror.sync()
    with pytest.raises(UnsafePath):
        mirror.commit(record("subjects/math/note.md", "n\n"), (), "Note")
    assert list(elsewhere.iterdir()) == []


def test_a_material_is_read_alone_and_a_large_text_is_not_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Records of a subject are read in one batch; a material is not, so reading one textbook never
    loads every file of ``materials/`` (nor keeps a large one in the worker's memory)."""
    unique = tmp_path.name  # texts no earlier test put in the process's cache of blobs
    big, other = f"{unique}: a long chapter\n" * 40_000, f"{unique}: another chapter\n" * 40_000
    files = {"materials/one.txt": big, "materials/two.txt": other}
    files |= {"subjects/m/events/a.md": f"{unique} a\n", "subjects/m/events/b.md": f"{unique} b\n"}
    remote = seeded_remote(tmp_path, "remote", files)
    mirror = mirror_of(remote, tmp_path / "mirror")
    mirror.sync()
    batches: list[int] = []
    run = mirror._run

    def count(args: list[str], data: bytes) -> bytes:
        if "cat-file" in args:
            batches.append(len(data.split()))
        return run(args, data)

    monkeypatch.setattr(mirror, "_run", count)
    assert mirror.read_text("materials/one.txt") == big
    assert mirror.read_text("materials/one.txt") == big  # read again: not kept, so read again
    assert mirror.read_text("subjects/m/events/a.md") == f"{unique} a\n"
    assert mirror.read_text("subjects/m/events/b.md") == f"{unique} b\n"  # read with a.md
    assert batches == [1, 1, 2]
