"""One executor: no module but ``workers.executor`` commits and pushes a learner's repository.

Every write to a repository must go through the same lock, already-applied check, fencing and
never-forced push; a second copy of that dance is how they drifted apart before. This scans the
product's worker, CLI and RAG code for calls of ``.commit(...)`` or ``.push(...)`` (the Git layer's
methods) and allows them only in the executor. The Git layer itself defines them and may call its
own helpers.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCANNED = ("workers", "gitlearnos", "rag")
EXECUTOR = Path("workers/executor.py")
GIT_LAYER = {Path("workers/git_workspace.py"), Path("workers/git_checkout.py")}
GIT_WRITES = {"commit", "push"}


def git_write_calls(source: str) -> list[tuple[int, str]]:
    """The line and method name of every ``<something>.commit(...)`` / ``.push(...)`` call."""
    return [
        (node.lineno, node.func.attr)
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in GIT_WRITES
    ]


def test_only_the_executor_commits_or_pushes() -> None:
    offenders = []
    for package in SCANNED:
        for path in sorted((ROOT / package).rglob("*.py")):
            relative = path.relative_to(ROOT)
            if relative == EXECUTOR or relative in GIT_LAYER:
                continue
            for line, name in git_write_calls(path.read_text(encoding="utf-8")):
                offenders.append(f"{relative}:{line} calls .{name}()")
    assert not offenders, "commit and push belong to workers/executor.py:\n" + "\n".join(offenders)


def test_the_executor_does_commit_and_push() -> None:
    """The scan sees the executor's own calls, so it would see a copy anywhere else."""
    names = {name for _, name in git_write_calls((ROOT / EXECUTOR).read_text(encoding="utf-8"))}
    assert names == GIT_WRITES


def test_a_push_added_elsewhere_is_caught() -> None:
    sneaky = "def run(mirror):\n    mirror.commit((), (), 'x')\n    return mirror.push()\n"
    assert git_write_calls(sneaky) == [(2, "commit"), (3, "push")]
