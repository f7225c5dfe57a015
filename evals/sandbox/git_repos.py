"""Server-side Git work on the sandbox's bare repositories, done by the real ``git`` binary.

Every command runs with an isolated environment (no system or user config, ``HOME`` inside the sandbox
root) so the developer's own Git settings cannot change what the sandbox stores or serves.
"""

from __future__ import annotations

import os
import subprocess
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from evals.sandbox.errors import InvalidInputError, NotFoundError

GIT_TIMEOUT_S = 60
_FIELD = "\x1f"
_LOG_FORMAT = _FIELD.join(["%H", "%T", "%P", "%an", "%ae", "%aI", "%cn", "%ce", "%cI", "%B"])


@dataclass(frozen=True)
class Signature:
    name: str
    email: str
    date: str  # strict ISO 8601 as git prints it (``%aI``)


@dataclass(frozen=True)
class CommitInfo:
    sha: str
    tree: str
    parents: tuple[str, ...]
    author: Signature
    committer: Signature
    message: str


def isolated_env(home: Path, extra: Mapping[str, str] | None = None) -> dict[str, str]:
    """The environment for git subprocesses: PATH only, plus ``extra``."""
    env = {
        "PATH": os.environ.get("PATH", os.defpath),
        "HOME": str(home),
        "GIT_CONFIG_NOSYSTEM": "1",
        "LC_ALL": "C",
    }
    env.update(extra or {})
    return env


def run_git(args: list[str], *, env: Mapping[str, str], input_bytes: bytes | None = None) -> bytes:
    """Run ``git args`` and return stdout; a failure raises ``CalledProcessError`` carrying stderr."""
    completed = subprocess.run(
        ["git", *args],
        input=input_bytes,
        env=dict(env),
        capture_output=True,
        timeout=GIT_TIMEOUT_S,
        check=False,
    )
    if completed.returncode != 0:
        raise subprocess.CalledProcessError(
            completed.returncode, completed.args, completed.stdout, completed.stderr
        )
    return completed.stdout


def safe_relative_path(path: str) -> PurePosixPath:
    """A repository-relative path, refusing anything that could leave the work tree or touch ``.git``."""
    candidate = PurePosixPath(path)
    if (
        not path
        or candidate.is_absolute()
        or any(part in ("", ".", "..", ".git") for part in candidate.parts)
    ):
        raise InvalidInputError(
            f"invalid repository path {path!r}: use a relative path without '..' or '.git'"
        )
    return candidate


class BareRepository:
    """One bare repository on disk; ``home`` is the HOME used for git subprocesses."""

    def __init__(self, path: Path, home: Path) -> None:
        self.path = path
        self._env = isolated_env(home)

    def _git(
        self, *args: str, extra_env: Mapping[str, str] | None = None, input_bytes: bytes | None = None
    ) -> bytes:
        env = {**self._env, **(extra_env or {})}
        return run_git(["--git-dir", str(self.path), *args], env=env, input_bytes=input_bytes)

    def init(self, default_branch: str) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        run_git(
            ["init", "--quiet", "--bare", f"--initial-branch={default_branch}", str(self.path)], env=self._env
        )

    def resolve(self, rev: str) -> str | None:
        """The commit id ``rev`` names, or ``None`` (unknown ref, or an empty repository)."""
        try:
            return (
                self._git("rev-parse", "--verify", "--quiet", "--end-of-options", f"{rev}^{{commit}}")
                .decode()
                .strip()
            )
        except subprocess.CalledProcessError:
            return None

    def commit_files(
        self, branch: str, files: Mapping[str, str], *, name: str, email: str, message: str
    ) -> str:
        """Commit ``files`` (path → text) on top of ``branch`` as one commit, without a work tree.

        The ref moves with compare-and-swap, so a push that lands meanwhile makes this fail instead of
        being overwritten.
        """
        parent = self.resolve(f"refs/heads/{branch}")
        with tempfile.TemporaryDirectory(prefix="sandbox-commit-") as scratch:
            index_env = {"GIT_INDEX_FILE": str(Path(scratch) / "index")}
            if parent:
                self._git("read-tree", parent, extra_env=index_env)
            for file_name, content in files.items():
                blob = (
                    self._git("hash-object", "-w", "--stdin", input_bytes=content.encode()).decode().strip()
                )
                entry = f"100644,{blob},{safe_relative_path(file_name)}"
                self._git("update-index", "--add", "--cacheinfo", entry, extra_env=index_env)
            tree = self._git("write-tree", extra_env=index_env).decode().strip()
        identity = {
            "GIT_AUTHOR_NAME": name,
            "GIT_AUTHOR_EMAIL": email,
            "GIT_COMMITTER_NAME": name,
            "GIT_COMMITTER_EMAIL": email,
        }
        parent_args = ["-p", parent] if parent else []
        commit = self._git(
            "commit-tree", tree, *parent_args, extra_env=identity, input_bytes=message.encode()
        )
        sha = commit.decode().strip()
        self._git("update-ref", f"refs/heads/{branch}", sha, parent or "")
        return sha

    def merge(self, base: str, head: str, *, name: str, email: str, message: str) -> str:
        """Merge branch ``head`` into ``base`` with a merge commit, as a forge's merge button does.

        ``git merge-tree --write-tree`` merges without a work tree; a conflict is refused (405 on GitHub).
        The ref moves with compare-and-swap, like :meth:`commit_files`.
        """
        base_sha, head_sha = self.resolve(f"refs/heads/{base}"), self.resolve(f"refs/heads/{head}")
        if base_sha is None or head_sha is None:
            raise NotFoundError(f"no branch {base if base_sha is None else head}")
        try:
            tree = self._git("merge-tree", "--write-tree", base_sha, head_sha).decode().split("\n", 1)[0]
        except subprocess.CalledProcessError as exc:
            raise InvalidInputError(f"{head} cannot be merged into {base} without conflicts") from exc
        identity = {
            "GIT_AUTHOR_NAME": name,
            "GIT_AUTHOR_EMAIL": email,
            "GIT_COMMITTER_NAME": name,
            "GIT_COMMITTER_EMAIL": email,
        }
        args = ["commit-tree", tree.strip(), "-p", base_sha, "-p", head_sha]
        sha = self._git(*args, extra_env=identity, input_bytes=message.encode()).decode().strip()
        self._git("update-ref", f"refs/heads/{base}", sha, base_sha)
        return sha

    def log(self, rev: str) -> list[CommitInfo]:
        """The commits reachable from ``rev``, newest first (sandbox histories are short)."""
        sha = self.resolve(rev)
        if sha is None:
            raise NotFoundError(f"No commit found for SHA: {rev}")
        out = self._git("log", "-z", f"--format={_LOG_FORMAT}", sha).decode()
        return [_parse_log_record(record) for record in out.split("\0") if record]

    def read_file(self, rev: str, path: str) -> bytes:
        sha = self.resolve(rev)
        if sha is None:
            raise NotFoundError(f"No commit found for the ref {rev}")
        try:
            return self._git("cat-file", "blob", f"{sha}:{safe_relative_path(path)}")
        except subprocess.CalledProcessError as exc:
            raise NotFoundError(f"{path} does not exist at {rev}") from exc


def _parse_log_record(record: str) -> CommitInfo:
    sha, tree, parents, an, ae, ad, cn, ce, cd, message = record.split(_FIELD, 9)
    return CommitInfo(
        sha=sha,
        tree=tree,
        parents=tuple(parents.split()),
        author=Signature(an, ae, ad),
        committer=Signature(cn, ce, cd),
        message=message.rstrip("\n"),
    )
