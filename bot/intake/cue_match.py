"""Matching word lists against a learner's text in any script: folding, phrases, prefixes, CJK substrings.

Cue lists are data (:mod:`bot.intake.cue_words`, :mod:`bot.intake.subject_words`); this module turns a
list into one compiled pattern. Both the cues and the text are *folded* the same way — NFKC (full-width
forms, ligatures), casefold (``ß`` → ``ss``), and Latin/Cyrillic accents dropped — so "aprendí",
"APRENDI" and "aprendi" are one word and a learner who types without accents is still heard.

A cue is a phrase of words separated by spaces:

- ``word`` matches that whole word; ``word*`` matches any word starting with it (``aprend*``);
- ``~`` stands for up to five arbitrary words (``got ~ wrong`` matches "got question 4 wrong");
- a cue written in Chinese or Japanese characters matches as a substring, since those scripts put no
  spaces between words.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

# Combining accents of Latin and Cyrillic letters; the Japanese voicing marks (U+3099, U+309A) are kept,
# so が never folds into か.
_ACCENTS = re.compile("[\u0300-\u036f]")
CJK = re.compile("[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uac00-\ud7af]")
_GAP = r"(?:\w+\W+){0,5}"


def fold(text: str) -> str:
    """The text as cues are compared: NFKC, casefolded, Latin and Cyrillic accents and ligatures (œ, æ)
    dropped."""
    folded = unicodedata.normalize("NFKC", text).casefold().replace("\u2019", "'")
    folded = folded.replace("œ", "oe").replace("æ", "ae")
    return unicodedata.normalize("NFC", _ACCENTS.sub("", unicodedata.normalize("NFD", folded)))


def phrases(listed: str) -> tuple[str, ...]:
    """The cue phrases of a comma-separated list, as the word-list modules write them."""
    return tuple(phrase.strip() for phrase in listed.split(",") if phrase.strip())


def _word(word: str) -> str:
    if word.endswith("*"):
        return re.escape(word[:-1]) + r"\w*"
    return re.escape(word) + r"(?!\w)"


def _phrase(phrase: str) -> str:
    folded = fold(phrase).strip()
    if CJK.search(folded):
        return re.escape(folded)
    pattern = ""
    words = folded.split()
    for index, word in enumerate(words):
        if word == "~":
            pattern += _GAP
            continue
        pattern += _word(word)
        if index < len(words) - 1:
            pattern += r"\W+"
    return r"(?<!\w)" + pattern


class Cues:
    """One compiled list of cue phrases; :meth:`hits` names the distinct phrases found in a text."""

    def __init__(self, phrases: Iterable[str]) -> None:
        unique = sorted({p for p in phrases if p.strip()}, key=lambda p: (-len(p), p))
        self._pattern = re.compile("|".join(f"(?:{_phrase(p)})" for p in unique)) if unique else None

    def hits(self, folded_text: str) -> frozenset[str]:
        """The distinct stretches of an already :func:`fold`-ed text that match a cue."""
        if self._pattern is None:
            return frozenset()
        return frozenset(match.group(0) for match in self._pattern.finditer(folded_text))

    def without(self, folded_text: str) -> str:
        """The text with every cue it holds blanked out."""
        return self._pattern.sub(" ", folded_text) if self._pattern is not None else folded_text

    def found(self, folded_text: str) -> bool:
        return self._pattern is not None and self._pattern.search(folded_text) is not None
