"""Every command and subcommand explains itself in ``--help``, through the real console entry point."""

from __future__ import annotations

import argparse
import subprocess
import sys

import pytest

from gitlearnos.cli import build_parser


def _commands(
    parser: argparse.ArgumentParser, prefix: tuple[str, ...] = ()
) -> list[tuple[tuple[str, ...], argparse.ArgumentParser]]:
    found = [(prefix, parser)]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                found += _commands(sub, (*prefix, name))
    return found


COMMANDS = dict(_commands(build_parser()))


def test_the_expected_commands_exist() -> None:
    assert {("serve",), ("worker",), ("demo",), ("sandbox",), ("sandbox", "open-issue")} <= set(COMMANDS)


def test_the_installed_entry_point_answers_help() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "gitlearnos", "--help"],
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert "serve" in result.stdout and "worker" in result.stdout and "demo" in result.stdout


@pytest.mark.parametrize("command", list(COMMANDS), ids=lambda c: " ".join(c) or "gitlearnos")
def test_help_says_what_it_does(command: tuple[str, ...]) -> None:
    lines = [line for line in COMMANDS[command].format_help().splitlines() if line.strip()]
    assert lines[0].startswith("usage: gitlearnos")
    assert len(lines) >= 3, "a description or options follow the usage line"


def test_each_subcommand_has_a_one_line_summary() -> None:
    parser = build_parser()
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for choice in action._choices_actions:
                assert choice.help, f"{choice.dest} has no summary"


def test_loading_the_cli_leaves_the_metrics_storage_unchosen() -> None:
    """``gitlearnos worker`` picks multiprocess metrics before ``prometheus_client`` loads; an import
    chain from a subcommand's registration (the doctor's, once) made ``--metrics-port`` fail at start."""
    probe = "import sys, gitlearnos.cli; print('prometheus_client' in sys.modules)"
    loaded = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert loaded.stdout.strip() == "False"
