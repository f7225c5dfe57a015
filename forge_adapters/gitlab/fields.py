"""Reading the pieces GitLab payloads share: project, user, labels, times. Pure.

These helpers raise ``KeyError`` or :class:`PayloadShapeError` on a payload
that lacks what they need; :mod:`forge_adapters.gitlab.webhook` turns those
into :class:`~forge_adapters.intake.MalformedPayload` in one place.
The same user rules serve webhooks and API answers (see :mod:`.client`).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import datetime
from typing import Any
from urllib.parse import urlsplit

from bot.intake.events import Actor, Forge, RepoRef
from forge_adapters.intake import parse_time
from forge_adapters.payload_fields import PayloadShapeError, text, user_id

# Project and group access tokens act through generated users (GitLab docs,
# "Bot users for projects/groups"): project_<id>_bot_<random> today,
# project_<id>_bot and project_<id>_bot<n> on older instances.
TOKEN_BOT_USERNAME = re.compile(
    r"""
    ^(?:project|group)_\d+_bot   # whose token: project or group <id>
    (?:_[A-Za-z0-9]+|\d*)$       # _<random> (current) or <n>/nothing (older GitLab)
    """,
    re.VERBOSE,
)

# visibility_level in webhook payloads (Gitlab::VisibilityLevel); API answers spell it out.
KNOWN_LEVELS = {0: "private", 10: "internal", 20: "public"}


def mapping(data: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    """``data[key]`` when it is a JSON object; a ``TypeError``/``KeyError`` otherwise."""
    value = data[key]
    if not isinstance(value, Mapping):
        raise PayloadShapeError(f"{key} is not an object")
    return value


def optional_mapping(data: Mapping[str, Any], key: str) -> Mapping[str, Any]:
    value = data.get(key)
    return value if isinstance(value, Mapping) else {}


def gitlab_time(value: object) -> datetime | None:
    """GitLab writes both ISO 8601 and ``2017-12-10 17:05:56 UTC``; read either."""
    if isinstance(value, str) and value.endswith(" UTC"):
        value = value.removesuffix(" UTC") + "+00:00"
    return parse_time(value)


def is_bot_user(user: Mapping[str, Any]) -> bool:
    """GitLab payloads carry no bot flag (API answers may: ``bot``); token bots are known by name."""
    return user.get("bot") is True or bool(TOKEN_BOT_USERNAME.match(str(user.get("username") or "")))


def actor(user: Mapping[str, Any]) -> Actor | None:
    """The person (or bot) in a ``user``/``author`` object; older payloads have no ``id``."""
    username = user.get("username")
    if not isinstance(username, str) or not username:
        return None
    return Actor(login=username, id=user_id(user.get("id")), is_bot=is_bot_user(user))


def is_private(project: Mapping[str, Any]) -> bool | None:
    """Private means visible to members only; ``internal`` (every signed-in user) is not private."""
    level = project.get("visibility_level")
    visibility = KNOWN_LEVELS.get(level) if isinstance(level, int) else project.get("visibility")
    if visibility not in KNOWN_LEVELS.values():
        return None
    return visibility == "private"


def repo_ref(project: Mapping[str, Any], instance: str = "") -> RepoRef:
    """The repository a delivery is about; host from the project's web URL, else ``X-Gitlab-Instance``."""
    web_url = text(project.get("web_url"), "project.web_url")
    host = urlsplit(web_url).netloc or urlsplit(f"//{instance}").netloc
    if not host:
        raise PayloadShapeError("the payload does not say which GitLab host it comes from")
    clone_url = text(project.get("git_http_url"), "project.git_http_url") or text(
        project.get("http_url"), "project.http_url"
    )
    return RepoRef(
        forge=Forge.GITLAB,
        host=host,
        full_name=text(project["path_with_namespace"], "project.path_with_namespace"),
        default_branch=text(project.get("default_branch"), "project.default_branch") or "main",
        clone_url=clone_url,
        private=is_private(project),
    )


def label_names(labels: object) -> tuple[str, ...]:
    """Label titles from a payload's ``labels`` list (objects with ``title``, or bare strings)."""
    if not isinstance(labels, list):
        return ()
    names = (label.get("title") if isinstance(label, Mapping) else label for label in labels)
    return tuple(str(name) for name in names if isinstance(name, str) and name)
