"""What every worker task needs from the outside world, built once per worker process.

One :class:`WorkerRuntime` carries the settings, Redis, the rule agent (and the operator's chat
model), the Celery app follow-ups are sent with, the forge clients and the repository gate's
visibility cache; every task module receives it when the CLI registers its tasks.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

import redis
from celery import Celery

from bot.intake.agent import Agent
from bot.intake.events import RepoRef
from forge_adapters.base import ForgeClient
from runtime.settings import Settings
from workers.forge_clients import ForgeClients
from workers.git_workspace import Mirror
from workers.repo_access import VisibilityCache, open_checked_mirror
from workers.repo_lock import repository_lock
from workers.repo_registry import RegisteredRepo

# A Redis restart mid-task (the stash, the registry, the lock): transient, so retried, never parked.
REDIS_BLIPS = (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError)


@dataclass
class WorkerRuntime:
    """What the tasks need from the outside world, built once per worker process."""

    settings: Settings
    redis: redis.Redis
    agent: Agent
    model_agent: Agent | None = None  # the operator's chat model, used only where a learner allows it
    celery: Celery | None = None  # sends plans' follow-up jobs (rag ingest); register_event_task sets it
    clients: ForgeClients = field(init=False)
    # Parked entries Redis could not take (it was down): written by the next park or task.
    unparked: dict[bytes, str] = field(init=False, default_factory=dict)
    visibility: VisibilityCache = field(default_factory=VisibilityCache)
    # Tests that serve a repository from a local folder name it here; the host, path and visibility
    # checks run all the same. None: the configured forge's Git URL, always in production.
    local_remote: Callable[[RepoRef], str] | None = None

    def __post_init__(self) -> None:
        self.clients = ForgeClients(self.settings)

    def mirror_of(self, repo: RepoRef, client: ForgeClient, *, checkout: RepoRef | None = None) -> Mirror:
        """The persistent mirror of ``repo``, with this job's credentials (every job mints its own),
        once the repository passed the host, path and visibility gate (:mod:`workers.repo_access`).

        ``checkout`` is the same repository seen on another branch (a handoff pull request's).
        """
        clone_url = self.local_remote(repo) if self.local_remote is not None else None
        return open_checked_mirror(
            self.settings, self.visibility, client, repo, checkout=checkout, clone_url=clone_url
        )

    def client_for(self, target: RegisteredRepo) -> ForgeClient:
        """The forge client serving ``target`` (per installation for a GitHub App)."""
        return self.clients.for_event(target.as_event(f"job:{target.repo.slug}"))

    @contextmanager
    def synced_mirror(self, target: RegisteredRepo, client: ForgeClient | None = None) -> Iterator[Mirror]:
        """``target``'s mirror reset to the remote, read under the writer lock (the mirror is shared)."""
        with repository_lock(self.redis, target.repo, timeout=self.settings.lock_timeout_seconds):
            mirror = self.mirror_of(target.repo, client or self.client_for(target))
            mirror.sync()
            yield mirror
