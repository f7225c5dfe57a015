"""The judges have oracles of their own: nothing under evals/harness or evals/scenarios imports the bot.

A judge that reads a record with the bot's own parser, or computes an expected date with the function
under test, mirrors a bug instead of catching it. The sandbox (evals/sandbox) is a stand-in for the
forge and other outside services, not a judge, so it is not covered.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
JUDGES = (ROOT / "evals" / "harness", ROOT / "evals" / "scenarios")
PRODUCT = frozenset({"bot", "workers", "rag"})


def product_imports(source: str) -> list[str]:
    """Every module name ``source`` imports from the product, at any depth (inside functions too)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        else:
            continue
        found += [name for name in names if name.split(".")[0] in PRODUCT]
    return found


def test_no_judge_module_imports_bot_workers_or_rag() -> None:
    modules = sorted(path for folder in JUDGES for path in folder.rglob("*.py"))
    assert len(modules) > 20, "the judges were not found"
    offenders = {
        str(path.relative_to(ROOT)): names
        for path in modules
        if (names := product_imports(path.read_text(encoding="utf-8")))
    }
    assert not offenders, f"judges importing product code: {offenders}"


def test_the_contract_catches_every_import_form() -> None:
    source = (
        "import bot\nimport workers.local as wl\nfrom rag.provider import local_encoder\n"
        "def late():\n    from bot.records.files import read_header\n"
        "from evals.harness import records\nimport botocore\nfrom . import sibling\n"
    )
    assert product_imports(source) == ["bot", "workers.local", "rag.provider", "bot.records.files"]
