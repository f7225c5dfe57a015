"""Read-only view of the learner repository at one revision.

The core reads only what one event needs (protocol, "Minimum reading"), so a
snapshot is a small lookup interface rather than a preloaded tree. The worker
implements it over a Git checkout; tests use :class:`MemorySnapshot`.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from typing import Any, Protocol, TypeVar

from pydantic import BaseModel, ConfigDict

T = TypeVar("T")


class CommitSummary(BaseModel):
    """One commit of the learner repository's history, as the core needs to see it."""

    model_config = ConfigDict(frozen=True)

    id: str
    parent: str = ""  # first parent; empty for a root commit
    subject: str = ""
    author: str = ""
    trailers: tuple[tuple[str, str], ...] = ()
    paths: tuple[str, ...] = ()

    def trailer(self, key: str) -> str | None:
        return next((value for name, value in self.trailers if name == key), None)


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

    def recent_commits(self, limit: int) -> list[CommitSummary]:
        """Up to ``limit`` commits along the first-parent line from the head, newest first."""
        ...

    def read_text_at(self, commit: str, path: str) -> str | None:
        """The file's text at ``commit``, or ``None`` when it did not exist there."""
        ...


class MemorySnapshot:
    """A snapshot held in memory: for tests and for re-planning on written files."""

    def __init__(
        self,
        files: Mapping[str, str] | None = None,
        head: str = "",
        *,
        commits: Iterable[CommitSummary] = (),
        versions: Mapping[tuple[str, str], str] | None = None,
    ) -> None:
        self._files = dict(files or {})
        self._head = head
        self._commits = list(commits)
        self._versions = dict(versions or {})

    @property
    def head(self) -> str:
        return self._head

    def read_text(self, path: str) -> str | None:
        return self._files.get(path)

    def list_files(self, prefix: str) -> list[str]:
        folder = prefix.rstrip("/") + "/"
        return sorted(path for path in self._files if path.startswith(folder))

    def recent_commits(self, limit: int) -> list[CommitSummary]:
        return self._commits[:limit]

    def read_text_at(self, commit: str, path: str) -> str | None:
        return self._versions.get((commit, path))


class OverlaySnapshot:
    """A snapshot with planned writes laid over it: views rendered from it show the state after the commit."""

    def __init__(self, base: RepoSnapshot, writes: Mapping[str, str]) -> None:
        self._base = base
        self._writes = dict(writes)

    @property
    def base(self) -> RepoSnapshot:
        return self._base

    @property
    def writes(self) -> Mapping[str, str]:
        """The planned writes laid over the base, by path (read-only)."""
        return self._writes

    @property
    def head(self) -> str:
        return self._base.head

    def read_text(self, path: str) -> str | None:
        return self._writes[path] if path in self._writes else self._base.read_text(path)

    def list_files(self, prefix: str) -> list[str]:
        folder = prefix.rstrip("/") + "/"
        return sorted(set(self._base.list_files(prefix)) | {p for p in self._writes if p.startswith(folder)})

    def recent_commits(self, limit: int) -> list[CommitSummary]:
        return self._base.recent_commits(limit)

    def read_text_at(self, commit: str, path: str) -> str | None:
        return self._base.read_text_at(commit, path)


class ReadOnceSnapshot:
    """A snapshot that reads each file and lists each folder once: the view one plan works from.

    Planning one note reads every record of a kind several times (deduplication, the dashboard, its
    picture, the next action), and a long history makes each read of a working tree cost per record;
    reading through this view keeps the repeats free. It holds what it read for its own lifetime only
    (one plan, over one unchanging revision), so it adds no state that outlives or changes a result.
    """

    def __init__(self, base: RepoSnapshot) -> None:
        self._base = base
        self._texts: dict[str, str | None] = {}
        self._listed: dict[str, tuple[str, ...]] = {}
        self._derived: dict[Hashable, Any] = {}

    def derived(self, key: Hashable, compute: Callable[[RepoSnapshot], T]) -> T:
        """``compute(self)``, worked out once per ``key`` for this view's lifetime.

        For a pure reading of the revision (every record of a kind, parsed): the view never changes,
        so the first answer is the answer. The caller must not mutate what it gets.
        """
        if key not in self._derived:
            self._derived[key] = compute(self)
        return self._derived[key]  # type: ignore[no-any-return]

    @property
    def head(self) -> str:
        return self._base.head

    def read_text(self, path: str) -> str | None:
        if path not in self._texts:
            self._texts[path] = self._base.read_text(path)
        return self._texts[path]

    def list_files(self, prefix: str) -> list[str]:
        if prefix not in self._listed:
            self._listed[prefix] = tuple(self._base.list_files(prefix))
        return list(self._listed[prefix])

    def recent_commits(self, limit: int) -> list[CommitSummary]:
        return self._base.recent_commits(limit)

    def read_text_at(self, commit: str, path: str) -> str | None:
        return self._base.read_text_at(commit, path)


def derived(snapshot: RepoSnapshot, key: Hashable, compute: Callable[[RepoSnapshot], T]) -> T:
    """``compute(snapshot)``, worked out once per plan where the snapshot allows it.

    One plan's view (:class:`ReadOnceSnapshot`) keeps the answer for ``key``; planned writes laid over
    one (:class:`OverlaySnapshot`, as the dashboard and the next action read them) keep it in that view
    under ``key`` and the writes, which together fix what the overlay shows. Any other snapshot is asked
    afresh. ``compute`` must be a pure reading of the snapshot, and the caller must not mutate the answer.
    """
    if isinstance(snapshot, ReadOnceSnapshot):
        return snapshot.derived(key, compute)
    if isinstance(snapshot, OverlaySnapshot) and isinstance(snapshot.base, ReadOnceSnapshot):
        writes = tuple(sorted(snapshot.writes.items()))
        return snapshot.base.derived(("overlay", key, writes), lambda _: compute(snapshot))
    return compute(snapshot)
