"""The deployment files read as data (the compose file's services and their commands), and the real CLI parser
that their commands, and the Kubernetes containers' arguments, must parse with.
"""

from __future__ import annotations

import shlex
from pathlib import Path
from typing import Any

import pytest
import yaml

from gitlearnos.cli import build_parser

ROOT = Path(__file__).resolve().parents[2]
COMPOSE = ROOT / "docker-compose.yml"


def compose() -> dict[str, Any]:
    data = yaml.safe_load(COMPOSE.read_text())
    assert isinstance(data, dict)
    return data


def services() -> dict[str, dict[str, Any]]:
    found = compose()["services"]
    assert isinstance(found, dict)
    return found


def command_args(service: dict[str, Any]) -> list[str]:
    command = service.get("command")
    if isinstance(command, str):
        return shlex.split(command)
    assert isinstance(command, list), "a service of our image needs an explicit command"
    return [str(part) for part in command]


def parse_cli(args: list[str]) -> Any:
    """Parse with the real CLI parser; argparse exits on bad input, which we turn into a failure."""
    try:
        return build_parser().parse_args(args)
    except SystemExit as exit_:
        pytest.fail(f"`gitlearnos {' '.join(args)}` is not a valid command (argparse exit {exit_.code})")
