"""One persistent mirror clone per learner repository, reset to the remote before every use.

Resetting to ``origin/<default>`` and cleaning before each operation means a
crash mid-operation leaves nothing behind that could leak into the next one.
Credentials travel per command in ``GIT_CONFIG_*`` environment variables, so
they never land in ``.git/config``, in ``argv`` (visible in ``ps``) or in logs.
Pushes are never forced: a rejected push is reported to the caller, which
re-plans on the new head.
"""

from __future__ import annotations

import base64
from pathlib import Path

import git

from bot.events import RepoRef
from bot.plan import FileWrite, check_repo_path
from bot.snapshot import CommitSummary
from forge_adapters.base import GitCredentials

BOT_NAME = "GitLearnOS Bot"
BOT_EMAIL = "gitlearnos-bot@users.noreply.local"
REJECTED_MARKERS = ("[rejected]", "non-fast-forward", "fetch first", "[remote rejected]", "stale info")


class GitWorkspaceError(RuntimeError):
    """A git command failed for a reason other than a rejected push."""


def credential_env(credentials: GitCredentials | None) -> dict[str, str]:
    """Environment that makes git send HTTP Basic credentials for this one command."""
    env = {"GIT_TERMINAL_PROMPT": "0", "GIT_ASKPASS": "true"}
    if credentials is not None:
        raw = f"{credentials.username}:{credentials.password}".encode()
        env |= {
            "GIT_CONFIG_COUNT": "1",
            "GIT_CONFIG_KEY_0": "http.extraHeader",
            "GIT_CONFIG_VALUE_0": "Authorization: Basic " + base64.b64encode(raw).decode("ascii"),
        }
    return env


def mirror_path(mirrors_dir: Path, repo: RepoRef) -> Path:
    safe_host = repo.host.replace(":", "_")
    return mirrors_dir / repo.forge.value / safe_host / repo.full_name


class Mirror:
    """The worker's private working copy of one learner repository."""

    def __init__(self, path: Path, repo: RepoRef, credentials: GitCredentials | None, timeout: float) -> None:
        if not repo.clone_url:
            raise GitWorkspaceError(f"no clone URL known for {repo.full_name}")
        self.path = path
        self.repo_ref = repo
        self._env = credential_env(credentials)
        self._timeout = timeout
        self._tracked: list[str] | None = None
        self._repo = self._open_or_clone()

    def _git(self, *args: str) -> str:
        try:
            return str(
                self._repo.git.execute(["git", *args], env=self._env, kill_after_timeout=self._timeout)
            )
        except git.GitCommandError as error:
            raise GitWorkspaceError(f"git {args[0]} failed: {_stderr(error)}") from error

    def _open_or_clone(self) -> git.Repo:
        if (self.path / ".git").is_dir():
            repo = git.Repo(self.path)
            if repo.remotes.origin.url != self.repo_ref.clone_url:
                repo.remotes.origin.set_url(self.repo_ref.clone_url)
            return repo
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            return git.Repo.clone_from(
                self.repo_ref.clone_url,
                self.path,
                env=self._env,
                no_checkout=True,
                kill_after_timeout=self._timeout,
            )
        except git.GitCommandError as error:
            raise GitWorkspaceError(f"clone of {self.repo_ref.full_name} failed: {_stderr(error)}") from error

    @property
    def branch(self) -> str:
        return self.repo_ref.default_branch

    def sync(self) -> str:
        """Fetch the default branch and make the working tree exactly the remote's; return its head."""
        self._git(
            "fetch",
            "--prune",
            "--no-tags",
            "origin",
            f"+refs/heads/{self.branch}:refs/remotes/origin/{self.branch}",
        )
        # A forced checkout -B resets the branch, the index and the tracked files in one step.
        self._git("checkout", "--force", "-B", self.branch, f"refs/remotes/origin/{self.branch}")
        self._git("clean", "-ffdx")
        self._tracked = None
        return self.head

    @property
    def head(self) -> str:
        return self._repo.head.commit.hexsha

    def recent_commits(self, limit: int) -> list[CommitSummary]:
        fmt = "--format=%x1d%H%x1f%P%x1f%s%x1f%an%x1f%(trailers:only,unfold,separator=%x1e)"
        out = self._git("log", "--first-parent", f"-n{limit}", "--name-only", fmt, "HEAD")
        commits = []
        for chunk in out.split("\x1d")[1:]:
            header, _, names = chunk.partition("\n")
            commit_id, parents, subject, author, trailers = header.split("\x1f")
            pairs = tuple(
                (key.strip(), value.strip())
                for key, _, value in (t.partition(":") for t in trailers.split("\x1e") if ":" in t)
            )
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

    def find_trailer(self, key: str, value: str, depth: int = 500) -> CommitSummary | None:
        """The most recent commit (within ``depth``) whose trailer ``key`` equals ``value``."""
        return next((c for c in self.recent_commits(depth) if c.trailer(key) == value), None)

    def read_text(self, path: str) -> str | None:
        target = self.path / check_repo_path(path)
        try:
            return target.read_text(encoding="utf-8")
        except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
            return None
        except UnicodeDecodeError:
            return None

    def list_files(self, prefix: str) -> list[str]:
        if self._tracked is None:
            # One ls-files per synced head; the core asks several times while planning.
            self._tracked = sorted(p for p in self._git("ls-files", "-z").split("\x00") if p)
        folder = prefix.rstrip("/") + "/"
        return [path for path in self._tracked if path.startswith(folder)]

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
        self._git(
            "-c", f"user.name={BOT_NAME}", "-c", f"user.email={BOT_EMAIL}",
            "commit", "--no-verify", "--no-gpg-sign", "-m", message,
        )  # fmt: skip
        return self.head

    def push(self) -> bool:
        """Push HEAD to the default branch without force; False when the remote moved meanwhile."""
        try:
            self._repo.git.execute(
                ["git", "push", "--porcelain", "origin", f"HEAD:refs/heads/{self.branch}"],
                env=self._env,
                kill_after_timeout=self._timeout,
            )
        except git.GitCommandError as error:
            text = _stderr(error) + str(error.stdout or "")
            if any(marker in text for marker in REJECTED_MARKERS):
                return False
            raise GitWorkspaceError(f"push failed: {_stderr(error)}") from error
        return True


def _stderr(error: git.GitCommandError) -> str:
    text = str(error.stderr or "").strip()
    # Never echo an Authorization header back into an exception or a log.
    return "\n".join(line for line in text.splitlines() if "authorization" not in line.lower())[:500]
