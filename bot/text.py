"""Small pure text helpers shared by the record writers."""

from __future__ import annotations

import re
import unicodedata

_NON_SLUG = re.compile(r"[^a-z0-9]+")


def slugify(text: str, *, max_length: int = 48, fallback: str = "note") -> str:
    """A stable ASCII slug for IDs and file names (``Similar Triangles!`` → ``similar-triangles``)."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    slug = _NON_SLUG.sub("-", ascii_text.lower()).strip("-")
    if len(slug) > max_length:
        cut = slug[: max_length + 1]
        # Prefer ending on a whole word; fall back to a hard cut for one long word.
        slug = cut.rsplit("-", 1)[0] if "-" in cut else slug[:max_length]
    return slug.rstrip("-") or fallback


def one_line(text: str, *, limit: int = 100) -> str:
    """Collapse whitespace and cut to ``limit`` characters for table cells and titles."""
    flat = " ".join(text.split()).replace("|", "/")
    return flat if len(flat) <= limit else flat[: limit - 1].rstrip() + "…"
