"""The sentences of a learner's evidence that questions are built from, and the test that none is quoted.

A question built from a note must be new work: it may change a sentence (blank a term, change the
numbers) but never hand the learner one of their own sentences back. Sentences are split the way a
reader splits them (after ``.``, ``!`` or ``?`` followed by a space, and at line ends), so a decimal
("2.5 cm") or a power ("x^2.") stays inside its sentence.

A sentence reporting a demonstration ("The teacher showed: …") is marked, and only its worked part
(after the last colon) is kept: it may be turned into a case with new numbers, never blanked or
quoted, because the demonstration itself is never a fresh item.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from bot.review.built_question import folded

SENTENCE_BREAK = re.compile(r"(?<=[.!?])\s+|\n+")
CODE_BLOCK = re.compile(r"```.*?(?:```|$)", re.S)  # code is not a statement: a cloze of it asks for syntax
IMAGE = re.compile(r"!\[[^\]]*\]\([^)]*\)")  # an attached image says nothing a question can use
LINK = re.compile(r"\[(?P<words>[^\]]*)\]\([^)]*\)")
DEMONSTRATION_CUE = re.compile(
    r"\b(?:showed|shown|demonstrat\w*|worked\s+example|example\s+was|solution)\b", re.I
)
QUOTE_MARKS = "`“”\"'*_>-• "
MIN_QUOTED = 12  # characters: a shorter sentence ("Ratios.") is not a quote of the note
MAX_STATEMENT = 240  # characters: a longer run-on line is not one statement a question can be built from


@dataclass(frozen=True)
class Statement:
    """One sentence of the evidence; ``demonstration`` marks a worked example someone else showed."""

    text: str
    demonstration: bool = False


def sentences(text: str) -> list[str]:
    """``text``'s sentences, stripped of quote marks, bullets and surrounding space."""
    found = (
        part.strip().strip(QUOTE_MARKS).strip() for part in SENTENCE_BREAK.split(CODE_BLOCK.sub("\n", text))
    )
    return [part for part in found if part]


def statements(texts: Iterable[str]) -> list[Statement]:
    """The statements of ``texts`` in order, each once; questions the learner asked are not statements."""
    found: dict[str, Statement] = {}
    for text in texts:
        plain = LINK.sub(r"\g<words>", IMAGE.sub("", CODE_BLOCK.sub("\n", text)))
        for sentence in sentences(plain):
            if sentence.endswith("?") or len(sentence) > MAX_STATEMENT:
                continue
            if DEMONSTRATION_CUE.search(sentence):
                worked = sentence.rsplit(":", 1)[-1].strip()
                found.setdefault(folded(worked), Statement(worked, demonstration=True))
            else:
                found.setdefault(folded(sentence), Statement(sentence))
    return list(found.values())


def quotes_a_sentence(question: str, texts: Iterable[str]) -> bool:
    """True when ``question`` contains one of the sentences of ``texts`` whole (case and spacing folded)."""
    asked = folded(question)
    return any(
        len(said) >= MIN_QUOTED and said in asked
        for text in texts
        for said in (folded(sentence).rstrip(".!?") for sentence in sentences(text))
    )
