"""What the doctor asks a forge beyond what the workers need: token scopes, identity, hook lists.

One probe per forge, each on the same client library the workers use (githubkit, python-gitlab, the
project's Gitea HTTP layer), built from the same settings. A probe answers in forge-neutral terms so
the rows (:mod:`gitlearnos.doctor.forge_rows`) are written once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from bot.intake.events import Actor, RepoRef

# What the intake answers a delivery it refuses, as a forge records it for the hook.
BAD_SIGNATURE = 401  # signed (or tokened) with another secret
FOREIGN_HOST = 403  # a repository on another host than the forge the service is configured for
HTTP_OK = range(200, 300)


def answer_problem(code: int, address_setting: str) -> str | None:
    """What the service's answer ``code`` to the hook's last delivery means, or None when it took it."""
    if code in HTTP_OK:
        return None
    if code == BAD_SIGNATURE:
        return f"the last delivery was refused with {code}: the hook's secret differs from the configured one"
    if code == FOREIGN_HOST:
        return (
            f"the last delivery was refused with {code}: the service serves another host ({address_setting})"
        )
    return f"the last delivery was answered {code}"


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
