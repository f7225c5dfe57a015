"""DESIGN.md §2: ``bot/`` imports no other project package and no I/O library."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

BOT = Path(__file__).resolve().parents[2] / "bot"
PROJECT_PACKAGES = {"webhooks", "workers", "forge_adapters", "rag", "evals", "gitlearnos"}
IO_MODULES = {
    "os", "subprocess", "socket", "shutil", "pathlib", "tempfile", "io", "glob", "http", "urllib",
    "asyncio", "threading", "multiprocessing", "sqlite3", "requests", "httpx", "aiohttp", "redis",
    "celery", "kombu", "litestar", "uvicorn", "git", "githubkit", "gitlab", "raganything", "lightrag",
    "structlog", "logging", "zoneinfo",
}  # fmt: skip
# Pure computation only: fsrs (spaced-repetition maths), pint (quantities with units), sympy (algebra).
ALLOWED_THIRD_PARTY = {"pydantic", "yaml", "fsrs", "pint", "sympy"}


def imported_roots(path: Path) -> set[str]:
    roots = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            roots |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module.split(".")[0])
    return roots


def test_bot_is_pure() -> None:
    files = sorted(BOT.rglob("*.py"))
    assert files, "bot/ has modules"
    offences = {
        str(path.relative_to(BOT)): sorted(imported_roots(path) & (PROJECT_PACKAGES | IO_MODULES))
        for path in files
    }
    assert {k: v for k, v in offences.items() if v} == {}


def test_bot_third_party_imports_are_the_allowed_pure_ones() -> None:
    stdlib = set(sys.stdlib_module_names)
    third_party = (
        set().union(*(imported_roots(p) for p in BOT.rglob("*.py"))) - stdlib - {"bot", "__future__"}
    )
    assert third_party <= ALLOWED_THIRD_PARTY
