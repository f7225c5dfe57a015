"""Which GitHub App installation serves a repository: GitHub's answer, never a payload's.

A webhook delivery names ``installation.id``, but a delivery is data even when signed: an App installed
on two accounts receives the deliveries of both, and an id taken from a payload would mint a token of
whichever installation it names (one that may write somewhere else). The id is therefore always looked
up, ``GET /repos/{owner}/{repo}/installation`` with the App's JWT, and remembered per repository across
jobs for :data:`INSTALLATION_TTL_SECONDS` (an App uninstalled and installed again gets a new id), at most
:data:`MAX_REPOSITORIES` of them (the least recently used is forgotten first), so a worker serving many
repositories keeps a bounded table and a burst of jobs costs one lookup.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field

INSTALLATION_TTL_SECONDS = 600.0
MAX_REPOSITORIES = 1024


@dataclass
class InstallationCache:
    """Repository (``owner/name``, GitHub's names are case-insensitive) → its installation id, bounded."""

    ttl: float = INSTALLATION_TTL_SECONDS
    max_repositories: int = MAX_REPOSITORIES
    clock: Callable[[], float] = time.monotonic
    _found: OrderedDict[str, tuple[float, int]] = field(default_factory=OrderedDict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def get(self, full_name: str, look_up: Callable[[], int]) -> int:
        """The installation id of ``full_name``, asking ``look_up`` (GitHub) when none is remembered."""
        key, now = full_name.lower(), self.clock()
        with self._lock:
            found = self._found.get(key)
            if found is not None and found[0] > now:
                self._found.move_to_end(key)
                return found[1]
        installation = look_up()  # outside the lock: a slow answer holds up no other repository
        with self._lock:
            self._found[key] = (now + self.ttl, installation)
            self._found.move_to_end(key)
            while len(self._found) > self.max_repositories:
                self._found.popitem(last=False)
        return installation

    def forget(self, full_name: str) -> None:
        """Drop ``full_name``'s id (its token could not be minted: the App may have been reinstalled)."""
        with self._lock:
            self._found.pop(full_name.lower(), None)
