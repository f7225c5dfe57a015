"""Read-only view of the learner repository at one revision.

The core reads only what one event needs (protocol, "Minimum reading"), so a
snapshot is a small lookup interface rather than a preloaded tree. The worker
implements it over a Git checkout; tests use :class:`MemorySnapshot`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol


class RepoSnapshot(Protocol):
    @property
    def head(self) -> str:
        """The revision (commit id) this view shows; empty for an empty repository."""
        ...

    def read_text(self, path: str) -> str | None:
        """The file's text, or ``None`` when it does not exist."""
        ...

    def list_files(self, prefix: str) -> list[str]:
        """Repository-relative paths of files under ``prefix`` (a folder path), sorted."""
        ...


class MemorySnapshot:
    """A snapshot held in memory: for tests and for re-planning on written files."""

    def __init__(self, files: Mapping[str, str] | None = None, head: str = "") -> None:
        self._files = dict(files or {})
        self._head = head

    @property
    def head(self) -> str:
        return self._head

    def read_text(self, path: str) -> str | None:
        return self._files.get(path)

    def list_files(self, prefix: str) -> list[str]:
        folder = prefix.rstrip("/") + "/"
        return sorted(path for path in self._files if path.startswith(folder))
