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
from bot.intake.events import Forge, InboundEvent, RepoRef
from forge_adapters.base import ForgeClient, ForgeError, ForgeNotConfigured
from forge_adapters.gitea.client import GiteaClient
from forge_adapters.github.client import GitHubClient
from forge_adapters.github.installations import InstallationCache
from forge_adapters.gitlab.client import GitLabClient
from runtime.settings import Settings
from workers.git_workspace import Mirror
from workers.repo_access import VisibilityCache, open_checked_mirror
from workers.repo_lock import repository_lock
from workers.repo_registry import RegisteredRepo

# A Redis restart mid-task (the stash, the registry, the lock): transient, so retried, never parked.
REDIS_BLIPS = (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError)


@dataclass
class ForgeClients:
    """Forge API clients built from settings: token clients once per process (connections and TLS
    state are reused), a GitHub App client per job (it mints that job's installation token, and no
    token outlives the job that needed it)."""

    settings: Settings
    _cached: dict[Forge, ForgeClient] = field(default_factory=dict)
    # A GitHub App's installation per repository, GitHub's answer kept across jobs (bounded); never the
    # ``installation.id`` a payload names, which could pick another installation's token.
    github_installations: InstallationCache = field(default_factory=InstallationCache)

    def for_event(self, event: InboundEvent) -> ForgeClient:
        if event.forge is Forge.GITHUB and self.settings.github_app_id:
            return self._github_app()
        if event.forge not in self._cached:
            self._cached[event.forge] = self._token_client(event.forge)
        return self._cached[event.forge]

    def _github_app(self) -> GitHubClient:
        settings = self.settings
        key = settings.secret_value(settings.github_app_private_key)
        if not key and settings.github_app_private_key_file is not None:
            try:
                key = settings.github_app_private_key_file.read_text()
            except OSError as error:
                raise ForgeError(f"cannot read the GitHub App private key file: {error.strerror}") from error
        if not key:
            raise ForgeNotConfigured("GITLEARNOS_GITHUB_APP_ID is set but no private key is configured")
        return GitHubClient.for_app(
            settings.github_app_id,
            key,
            api_url=settings.github_api_url,
            timeout=settings.http_timeout_seconds,
            installations=self.github_installations,
        )

    def _token_client(self, forge: Forge) -> ForgeClient:
        settings, timeout = self.settings, self.settings.http_timeout_seconds
        secret = settings.secret_value
        if forge is Forge.GITHUB:
            return GitHubClient(
                secret(settings.github_token), api_url=settings.github_api_url, timeout=timeout
            )
        if forge is Forge.GITLAB:
            return GitLabClient(secret(settings.gitlab_token), url=settings.gitlab_url, timeout=timeout)
        if forge is Forge.GITEA:
            if not settings.gitea_url:
                raise ForgeNotConfigured("no Gitea URL configured (set GITLEARNOS_GITEA_URL)")
            return GiteaClient(secret(settings.gitea_token), url=settings.gitea_url, timeout=timeout)
        raise ForgeNotConfigured(f"forge {forge.value} has no API client")


@dataclass
class WorkerRuntime:
    """What the tasks need from the outside world, built once per worker process."""

    settings: Settings
    redis: redis.Redis
    agent: Agent
    clients: ForgeClients  # built by the composition root (the CLI), like every other client
    model_agent: Agent | None = None  # the operator's chat model, used only where a learner allows it
    celery: Celery | None = None  # sends plans' follow-up jobs (rag ingest); register_event_task sets it
    # Parked entries Redis could not take (it was down): written by the next park or task.
    unparked: dict[bytes, str] = field(init=False, default_factory=dict)
    visibility: VisibilityCache = field(default_factory=VisibilityCache)
    # Tests that serve a repository from a local folder name it here; the host, path and visibility
    # checks run all the same. None: the configured forge's Git URL, always in production.
    local_remote: Callable[[RepoRef], str] | None = None

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
