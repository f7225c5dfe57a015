"""The gate every job passes before it touches a learner repository's Git: host, path, visibility.

A job (an event, due-review, maintenance, a RAG ingest or answer) gets a
mirror only through :func:`open_checked_mirror`, which, before any clone,
fetch or credential:

1. places the repository on the forge the operator configured
   (:func:`forge_adapters.repo_address.address_of`): a foreign host or an
   invalid path is refused, so no token is ever minted for, or sent to, a host
   nobody configured;
2. asks the forge whether the repository is private, and refuses public,
   internal and unknown alike (fail closed). The answer is cached for
   :data:`VISIBILITY_TTL_SECONDS` per process, so a burst of notes costs one
   API call, and a repository made public is refused within that time;
3. builds the clone URL and the mirror folder from the validated address only, and fetches and pushes
   the default branch the forge named in that same answer, never the one a payload claims.

A refusal is :class:`RepositoryRefused`: not a transient error, so it is never
retried; the event task answers it (see :func:`refusal_reply`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

import structlog

from bot.intake.events import EventKind, InboundEvent, RepoRef, ThreadEvent
from bot.plan import Reply
from bot.replies import PUBLIC_REPO
from forge_adapters.base import ForgeClient, RepoInfo
from forge_adapters.repo_address import ForeignRepository, RepoAddress, address_of
from runtime.settings import Settings
from workers.git_workspace import Mirror

VISIBILITY_TTL_SECONDS = 30.0
PUBLIC = "public"
UNKNOWN = "unknown"
UNKNOWN_VISIBILITY = (
    "I did not store anything: I could not confirm that this repository is private, and personal learning "
    "state only ever goes into a private repository."
)
REPLIED_KINDS = frozenset({EventKind.ISSUE_OPENED, EventKind.COMMENT_CREATED})
log = structlog.get_logger("gitlearnos.worker")


class RepositoryRefused(Exception):
    """The repository may not be served: foreign host, invalid path, or not known to be private.

    ``visibility`` is ``public`` (public or internal), ``unknown``, or empty for a foreign host or
    path; the message never holds payload text.
    """

    def __init__(self, message: str, *, visibility: str = "") -> None:
        super().__init__(message)
        self.visibility = visibility


@dataclass
class VisibilityCache:
    """Per-process memory of repositories the forge said are private, for a short time only.

    Only "private" is remembered: a refusal is asked again next time, so a repository made private
    is served at once, and one made public is refused within ``ttl`` seconds.
    """

    ttl: float = VISIBILITY_TTL_SECONDS
    clock: Callable[[], float] = time.monotonic
    _private_until: dict[str, tuple[float, str]] = field(default_factory=dict)

    def check(self, client: ForgeClient, repo: RepoRef) -> str:
        """The default branch the forge names when ``repo`` is private; raise :class:`RepositoryRefused`
        otherwise. The branch comes with the visibility answer, so it costs no request of its own."""
        now = self.clock()
        until, branch = self._private_until.get(repo.slug, (0.0, ""))
        if until > now:
            return branch
        info: RepoInfo = client.repository_info(repo)
        if info.private is True:
            branch = info.default_branch or repo.default_branch
            self._private_until[repo.slug] = (now + self.ttl, branch)
            return branch
        self._private_until.pop(repo.slug, None)
        if info.private is False:
            raise RepositoryRefused("the forge says this repository is not private", visibility=PUBLIC)
        raise RepositoryRefused(
            "the forge did not say whether this repository is private", visibility=UNKNOWN
        )


def checked_address(settings: Settings, repo: RepoRef) -> RepoAddress:
    """``repo`` on the configured forge, or :class:`RepositoryRefused` (nothing is contacted)."""
    try:
        return address_of(settings, repo)
    except ForeignRepository as refusal:
        raise RepositoryRefused(str(refusal)) from None


def is_configured(settings: Settings, repo: RepoRef) -> bool:
    """Whether ``repo`` sits on the configured forge at a valid path (asks nothing of the network)."""
    try:
        checked_address(settings, repo)
    except RepositoryRefused:
        return False
    return True


def ensure_served(
    settings: Settings, visibility: VisibilityCache, client: ForgeClient, repo: RepoRef
) -> RepoAddress:
    """The gate alone, for a job that reads the forge before it opens a mirror (maintenance)."""
    return _served(settings, visibility, client, repo)[0]


def _served(
    settings: Settings, visibility: VisibilityCache, client: ForgeClient, repo: RepoRef
) -> tuple[RepoAddress, str]:
    """The validated address of ``repo`` and the default branch its forge names (the gate's two facts)."""
    address = checked_address(settings, repo)
    return address, visibility.check(client, repo)


def open_checked_mirror(
    settings: Settings,
    visibility: VisibilityCache,
    client: ForgeClient,
    repo: RepoRef,
    *,
    checkout: RepoRef | None = None,
    clone_url: str | None = None,
) -> Mirror:
    """The persistent mirror of ``repo`` once host, path and visibility passed; the only way to get one.

    ``checkout`` is the same repository on another branch (a handoff pull request's). ``clone_url``
    replaces the configured forge's Git URL where a test serves the repository from a local folder;
    the host, path and visibility checks run all the same.
    """
    address, branch = _served(settings, visibility, client, repo)
    if checkout is not None and checkout.default_branch != repo.default_branch:
        working = checkout  # a handoff pull request's branch, named by the bot (gitlearnos/handoff-…)
    else:
        working = repo.model_copy(update={"default_branch": branch})  # the forge's word, not the payload's
    return Mirror(
        address.mirror_path(settings.mirrors_dir),
        working,
        client.git_credentials(repo),
        timeout=settings.git_timeout_seconds,
        clone_url=clone_url or address.clone_url,
    )


def refusal_reply(event: InboundEvent, key: str, refusal: RepositoryRefused) -> tuple[Reply, ...]:
    """What the learner is told when their repository is refused: nothing for a foreign repository
    (no forge to answer on), nothing for people other than the owner (no replying to every stranger
    on a public repository), once per note otherwise."""
    repo, actor = event.repo, event.actor
    if repo is None or actor is None or not isinstance(event, ThreadEvent) or event.kind not in REPLIED_KINDS:
        return ()
    text = {PUBLIC: PUBLIC_REPO, UNKNOWN: UNKNOWN_VISIBILITY}.get(refusal.visibility)
    if text is None or actor.login.lower() != repo.owner.lower():
        return ()
    return (Reply.on(event, key, text),)
