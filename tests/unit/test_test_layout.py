"""The tests share helpers through ``tests/support`` only.

A test module that imports another test module drags that module's tests, fixtures and import-time
work along, and makes a helper's home depend on which test happened to need it first. So: no module
under ``tests/`` imports a ``test_*`` module, and a test module imports nothing under ``tests/`` but
``tests.support`` (conftest files hold fixtures and are never imported).
"""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
SUPPORT = "tests.support"


def module_name(path: Path) -> str:
    return ".".join(path.relative_to(TESTS.parent).with_suffix("").parts)


def modules_under_tests_imported_by(path: Path) -> set[str]:
    """Every module under ``tests`` that ``path`` imports, at any depth (``from tests.x import y`` may
    name the module ``tests.x.y``, so both are reported when ``y`` is a module or a package)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names if alias.name.split(".")[0] == "tests"}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                found.add(f"<relative import in {path.name}>")
                continue
            if not node.module or node.module.split(".")[0] != "tests":
                continue
            found.add(node.module)
            for alias in node.names:
                child = f"{node.module}.{alias.name}"
                location = TESTS.parent / child.replace(".", "/")
                if location.with_suffix(".py").exists() or (location / "__init__.py").exists():
                    found.add(child)
    return found


def python_files() -> list[Path]:
    return sorted(path for path in TESTS.rglob("*.py") if "__pycache__" not in path.parts)


def is_test_module(name: str) -> bool:
    return name.rsplit(".", 1)[-1].startswith("test_")


def test_no_module_under_tests_imports_a_test_module() -> None:
    offenders = {
        module_name(path): sorted(filter(is_test_module, modules_under_tests_imported_by(path)))
        for path in python_files()
    }
    assert {name: imported for name, imported in offenders.items() if imported} == {}


def test_test_modules_and_conftests_import_only_tests_support() -> None:
    offenders = {}
    for path in python_files():
        if not (path.name.startswith("test_") or path.name == "conftest.py"):
            continue
        outside = sorted(
            name
            for name in modules_under_tests_imported_by(path)
            if name != SUPPORT and not name.startswith(f"{SUPPORT}.") and name != "tests"
        )
        if outside:
            offenders[module_name(path)] = outside
    assert offenders == {}


def test_support_imports_no_conftest() -> None:
    offenders = {
        module_name(path): sorted(n for n in modules_under_tests_imported_by(path) if n.endswith("conftest"))
        for path in (TESTS / "support").rglob("*.py")
    }
    assert {name: imported for name, imported in offenders.items() if imported} == {}


def test_the_checks_see_a_forbidden_import(tmp_path: Path) -> None:
    probe = tmp_path / "test_probe.py"
    probe.write_text(
        "from tests.integration.test_event_worker import runtime\n"
        "from tests.support import learner\n"
        "from tests.sandbox.conftest import receiver\n"
        "from . import sibling\n"
    )
    imported = modules_under_tests_imported_by(probe)
    assert "tests.integration.test_event_worker" in imported
    assert "tests.sandbox.conftest" in imported
    assert "tests.support.learner" in imported
    assert any(name.startswith("<relative import") for name in imported)
    assert [name for name in imported if is_test_module(name)] == ["tests.integration.test_event_worker"]
