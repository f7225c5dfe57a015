"""Links between repository files, resolved the way a forge's file view resolves them.

"The minimum files exist, link to one another" and "the note is traceable from any changed derived state"
are claims about references a person can follow, so they are checked by following them. A Markdown link
counts, and so does a file named exactly in a code span (`` `gitlearnos.yml` ``), which is how the
protocol's own templates point at files.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable

LINK = re.compile(r"\[[^\]]*\]\((?P<target>[^)\s]+)(?:\s+\"[^\"]*\")?\)")
EXTERNAL = re.compile(r"^[a-z][a-z0-9+.-]*:", re.I)
CODE_SPAN = re.compile(r"`([^`\s]+)`")


def link_targets(text: str) -> list[str]:
    return [match.group("target") for match in LINK.finditer(text)]


def resolve(from_path: str, target: str) -> str | None:
    """The repository path a relative link in ``from_path`` points to; None for URLs and bare anchors."""
    target = target.split("#", 1)[0]
    if not target or EXTERNAL.match(target) or target.startswith("//"):
        return None
    if target.startswith("/"):
        return posixpath.normpath(target.lstrip("/"))
    return posixpath.normpath(posixpath.join(posixpath.dirname(from_path), target))


def resolved_links(from_path: str, text: str) -> set[str]:
    return {path for path in (resolve(from_path, t) for t in link_targets(text)) if path is not None}


def links_to(from_path: str, text: str, targets: Iterable[str]) -> bool:
    """True when ``text`` (the content of ``from_path``) links to any of ``targets``."""
    return bool(resolved_links(from_path, text) & set(targets))


def referenced_paths(from_path: str, text: str, candidates: Iterable[str]) -> set[str]:
    """Which ``candidates`` the file refers to, by a resolved link or by naming the exact path."""
    wanted = set(candidates)
    named = {span.lstrip("/") for span in CODE_SPAN.findall(text)}
    named |= {path for path in (resolve(from_path, span) for span in named) if path is not None}
    return (resolved_links(from_path, text) | named) & wanted - {from_path}
