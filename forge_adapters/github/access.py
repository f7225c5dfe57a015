"""How the bot authenticates to GitHub: a token, or a GitHub App installation.

Both give the client the same three things — an API client allowed to act on
a repository, a password for ``git`` over HTTPS, and the bot's own identity —
so :class:`~forge_adapters.github.client.GitHubClient` never branches on the
kind of credential.

App installation tokens expire after an hour and cannot be extended, so none
outlives its client: every client owns a fresh ``MemCacheStrategy`` (not
githubkit's process-wide default), githubkit drops a cached token a minute
before its ``expires_at``, and ``git`` gets a token minted on the spot.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import httpx
from githubkit import AppAuthStrategy, GitHub
from githubkit.cache import MemCacheStrategy
from githubkit.exception import GitHubException

from bot.intake.events import Actor, RepoRef
from forge_adapters.base import ForgeError
from forge_adapters.github.installations import InstallationCache
from forge_adapters.github.translate import is_bot_account


@dataclass(frozen=True)
class AppCredentials:
    """A GitHub App's id and private key (PEM), and an installation the operator configured, if any.

    Without ``installation_id`` (the worker's case) each repository's installation is looked up
    (``GET /repos/{owner}/{repo}/installation``) and remembered in an
    :class:`~forge_adapters.github.installations.InstallationCache`. Never pass a payload's
    ``installation.id`` here: a delivery could name another installation's token.
    """

    app_id: int | str
    private_key: str = field(repr=False)
    installation_id: int | None = None


def build_github(
    auth: str | AppAuthStrategy, *, api_url: str, timeout: float, transport: httpx.BaseTransport
) -> GitHub[Any]:
    """A githubkit client for a worker: no retry sleeps, no HTTP cache, a token cache of its own."""
    return GitHub(
        auth,
        base_url=api_url,
        auto_retry=False,
        http_cache=False,
        cache_strategy=MemCacheStrategy(),
        timeout=timeout,
        transport=transport,
    )


class TokenAccess:
    """A personal or machine-user token: one client for every repository; the token is the git password."""

    def __init__(self, token: str, gh: GitHub[Any]) -> None:
        self._token = token
        self._gh = gh

    def api(self, repo: RepoRef) -> GitHub[Any]:  # noqa: ARG002 - one of two credential kinds with the same methods; an app's token depends on the repository
        return self._gh

    def git_password(self, repo: RepoRef) -> str:  # noqa: ARG002 - one of two credential kinds with the same methods; an app's token depends on the repository
        return self._token

    def identity(self) -> Actor:
        user = self._gh.rest.users.get_authenticated().parsed_data
        return Actor(login=user.login, id=user.id, is_bot=is_bot_account(user.login, user.type))


class AppAccess:
    """A GitHub App: JWT for App routes, an installation token for everything else.

    The installation serving a repository is GitHub's answer (``installations``, shared across a
    worker's jobs), unless the operator configured one.
    """

    def __init__(
        self,
        app: GitHub[AppAuthStrategy],
        installation_id: int | None,
        installations: InstallationCache | None = None,
    ) -> None:
        self._app = app
        self._fixed_installation = installation_id
        self._installations = installations if installations is not None else InstallationCache()
        self._clients: dict[int, GitHub[Any]] = {}

    def installation_id(self, repo: RepoRef) -> int:
        if self._fixed_installation is not None:
            return self._fixed_installation
        return self._installations.get(repo.full_name, lambda: self._look_up(repo))

    def _look_up(self, repo: RepoRef) -> int:
        """``GET /repos/{owner}/{repo}/installation``, signed with the App's JWT."""
        return self._app.rest.apps.get_repo_installation(repo.owner, repo.name).parsed_data.id

    def api(self, repo: RepoRef) -> GitHub[Any]:
        installation = self.installation_id(repo)
        if installation not in self._clients:
            # Shares the config (transport, token cache); githubkit mints the token inside its auth flow.
            self._clients[installation] = self._app.with_auth(self._app.auth.as_installation(installation))
        return self._clients[installation]

    def git_password(self, repo: RepoRef) -> str:
        """A token minted now and limited to ``repo``, so a leaked one opens nothing else, for an hour."""
        try:
            minted = self._app.rest.apps.create_installation_access_token(
                self.installation_id(repo), repositories=[repo.name]
            )
        except GitHubException:
            self._installations.forget(repo.full_name)  # perhaps reinstalled: the retry looks it up anew
            raise
        return minted.parsed_data.token

    def identity(self) -> Actor:
        """The App's bot account, ``<slug>[bot]``; its user id is not in ``GET /app``, so it is left out."""
        app = self._app.rest.apps.get_authenticated().parsed_data
        if app is None or not app.slug:
            raise ForgeError("GitHub's GET /app named no App slug; is the App id right?")
        return Actor(login=f"{app.slug}[bot]", is_bot=True)


Access = TokenAccess | AppAccess  # each gives ``api(repo)``, ``git_password(repo)`` and ``identity()``
