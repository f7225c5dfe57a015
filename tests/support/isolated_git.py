"""Git as a sandbox test runs it: no developer config in the way, a fixed identity, the result returned.

The sandbox tests drive ``git`` against the sandbox forge's smart HTTP endpoint and assert on refusals as
well as successes, so :func:`git` never raises; :data:`ISOLATED` keeps a developer's global config and
credential helper from answering for the sandbox.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

# No global or system git config: a developer's credential helper must not answer for the sandbox.
ISOLATED = {"GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1", "GIT_TERMINAL_PROMPT": "0"}
IDENTITY = {"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.invalid"}
IDENTITY |= {"GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.invalid"}


def git(
    *args: str, cwd: Path | None = None, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """Run ``git args`` isolated, with ``env`` on top; the completed process, whatever its exit code."""
    env = {**os.environ, **ISOLATED, **(env or {})}
    return subprocess.run(["git", *args], cwd=cwd, env=env, capture_output=True, text=True, check=False)
