"""The connection file ``<root>/sandbox.json``: where a running sandbox listens and which token acts as whom.

Tests, the demo and the CLI find the sandbox through this file, so nothing has to pass tokens on a command
line. It is written atomically with mode 0600; the server sets ``url`` when it starts listening and clears
it when it stops, so "no url" means "not running".
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from pathlib import Path

from pydantic import BaseModel

from evals.sandbox.atomic_file import write_atomically

CONNECTION_FILE = "sandbox.json"
TOKEN_PREFIX = "gsb_"  # noqa: S105 - a recognisable prefix, not a secret


class ConnectionInfo(BaseModel):
    """What a client needs to talk to the sandbox under one root."""

    url: str | None = None
    pid: int | None = None
    learner: str | None = None
    tokens: dict[str, str] = {}


def connection_path(root: Path) -> Path:
    return root / CONNECTION_FILE


def read_connection(root: Path) -> ConnectionInfo | None:
    """The connection info under ``root``, or ``None`` when no sandbox was ever initialised there."""
    path = connection_path(root)
    if not path.is_file():
        return None
    return ConnectionInfo.model_validate_json(path.read_bytes())


def write_connection(root: Path, info: ConnectionInfo) -> None:
    write_atomically(connection_path(root), info.model_dump_json(indent=2).encode())


def ensure_tokens(root: Path, learner: str, logins: Iterable[str]) -> ConnectionInfo:
    """Give every login a random token, keeping the ones it already has (so restarts keep credentials)."""
    info = read_connection(root) or ConnectionInfo()
    tokens = {login: info.tokens.get(login) or TOKEN_PREFIX + secrets.token_hex(20) for login in logins}
    if tokens != info.tokens or learner != info.learner:
        info = info.model_copy(update={"tokens": tokens, "learner": learner})
        write_connection(root, info)
    return info


def set_listening(root: Path, url: str | None, pid: int | None) -> None:
    """Record (or, with ``None``, clear) the address of the server now serving ``root``."""
    info = read_connection(root) or ConnectionInfo()
    write_connection(root, info.model_copy(update={"url": url, "pid": pid}))
