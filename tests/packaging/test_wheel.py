"""The product's wheel is the bot alone: every worker's code, and no sandbox, scenarios or demo.

The sandbox forge and the scenarios are the evals distribution (``evals/pyproject.toml``), which depends
on the bot; a deployment built from the root ``pyproject.toml`` (the container image, ``pip install .``)
must not carry them. The wheel is built from a copy of the tree, without build isolation or an index, so
the test needs no network and leaves no ``build/`` behind in the checkout.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PRODUCT = ("bot", "webhooks", "workers", "forge_adapters", "rag", "runtime", "gitlearnos")
# The entry modules of the web service, the event and schedule worker, beat and the rag worker.
ENTRY_MODULES = ("gitlearnos/cli.py", "webhooks/app.py", "workers/celery_app.py", "workers/rag.py")


def wheel_contents(source: Path, out: Path, name: str) -> set[str]:
    offline = ["--no-deps", "--no-build-isolation", "--no-index"]
    build = [sys.executable, "-m", "pip", "wheel", "--quiet", *offline, "--wheel-dir", str(out), str(source)]
    subprocess.run(build, check=True, timeout=240)
    (wheel,) = out.glob(f"{name}-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        return set(archive.namelist())


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory) -> Path:
    copy = tmp_path_factory.mktemp("wheel") / "source"
    ignore = shutil.ignore_patterns("__pycache__", "*.egg-info", "build", "dist")
    copy.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, copy / name)
    for package in (*PRODUCT, "evals"):
        shutil.copytree(ROOT / package, copy / package, ignore=ignore)
    return copy


@pytest.fixture(scope="module")
def wheel_names(source: Path) -> set[str]:
    return wheel_contents(source, source.parent / "out", "gitlearnos_bot")


def test_the_wheel_has_no_evals_package(wheel_names: set[str]) -> None:
    assert not [name for name in wheel_names if name.split("/")[0] == "evals"]


def test_the_wheel_has_every_product_package_and_every_entry_module(wheel_names: set[str]) -> None:
    tops = {name.split("/")[0] for name in wheel_names if "/" in name and ".dist-info/" not in name}
    assert tops == set(PRODUCT)
    assert {f"{package}/__init__.py" for package in PRODUCT} <= wheel_names
    assert set(ENTRY_MODULES) <= wheel_names
    assert "runtime/settings.py" in wheel_names


def test_the_evals_distribution_depends_on_the_product_and_adds_its_commands() -> None:
    evals = tomllib.loads((ROOT / "evals" / "pyproject.toml").read_text())["project"]
    product = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert f"{product['name']}=={product['version']}" in evals["dependencies"]
    commands = evals["entry-points"]["gitlearnos.commands"]
    assert set(commands) == {"demo", "evals", "sandbox"}
    assert all(target.startswith("evals.") for target in commands.values())


def test_the_evals_wheel_carries_every_tracked_evals_file(source: Path) -> None:
    """Its package list and data patterns are spelled out (this folder is the package): none may be missed."""
    names = wheel_contents(source / "evals", source.parent / "evals-out", "gitlearnos_evals")
    listed = subprocess.run(
        ["git", "ls-files", "evals"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    assert {name for name in listed if name != "evals/pyproject.toml"} <= names


def test_the_wheel_carries_every_data_file_the_product_reads(wheel_names: set[str]) -> None:
    """Package data is listed by pattern in ``pyproject.toml``: a new weights file or template left out of
    it would install a worker that finds nothing (the rule agent's models, the trigger templates)."""
    listed = subprocess.run(
        ["git", "ls-files", *PRODUCT], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    data = {name for name in listed if not name.endswith(".py")}
    assert {"bot/intake/learning_model.json", "bot/intake/field_model.json"} <= data
    assert data - wheel_names == set()
