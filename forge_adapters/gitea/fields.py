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

from bot.intake.events import Actor, Forge, RepoRef
from forge_adapters.intake import parse_time
from forge_adapters.payload_fields import json_object, object_list, optional_object, text, user_id

ACTIONS_USER_ID = -2
ACTIONS_USER_LOGINS = frozenset({"gitea-actions", "forgejo-actions"})


def mapping(value: object, what: str) -> Mapping[str, Any]:
    """``value`` as a JSON object, or a ``PayloadShapeError`` the caller turns into MalformedPayload."""
    return json_object(value, what)


def is_bot_user(user: Mapping[str, Any]) -> bool:
    name = str(user.get("login") or "")
    return name.endswith("[bot]") or name.lower() in ACTIONS_USER_LOGINS or user.get("id") == ACTIONS_USER_ID


def actor(user: object, what: str = "sender") -> Actor | None:
    """The account in a ``sender`` object; absent or ``null`` is nobody, anything else malformed."""
    account = optional_object(user, what)
    name = text(account.get("login"), f"{what}.login")
    if not name:
        return None
    return Actor(login=name, id=user_id(account.get("id")), is_bot=is_bot_user(account))


def when(value: object) -> datetime | None:
    moment = parse_time(value)
    return None if moment is None or moment.year <= 1 else moment


def repo_ref(data: Mapping[str, Any]) -> RepoRef:
    repo = mapping(data.get("repository"), "repository")
    clone_url = text(repo.get("clone_url"), "repository.clone_url")
    location = text(repo.get("html_url"), "repository.html_url") or clone_url
    private = repo.get("private")
    return RepoRef(
        forge=Forge.GITEA,
        host=urlsplit(location).netloc,
        full_name=text(repo["full_name"], "repository.full_name"),
        default_branch=text(repo.get("default_branch"), "repository.default_branch") or "main",
        clone_url=clone_url,
        private=private if isinstance(private, bool) else None,
    )


def labels(raw: object) -> tuple[str, ...]:
    names = (text(label.get("name"), "labels.name") for label in object_list(raw, "labels"))
    return tuple(name for name in names if name)


def login(user: object, what: str = "user") -> str:
    return text(optional_object(user, what).get("login"), f"{what}.login")
