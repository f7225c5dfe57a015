"""GitHub: classic tokens list their scopes in ``X-OAuth-Scopes``; fine-grained tokens list none, so
their repository permissions are read instead (``permissions.push`` on each registered repository).
Hooks: ``GET /repos/{o}/{r}/hooks``; ``events: ["*"]`` means every event; a set secret shows as stars;
``last_response`` tells how the last delivery went (``unused`` before the first).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import httpx
from githubkit import GitHub

from bot.intake.events import Actor, RepoRef
from forge_adapters.base import ForgeError
from forge_adapters.github.access import build_github
from forge_adapters.github.client import forge_errors
from forge_adapters.github.translate import is_bot_account
from gitlearnos.doctor.probes import BAD_SIGNATURE, HookView, Scopes, answer_problem
from runtime.settings import Settings

NEEDED_SCOPE = "repo"  # private contents, issues, pull requests and repository hooks
EVERY_EVENT = "*"


def last_delivery_problem(last: Any) -> str | None:
    """What GitHub's ``last_response`` says went wrong, or None (fine, or never delivered yet)."""
    code, status = getattr(last, "code", None), str(getattr(last, "status", "") or "")
    if code is None:
        return None if status in ("", "unused", "active") else f"the last delivery got no answer ({status})"
    return answer_problem(int(code), "GITLEARNOS_GITHUB_API_URL")


class GitHubProbe:
    needed_events: tuple[str, ...] = (
        "issues",
        "issue_comment",
        "pull_request",
        "pull_request_review",
        "pull_request_review_comment",
    )

    def __init__(self, settings: Settings) -> None:
        token = settings.secret_value(settings.github_token)
        if not token:
            raise ForgeError("no GitHub token configured")
        self._gh: GitHub[Any] = build_github(
            token,
            api_url=settings.github_api_url,
            timeout=settings.http_timeout_seconds,
            transport=httpx.HTTPTransport(),
        )
        self._me: tuple[Actor, str | None] | None = None

    def _authenticated(self) -> tuple[Actor, str | None]:
        """``GET /user`` once: the account, and the scopes header (absent for fine-grained tokens)."""
        if self._me is None:
            with forge_errors("reading the bot's own account"):
                response = self._gh.rest.users.get_authenticated()
            user = response.parsed_data
            actor = Actor(login=user.login, id=user.id, is_bot=is_bot_account(user.login, user.type))
            self._me = (actor, response.headers.get("X-OAuth-Scopes"))
        return self._me

    def identity(self) -> Actor:
        return self._authenticated()[0]

    def scopes(self, repos: Sequence[RepoRef]) -> Scopes:
        header = self._authenticated()[1]
        if header is not None:
            listed = {scope.strip() for scope in header.split(",") if scope.strip()}
            shown = ", ".join(sorted(listed)) or "(none)"
            missing = () if NEEDED_SCOPE in listed else (NEEDED_SCOPE,)
            return Scopes(f"classic token, scopes: {shown}", missing)
        without_push = [repo.full_name for repo in repos if not self._can_push(repo)]
        detail = f"fine-grained token: push on {len(repos) - len(without_push)} of {len(repos)} repositories"
        return Scopes(detail, tuple(f"contents: write on {name}" for name in without_push))

    def _can_push(self, repo: RepoRef) -> bool:
        with forge_errors(f"reading {repo.full_name}"):
            found = self._gh.rest.repos.get(repo.owner, repo.name).parsed_data
        return bool(found.permissions and found.permissions.push)

    def hooks(self, repo: RepoRef) -> list[HookView]:
        with forge_errors(f"listing the webhooks of {repo.full_name}"):
            listed = self._gh.rest.repos.list_webhooks(repo.owner, repo.name).parsed_data
        views = []
        for hook in listed:
            events = frozenset(self.needed_events if EVERY_EVENT in hook.events else hook.events)
            views.append(
                HookView(
                    url=hook.config.url or "",
                    active=hook.active,
                    events=events,
                    has_secret=bool(getattr(hook.config, "secret", None)),
                    last_problem=last_delivery_problem(hook.last_response),
                    secret_refused=hook.last_response.code == BAD_SIGNATURE,
                )
            )
        return views
