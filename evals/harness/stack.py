"""The bot under test: one :mod:`evals.local_stack` per evals run, and which forges it serves.

The stack is the production topology on loopback (sandbox forge, ``gitlearnos serve``, ``gitlearnos
worker``, one Redis), started once; every scenario then gets fresh repositories on it, each with a hook of
the cell's forge flavour. A forge cell runs only when the sandbox speaks that flavour.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from evals.local_stack import LocalStack, start_local_stack
from evals.sandbox.flavours import FLAVOURS
from runtime.embedded_redis import ensure_embedded_redis, stop_embedded_redis

SANDBOX_FLAVOURS = frozenset(forge.value for forge in FLAVOURS)


@dataclass(frozen=True)
class HookTarget:
    """Where a repository's hook of one flavour must deliver, and the secret it signs with."""

    url: str
    secret: str


def hook_target(stack: LocalStack, forge: str) -> HookTarget:
    """The bot's intake for ``forge``'s webhooks (check :func:`forge_gap` first)."""
    return HookTarget(stack.webhook_url_for(forge), stack.webhook_secret)


def forge_gap(forge: str) -> str | None:
    """Why ``forge`` cannot be evaluated, or None when it can.

    The local stack configures the bot for every forge (one sandbox plays all three), so the sandbox's
    flavours decide.
    """
    return None if forge in SANDBOX_FLAVOURS else "sandbox flavour missing"


@contextmanager
def running_stack(
    root: Path, *, redis_url: str | None = None, mutant: str | None = None
) -> Iterator[LocalStack]:
    """Start the stack under ``root``; an embedded Redis there too unless ``redis_url`` is given.

    ``mutant``: its workers run that broken bot of :mod:`evals.mutants` (the mutation test's stack).
    """
    redis_home = root / "redis-home"
    url = redis_url or ensure_embedded_redis(redis_home)
    try:
        with start_local_stack(root / "stack", redis_url=url, with_model=True, mutant=mutant) as stack:
            yield stack
    finally:
        if redis_url is None:
            stop_embedded_redis(redis_home)
