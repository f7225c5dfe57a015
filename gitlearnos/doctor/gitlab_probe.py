"""GitLab: ``GET /personal_access_tokens/self`` lists the token's scopes (the bot needs ``api``: notes,
merge requests, and Git over HTTPS with it); hooks: ``GET /projects/:id/hooks``, one switch per event
kind. GitLab never shows a hook's secret token, but it lists a hook's deliveries of the last 7 days
(``GET /projects/:id/hooks/:hook_id/events``, GitLab 17.1+): a 401 on the latest means the secrets differ.
An older GitLab answers 404 there, and the latest delivery is then simply not known.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from urllib.parse import quote

import gitlab

from bot.intake.events import Actor, RepoRef
from forge_adapters.base import ForgeError
from forge_adapters.gitlab.client import forge_errors
from gitlearnos.doctor.probes import BAD_SIGNATURE, HookView, Scopes, answer_problem
from runtime.settings import Settings

NEEDED_SCOPE = "api"
NOT_FOUND = 404


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
        with forge_errors("reading the bot's own account"):
            user: Any = self._gl.http_get("/user")
        return Actor(login=str(user["username"]), id=user.get("id"), is_bot=bool(user.get("bot")))

    def scopes(self, repos: Sequence[RepoRef]) -> Scopes:  # noqa: ARG002 - GitLab scopes are per token
        with forge_errors("reading the token's own description"):
            token: Any = self._gl.http_get("/personal_access_tokens/self")
        listed = sorted(str(scope) for scope in token.get("scopes") or [])
        expires = f", expires {token['expires_at']}" if token.get("expires_at") else ""
        detail = f"token {token.get('name', '?')!r}, scopes: {', '.join(listed) or '(none)'}{expires}"
        if not token.get("active", True) or token.get("revoked"):
            return Scopes(detail + " (revoked or inactive)", ("an active token",))
        return Scopes(detail, () if NEEDED_SCOPE in listed else (NEEDED_SCOPE,))

    def hooks(self, repo: RepoRef) -> list[HookView]:
        with forge_errors(f"listing the webhooks of {repo.full_name}"):
            listed = self._gl.projects.get(repo.full_name, lazy=True).hooks.list(get_all=True)
        views = []
        for hook in listed:
            attrs = hook.attributes
            switched_on = frozenset(name for name in self.needed_events if attrs.get(name))
            status = self._latest_status(repo, int(attrs["id"]))
            views.append(
                HookView(
                    url=str(attrs.get("url", "")),
                    active=True,
                    events=switched_on,
                    has_secret=None,
                    last_problem=last_delivery_problem(status),
                    secret_refused=status == str(BAD_SIGNATURE),
                )
            )
        return views

    def _latest_status(self, repo: RepoRef, hook_id: int) -> str | None:
        """``response_status`` of the hook's latest delivery (GitLab lists newest first), if known."""
        path = f"/projects/{quote(repo.full_name, safe='')}/hooks/{hook_id}/events"
        try:
            with forge_errors(f"listing the deliveries of a webhook of {repo.full_name}"):
                events: Any = self._gl.http_list(path, per_page=1, get_all=False)
        except ForgeError as error:
            if error.status == NOT_FOUND:  # a GitLab before 17.1
                return None
            raise
        return str(events[0].get("response_status")) if events else None


def last_delivery_problem(status: str | None) -> str | None:
    """What the latest delivery's ``response_status`` (a code, or ``internal error``) says went wrong."""
    if status is None:
        return None
    if not status.isdigit():
        return f"the last delivery got no answer ({status})"
    return answer_problem(int(status), "GITLEARNOS_GITLAB_URL")
