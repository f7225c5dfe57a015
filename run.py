#!/usr/bin/env python3
"""One entry point for a fresh machine: ``python3 run.py demo`` and ``python3 run.py test``.

It needs only Python 3.11/3.12 and git. It creates ``.venv`` beside this file
on first use (and again whenever a ``pyproject.toml`` changes), installs the
bot and the evals distribution (sandbox forge, scenarios, demo) with the test
tools, and then runs the command inside that environment. Everything else
(Redis, the forge, the repositories) the project starts for itself.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
STAMP = VENV / ".installed-from"
# The bot, and the evals distribution beside it that depends on it (evals/pyproject.toml).
DISTRIBUTIONS = (ROOT, ROOT / "evals")
SUPPORTED = ((3, 11), (3, 12))
USAGE = """usage: python3 run.py COMMAND [ARGS...]

  demo    run the whole pipeline locally (embedded Redis, sandbox forge, web, worker) and show the result
  test    run the whole test suite (extra ARGS go to pytest)
  check   run the linters, the layering contracts and the type checker (ruff, lint-imports, mypy)
  shell   print how to activate the environment
  gitlearnos ARGS...   run any gitlearnos command inside the environment
"""


def venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def find_python() -> str:
    if sys.version_info[:2] in SUPPORTED:
        return sys.executable
    for name in ("python3.12", "python3.11"):
        found = shutil.which(name)
        if found:
            return found
    versions = " or ".join(f"{major}.{minor}" for major, minor in SUPPORTED)
    sys.exit(
        f"run.py: GitLearnOS Bot needs Python {versions} (the embedded Redis ships for those); "
        f"this is {sys.version.split()[0]} and neither python3.12 nor python3.11 is on PATH."
    )


def ensure_environment(*, with_test_tools: bool) -> Path:
    """The environment's Python, reinstalled when a pyproject.toml changed or test tools are newly needed."""
    extras = "[dev]" if with_test_tools else ""
    digest = hashlib.sha256(b"".join((d / "pyproject.toml").read_bytes() for d in DISTRIBUTIONS)).hexdigest()
    installed = STAMP.read_text().split() if STAMP.exists() else []
    python = venv_python()
    if python.exists() and installed[:1] == [digest] and (not with_test_tools or "dev" in installed):
        return python
    if not python.exists():
        print("run.py: creating .venv ...", flush=True)
        subprocess.run([find_python(), "-m", "venv", str(VENV)], check=True)
    what = "GitLearnOS Bot, its evals and test tools" if with_test_tools else "GitLearnOS Bot and its evals"
    print(f"run.py: installing {what} into .venv (the first run takes a few minutes) ...", flush=True)
    quiet = [] if os.environ.get("RUN_VERBOSE") else ["--quiet"]
    subprocess.run([str(python), "-m", "pip", "install", *quiet, "--upgrade", "pip"], check=True)
    # One pip install, the same one a user runs plus the evals: the pyproject.toml dependencies are the
    # whole environment.
    editable = ["-e", f"{ROOT}{extras}", "-e", str(ROOT / "evals")]
    subprocess.run([str(python), "-m", "pip", "install", *quiet, *editable], check=True)
    STAMP.write_text(digest + (" dev" if with_test_tools else "") + "\n")
    return python


def parallel(args: list[str]) -> list[str]:
    """pytest-xdist options for the suite: two processes where there are two cores, each taking whole test
    files (a module's shared stack and fixtures stay in one process), unless the caller chose (``-n``,
    ``-p no:xdist``). Most of the suite waits on real servers and git, so two overlap well on two cores."""
    chosen = any(arg == "-n" or arg.startswith(("-n", "--numprocesses")) or arg == "no:xdist" for arg in args)
    workers = min(2, os.cpu_count() or 1)
    return [] if chosen or workers < 2 else ["-n", str(workers), "--dist", "loadfile"]


def main(argv: list[str]) -> int:
    if not argv or argv[0] in {"-h", "--help", "help"}:
        print(USAGE)
        return 0 if argv else 2
    command, rest = argv[0], argv[1:]
    python = str(ensure_environment(with_test_tools=command in {"test", "check"}))
    os.chdir(ROOT)
    if command == "demo":
        return subprocess.call([python, "-m", "gitlearnos", "demo", *rest])
    if command == "test":
        return subprocess.call([python, "-m", "pytest", *parallel(rest), *rest])
    if command == "check":
        lint = subprocess.call([python, "-m", "ruff", "check", "."])
        fmt = subprocess.call([python, "-m", "ruff", "format", "--check", "."])
        layers = subprocess.call(
            [str(Path(python).parent / "lint-imports")]
        )  # pyproject's [tool.importlinter]
        packages = ["bot", "webhooks", "workers", "forge_adapters", "rag", "gitlearnos", "runtime"]
        types = subprocess.call([python, "-m", "mypy", *packages])
        return lint or fmt or layers or types
    if command == "gitlearnos":
        return subprocess.call([python, "-m", "gitlearnos", *rest])
    if command == "shell":
        print(f"source {VENV}/bin/activate")
        return 0
    print(USAGE, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
