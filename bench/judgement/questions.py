"""Question-check figures: does a check catch generated questions that leak their key or copy the note?

The product has no check of its own for this yet (issue 16, item 3 asks for one), so :func:`check_question`
is a plain reference: a question leaks its key when the key's words appear in it in a row, and repeats
the note when it shares a run of :data:`COPIED_RUN` words with it (single characters for Chinese and
Japanese, which write no spaces). Point :func:`check_question` at the product's check once it exists;
the figures then say how well that check agrees with the labels.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from bench.judgement.corpus import QuestionCase

COPIED_RUN = 8
WORD = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]|[^\W_]+")


def words(text: str) -> list[str]:
    return WORD.findall(text.casefold())


def contains_run(haystack: list[str], needle: list[str]) -> bool:
    width = len(needle)
    return bool(needle) and any(haystack[i : i + width] == needle for i in range(len(haystack) - width + 1))


def shares_run(first: list[str], second: list[str], width: int) -> bool:
    runs = {tuple(first[i : i + width]) for i in range(len(first) - width + 1)}
    return any(tuple(second[i : i + width]) in runs for i in range(len(second) - width + 1))


def check_question(evidence: str, question: str, key: str) -> tuple[bool, bool]:
    """(leaks the key, repeats the note) for one generated question."""
    asked = words(question)
    return contains_run(asked, words(key)), shares_run(words(evidence), asked, COPIED_RUN)


Check = Callable[[str, str, str], tuple[bool, bool]]


@dataclass(frozen=True)
class Flag:
    """Agreement of the check with one label (``leaks_key`` or ``repeats_note``) over the corpus."""

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
    leaks, repeats = [], []
    for case in cases:
        leaked, repeated = check(case.evidence, case.question, case.key)
        leaks.append((case.leaks_key, leaked))
        repeats.append((case.repeats_note, repeated))
    return {"leaks_key": flag(leaks), "repeats_note": flag(repeats)}
