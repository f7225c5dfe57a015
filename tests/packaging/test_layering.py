"""The layering is checked by a tool: each import-linter contract in pyproject.toml holds, and no module
of the product takes part in an import cycle.

``python3 run.py check`` runs the same contracts (``lint-imports``); here each is its own test, so a broken
one is named. Imports inside functions count: a lazy import hides a dependency, it does not remove it.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
import tomllib
from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).resolve().parents[2]
CONFIG = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
CONTRACTS = [contract["id"] for contract in CONFIG["contracts"]]
PRODUCT = ("bot", "webhooks", "workers", "forge_adapters", "rag", "runtime", "gitlearnos")
# What issue 14 asked to be checked; the layers contract also orders the top-level packages (no cycle).
REQUIRED = {
    "layers",
    "core-is-pure",
    "adapters-without-workers",
    "product-without-evals",
    "runtime-on-the-core-only",
    "workers-acyclic",
}


def cycle_edges(graph: grimp.ImportGraph) -> list[tuple[str, str]]:
    """Every direct import ``a -> b`` whose target leads back to ``a``: the edges that make up cycles."""
    return sorted(
        (importer, imported)
        for importer in graph.modules
        for imported in graph.find_modules_directly_imported_by(importer)
        if graph.chain_exists(importer=imported, imported=importer)
    )


def test_the_required_contracts_are_declared() -> None:
    assert set(CONTRACTS) >= REQUIRED
    assert set(CONFIG["root_packages"]) == {*PRODUCT, "evals"}


@pytest.mark.parametrize("contract", CONTRACTS)
def test_contract_is_kept(contract: str, tmp_path_factory: pytest.TempPathFactory) -> None:
    lint = Path(sys.executable).with_name("lint-imports")
    cache = tmp_path_factory.getbasetemp() / "import-linter-cache"
    result = subprocess.run(
        [str(lint), "--contract", contract, "--cache-dir", str(cache)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stdout[result.stdout.find("Broken contracts") :] + result.stderr


def test_no_module_of_the_product_is_in_an_import_cycle() -> None:
    assert cycle_edges(grimp.build_graph(*PRODUCT)) == []


def test_the_cycle_finder_sees_a_cycle_hidden_in_a_function(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = tmp_path / "loop"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from loop import b\n")
    (package / "b.py").write_text(textwrap.dedent("def late():\n    from loop import a\n"))
    (package / "c.py").write_text("from loop import a\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    cycle = [("loop.a", "loop.b"), ("loop.b", "loop.a")]
    assert cycle_edges(grimp.build_graph("loop", cache_dir=None)) == cycle
