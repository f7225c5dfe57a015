#!/usr/bin/env python3
"""One entry point for a fresh machine: ``python3 run.py demo`` and ``python3 run.py test``.

It needs only Python 3.11/3.12 and git. It creates ``.venv`` beside this file
on first use (and again whenever ``pyproject.toml`` changes), installs the
project with its test tools, and then runs the command inside that
environment. Everything else (Redis, the forge, the repositories) the project
starts for itself.
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
SUPPORTED = ((3, 11), (3, 12))
USAGE = """usage: python3 run.py COMMAND [ARGS...]

  demo    run the whole pipeline locally (embedded Redis, sandbox forge, web, worker) and show the result
  test    run the whole test suite (extra ARGS go to pytest)
  check   run the linters and type checker (ruff, mypy)
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
    """The environment's Python, (re)installing when pyproject.toml changed or test tools are newly needed."""
    extras = "[dev]" if with_test_tools else ""
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    installed = STAMP.read_text().split() if STAMP.exists() else []
    python = venv_python()
    if python.exists() and installed[:1] == [digest] and (not with_test_tools or "dev" in installed):
        return python
    if not python.exists():
        print("run.py: creating .venv ...", flush=True)
        subprocess.run([find_python(), "-m", "venv", str(VENV)], check=True)
    what = "GitLearnOS Bot and its test tools" if with_test_tools else "GitLearnOS Bot"
    print(f"run.py: installing {what} into .venv (the first run takes a few minutes) ...", flush=True)
    quiet = [] if os.environ.get("RUN_VERBOSE") else ["--quiet"]
    subprocess.run([str(python), "-m", "pip", "install", *quiet, "--upgrade", "pip"], check=True)
    # One pip install, the same one a user runs: pyproject.toml's dependencies are the whole environment.
    subprocess.run([str(python), "-m", "pip", "install", *quiet, "-e", f"{ROOT}{extras}"], check=True)
    STAMP.write_text(digest + (" dev" if with_test_tools else "") + "\n")
    return python


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
        return subprocess.call([python, "-m", "pytest", *rest])
    if command == "check":
        lint = subprocess.call([python, "-m", "ruff", "check", "."])
        fmt = subprocess.call([python, "-m", "ruff", "format", "--check", "."])
        types = subprocess.call(
            [python, "-m", "mypy", "bot", "webhooks", "workers", "forge_adapters", "gitlearnos"]
        )
        return lint or fmt or types
    if command == "gitlearnos":
        return subprocess.call([python, "-m", "gitlearnos", *rest])
    if command == "shell":
        print(f"source {VENV}/bin/activate")
        return 0
    print(USAGE, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
