"""A Git working tree seen the way the core needs it: a snapshot to read and a place to commit.

Both the worker's mirror clones and a learner's own local repository
(``gitlearnos local``) are checkouts; only how they get in sync with a remote
differs. Commits stage exactly the planned paths and nothing else, so
unrelated work in the tree is never swept into a bot commit. The mirror is an
:class:`IndexCheckout`: its index is its snapshot, read from the object store and
committed through plumbing, so a note's git cost does not grow with the files tracked.
"""

from __future__ import annotations

import bisect
import hashlib
import os
import subprocess
from collections import OrderedDict
from pathlib import Path

import git

from bot.config import CONFIG_PATH, LearnerConfig, parse_config
from bot.errors import ConfigError, UnsafePath
from bot.plan import FileWrite, check_repo_path
from bot.snapshot import CommitSummary

BOT_NAME = "GitLearnOS Bot"
BOT_EMAIL = "gitlearnos-bot@users.noreply.local"


class GitWorkspaceError(RuntimeError):
    """A git command failed for a reason other than a rejected push."""


class GitCheckout:
    """A working tree plus its history; implements :class:`bot.snapshot.RepoSnapshot`.

    A learner's own checkout (``gitlearnos local``) may hold unstaged edits and staged work of the
    learner's, so it reads the files as they are and commits only the planned paths.
    """

    def __init__(self, repo: git.Repo, *, env: dict[str, str] | None = None, timeout: float = 120) -> None:
        self._repo = repo
        self._env = env or {}
        self._timeout = timeout
        self._tracked: list[str] | None = None
        self.path = Path(repo.working_tree_dir or ".")

    def _git(self, *args: str) -> str:
        try:
            return str(
                self._repo.git.execute(["git", *args], env=self._env, kill_after_timeout=self._timeout)
            )
        except git.GitCommandError as error:
            raise GitWorkspaceError(f"git {args[0]} failed: {git_stderr(error)}") from error

    @property
    def head(self) -> str:
        """The current commit id; empty on an unborn branch (a repository with no commits yet)."""
        return self._repo.head.commit.hexsha if self._repo.head.is_valid() else ""

    def recent_commits(
        self, limit: int, rev: str = "HEAD", *, all_parents: bool = False, paths: bool = True
    ) -> list[CommitSummary]:
        """Up to ``limit`` commits from ``rev`` (default: the checkout's head), newest first.

        First-parent only (the branch's own line, as the core reads history) unless ``all_parents``,
        which also walks what merges brought in (the already-applied check needs that). ``paths``
        false leaves each commit's paths empty: listing them diffs every commit walked, which costs
        more than the walk itself (the trailer search reads only the trailers).
        """
        if rev == "HEAD" and not self.head:
            return []
        fmt = "--format=%x1d%H%x1f%P%x1f%s%x1f%an%x1f%(trailers:only,unfold,separator=%x1e)"
        walk = () if all_parents else ("--first-parent",)
        # --name-only lists a merge's paths only with -m. -z: each header ends in a NUL, and the paths
        # that follow it (after a newline) end in one each, as they are: not quoted, not escaped.
        listing = ("--name-only",) if paths else ()
        out = self._git("log", "-z", *walk, f"-n{limit}", *listing, fmt, rev, "--")
        commits = []
        for chunk in out.split("\x1d")[1:]:
            header, _, names = chunk.partition("\x00")
            names = names[1:] if names.startswith("\n") else names
            commit_id, parents, subject, author, trailers = header.split("\x1f")
            pairs = trailer_pairs(trailers)
            commits.append(
                CommitSummary(
                    id=commit_id,
                    parent=parents.split(" ")[0] if parents else "",
                    subject=subject,
                    author=author,
                    trailers=pairs,
                    paths=tuple(name for name in names.split("\x00") if name),
                )
            )
        return commits

    def read_text_at(self, commit: str, path: str) -> str | None:
        check_repo_path(path)
        try:
            return str(
                self._repo.git.execute(["git", "show", f"{commit}:{path}"], strip_newline_in_stdout=False)
            )
        except git.GitCommandError:
            return None

    def read_text(self, path: str) -> str | None:
        target = self.path / check_repo_path(path)
        try:
            return target.read_text(encoding="utf-8")
        except (FileNotFoundError, IsADirectoryError, NotADirectoryError, UnicodeDecodeError):
            return None

    def learner_config(self, commit: str | None = None) -> LearnerConfig | None:
        """The parsed ``gitlearnos.yml`` in the tree (or at ``commit``); None when missing or invalid."""
        text = self.read_text(CONFIG_PATH) if commit is None else self.read_text_at(commit, CONFIG_PATH)
        try:
            return parse_config(text).config if text is not None else None
        except ConfigError:
            return None  # the next learner event explains the broken config; nothing runs on a guess

    def list_files(self, prefix: str) -> list[str]:
        folder = prefix.rstrip("/") + "/"
        return [path for path in self._index() if path.startswith(folder)]

    def _index(self) -> list[str]:
        """The tracked paths, sorted; one ls-files per checkout (the core asks several times)."""
        if self._tracked is None:
            self._tracked = sorted(p for p in self._git("ls-files", "-z").split("\x00") if p)
        return self._tracked

    def uncommitted_paths(self) -> list[str]:
        """Paths with staged, unstaged or untracked changes in the working tree."""
        entries = iter(self._git("status", "--porcelain=v1", "-z", "--untracked-files=all").split("\x00"))
        paths = []
        for entry in entries:
            if len(entry) > 3:
                paths.append(entry[3:])
                if entry[0] in "RC":  # a rename or copy is followed by its source path
                    paths.append(next(entries, ""))
        return [path for path in paths if path]

    def _write_files(self, writes: tuple[FileWrite, ...]) -> None:
        for write in writes:
            target = self.path / check_repo_path(write.path)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(write.content, encoding="utf-8")

    def commit(self, writes: tuple[FileWrite, ...], deletes: tuple[str, ...], message: str) -> str:
        """Write and delete exactly the planned files, stage only them, and commit as the bot."""
        self._write_files(writes)
        if writes:
            self._git("add", "--", *(w.path for w in writes))
        if deletes:
            self._git("rm", "-q", "--", *(check_repo_path(path) for path in deletes))
        # `-- paths` commits only the planned files, even when the learner has other changes staged.
        self._git(
            "-c", f"user.name={BOT_NAME}", "-c", f"user.email={BOT_EMAIL}",
            "commit", "--no-verify", "--no-gpg-sign", "-m", message,
            "--", *(w.path for w in writes), *deletes,
        )  # fmt: skip
        self._tracked = None
        return self.head


# Texts of blobs kept per worker process, keyed by blob id (a blob id names its content): a learner's
# history only grows, and each note reads every record; room for a long history with some to spare.
TEXT_CACHE_ENTRIES = 16_384
_TEXTS: OrderedDict[str, str | None] = OrderedDict()
# The index listing of each mirror per process, keyed by the git directory and valid for one stamp.
LISTING_CACHE_ENTRIES = 16
_LISTINGS: OrderedDict[Path, tuple[str, dict[str, str], list[str]]] = OrderedDict()
# The file, inside the git directory, saying which commit the index is exactly the tree of.
STAMP = "gitlearnos-index"
# `git gc --auto`'s own estimate: more than 6,700 loose objects (27 in objects/17) or 50 packs.
LOOSE_IN_17 = 27
PACKS = 50
# The index mode of a submodule's entry.
GITLINK = "160000"
# At most this many unread files of a folder are read along with the one asked for.
SIBLINGS_READ = 8_192
# Only record folders are read together: a note reads every record of its subject, while a material
# (a textbook, a scan) is read alone, so a read never pulls a folder of large files into memory.
SIBLINGS_UNDER = "subjects/"
# A text longer than this is not kept between reads (records are a few KB; materials may be megabytes).
CACHED_TEXT_CHARS = 256 * 1024


def blob_id(data: bytes) -> str:
    """The id git gives a blob of exactly ``data``."""
    return hashlib.sha1(b"blob %d\x00" % len(data) + data, usedforsecurity=False).hexdigest()


def as_read(data: bytes) -> str | None:
    """A blob's text as :meth:`GitCheckout.read_text` reads a file: UTF-8, universal newlines."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return None
    return text.replace("\r\n", "\n").replace("\r", "\n") if "\r" in text else text


def clean_message(message: str) -> str:
    """``message`` as ``git commit -m`` stores it (cleanup ``whitespace``): trailing whitespace off every
    line, runs of blank lines made one, none at the start or the end."""
    lines: list[str] = []
    for raw in message.split("\n"):
        line = raw.rstrip()
        if line or (lines and lines[-1]):
            lines.append(line)
    while lines and not lines[-1]:
        lines.pop()
    return "".join(line + "\n" for line in lines)


class IndexCheckout(GitCheckout):
    """A checkout nobody but the bot writes (the worker's mirror): its index is the snapshot.

    The working tree is never read and never trusted: a tracked file's text is its blob's, read from
    the object store once per process per blob id; an untracked file does not exist. A commit stages
    exactly the planned paths (``update-index``, which looks at those files only) and writes tree,
    commit and ref with plumbing, so nothing stats the whole tree and a file changed by hand in the
    working tree can neither be read nor swept into a commit.

    The stamp (:data:`STAMP`) says "the index is exactly the tree of commit C, and is this file": it is
    removed before the index is touched and written once the ref names the commit, so a job that died
    halfway (files written, an index half staged) leaves no stamp, and the next sync resets everything.
    """

    def __init__(self, repo: git.Repo, *, env: dict[str, str] | None = None, timeout: float = 120) -> None:
        super().__init__(repo, env=env, timeout=timeout)
        self._blobs: dict[str, str] = {}
        self.git_dir = Path(repo.git_dir)

    # -- the head and the stamp, read in-process -------------------------------------------------

    @property
    def head(self) -> str:
        try:
            return str(git.SymbolicReference.dereference_recursive(self._repo, "HEAD"))
        except ValueError:  # an unborn branch
            return ""

    def _head_ref(self) -> str:
        try:
            text = (self.git_dir / "HEAD").read_text(encoding="utf-8").strip()
        except OSError:
            return ""
        return text.removeprefix("ref: ") if text.startswith("ref: ") else ""

    def _index_signature(self) -> str:
        try:
            info = (self.git_dir / "index").stat()
        except OSError:
            return ""
        return f"{info.st_ino}:{info.st_size}:{info.st_mtime_ns}:{info.st_ctime_ns}"

    def _read_stamp(self) -> tuple[str, str, str, str] | None:
        """``(ref, commit, tree, index signature)`` if the stamp is there and well formed."""
        try:
            parts = (self.git_dir / STAMP).read_text(encoding="ascii").split()
        except (OSError, UnicodeDecodeError):
            return None
        return (parts[0], parts[1], parts[2], parts[3]) if len(parts) == 4 else None

    def _valid_stamp(self) -> tuple[str, str, str, str] | None:
        """The stamp if the index is still exactly the tree it names: same ref, head and index file."""
        stamp = self._read_stamp()
        head = self.head
        if stamp is None or not head or stamp[:2] != (self._head_ref(), head):
            return None
        return stamp if stamp[3] == self._index_signature() else None

    def _write_stamp(self, commit: str, tree: str) -> str:
        stamp = f"{self._head_ref()} {commit} {tree or '-'} {self._index_signature()}"
        scratch = self.git_dir / f"{STAMP}.tmp"
        scratch.write_text(stamp + "\n", encoding="ascii")
        scratch.replace(self.git_dir / STAMP)
        return stamp

    def _drop_stamp(self) -> None:
        (self.git_dir / STAMP).unlink(missing_ok=True)

    # -- the snapshot: the index and the object store ------------------------------------------------

    def _forget_index(self) -> None:
        """The head or index moved (a sync that checked out): list and name the blobs afresh."""
        self._tracked = None
        self._blobs = {}

    def _index(self) -> list[str]:
        """The tracked paths, sorted, and their blob ids: one ``ls-files`` per index, per process.

        Kept per process for the stamp it was listed under; a commit of the bot's updates the listing
        in place, so a note on an unchanged head lists nothing.
        """
        if self._tracked is not None:
            return self._tracked
        stamp = self._valid_stamp()
        known = _LISTINGS.get(self.git_dir)
        if stamp is not None and known is not None and known[0] == " ".join(stamp):
            _LISTINGS.move_to_end(self.git_dir)
            self._blobs, self._tracked = known[1], known[2]
            return self._tracked
        blobs: dict[str, str] = {}
        for entry in self._git("ls-files", "-s", "-z").split("\x00"):
            info, tab, path = entry.partition("\t")
            if tab and path:  # "<mode> <blob> <stage>\t<path>"
                mode, blob = info.split(" ")[:2]
                # A submodule's entry names a commit of another repository, not a blob of this one.
                blobs[path] = "" if mode == GITLINK else blob
        self._blobs, self._tracked = blobs, sorted(blobs)
        if stamp is not None:
            self._remember_listing(" ".join(stamp))
        return self._tracked

    def _remember_listing(self, stamp: str) -> None:
        assert self._tracked is not None
        _LISTINGS[self.git_dir] = (stamp, self._blobs, self._tracked)
        _LISTINGS.move_to_end(self.git_dir)
        while len(_LISTINGS) > LISTING_CACHE_ENTRIES:
            _LISTINGS.popitem(last=False)

    def read_text(self, path: str) -> str | None:
        if self._tracked is None:
            self._index()
        blob = self._blobs.get(path)
        if blob is None:  # not in the index: not in the snapshot, whatever the working tree holds
            check_repo_path(path)  # (a path git tracks is a safe one: checked only when it is not)
            return None
        if not blob:  # a submodule: a folder, not a file, as a checked-out tree reads it
            return None
        try:  # one lookup when known: a note reads every record through here
            known = _TEXTS[blob]
        except KeyError:
            return self._read_blobs([*self._siblings(path), blob])[blob]
        _TEXTS.move_to_end(blob)
        return known

    def _siblings(self, path: str) -> list[str]:
        """The unread blobs of ``path``'s folder with its suffix: the core reads a folder of records one
        by one, and one ``cat-file`` for all of them costs about what one costs for each."""
        folder, _, name = path.rpartition("/")
        if not path.startswith(SIBLINGS_UNDER):
            return []
        prefix = folder + "/" if folder else ""
        suffix = name[name.rfind(".") :] if "." in name else ""
        assert self._tracked is not None
        wanted: list[str] = []
        for other in self._tracked[bisect.bisect_left(self._tracked, prefix) :]:
            if not other.startswith(prefix) or len(wanted) >= SIBLINGS_READ:
                break
            blob = self._blobs[other]
            if blob and "/" not in other[len(prefix) :] and other.endswith(suffix) and blob not in _TEXTS:
                wanted.append(blob)
        return wanted

    def _read_blobs(self, blobs: list[str]) -> dict[str, str | None]:
        """The texts of ``blobs``, read from the object store by one ``cat-file --batch``, remembered."""
        wanted = list(dict.fromkeys(blobs))
        out = self._run(["cat-file", "--batch"], ("\n".join(wanted) + "\n").encode())
        texts: dict[str, str | None] = {}
        at = 0
        for blob in wanted:
            end = out.index(b"\n", at)
            header = out[at:end].split(b" ")
            if len(header) != 3:  # "<id> missing": a corrupt store, which reading as absent would hide
                raise GitWorkspaceError(f"object {blob} is missing from the mirror")
            size = int(header[2])
            texts[blob] = as_read(out[end + 1 : end + 1 + size])
            self._remember_text(blob, texts[blob])
            at = end + 1 + size + 1
        return texts

    @staticmethod
    def _remember_text(blob: str, text: str | None) -> None:
        if text is not None and len(text) > CACHED_TEXT_CHARS:
            return
        _TEXTS[blob] = text
        _TEXTS.move_to_end(blob)
        while len(_TEXTS) > TEXT_CACHE_ENTRIES:
            _TEXTS.popitem(last=False)

    def _run(self, args: list[str], data: bytes) -> bytes:
        """One git command fed ``data`` on its standard input; its standard output."""
        env = {**os.environ, "LANGUAGE": "C", "LC_ALL": "C", **self._env}
        try:
            done = subprocess.run(
                ["git", *args],
                input=data,
                cwd=self.path,
                env=env,
                capture_output=True,
                timeout=self._timeout,
                check=False,
            )
        except subprocess.TimeoutExpired as error:
            raise GitWorkspaceError(f"git {args[0]} timed out") from error
        if done.returncode:
            raise GitWorkspaceError(
                f"git {args[0]} failed: {without_credentials(done.stderr.decode('utf-8', 'replace'))}"
            )
        return done.stdout

    # -- a commit through plumbing ---------------------------------------------------------------------

    def _write_files(self, writes: tuple[FileWrite, ...]) -> None:
        """Write the planned files as regular files inside the mirror: a symbolic link the learner
        committed at a planned path is replaced, never written through, and one on the way to it (a
        linked folder) is refused, so a write cannot land outside the mirror."""
        for write in writes:
            at = self.path
            *folders, name = check_repo_path(write.path).split("/")
            for folder in folders:
                at = at / folder
                if at.is_symlink():
                    raise UnsafePath(f"refusing path {write.path!r}: {folder!r} is a symbolic link")
            if (at / name).is_symlink():
                (at / name).unlink()
        super()._write_files(writes)

    def commit(self, writes: tuple[FileWrite, ...], deletes: tuple[str, ...], message: str) -> str:
        """Write and delete exactly the planned files, stage only them, and commit the index as the bot.

        The index must be exactly the head's tree (a sync made it so, or the last commit did): what is
        committed is that tree with the planned paths changed, never anything else in the working tree.
        """
        stamp = self._valid_stamp()
        parent = self.head
        if parent and stamp is None:  # something else wrote the index: make it the head's tree again
            self._git("read-tree", parent)
            self._forget_index()
        self._index()
        for path in deletes:
            if path not in self._blobs:
                raise GitWorkspaceError(f"git rm failed: pathspec '{path}' did not match any files")
        self._drop_stamp()  # from here until the ref names the commit, the index is not the head's tree
        self._write_files(writes)
        for path in deletes:
            (self.path / check_repo_path(path)).unlink(missing_ok=True)
        changed = [*(w.path for w in writes), *deletes]
        if changed:
            self._git("update-index", "--add", "--remove", "--replace", "--", *changed)
        tree = self._git("write-tree").strip()
        if stamp is not None and stamp[2] != "-":
            parent_tree = stamp[2]
        else:
            parent_tree = self._git("rev-parse", f"{parent}^{{tree}}").strip() if parent else ""
        if tree == parent_tree:
            raise GitWorkspaceError("git commit failed: nothing to commit")
        identity = ("-c", f"user.name={BOT_NAME}", "-c", f"user.email={BOT_EMAIL}")
        parents = ("-p", parent) if parent else ()
        data = clean_message(message).encode()
        made = self._run([*identity, "commit-tree", "--no-gpg-sign", *parents, "-F", "-", tree], data)
        commit = made.decode().strip()
        subject = data.split(b"\n", 1)[0].decode()
        self._git("update-ref", "-m", f"commit: {subject}", "HEAD", commit, parent or "")
        self._update_listing(writes, deletes)
        self._remember_listing(self._write_stamp(commit, tree))
        self._maybe_gc()
        return commit

    def _update_listing(self, writes: tuple[FileWrite, ...], deletes: tuple[str, ...]) -> None:
        """The listing after the commit: the staged blob ids of the written paths, the deleted ones gone;
        a written text whose blob is exactly its bytes is remembered, so the next note need not read it."""
        assert self._tracked is not None
        blobs, tracked = dict(self._blobs), list(self._tracked)
        if writes:
            written = {w.path for w in writes}
            staged = self._git("--literal-pathspecs", "ls-files", "-s", "-z", "--", *written)
            for entry in staged.split("\x00"):
                info, tab, path = entry.partition("\t")
                if tab and path in written:
                    if path not in blobs:
                        bisect.insort(tracked, path)
                    blobs[path] = info.split(" ")[1]
        for path in deletes:
            if blobs.pop(path, None) is not None:
                tracked.remove(path)
        for write in writes:
            data = write.content.encode("utf-8")
            if blobs.get(write.path) == blob_id(data):
                self._remember_text(blob_id(data), as_read(data))
        self._blobs, self._tracked = blobs, tracked

    def _maybe_gc(self) -> None:
        """Run git's own auto-maintenance when its estimate says so (``git commit`` would have)."""
        objects = self.git_dir / "objects"
        try:
            loose = sum(1 for _ in (objects / "17").iterdir()) if (objects / "17").is_dir() else 0
            packs = sum(1 for name in (objects / "pack").iterdir() if name.suffix == ".pack")
        except OSError:
            return
        if loose > LOOSE_IN_17 or packs > PACKS:
            self._git("maintenance", "run", "--auto", "--quiet")


def trailer_pairs(trailers: str) -> tuple[tuple[str, str], ...]:
    """The ``(key, value)`` pairs of one commit's trailers, as
    ``%(trailers:only,unfold,separator=%x1e)`` prints them."""
    return tuple(
        (key.strip(), value.strip())
        for key, _, value in (t.partition(":") for t in trailers.split("\x1e") if ":" in t)
    )


def git_stderr(error: git.GitCommandError) -> str:
    return without_credentials(str(error.stderr or ""))


def without_credentials(stderr: str) -> str:
    """Git's error text, short, with no line that could echo an Authorization header (logs, exceptions)."""
    lines = stderr.strip().splitlines()
    return "\n".join(line for line in lines if "authorization" not in line.lower())[:500]
