"""Gitea/Forgejo: a token cannot read its own scopes, and a call outside them is refused with 403. So
the probe asks what the bot would: ``GET /user`` (``read:user``), and per registered repository an empty
``POST .../issues`` and ``POST .../pulls`` — refused as invalid (400/422) when ``write:issue`` and
``write:repository`` are granted, 403 when not; an empty body creates nothing. Hooks:
``GET /repos/{o}/{r}/hooks``; Gitea never shows a hook's secret.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.intake.events import Actor, RepoRef
from forge_adapters.base import ForgeError
from forge_adapters.gitea.client import repo_path
from forge_adapters.gitea.http import GiteaHTTP
from gitlearnos.doctor.probes import HookView, Scopes
from runtime.settings import Settings

FORBIDDEN = 403
# What an empty POST probes, with the scope its 403 means is missing.
WRITE_PROBES = (("/issues", "write:issue"), ("/pulls", "write:repository"))


class GiteaProbe:
    needed_events: tuple[str, ...] = ("issues", "issue_comment", "pull_request", "pull_request_review")

    def __init__(self, settings: Settings) -> None:
        self._http = GiteaHTTP(
            settings.secret_value(settings.gitea_token),
            url=settings.gitea_url,
            timeout=settings.http_timeout_seconds,
        )

    def identity(self) -> Actor:
        user: Any = self._http.call("GET", "/user")
        return Actor(login=str(user["login"]), id=user.get("id"), is_bot=False)

    def scopes(self, repos: Sequence[RepoRef]) -> Scopes:
        missing: list[str] = []
        try:
            self._http.call("GET", "/user")
        except ForgeError as error:
            if error.status != FORBIDDEN:
                raise
            missing.append("read:user")
        for repo in repos:
            for suffix, scope in WRITE_PROBES:
                if scope not in missing and self._refused(repo_path(repo) + suffix):
                    missing.append(scope)
        probed = f"{len(repos)} repositor{'y' if len(repos) == 1 else 'ies'}"
        granted = "read:user" + ("" if not repos else ", write:issue, write:repository")
        detail = f"probed on {probed}: " + (f"lacks {', '.join(missing)}" if missing else f"has {granted}")
        return Scopes(detail, tuple(missing))

    def _refused(self, path: str) -> bool:
        try:
            self._http.send("POST", path, json={})
        except ForgeError as error:
            return error.status == FORBIDDEN
        raise ForgeError(f"Gitea accepted an empty POST {path}; refusing to probe further")

    def hooks(self, repo: RepoRef) -> list[HookView]:
        views = []
        for hook in self._http.paginate(repo_path(repo) + "/hooks"):
            config = hook.get("config") or {}
            views.append(
                HookView(
                    url=str(config.get("url", "")),
                    active=bool(hook.get("active", True)),
                    events=frozenset(str(name) for name in hook.get("events") or []),
                    has_secret=None,
                )
            )
        return views
