"""Watching the rag queue's results the way a learner sees them: receipt commits and answers on issues.

Shared by scenario 13's main flow (:mod:`evals.scenarios.s13_rag`) and its recovery rows
(:mod:`evals.scenarios.rag_recovery`). The rag worker commits and answers asynchronously, after the
event's own reply, so every wait here polls the forge until the result is visible or a deadline passes.
"""

from __future__ import annotations

import json
import tempfile
import time
from pathlib import Path
from typing import Any

from evals.harness.forge_run import ForgeRun, LearnerRepository, ScenarioError
from evals.harness.repo_state import CommitInfo, RepoState
from evals.sandbox.git_client import git_auth_env, run_git

RAG_OPERATION = "rag-ingest"
RECEIPTS = ".gitlearnos/receipts/"
RECEIPT_TIMEOUT_S = 90.0  # the rag worker's first job imports RAG-Anything and loads the model
ANSWER_INTRO = "I looked this up in your own material"  # the first words of the bot's RAG answer


def rag_commits(state: RepoState, since: RepoState) -> list[CommitInfo]:
    """The rag worker's receipt commits after ``since``, oldest first."""
    found = [c for c in state.commits_since(since) if RAG_OPERATION in c.trailer("GitLearnOS-Operation")]
    return found[::-1]


def wait_for_rag_commit(
    repo: LearnerRepository, since: RepoState, timeout: float = RECEIPT_TIMEOUT_S
) -> tuple[CommitInfo, RepoState]:
    """The first rag receipt commit after ``since`` (it follows the learning commit asynchronously)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        state = repo.observe()
        found = rag_commits(state, since)
        if found:
            return found[0], state
        time.sleep(0.5)
    raise ScenarioError(f"no {RAG_OPERATION} receipt commit on {repo.full_name} within {timeout:.0f} s")


def receipt_paths(commit: CommitInfo) -> list[str]:
    return [p for p in commit.paths if p.startswith(RECEIPTS)]


def receipt_of(commit: CommitInfo, state: RepoState) -> dict[str, Any]:
    """The receipt ``commit`` added, as committed (empty when it added none)."""
    paths = receipt_paths(commit)
    return json.loads(state.files.get(paths[0], "{}")) if paths else {}


def record_path(commit: CommitInfo) -> str:
    """The source record a receipt commit updated."""
    return next((p for p in commit.paths if "/sources/" in p), "")


def wait_for_answer(repo: LearnerRepository, number: int, timeout: float = RECEIPT_TIMEOUT_S) -> str:
    """The bot's RAG answer on issue ``number`` (the rag worker posts it after the event's own reply)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = [body for body in repo.bot_replies(number) if body.startswith(ANSWER_INTRO)]
        if found:
            return found[0]
        time.sleep(0.5)
    raise ScenarioError(f"no RAG answer on {repo.full_name}#{number} within {timeout:.0f} s")


def push_learner_file(ctx: ForgeRun, repo: LearnerRepository, path: str, content: str, message: str) -> None:
    """The learner edits ``path`` in a checkout of their own and pushes (no issue: the bot only sees Git)."""
    token = ctx.stack.sandbox.token(ctx.stack.sandbox.learner)
    env = git_auth_env(token)
    with tempfile.TemporaryDirectory(dir=ctx.workdir) as folder:
        run_git(["clone", "-q", ctx.stack.sandbox.git_url(repo.full_name), folder], env=env)
        (Path(folder) / path).write_text(content)
        run_git(["-C", folder, "add", path])
        author = ["-c", "user.name=Alice", "-c", "user.email=alice@example.org"]
        run_git(["-C", folder, *author, "commit", "-qm", message])
        run_git(["-C", folder, "push", "-q", "origin", "HEAD"], env=env)
