"""The objects every Gitea/Forgejo payload and API answer share: users, times, repositories. Pure.

- Users have no bot flag (webhooks-spec §3.4). ``[bot]`` logins and the
  Actions pseudo-user (``gitea-actions``, Forgejo ``forgejo-actions``, id -2)
  count as bots; intake drops the bot's own login from settings.
- Go's zero time (``0001-01-01T00:00:00Z``) means "not set" in old payloads.
- The repository's host comes from its ``html_url`` (port included), so one
  bot can serve several instances without confusing their repositories.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any
from urllib.parse import urlsplit

from bot.events import Actor, Forge, RepoRef
from forge_adapters.intake import parse_time

ACTIONS_USER_ID = -2
ACTIONS_USER_LOGINS = frozenset({"gitea-actions", "forgejo-actions"})


def mapping(value: object, what: str) -> Mapping[str, Any]:
    """``value`` as a JSON object, or a ``TypeError`` the caller turns into MalformedPayload."""
    if not isinstance(value, Mapping):
        raise TypeError(f"{what} is not an object")
    return value


def is_bot_user(user: Mapping[str, Any]) -> bool:
    name = str(user.get("login") or "")
    return name.endswith("[bot]") or name.lower() in ACTIONS_USER_LOGINS or user.get("id") == ACTIONS_USER_ID


def actor(user: object) -> Actor | None:
    if not isinstance(user, Mapping) or not user.get("login"):
        return None
    user_id = user.get("id")
    return Actor(
        login=str(user["login"]),
        id=user_id if isinstance(user_id, int | str) else None,
        is_bot=is_bot_user(user),
    )


def when(value: object) -> datetime | None:
    moment = parse_time(value)
    return None if moment is None or moment.year <= 1 else moment


def repo_ref(data: Mapping[str, Any]) -> RepoRef:
    repo = mapping(data.get("repository"), "repository")
    location = str(repo.get("html_url") or repo.get("clone_url") or "")
    private = repo.get("private")
    return RepoRef(
        forge=Forge.GITEA,
        host=urlsplit(location).netloc,
        full_name=str(repo["full_name"]),
        default_branch=str(repo.get("default_branch") or "main"),
        clone_url=str(repo.get("clone_url") or ""),
        private=private if isinstance(private, bool) else None,
    )


def labels(raw: object) -> tuple[str, ...]:
    if not isinstance(raw, list):
        return ()
    return tuple(str(label["name"]) for label in raw if isinstance(label, Mapping) and label.get("name"))


def login(user: object) -> str:
    return str(user.get("login") or "") if isinstance(user, Mapping) else ""
