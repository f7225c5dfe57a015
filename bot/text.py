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


_WORD = re.compile(r"[a-z0-9]+")
_SUFFIXES = ("ing", "ed", "es", "s")
_STOPWORDS = frozenset(
    {
        "the",
        "and",
        "that",
        "this",
        "with",
        "from",
        "have",
        "has",
        "had",
        "was",
        "were",
        "are",
        "for",
        "you",
        "your",
        "but",
        "not",
        "just",
        "then",
        "than",
        "there",
        "what",
        "when",
        "which",
        "who",
        "how",
        "why",
        "can",
        "could",
        "should",
        "would",
        "must",
        "will",
        "into",
        "about",
        "also",
        "very",
    }
)


def _stem(word: str) -> str:
    for suffix in _SUFFIXES:
        if len(word) > len(suffix) + 2 and word.endswith(suffix):
            return word[: -len(suffix)]
    return word


def content_words(text: str) -> frozenset[str]:
    """Lower-cased, lightly stemmed words of three letters or more: what a note is about."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    words = (word for word in _WORD.findall(ascii_text) if len(word) >= 3 and word not in _STOPWORDS)
    return frozenset(_stem(word) for word in words)


def is_rewording(new: str, old: str, *, max_new_share: float = 0.2, min_overlap: float = 0.5) -> bool:
    """True when ``new`` says what ``old`` said: few new words, and most words shared.

    A note that adds real content (more than a fifth new words) is not a rewording, even if
    it repeats the old one, so an extended note is recorded rather than swallowed.
    """
    new_words, old_words = content_words(new), content_words(old)
    if not new_words or not old_words:
        return False
    added = len(new_words - old_words) / len(new_words)
    overlap = len(new_words & old_words) / len(new_words | old_words)
    return added <= max_new_share and overlap >= min_overlap
