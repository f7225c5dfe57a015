"""Building forge API clients from settings, once per process, or once per job for GitHub Apps.

Token clients are long-lived so connections and TLS state are reused. A
GitHub App client is built per job: it mints an installation token for that
job's installation, and no token outlives the job that needed it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.intake.events import Forge, InboundEvent
from forge_adapters.base import ForgeClient, ForgeError, ForgeNotConfigured
from forge_adapters.gitea.client import GiteaClient
from forge_adapters.github.client import GitHubClient
from forge_adapters.gitlab.client import GitLabClient
from runtime.settings import Settings


@dataclass
class ForgeClients:
    settings: Settings
    _cached: dict[Forge, ForgeClient] = field(default_factory=dict)

    def for_event(self, event: InboundEvent) -> ForgeClient:
        if event.forge is Forge.GITHUB and self.settings.github_app_id:
            return self._github_app(event.installation_id)
        if event.forge not in self._cached:
            self._cached[event.forge] = self._token_client(event.forge)
        return self._cached[event.forge]

    def _github_app(self, installation_id: int | None) -> GitHubClient:
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
            installation_id=installation_id,
            api_url=settings.github_api_url,
            timeout=settings.http_timeout_seconds,
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
