"""The names of every check the harness and the scenarios can record, read from their source.

An f-string name reads with ``{}`` for each placeholder, the form the criteria files cite; tests use the set
to prove a criterion or an owned failure names a check that exists.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

EVALS = Path(__file__).resolve().parents[2] / "evals"
RECORDING = {"expect": 0, "not_yet": 0, "fail": 0, "no_new_commit": 1}  # method -> index of the name
HARNESS_ONLY = {"the scenario ran to completion"}  # the runner's own: a scenario raised, whatever it checks


def _name(node: ast.expr) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(str(v.value) if isinstance(v, ast.Constant) else "{}" for v in node.values)
    return None  # a name passed through (no_new_commit's parameter): its callers are read instead


def check_names() -> set[str]:
    names = set()
    for path in [*EVALS.glob("harness/*.py"), *EVALS.glob("scenarios/*.py")]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            called = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            index = RECORDING.get(called)
            if index is not None and len(node.args) > index and (name := _name(node.args[index])):
                names.add(name)
    return names - HARNESS_ONLY


def matches_check(name: str) -> bool:
    """Whether a recorded check name is one of the source's names, placeholders filled in (and, inside a
    variant's section, after the section's ``<variant>: `` prefix)."""
    patterns = ["(?:.+: )?" + re.escape(t).replace(re.escape("{}"), ".+") for t in check_names()]
    return any(re.fullmatch(pattern, name) for pattern in patterns)
