"""What each sandbox token may do, told the way each forge tells it.

A real token carries scopes, and a token without the ones the bot needs is a broken setup found only
when a call fails. The sandbox gives every account full scopes unless the admin API narrows them
(``PUT /_sandbox/users/{login}/scopes``), and answers as each forge does:

- GitHub (classic tokens): every ``/api/v3`` answer carries ``X-OAuth-Scopes``.
- GitLab: ``GET /api/v4/personal_access_tokens/self`` describes the calling token, ``scopes`` included.
- Gitea lists no scopes to a token; a call outside them is refused with 403 and Gitea's message, so the
  scope is enforced here on ``/api/v1`` (``user``, ``issue`` or ``repository``; ``write`` implies ``read``).

Scopes live in ``<root>/token_scopes.json`` beside the connection file.
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from litestar import Controller, get, put
from litestar.datastructures import MutableScopeHeaders
from litestar.enums import ScopeType
from litestar.params import JSONBody
from litestar.types import ASGIApp, Message, Receive, Scope, Send

from evals.sandbox.atomic_file import write_atomically
from evals.sandbox.errors import ForbiddenError, InvalidInputError
from evals.sandbox.gitea_objects import API_PREFIX as GITEA_API_PREFIX
from evals.sandbox.github_objects import API_PREFIX as GITHUB_API_PREFIX
from evals.sandbox.gitlab_objects import API_PREFIX as GITLAB_API_PREFIX
from evals.sandbox.http_support import PathStr, SandboxRequest, Store, learner_only
from evals.sandbox.models import Forge, User
from evals.sandbox.rendering import JSON

SCOPES_FILE = "token_scopes.json"
FULL_SCOPES: dict[Forge, tuple[str, ...]] = {
    Forge.GITHUB: ("repo",),
    Forge.GITLAB: ("api",),
    Forge.GITEA: ("write:issue", "write:repository", "write:user"),
}
READING = frozenset({"GET", "HEAD", "OPTIONS"})


class TokenScopes:
    """login → forge → scopes, kept in memory and written through to the scopes file."""

    def __init__(self, root: Path) -> None:
        self._path = root / SCOPES_FILE
        self._lock = threading.Lock()
        self._scopes: dict[str, dict[str, list[str]]] = (
            json.loads(self._path.read_text()) if self._path.is_file() else {}
        )

    def of(self, login: str, forge: Forge) -> tuple[str, ...]:
        with self._lock:
            chosen = self._scopes.get(login, {}).get(forge.value)
        return FULL_SCOPES[forge] if chosen is None else tuple(chosen)

    def set(self, login: str, forge: Forge, scopes: list[str]) -> None:
        with self._lock:
            self._scopes.setdefault(login, {})[forge.value] = list(scopes)
            write_atomically(self._path, json.dumps(self._scopes, indent=2).encode())


def gitea_scope_needed(method: str, path: str) -> str | None:
    """The Gitea scope a call needs (``read:issue``, ``write:repository``, ...), or None outside them."""
    rest = path[len(GITEA_API_PREFIX) :]
    parts = rest.strip("/").split("/")
    if parts[0] == "user":
        category = "user"
    elif parts[0] == "repos" and len(parts) >= 3:
        category = "issue" if len(parts) > 3 and parts[3] == "issues" else "repository"
    else:
        return None
    return f"{'read' if method in READING else 'write'}:{category}"


def gitea_allows(scopes: tuple[str, ...], needed: str) -> bool:
    level, _, category = needed.partition(":")
    return needed in scopes or (level == "read" and f"write:{category}" in scopes)


class TokenScopesMiddleware:
    """After authentication: GitHub's scope header on its answers, Gitea's scope check before its routes."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        user: User | None = scope.get("user")
        if scope["type"] != ScopeType.HTTP or user is None:
            await self.app(scope, receive, send)
            return
        scopes: TokenScopes = scope["app"].state.token_scopes
        path = scope["path"]
        if path.startswith(GITEA_API_PREFIX + "/"):
            needed = gitea_scope_needed(scope["method"], path)
            if needed and not gitea_allows(scopes.of(user.login, Forge.GITEA), needed):
                raise ForbiddenError(f"token does not have at least one of required scope(s): [{needed}]")
        if not path.startswith(GITHUB_API_PREFIX + "/"):
            await self.app(scope, receive, send)
            return
        header = ", ".join(scopes.of(user.login, Forge.GITHUB))

        async def send_with_scopes(message: Message) -> None:
            if message["type"] == "http.response.start":
                MutableScopeHeaders.from_message(message)["X-OAuth-Scopes"] = header
            await send(message)

        await self.app(scope, receive, send_with_scopes)


@dataclass
class ScopeChoice:
    forge: Forge
    scopes: list[str]


class TokenScopesController(Controller):
    """``GET /api/v4/personal_access_tokens/self`` (GitLab) and the admin call that narrows a token."""

    @get(f"{GITLAB_API_PREFIX}/personal_access_tokens/self", sync_to_thread=False)
    def gitlab_token_self(self, request: SandboxRequest) -> JSON:
        user = request.user
        scopes: TokenScopes = request.app.state.token_scopes
        return {
            "id": user.id,
            "name": f"{user.login}-sandbox",
            "revoked": False,
            "created_at": user.created_at.astimezone(UTC).isoformat().replace("+00:00", "Z"),
            "scopes": list(scopes.of(user.login, Forge.GITLAB)),
            "user_id": user.id,
            "last_used_at": datetime.now(UTC).isoformat().replace("+00:00", "Z"),
            "active": True,
            "expires_at": None,
        }

    @put("/_sandbox/users/{login:str}/scopes", guards=[learner_only], sync_to_thread=False)
    def set_scopes(
        self, request: SandboxRequest, login: PathStr, data: JSONBody[ScopeChoice], store: Store
    ) -> dict[str, Any]:
        """Give ``login``'s token exactly ``scopes`` on ``forge`` (an empty list: none at all)."""
        if login not in {user.login for user in store.users()}:
            raise InvalidInputError(f"no sandbox user {login!r}")
        scopes: TokenScopes = request.app.state.token_scopes
        scopes.set(login, data.forge, data.scopes)
        return {"login": login, "forge": data.forge.value, "scopes": list(scopes.of(login, data.forge))}
