"""The bot's CLI stands alone; the evals distribution adds ``demo``, ``evals`` and ``sandbox`` to it.

The product never imports ``evals`` (import-linter's contract); the commands arrive through the
``gitlearnos.commands`` entry-point group, which ``python3 run.py`` installs with the evals distribution.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from importlib.metadata import entry_points

import pytest

from gitlearnos import cli

EXTRAS = {"demo", "evals", "sandbox"}


def command_names(parser: argparse.ArgumentParser) -> set[str]:
    (commands,) = [action for action in parser._actions if isinstance(action, argparse._SubParsersAction)]
    return set(commands.choices)


def test_the_evals_distribution_declares_its_commands() -> None:
    assert {entry.name for entry in entry_points(group=cli.COMMAND_GROUP)} == EXTRAS
    assert command_names(cli.build_parser()) >= EXTRAS


def test_without_the_evals_the_cli_has_every_product_command_and_none_of_theirs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(cli, "entry_points", lambda group: [])
    names = command_names(cli.build_parser())
    assert {"serve", "worker", "beat", "local", "rag", "schedule-workflow", "doctor"} <= names
    assert not names & EXTRAS


def test_building_the_parser_with_the_extras_loads_no_heavy_stack() -> None:
    """``gitlearnos worker`` chooses the metrics storage before ``prometheus_client`` loads."""
    heavy = ("prometheus_client", "celery", "onnxruntime", "litestar")
    probe = "import sys, gitlearnos.cli as c; c.build_parser(); "
    probe += f"print([name for name in {heavy!r} if name in sys.modules])"
    loaded = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert loaded.stdout.strip() == "[]"
