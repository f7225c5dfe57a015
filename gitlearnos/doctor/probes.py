"""What the doctor asks a forge beyond what the workers need: token scopes, identity, hook lists.

One probe per forge, each on the same client library the workers use (githubkit, python-gitlab, the
project's Gitea HTTP layer), built from the same settings. A probe answers in forge-neutral terms so
the rows (:mod:`gitlearnos.doctor.forge_rows`) are written once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from bot.events import Actor, RepoRef


@dataclass(frozen=True)
class Scopes:
    """What the token may do: ``missing`` names what the bot needs and lacks; ``detail`` what was seen."""

    detail: str
    missing: tuple[str, ...] = ()


@dataclass(frozen=True)
class HookView:
    """One repository webhook as its forge lists it; ``has_secret`` is None where the forge never says.

    ``last_problem`` says what went wrong with its last delivery, where the forge records it (GitHub's
    ``last_response``): a 401 from the intake means the secrets differ, no answer that the URL is dead.
    """

    url: str
    active: bool
    events: frozenset[str]
    has_secret: bool | None
    last_problem: str | None = None
    secret_refused: bool = False  # the problem is the intake refusing the signature


class ForgeProbe(Protocol):
    # Each forge's event names (or GitLab hook switches) the bot's intake turns into work.
    needed_events: tuple[str, ...]

    def identity(self) -> Actor: ...

    def scopes(self, repos: Sequence[RepoRef]) -> Scopes:
        """The token's scopes against what the bot needs (some forges only tell per repository)."""
        ...

    def hooks(self, repo: RepoRef) -> list[HookView]: ...
