"""The learner repositories this bot serves, as seen in the events it processed.

Scheduled jobs (maintenance, due-review) run per repository, but nothing
tells the worker which repositories exist except the events themselves. Every
processed event therefore records its repository here, in one Redis hash
keyed by the repository's slug, so the scheduler can visit every repository
without asking any forge for a list. An entry written with an ``installation_id`` (by an older
version) still reads: a GitHub App's token is minted for the installation GitHub names for the
repository, so the id is not kept.
"""

from __future__ import annotations

from typing import Any

import redis
import structlog
from pydantic import BaseModel, ConfigDict, ValidationError

from bot.intake.events import EventKind, InboundEvent, RepoRef, build_event
from workers.state_keys import REPOS

log = structlog.get_logger("gitlearnos.registry")


class RegisteredRepo(BaseModel):
    """One served repository: where it lives (fields it no longer has, like ``installation_id``, ignored)."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    repo: RepoRef

    def as_event(
        self, delivery_id: str, kind: EventKind = EventKind.SCHEDULE, **details: Any
    ) -> InboundEvent:
        """An event on this repository (validated like any other), e.g. to pick its forge client."""
        return build_event(
            dict(
                forge=self.repo.forge,
                delivery_id=delivery_id,
                kind=kind,
                repo=self.repo,
                **details,
            )
        )


def record_repo(client: redis.Redis, event: InboundEvent) -> None:
    """Remember the repository ``event`` belongs to (a no-op for events without one).

    The latest event wins, so a renamed default branch or a moved clone URL
    reaches the scheduler with the next event.
    """
    if event.repo is None:
        return
    entry = RegisteredRepo(repo=event.repo)
    client.hset(REPOS, event.repo.slug, entry.model_dump_json())


def forget_repo(client: redis.Redis, repo: RepoRef) -> None:
    """Stop serving ``repo`` on schedule: the gate refused it (made public, or never ours to serve)."""
    client.hdel(REPOS, repo.slug)


def registered_repos(client: redis.Redis) -> list[RegisteredRepo]:
    """Every recorded repository, in slug order; an unreadable entry is logged and left out."""
    found: list[RegisteredRepo] = []
    raw_entries: dict[bytes, bytes] = client.hgetall(REPOS)  # type: ignore[assignment]
    for slug, raw in sorted(raw_entries.items()):
        try:
            found.append(RegisteredRepo.model_validate_json(raw))
        except ValidationError:
            log.warning("registry.unreadable_entry", repo=slug.decode(errors="replace"))
    return found
