"""Push-payload facts that GitHub, GitLab and Gitea spell the same way. Pure, no I/O.

All three forges describe a push with ``before``/``after`` commit ids, where an
all-zero id stands for "no commit" (branch created or deleted), and a
``commits`` list whose entries carry ``added``/``modified``/``removed`` path
lists. Each adapter reads its own envelope and uses these helpers for the shared
shape, so the three agree on what "created", "deleted" and "changed paths" mean.
"""

from __future__ import annotations

from collections.abc import Mapping

NULL_SHA = "0" * 40
PATH_LISTS = ("added", "modified", "removed")


def is_null_sha(sha: str) -> bool:
    """True for the all-zero id forges use for a missing side of a push (SHA-1 or SHA-256 length)."""
    return bool(sha) and set(sha) == {"0"}


def changed_paths(commits: object) -> tuple[str, ...]:
    """Every path the listed commits touched, sorted and without repeats.

    Forges send ``null`` for empty path lists in some payloads (Gitea's docs
    example does), so anything that is not a list of strings counts as empty
    rather than as a malformed delivery: the paths are a hint for
    reconciliation, which re-reads the repository anyway.
    """
    if not isinstance(commits, list):
        return ()
    paths: set[str] = set()
    for commit in commits:
        if not isinstance(commit, Mapping):
            continue
        for key in PATH_LISTS:
            listed = commit.get(key)
            if isinstance(listed, list):
                paths.update(path for path in listed if isinstance(path, str) and path)
    return tuple(sorted(paths))
