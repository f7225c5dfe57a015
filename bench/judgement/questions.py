"""Question-check figures: does a check catch generated questions that leak, copy the note or fit any note?

The product has no single check for this yet (issue 16, item 3 asks for one), so :func:`check_question`
is a plain reference of the benchmark's own. Words are letters-and-digits runs, and single characters
for Chinese and Japanese, which write no spaces:

- a question **leaks its key** when the key's words appear in it in a row;
- it **repeats the note** when it shares a run of :data:`COPIED_RUN` words with it;
- it is **generic** when it shares no content word with the note (a word of :data:`CONTENT_LETTERS`
  or more letters, or two Chinese or Japanese characters in a row) and sets no concrete task of its
  own (no digit outside a code span: a new case with changed numbers is not a template).

Point :func:`check_question` at the product's check once it exists; the figures then say how well that
check agrees with the labels.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from bench.judgement.corpus import QuestionCase

COPIED_RUN = 8
CONTENT_LETTERS = 4
WORD = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]|[^\W_]+")
CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
CODE_SPAN = re.compile(r"`[^`]*`")


@dataclass(frozen=True)
class QuestionFlags:
    leaks_key: bool
    repeats_note: bool
    generic: bool


def words(text: str) -> list[str]:
    return WORD.findall(text.casefold())


def content_words(tokens: list[str]) -> set[str]:
    """Long words, and adjacent pairs of Chinese or Japanese characters (one character says little)."""
    long = {t for t in tokens if not CJK.fullmatch(t) and len(t) >= CONTENT_LETTERS}
    pairs = {a + b for a, b in itertools.pairwise(tokens) if CJK.fullmatch(a) and CJK.fullmatch(b)}
    return long | pairs


def concrete(question: str) -> bool:
    """Whether the question sets a task with numbers of its own (a code span, like a record's id, is not)."""
    return any(ch.isdigit() for ch in CODE_SPAN.sub("", question))


def contains_run(haystack: list[str], needle: list[str]) -> bool:
    width = len(needle)
    return bool(needle) and any(haystack[i : i + width] == needle for i in range(len(haystack) - width + 1))


def shares_run(first: list[str], second: list[str], width: int) -> bool:
    runs = {tuple(first[i : i + width]) for i in range(len(first) - width + 1)}
    return any(tuple(second[i : i + width]) in runs for i in range(len(second) - width + 1))


def check_question(evidence: str, question: str, key: str) -> QuestionFlags:
    """What is wrong with one generated question, by the reference rules above."""
    asked, noted = words(question), words(evidence)
    return QuestionFlags(
        leaks_key=contains_run(asked, words(key)),
        repeats_note=shares_run(noted, asked, COPIED_RUN),
        generic=not content_words(asked) & content_words(noted) and not concrete(question),
    )


Check = Callable[[str, str, str], QuestionFlags]
FLAGS = ("leaks_key", "repeats_note", "generic")


@dataclass(frozen=True)
class Flag:
    """Agreement of the check with one label over the corpus."""

    caught: int  # labelled true, flagged
    missed: int  # labelled true, not flagged
    false_alarms: int  # labelled false, flagged
    total: int

    @property
    def accuracy(self) -> float | None:
        return (self.total - self.missed - self.false_alarms) / self.total if self.total else None

    def as_dict(self) -> dict[str, object]:
        return {
            "caught": self.caught,
            "missed": self.missed,
            "false_alarms": self.false_alarms,
            "accuracy": self.accuracy,
        }


def flag(pairs: list[tuple[bool, bool]]) -> Flag:
    """Counts from (labelled, flagged) pairs."""
    return Flag(
        caught=sum(label and flagged for label, flagged in pairs),
        missed=sum(label and not flagged for label, flagged in pairs),
        false_alarms=sum(flagged and not label for label, flagged in pairs),
        total=len(pairs),
    )


def score(cases: Iterable[QuestionCase], check: Check = check_question) -> dict[str, Flag]:
    pairs: dict[str, list[tuple[bool, bool]]] = {name: [] for name in FLAGS}
    for case in cases:
        flagged = check(case.evidence, case.question, case.key)
        for name in FLAGS:
            pairs[name].append((getattr(case, name), getattr(flagged, name)))
    return {name: flag(found) for name, found in pairs.items()}
