"""Client-side Git over the sandbox's smart HTTP, as a learner's own machine would do it.

Credentials go in per command through ``GIT_CONFIG_COUNT``/``GIT_CONFIG_KEY_0``/``GIT_CONFIG_VALUE_0``
(``http.extraHeader: Authorization: Basic ...``): never in argv, where ``ps`` shows them, and never in
``.git/config``, where they would outlive the command.
"""

from __future__ import annotations

import base64
import os
import subprocess
import tempfile
from pathlib import Path

from evals.sandbox.git_repos import GIT_TIMEOUT_S, safe_relative_path

# GitHub's convention for token-as-password Basic auth; the sandbox accepts any username.
TOKEN_USERNAME = "x-access-token"  # noqa: S105 - a username, not a secret


class GitCommandError(RuntimeError):
    """A git command failed; the message is git's own last line of stderr (it never contains the token)."""


def git_auth_env(token: str) -> dict[str, str]:
    """Environment additions that make one git command authenticate with ``token``."""
    basic = base64.b64encode(f"{TOKEN_USERNAME}:{token}".encode()).decode()
    return {
        "GIT_CONFIG_COUNT": "1",
        "GIT_CONFIG_KEY_0": "http.extraHeader",
        "GIT_CONFIG_VALUE_0": f"Authorization: Basic {basic}",
        "GIT_TERMINAL_PROMPT": "0",
    }


def run_git(args: list[str], *, cwd: Path | None = None, env: dict[str, str] | None = None) -> str:
    completed = subprocess.run(
        ["git", *args],
        cwd=cwd,
        env={**os.environ, **(env or {})},
        capture_output=True,
        text=True,
        timeout=GIT_TIMEOUT_S,
        check=False,
    )
    if completed.returncode != 0:
        lines = completed.stderr.strip().splitlines() or [f"exit status {completed.returncode}"]
        raise GitCommandError(f"git {args[0]} failed: {lines[-1]}")
    return completed.stdout


def push_file(
    clone_url: str,
    token: str,
    *,
    branch: str,
    path: str,
    content: bytes,
    message: str,
    author_name: str,
    author_email: str,
) -> str:
    """Clone, write one file, commit it as the author and push to ``branch``; returns the new commit id."""
    auth = git_auth_env(token)
    identity = {
        "GIT_AUTHOR_NAME": author_name,
        "GIT_AUTHOR_EMAIL": author_email,
        "GIT_COMMITTER_NAME": author_name,
        "GIT_COMMITTER_EMAIL": author_email,
    }
    relative = safe_relative_path(path)
    with tempfile.TemporaryDirectory(prefix="sandbox-push-") as scratch:
        work = Path(scratch) / "repo"
        run_git(["clone", "--quiet", clone_url, str(work)], env=auth)
        target = work / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(content)
        run_git(["add", "--", str(relative)], cwd=work)
        run_git(["commit", "--quiet", "--allow-empty", "-m", message], cwd=work, env=identity)
        run_git(["push", "--quiet", "origin", f"HEAD:refs/heads/{branch}"], cwd=work, env=auth)
        return run_git(["rev-parse", "HEAD"], cwd=work).strip()


def commit_trailers(message: str) -> list[tuple[str, str]]:
    """The trailers of a commit message as git itself parses them (``git interpret-trailers --parse``)."""
    completed = subprocess.run(
        ["git", "interpret-trailers", "--parse"],
        input=message,
        capture_output=True,
        text=True,
        timeout=GIT_TIMEOUT_S,
        check=True,
    )
    return [
        (key.strip(), value.strip())
        for key, _, value in (line.partition(":") for line in completed.stdout.splitlines())
    ]
