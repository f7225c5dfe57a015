"""The answer keys a review record states, one per question, in its ``## Answer or success condition``.

The lines, beside the success conditions already there:

* ``- Question N expected answer: <key>``, or for a question generated at delivery or as a follow-up
  ``- Question N expected answer (generated YYYY-MM-DD): <key>``;
* the single ``- Expected answer: <key>`` of older records, which is question 1's;
* optionally ``- Question N essential terms: a; b | c`` (``- Essential terms: …`` for question 1): the
  terms a free-text answer must hold (:mod:`bot.review.free_text`).

What ``<key>`` may say is :mod:`bot.review.answer_check`'s to read. A question with no key line has
none: it is judged on attempt by the learner or a teacher (or, where the learner allowed it, by the chat
model against its ``- Question N success condition: …``), never against another question's key.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

QUESTION = r"^\s*-\s*(?:Question\s+(?P<n>\d+)\s+)?"
GENERATED = r"(?:\s*\(generated[^)]*\))?\s*:\s*"
KEY_LINE = re.compile(rf"{QUESTION}expected answer{GENERATED}(?P<key>\S.*?)\s*$", re.I | re.M)
TERMS_LINE = re.compile(rf"{QUESTION}essential terms{GENERATED}(?P<terms>\S.*?)\s*$", re.I | re.M)
SUCCESS_LINE = re.compile(
    r"^\s*-\s*Question\s+(?P<n>\d+)\s+success condition[^:]*:\s*(?P<text>\S.*?)\s*$", re.I | re.M
)
BULLET = re.compile(r"^\s*-\s*(?P<text>\S.*?)\s*$", re.M)
STATED = (KEY_LINE, TERMS_LINE, SUCCESS_LINE)  # lines that are not an older record's plain success condition


@dataclass(frozen=True)
class AnswerKey:
    """One question's key as the record states it, and the essential terms listed for it, if any."""

    question: int
    text: str
    terms: str = ""


def _by_question(pattern: re.Pattern[str], section: str, group: str) -> dict[int, str]:
    found: dict[int, str] = {}
    numbered: set[int] = set()
    for match in pattern.finditer(section):
        number = int(match.group("n") or 1)
        if match.group("n") or number not in numbered:  # a numbered line wins over the legacy one
            found[number] = match.group(group)
        if match.group("n"):
            numbered.add(number)
    return found


def answer_keys(section: str) -> dict[int, AnswerKey]:
    """The keys stated in an answer section, by the record's question number."""
    keys = _by_question(KEY_LINE, section, "key")
    terms = _by_question(TERMS_LINE, section, "terms")
    return {n: AnswerKey(n, text, terms.get(n, "")) for n, text in sorted(keys.items())}


def success_conditions(section: str) -> dict[int, str]:
    """Each question's success condition in words; an older record's unnumbered bullets are question 1's."""
    found = {int(m.group("n")): m.group("text") for m in SUCCESS_LINE.finditer(section)}
    if 1 not in found:
        bullets = BULLET.finditer(section)
        plain = [m.group("text") for m in bullets if not any(p.match(m.group(0)) for p in STATED)]
        if plain:
            found[1] = " ".join(plain)
    return found
