"""One persistent mirror clone per learner repository, made the remote's before every use.

Every use starts with a fetch; the index is then exactly ``origin/<default>``'s tree, either because
the mirror's stamp says it already is (the last sync or bot commit made it so and nothing touched the
index since) or after a forced checkout and a clean. The working tree is never read or committed
from (:class:`workers.git_checkout.IndexCheckout`), so a crash mid-operation or a file changed by
hand leaves nothing behind that could leak into the next one.
Credentials travel per command in ``GIT_CONFIG_*`` environment variables, so
they never land in ``.git/config``, in ``argv`` (visible in ``ps``) or in logs;
the header is scoped to the clone URL's own origin (``http.<origin>/.extraHeader``)
and redirects are not followed, so it is only ever sent to the configured host.
The clone URL is built by :mod:`forge_adapters.repo_address` from settings; the
mirror's ``origin`` is set to it on every open, never to a payload's URL.
Pushes are never forced: a rejected push, or a push that lost the race for the
branch's ref, is reported to the caller, which re-plans on the new head.
"""

from __future__ import annotations

import base64
from pathlib import Path
from urllib.parse import urlsplit

import git

from bot.intake.events import RepoRef
from bot.snapshot import CommitSummary
from forge_adapters.base import GitCredentials
from forge_adapters.repo_address import contained_path, path_parts
from workers.git_checkout import GitWorkspaceError, IndexCheckout, git_stderr, trailer_pairs

# Only these mean "the branch moved on meanwhile": a rejected non-fast-forward, or a push that lost
# the race for the ref on the server ("cannot lock ref 'refs/heads/main': is at X but expected Y").
# Any other refusal by a hook or branch protection ("[remote rejected]") is a failure re-planning
# cannot fix.
MOVED_MARKERS = ("non-fast-forward", "fetch first", "stale info", "cannot lock ref")
# The forge refused the push itself: a hook or branch protection ("[remote rejected]"), or a token that may
# read but not write (HTTP 403). Trying again cannot help; the learner is shown the pending writeback.
REFUSED_MARKERS = ("[remote rejected]", "returned error: 403")
# What a fetch of a branch the remote does not have says (a brand-new, empty repository).
NO_REMOTE_BRANCH = "couldn't find remote ref"


class PushRefused(GitWorkspaceError):
    """The forge refused the push: the bot may read this repository but not write its branch."""


def credential_env(credentials: GitCredentials | None, clone_url: str = "") -> dict[str, str]:
    """Environment that makes git send HTTP Basic credentials for this one command, to ``clone_url``'s
    origin only (every origin when it is not an HTTP URL: a local path sends no header at all)."""
    env = {"GIT_TERMINAL_PROMPT": "0", "GIT_ASKPASS": "true"}
    if credentials is not None:
        raw = f"{credentials.username}:{credentials.password}".encode()
        url = urlsplit(clone_url)
        scope = f"http.{url.scheme}://{url.netloc}/." if url.scheme in {"http", "https"} else "http."
        env |= {
            "GIT_CONFIG_COUNT": "2",
            "GIT_CONFIG_KEY_0": f"{scope}extraHeader",
            "GIT_CONFIG_VALUE_0": "Authorization: Basic " + base64.b64encode(raw).decode("ascii"),
            "GIT_CONFIG_KEY_1": "http.followRedirects",
            "GIT_CONFIG_VALUE_1": "false",
        }
    return env


def mirror_path(mirrors_dir: Path, repo: RepoRef) -> Path:
    """``mirrors_dir/<forge>/<host>/<owner>/<name>`` from validated parts, proven to stay inside it."""
    return contained_path(mirrors_dir, repo.forge, repo.host, path_parts(repo.forge, repo.full_name))


class Mirror(IndexCheckout):
    """The worker's private working copy of one learner repository."""

    def __init__(
        self,
        path: Path,
        repo: RepoRef,
        credentials: GitCredentials | None,
        timeout: float,
        *,
        clone_url: str,
    ) -> None:
        """``clone_url`` is the configured forge's (:mod:`workers.repo_access`), never ``repo.clone_url``."""
        if not clone_url:
            raise GitWorkspaceError(f"no clone URL known for {repo.full_name}")
        self.repo_ref = repo
        self.clone_url = clone_url
        env = credential_env(credentials, clone_url)
        super().__init__(self._open_or_clone(path, clone_url, env, timeout), env=env, timeout=timeout)

    @staticmethod
    def _open_or_clone(path: Path, clone_url: str, env: dict[str, str], timeout: float) -> git.Repo:
        if (path / ".git").is_dir():
            repo = git.Repo(path)
            if repo.remotes.origin.url != clone_url:  # only ever the configured URL (settings changed)
                repo.remotes.origin.set_url(clone_url)
            return repo
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            return git.Repo.clone_from(clone_url, path, env=env, no_checkout=True, kill_after_timeout=timeout)
        except git.GitCommandError as error:
            raise GitWorkspaceError(f"clone failed: {git_stderr(error)}") from error

    @property
    def branch(self) -> str:
        return self.repo_ref.default_branch

    def sync(self) -> str:
        """Fetch the default branch and make the index exactly the remote's tree; return its head.

        When the remote's head is the one the index was last made the tree of (this mirror synced or
        committed it, and the stamp says nothing touched the index since), the fetch is all there is:
        nothing is checked out, so nothing stats the whole tree. Otherwise a forced checkout and a clean
        reset the branch, the index and the working tree together, as after a crash or a learner's push.
        A remote without that branch yet (a brand-new, empty repository) gives an empty, unborn
        branch, so the first bot commit becomes the repository's root commit.
        """
        tracking = f"refs/remotes/origin/{self.branch}"
        try:  # one fetch: asking first whether the branch exists would cost a second round trip
            self._git(
                "fetch",
                "--prune",
                "--no-tags",
                "--no-auto-maintenance",
                "origin",
                f"+refs/heads/{self.branch}:{tracking}",
            )
        except GitWorkspaceError as error:
            if NO_REMOTE_BRANCH not in str(error):
                raise
            self._drop_stamp()
            self._git("checkout", "--force", "--orphan", self.branch)
            self._git("rm", "-r", "-q", "--cached", "--ignore-unmatch", ".")
            self._git("clean", "-ffdx")
            self._forget_index()
            return self.head
        self._maybe_gc()
        self._forget_index()
        stamp = self._valid_stamp()
        if (
            stamp is not None
            and stamp[0] == f"refs/heads/{self.branch}"
            and stamp[1] == self._remote_head(tracking)
        ):
            return stamp[1]
        self._drop_stamp()
        # A forced checkout -B resets the branch, the index and the tracked files in one step.
        self._git("checkout", "--force", "-B", self.branch, tracking)
        self._git("clean", "-ffdx")
        head = self.head
        self._write_stamp(head, "")
        return head

    def _remote_head(self, tracking: str) -> str:
        try:
            return str(git.SymbolicReference.dereference_recursive(self._repo, tracking))
        except ValueError:
            return ""

    def find_trailer(self, key: str, value: str, depth: int = 500) -> CommitSummary | None:
        """The most recent commit (within ``depth``) whose trailer ``key`` equals ``value``.

        Every parent is walked, not only the first: a learner who merges the bot's branch into their
        own work puts the bot's commit behind the merge's second parent, and it is still applied.
        """
        return self._trailer_in(depth, "HEAD", key, value)

    def _trailer_in(self, depth: int, rev: str, key: str, value: str) -> CommitSummary | None:
        """The walk prints each commit's id and trailers only, and makes no summary of commits it passes
        (a long history puts ``depth`` of them in every search); the commit found is summarized with its
        paths (its receipt). A commit matches when its first ``key`` trailer is ``value``, as
        :meth:`CommitSummary.trailer` reads it."""
        if rev == "HEAD" and not self.head:
            return None
        fmt = "--format=%x1d%H%x1f%(trailers:only,unfold,separator=%x1e)"
        for chunk in self._git("log", f"-n{depth}", fmt, rev, "--").split("\x1d")[1:]:
            commit_id, _, trailers = chunk.partition("\n")[0].partition("\x1f")
            if next((found for name, found in trailer_pairs(trailers) if name == key), None) == value:
                return self.recent_commits(1, commit_id, all_parents=True)[0]
        return None

    def find_trailer_on_branch(
        self, branch: str, key: str, value: str, depth: int = 200
    ) -> CommitSummary | None:
        """Like :meth:`find_trailer`, on remote ``branch``, fetched without touching the working tree.

        ``None`` also when the branch does not exist (yet): a handoff whose push never landed.
        """
        if not self._git("ls-remote", "--heads", "origin", f"refs/heads/{branch}").strip():
            return None
        tracking = f"refs/remotes/origin/{branch}"
        self._git("fetch", "--no-tags", "origin", f"+refs/heads/{branch}:{tracking}")
        return self._trailer_in(depth, tracking, key, value)

    def push(self, branch: str | None = None) -> bool:
        """Push HEAD to ``branch`` (default: the default branch) without force.

        False when that branch moved meanwhile; :class:`PushRefused` when the forge refused it. Pushing
        to a new branch (a preview or a handoff for a pull request) creates it; an existing branch is only
        ever fast-forwarded.
        """
        target = branch or self.branch
        try:
            self._repo.git.execute(
                ["git", "push", "--porcelain", "origin", f"HEAD:refs/heads/{target}"],
                env=self._env,
                kill_after_timeout=self._timeout,
            )
        except git.GitCommandError as error:
            text = git_stderr(error) + str(error.stdout or "")
            if any(marker in text for marker in MOVED_MARKERS):
                return False
            if any(marker in text for marker in REFUSED_MARKERS):
                raise PushRefused(f"push refused: {git_stderr(error)}") from error
            raise GitWorkspaceError(f"push refused or failed: {git_stderr(error)}") from error
        return True
