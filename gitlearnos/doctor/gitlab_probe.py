"""GitLab: ``GET /personal_access_tokens/self`` lists the token's scopes (the bot needs ``api``: notes,
merge requests, and Git over HTTPS with it); hooks: ``GET /projects/:id/hooks``, one switch per event
kind. GitLab never shows a hook's secret token, so whether it is set cannot be read from the API.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import gitlab
import requests
from gitlab.exceptions import GitlabError

from bot.events import Actor, RepoRef
from forge_adapters.base import ForgeError
from gitlearnos.doctor.probes import HookView, Scopes
from gitlearnos.settings import Settings

NEEDED_SCOPE = "api"


@contextmanager
def _errors(doing: str) -> Iterator[None]:
    try:
        yield
    except GitlabError as error:
        raise ForgeError(
            f"GitLab answered {error.response_code} while {doing}", status=error.response_code
        ) from error
    except requests.RequestException as error:
        raise ForgeError(f"GitLab unreachable while {doing}: {type(error).__name__}") from error


class GitLabProbe:
    needed_events: tuple[str, ...] = ("issues_events", "note_events", "merge_requests_events")

    def __init__(self, settings: Settings) -> None:
        token = settings.secret_value(settings.gitlab_token)
        if not token:
            raise ForgeError("no GitLab token configured")
        self._gl = gitlab.Gitlab(
            settings.gitlab_url.rstrip("/"),
            private_token=token,
            timeout=settings.http_timeout_seconds,
            retry_transient_errors=False,
        )

    def identity(self) -> Actor:
        with _errors("reading the bot's own account"):
            user: Any = self._gl.http_get("/user")
        return Actor(login=str(user["username"]), id=user.get("id"), is_bot=bool(user.get("bot")))

    def scopes(self, repos: Sequence[RepoRef]) -> Scopes:
        with _errors("reading the token's own description"):
            token: Any = self._gl.http_get("/personal_access_tokens/self")
        listed = sorted(str(scope) for scope in token.get("scopes") or [])
        expires = f", expires {token['expires_at']}" if token.get("expires_at") else ""
        detail = f"token {token.get('name', '?')!r}, scopes: {', '.join(listed) or '(none)'}{expires}"
        if not token.get("active", True) or token.get("revoked"):
            return Scopes(detail + " (revoked or inactive)", ("an active token",))
        return Scopes(detail, () if NEEDED_SCOPE in listed else (NEEDED_SCOPE,))

    def hooks(self, repo: RepoRef) -> list[HookView]:
        with _errors(f"listing the webhooks of {repo.full_name}"):
            listed = self._gl.projects.get(repo.full_name, lazy=True).hooks.list(get_all=True)
        views = []
        for hook in listed:
            attrs = hook.attributes
            switched_on = frozenset(name for name in self.needed_events if attrs.get(name))
            views.append(
                HookView(url=str(attrs.get("url", "")), active=True, events=switched_on, has_secret=None)
            )
        return views
