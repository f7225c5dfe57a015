"""Where a learner repository lives, as the operator configured it — never as a payload says.

A webhook payload is signed, but a signature proves only that someone holding
the secret sent it (on GitLab, often just the plaintext ``X-Gitlab-Token``).
So nothing that leads to a credential is taken from a payload:

* the forge's location (scheme, host, path prefix) comes from settings
  (``GITLEARNOS_GITHUB_API_URL``, ``GITLEARNOS_GITLAB_URL``,
  ``GITLEARNOS_GITEA_URL``); a repository whose host differs is foreign and
  refused, at intake and again in the worker;
* the repository's path is split into parts that are checked against the
  forge's own naming rules (GitLab allows nested groups, the others exactly
  ``owner/name``), and the clone URL and the mirror folder are built from
  those parts only;
* a mirror folder is proven to stay inside the mirrors directory.

Pure: no I/O except resolving the mirror path.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote, urlsplit

from bot.intake.events import Forge, RepoRef
from runtime.settings import Settings

GITHUB_DOT_COM_API = "api.github.com"
DEFAULT_PORTS = {"https": "443", "http": "80"}
# A host as a URL carries it: a DNS name or IPv4 address, or a bracketed IPv6 address, and an optional port.
HOST = re.compile(
    r"(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9-]{1,63})*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?"
)
# GitHub: owners are alphanumerics and single hyphens (39 at most); names allow ``.`` and ``_`` too.
GITHUB_OWNER = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9_-]{0,38})")
NAME = re.compile(r"[A-Za-z0-9_.-]{1,100}")
# GitLab: group, subgroup and project paths start with a letter, digit or ``_`` and never end in .git/.atom.
GITLAB_PART = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,254}")
GITLAB_RESERVED_ENDINGS = (".git", ".atom")
GITLAB_MAX_DEPTH = 21  # a project under 20 nested groups at most
# Gitea/Forgejo: user, org and repository names are alphanumerics, ``-``, ``_`` and ``.``.
GITEA_PART = re.compile(r"[A-Za-z0-9_.-]{1,100}")


class ForeignRepository(ValueError):
    """A repository this bot was not configured to serve; the message is safe to echo (no payload text)."""


@dataclass(frozen=True)
class ForgeLocation:
    """One configured forge: ``base_url`` is where its web pages and Git live (no trailing slash)."""

    forge: Forge
    base_url: str

    @property
    def host(self) -> str:
        return normalized_host(urlsplit(self.base_url).netloc, urlsplit(self.base_url).scheme)


@dataclass(frozen=True)
class RepoAddress:
    """A repository on a configured forge, by validated path parts; the only source of Git URLs."""

    location: ForgeLocation
    parts: tuple[str, ...]

    @property
    def full_name(self) -> str:
        return "/".join(self.parts)

    @property
    def clone_url(self) -> str:
        """``<configured base>/<parts>.git``: where clone, fetch and push go, and where the token goes."""
        return f"{self.location.base_url}/{'/'.join(quote(part, safe='') for part in self.parts)}.git"

    def mirror_path(self, mirrors_dir: Path) -> Path:
        return contained_path(mirrors_dir, self.location.forge, self.location.host, self.parts)


def configured_location(settings: Settings, forge: Forge) -> ForgeLocation | None:
    """The forge location the operator configured, or None (Gitea without a URL, local mode).

    GitHub is configured by its API URL: ``https://api.github.com`` means github.com, and a GitHub
    Enterprise Server API (``https://HOST[/prefix]/api/v3``) means ``https://HOST[/prefix]``.
    """
    if forge is Forge.GITHUB:
        api = urlsplit(settings.github_api_url.strip())
        if api.netloc.lower() == GITHUB_DOT_COM_API:
            return ForgeLocation(forge, "https://github.com")
        prefix = api.path.rstrip("/").removesuffix("/api/v3")
        return _location(forge, f"{api.scheme}://{api.netloc}{prefix}")
    if forge is Forge.GITLAB:
        return _location(forge, settings.gitlab_url)
    if forge is Forge.GITEA:
        return _location(forge, settings.gitea_url)
    return None


def _location(forge: Forge, url: str) -> ForgeLocation | None:
    parts = urlsplit(url.strip())
    if parts.scheme not in DEFAULT_PORTS or not HOST.fullmatch(parts.netloc):
        return None
    return ForgeLocation(forge, f"{parts.scheme}://{parts.netloc}{parts.path.rstrip('/')}")


def normalized_host(netloc: str, scheme: str = "https") -> str:
    """``netloc`` lowercased, without the scheme's default port; ``""`` when it is not a plain host."""
    if not HOST.fullmatch(netloc):
        return ""
    host = netloc.lower()
    default = DEFAULT_PORTS.get(scheme, "")
    return host.removesuffix(f":{default}") if default else host


def path_parts(forge: Forge, full_name: str) -> tuple[str, ...]:
    """``full_name`` split and checked by ``forge``'s naming rules, else :class:`ForeignRepository`."""
    parts = tuple(full_name.split("/"))
    if any(part in {"", ".", ".."} for part in parts):
        raise ForeignRepository("the repository path has an empty or dot segment")
    if forge is Forge.GITLAB:
        valid = 2 <= len(parts) <= GITLAB_MAX_DEPTH and all(
            GITLAB_PART.fullmatch(part) and not part.lower().endswith(GITLAB_RESERVED_ENDINGS)
            for part in parts
        )
    elif forge is Forge.GITHUB:
        valid = len(parts) == 2 and bool(GITHUB_OWNER.fullmatch(parts[0]) and NAME.fullmatch(parts[1]))
    else:
        valid = len(parts) == 2 and all(GITEA_PART.fullmatch(part) for part in parts)
    if not valid:
        raise ForeignRepository(f"the repository path is not a valid {forge.value} owner/name")
    return parts


def foreign_reason(settings: Settings, repo: RepoRef) -> str | None:
    """Why ``repo`` is not one this bot serves, or None when it is on the configured forge host."""
    try:
        address_of(settings, repo)
    except ForeignRepository as refusal:
        return str(refusal)
    return None


def address_of(settings: Settings, repo: RepoRef) -> RepoAddress:
    """``repo`` on the forge the operator configured, or :class:`ForeignRepository`."""
    location = configured_location(settings, repo.forge)
    if location is None:
        raise ForeignRepository(f"no {repo.forge.value} URL is configured for this bot")
    scheme = urlsplit(location.base_url).scheme
    if normalized_host(repo.host, scheme) != location.host:
        raise ForeignRepository(f"the repository is not on the {repo.forge.value} host this bot serves")
    return RepoAddress(location, path_parts(repo.forge, repo.full_name))


def contained_path(root: Path, forge: Forge, host: str, parts: tuple[str, ...]) -> Path:
    """``root/<forge>/<host>/<parts...>``, proven to stay inside ``root`` (a ``..`` host cannot escape)."""
    if not HOST.fullmatch(host):
        raise ForeignRepository("the repository host is not a valid host name")
    folder = root / forge.value / host.lower().replace(":", "_").replace("[", "").replace("]", "")
    path = folder.joinpath(*parts)
    resolved_root = root.resolve()
    resolved = path.resolve()
    if resolved == resolved_root or not resolved.is_relative_to(resolved_root / forge.value):
        raise ForeignRepository("the repository's mirror would fall outside the mirrors directory")
    return path
