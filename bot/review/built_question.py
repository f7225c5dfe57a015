"""One question the offline builders made from a learner's note, with its answer key, and the leak test.

Every question the bot sets must be checkable later, so a built question always carries the key an
attempt is compared with (computed, or kept from the note) next to a success condition in words. The
key is stored in the review record only; :func:`shows` is the one test of whether a text gives it away,
used by the builders (to pick numbers that do not reveal the result) and by the core's guard.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class BuiltQuestion:
    """A question, its key, what it asks for (said in the selection reason) and its success condition."""

    kind: str  # what the question asks for, for the "why" text: "the note's method on new numbers"
    question: str
    key: str
    success: str


def folded(text: str) -> str:
    """Case and spacing folded, as a reader (or a judge) compares texts."""
    return " ".join(text.casefold().split())


def shows(key: str, text: str) -> bool:
    """True when ``text`` contains ``key`` as a whole item (``2x`` is in "is 2x." but not in "12x")."""
    wanted = folded(key).strip(" .")
    if not wanted:
        return False
    return re.search(rf"(?<![\w.]){re.escape(wanted)}(?![\w])", folded(text)) is not None
