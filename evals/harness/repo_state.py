"""What a learner repository holds at one moment, read through Git the way a learner would.

Scenario checks are functions of these plain values (files, commits, trailers), so the same check runs
on a remote repository cloned over the sandbox's smart HTTP, on a local checkout (scenario 07), or on a
hand-built state in a unit test that proves the check fails when it should.
"""

from __future__ import annotations

import subprocess
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from evals.sandbox.git_client import commit_trailers, git_auth_env, run_git
from evals.sandbox.git_repos import GIT_TIMEOUT_S

FIELD = "\x1f"


@dataclass(frozen=True)
class CommitInfo:
    id: str
    author: str
    message: str
    paths: tuple[str, ...]
    trailers: tuple[tuple[str, str], ...] = ()

    @property
    def subject(self) -> str:
        return self.message.split("\n", 1)[0]

    def trailer(self, name: str) -> list[str]:
        return [value for key, value in self.trailers if key.lower() == name.lower()]


@dataclass(frozen=True)
class RepoState:
    """A branch head, every file at it, and its history (newest first)."""

    head: str = ""
    files: Mapping[str, str] = field(default_factory=dict)
    commits: tuple[CommitInfo, ...] = ()

    def commits_since(self, earlier: RepoState) -> tuple[CommitInfo, ...]:
        """Commits reachable now that were not reachable at ``earlier`` (newest first)."""
        known = {commit.id for commit in earlier.commits}
        return tuple(commit for commit in self.commits if commit.id not in known)

    def contains(self, commit_id: str) -> bool:
        return any(commit.id == commit_id for commit in self.commits)

    def added_paths(self, earlier: RepoState) -> list[str]:
        return sorted(set(self.files) - set(earlier.files))

    def changed_paths(self, earlier: RepoState) -> list[str]:
        """Paths added, removed or edited between ``earlier`` and now."""
        paths = set(self.files) | set(earlier.files)
        return sorted(p for p in paths if self.files.get(p) != earlier.files.get(p))


def read_state(git_dir: Path, ref: str) -> RepoState:
    """The state at ``ref`` of the repository whose ``.git`` (or bare) directory is ``git_dir``."""
    git = ["--git-dir", str(git_dir)]
    try:
        head = run_git([*git, "rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}"]).strip()
    except RuntimeError:
        return RepoState()  # an empty repository: no commit yet
    files = {
        path: _blob_text(git_dir, f"{head}:{path}")
        for path in run_git([*git, "ls-tree", "-r", "--name-only", "-z", head]).split("\0")
        if path
    }
    commits = []
    for commit_id in run_git([*git, "rev-list", head]).split():
        author, message = run_git([*git, "show", "-s", f"--format=%an{FIELD}%B", commit_id]).split(FIELD, 1)
        changed = run_git(
            [*git, "diff-tree", "--root", "--no-commit-id", "--name-only", "-r", "-z", commit_id]
        )
        commits.append(
            CommitInfo(
                id=commit_id,
                author=author,
                message=message.strip(),
                paths=tuple(p for p in changed.split("\0") if p),
                trailers=tuple(commit_trailers(message)),
            )
        )
    return RepoState(head=head, files=files, commits=tuple(commits))


def _blob_text(git_dir: Path, spec: str) -> str:
    """A file's text; bytes that are not UTF-8 (a committed image, say) become U+FFFD, not an error."""
    blob = subprocess.run(
        ["git", "--git-dir", str(git_dir), "cat-file", "blob", spec],
        capture_output=True,
        check=True,
        timeout=GIT_TIMEOUT_S,
    ).stdout
    return blob.decode("utf-8", errors="replace")


class RemoteObserver:
    """A learner's clone of a remote repository, fetched again for every observation.

    Fetching with a forced refspec means a force-push at the remote still shows up here (as a head whose
    history lacks an earlier head) instead of making the fetch fail.
    """

    def __init__(self, clone_url: str, token: str, workdir: Path) -> None:
        self._url = clone_url
        self._auth = git_auth_env(token)
        self._git_dir = workdir / "observer.git"
        if not self._git_dir.exists():
            run_git(["init", "--quiet", "--bare", str(self._git_dir)])

    def observe(self, branch: str = "main") -> RepoState:
        remote_ref = f"refs/remotes/origin/{branch}"
        run_git(
            [
                "--git-dir",
                str(self._git_dir),
                "fetch",
                "--quiet",
                self._url,
                "+refs/heads/*:refs/remotes/origin/*",
            ],
            env=self._auth,
        )
        return read_state(self._git_dir, remote_ref)
