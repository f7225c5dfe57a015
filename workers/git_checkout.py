"""A Git working tree seen the way the core needs it: a snapshot to read and a place to commit.

Both the worker's mirror clones and a learner's own local repository
(``gitlearnos local``) are checkouts; only how they get in sync with a remote
differs. Commits stage exactly the planned paths and nothing else, so
unrelated work in the tree is never swept into a bot commit.
"""

from __future__ import annotations

from collections import OrderedDict
from pathlib import Path

import git

from bot.config import CONFIG_PATH, LearnerConfig, parse_config
from bot.errors import ConfigError
from bot.plan import FileWrite, check_repo_path
from bot.snapshot import CommitSummary

BOT_NAME = "GitLearnOS Bot"
BOT_EMAIL = "gitlearnos-bot@users.noreply.local"
# Texts of tracked files kept per worker process, keyed by path and blob id: a learner's history only
# grows, and each note reads every record; room for a long history with some to spare.
TEXT_CACHE_ENTRIES = 16_384
_TEXTS: OrderedDict[tuple[str, str, str], str | None] = OrderedDict()


class GitWorkspaceError(RuntimeError):
    """A git command failed for a reason other than a rejected push."""


class GitCheckout:
    """A working tree plus its history; implements :class:`bot.snapshot.RepoSnapshot`.

    ``TREE_IS_INDEX`` says the tracked files always hold exactly what the index names (a checkout
    nobody but the bot edits, reset by a forced checkout before each use: the worker's mirror). Such a
    checkout reads a tracked file's text once per process per blob id and after that from memory: a
    blob id names its content, so the remembered text is the file's text. A learner's own checkout
    (``gitlearnos local``) may hold unstaged edits, so it always reads the files.
    """

    TREE_IS_INDEX = False

    def __init__(self, repo: git.Repo, *, env: dict[str, str] | None = None, timeout: float = 120) -> None:
        self._repo = repo
        self._env = env or {}
        self._timeout = timeout
        self._tracked: list[str] | None = None
        self._blobs: dict[str, str] = {}
        self._attributes = ""  # the blob ids of every .gitattributes (they decide how a blob is checked out)
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
        # --name-only lists a merge's paths only with -m.
        listing = ("--name-only",) if paths else ()
        out = self._git("log", *walk, f"-n{limit}", *listing, fmt, rev, "--")
        commits = []
        for chunk in out.split("\x1d")[1:]:
            header, _, names = chunk.partition("\n")
            commit_id, parents, subject, author, trailers = header.split("\x1f")
            pairs = trailer_pairs(trailers)
            commits.append(
                CommitSummary(
                    id=commit_id,
                    parent=parents.split(" ")[0] if parents else "",
                    subject=subject,
                    author=author,
                    trailers=pairs,
                    paths=tuple(line for line in names.splitlines() if line),
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
        if not self.TREE_IS_INDEX:
            return self._read_file(path)
        if self._tracked is None:
            self._index()
        blob = self._blobs.get(path)
        if blob is None:
            return self._read_file(path)
        key = (path, blob, self._attributes)
        try:  # one lookup when known: a note reads every record through here
            known = _TEXTS[key]
        except KeyError:
            pass
        else:
            _TEXTS.move_to_end(key)
            return known
        text = _TEXTS[key] = self._read_file(path)
        if len(_TEXTS) > TEXT_CACHE_ENTRIES:
            _TEXTS.popitem(last=False)
        return text

    def _read_file(self, path: str) -> str | None:
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
        """The tracked paths, sorted (and, for a ``TREE_IS_INDEX`` checkout, their blob ids).

        One ls-files per synced head; the core asks several times while planning.
        """
        if self._tracked is None:
            if not self.TREE_IS_INDEX:
                self._tracked = sorted(p for p in self._git("ls-files", "-z").split("\x00") if p)
                return self._tracked
            blobs: dict[str, str] = {}
            for entry in self._git("ls-files", "-s", "-z").split("\x00"):
                info, tab, path = entry.partition("\t")
                if tab and path:  # "<mode> <blob> <stage>\t<path>"
                    blobs[path] = info.split(" ")[1]
            self._blobs = blobs
            attributes = (path for path in blobs if path.endswith(".gitattributes"))  # few: sort only them
            self._attributes = " ".join(
                blobs[path] for path in sorted(attributes) if path.rsplit("/", 1)[-1] == ".gitattributes"
            )
            self._tracked = sorted(blobs)
        return self._tracked

    def _forget_index(self) -> None:
        """The head or index moved (a sync, a commit): list and name the blobs afresh."""
        self._tracked = None
        self._blobs = {}

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

    def commit(self, writes: tuple[FileWrite, ...], deletes: tuple[str, ...], message: str) -> str:
        """Write and delete exactly the planned files, stage only them, and commit as the bot."""
        for write in writes:
            target = self.path / check_repo_path(write.path)
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(write.content, encoding="utf-8")
        if writes:
            self._git("add", "--", *(w.path for w in writes))
        if deletes:
            self._git("rm", "-q", "--", *(check_repo_path(path) for path in deletes))
        # `-- paths` commits only the planned files, even when the learner has other changes staged.
        # A TREE_IS_INDEX checkout has nothing staged but them, so it commits its index as it is: a
        # pathspec commit builds a second index and checks every tracked file, a cost per record.
        only = () if self.TREE_IS_INDEX else ("--", *(w.path for w in writes), *deletes)
        self._git(
            "-c", f"user.name={BOT_NAME}", "-c", f"user.email={BOT_EMAIL}",
            "commit", "--no-verify", "--no-gpg-sign", "-m", message, *only,
        )  # fmt: skip
        self._forget_index()
        return self.head


def trailer_pairs(trailers: str) -> tuple[tuple[str, str], ...]:
    """The ``(key, value)`` pairs of one commit's trailers, as
    ``%(trailers:only,unfold,separator=%x1e)`` prints them."""
    return tuple(
        (key.strip(), value.strip())
        for key, _, value in (t.partition(":") for t in trailers.split("\x1e") if ":" in t)
    )


def git_stderr(error: git.GitCommandError) -> str:
    text = str(error.stderr or "").strip()
    # Never echo an Authorization header back into an exception or a log.
    return "\n".join(line for line in text.splitlines() if "authorization" not in line.lower())[:500]
