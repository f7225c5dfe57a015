"""What a learner's answer says about itself: independence, support, judgment, and its outcome.

Protocol "Review" (store the answer, the support used and the feedback together) and "Diagnose"
(preserve the learner's judgment; a diagnosis is an evidence-linked hypothesis, never invented). The
offline rule agent reads only what the learner *states*: "I looked at my notes" is support, "without
notes" is independence, "I mixed up X and Y" is a learner-reported confused distinction. Anything not
stated stays ``unknown``. Evaluation is as conservative: only an exact match (after normalizing case,
spacing and punctuation) against an expected answer the record states counts as ``correct``; a stated
final answer that differs is ``incorrect``; everything else is ``not-assessed`` and needs a teacher or a
chat model. Nothing here infers correctness from how confident or long an answer sounds.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from enum import StrEnum


class Result(StrEnum):
    """The review template's result vocabulary."""

    CORRECT = "correct"
    PARTIAL = "partial"
    INCORRECT = "incorrect"
    NOT_ASSESSED = "not-assessed"


class Independence(StrEnum):
    YES = "yes"
    NO = "no"
    PARTLY = "partly"
    UNKNOWN = "unknown"


class FailureClass(StrEnum):
    """The protocol's failed-attempt classes (scenario 05), spelled as the review template's fields."""

    MISSING_INFORMATION = "missing information"
    BROKEN_REASONING_LINK = "broken reasoning link"
    CONFUSED_DISTINCTION = "confused distinction"
    EXECUTION_ERROR = "execution error"


NOT_EVALUATED = "not evaluated — needs a teacher or chat model"
NEGATION = r"(?:not|n't|never|without|no)\b"

# Support the learner says they used. Each phrase is support unless a negation shortly precedes it.
SUPPORT = re.compile(
    r"""
    \b(?:look(?:ed|ing)?\s+(?:at|in|up)|check(?:ed|ing)?|us(?:ed|ing)|read|open(?:ed)?|cop(?:ied|y))
        \s+(?:\w+\s+){0,2}?(?:notes?|book|textbook|solutions?|answers?|examples?|internet|google|chatgpt)\b
    | \b(?:with|got|had|needed|after)\s+(?:a\s+|some\s+|the\s+)?(?:hints?|help)\b
    | \b(?:asked|with)\s+(?:my\s+|a\s+|the\s+)?(?:teacher|tutor|friend|parent|classmate|ai|chatgpt)\b
    | \blooked\s+it\s+up\b | \bgoogled\b
    """,
    re.I | re.X,
)
# The learner's own claim of working alone.
INDEPENDENT = re.compile(
    r"""
    \bwithout\s+(?:\w+\s+){0,2}?(?:notes?|help|hints?|book|looking|checking)\b
    | \b(?:no|didn'?t\s+use\s+(?:any|my)?)\s*(?:notes?|help|hints?)\b
    | \b(?:on\s+my\s+own|by\s+myself|independently|from\s+memory)\b
    | \b(?:did\s+not|didn'?t|never)\s+(?:look|check|open|use)\b
    """,
    re.I | re.X,
)
NEGATED_BEFORE = re.compile(rf"\b{NEGATION}(?:\s+\w+){{0,2}}\s*$", re.I)

# Explicit statements that split failure classes. Only the learner's words count; nothing is inferred.
FAILURE_CUES: dict[FailureClass, re.Pattern[str]] = {
    FailureClass.MISSING_INFORMATION: re.compile(
        r"\b(?:i\s+)?(?:did\s*n[o']t|didn'?t|don'?t|do\s+not)\s+(?:know|remember)\b|\bforgot\b"
        r"|\bnever\s+(?:learned|learnt|heard)\b|\bmissing\s+(?:the\s+)?(?:fact|formula|definition|rule)\b",
        re.I,
    ),
    FailureClass.BROKEN_REASONING_LINK: re.compile(
        r"\bgot\s+stuck\b|\bcould(?:\s*n[o']t|\s+not)\s+(?:connect|see\s+(?:why|how)|get\s+from)\b"
        r"|\blost\s+(?:track|the\s+thread)\b|\bdid\s*n[o']t\s+see\s+(?:why|how)\b",
        re.I,
    ),
    FailureClass.CONFUSED_DISTINCTION: re.compile(
        r"\bmixed\s+up\b|\bconfused\b|\bmix(?:ed)?\s+(?:\w+\s+)?(?:with|and)\b"
        r"|\bchose\s+by\s+\w+\s+instead\s+of\b|\bthought\s+it\s+was\b",
        re.I,
    ),
    FailureClass.EXECUTION_ERROR: re.compile(
        r"\b(?:calculation|arithmetic|sign|copying|rounding)\s+(?:error|mistake|slip)\b|\btypo\b"
        r"|\bcareless\b|\bmiscalculated\b|\bcopied\s+(?:it\s+)?wrong(?:ly)?\b",
        re.I,
    ),
}
# The learner's own verdict on the attempt ("I think I got it wrong"), kept as their judgment.
SELF_JUDGMENT = re.compile(
    r"[^.!?\n]*\b(?:i\s+(?:think|guess|feel|believe)|i'?m\s+(?:not\s+)?sure|i\s+got\s+(?:it\s+)?"
    r"(?:wrong|right)|i\s+(?:chose|picked|decided))\b[^.!?\n]*[.!?]?",
    re.I,
)
SENTENCE = re.compile(r"[^.!?\n]+[.!?]?")
FINAL_ANSWER = re.compile(r"^\s*(?:final\s+)?answer\s*:\s*(?P<value>\S.*?)\s*$", re.I | re.M)
EXPECTED_ANSWER = re.compile(r"^\s*-\s*Expected answer\s*:\s*(?P<value>\S.*?)\s*$", re.I | re.M)


def _numbered_answer(number: int) -> re.Pattern[str]:
    return re.compile(rf"^\s*(?:answer\s*)?{number}\s*[.):]\s*(?P<value>\S.*?)\s*$", re.I | re.M)


@dataclass(frozen=True)
class Support:
    """Independence as the learner stated it, and the support phrases in their own words."""

    independence: Independence
    used: tuple[str, ...] = ()

    def describe(self) -> str:
        if self.used:
            return "; ".join(f"“{phrase}”" for phrase in self.used) + " (the learner's words)"
        if self.independence is Independence.YES:
            return "none (the learner says they worked without help)"
        return "not stated"


def read_support(answer: str) -> Support:
    """Independence and support from the learner's own words; ``unknown`` when they say nothing."""
    used = tuple(
        m.group(0).strip()
        for m in SUPPORT.finditer(answer)
        if not NEGATED_BEFORE.search(answer[max(0, m.start() - 30) : m.start()])
    )
    claims = bool(INDEPENDENT.search(answer))
    if used and claims:
        return Support(Independence.PARTLY, used)
    if used:
        return Support(Independence.NO, used)
    return Support(Independence.YES if claims else Independence.UNKNOWN)


def learner_judgment(answer: str) -> str:
    """The learner's own verdict or decision sentences, verbatim; empty when they state none."""
    return " ".join(m.group(0).strip() for m in SELF_JUDGMENT.finditer(answer) if m.group(0).strip())


def failure_classes(answer: str) -> tuple[tuple[FailureClass, str], ...]:
    """Each class the learner's words explicitly point to, with the sentence that says so."""
    found = []
    sentences = [s.strip() for s in SENTENCE.findall(answer) if s.strip()]
    for cls, cue in FAILURE_CUES.items():
        quote = next((s for s in sentences if cue.search(s)), None)
        if quote is not None:
            found.append((cls, quote))
    return tuple(found)


def normalize(text: str) -> str:
    """Case, width, spacing and surrounding punctuation folded away; inner symbols (``-``, ``/``) kept."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    words = re.sub(r"[\s,;]+", " ", folded).strip()
    return words.strip(" .!?\"'`“”‘’()[]")


def expected_answer(answer_section: str) -> str | None:
    """The expected answer a record states in its answer section (``- Expected answer: …``), if any."""
    match = EXPECTED_ANSWER.search(answer_section)
    return match.group("value") if match else None


def final_answer(answer: str, *, number: int | None = None) -> str | None:
    """The learner's stated final answer: ``Answer: …`` (or ``N. …`` for question N), or a one-line reply."""
    if number is not None:
        numbered = _numbered_answer(number).search(answer)
        if numbered:
            return numbered.group("value")
    stated = FINAL_ANSWER.search(answer)
    if stated:
        return stated.group("value")
    lines = [line for line in answer.strip().splitlines() if line.strip()]
    return lines[0] if len(lines) == 1 and number is None else None


@dataclass(frozen=True)
class Evaluation:
    result: Result
    basis: str


def evaluate(answer: str, answer_section: str, *, number: int | None = None) -> Evaluation:
    """Compare with the record's stated expected answer; no verdict without one or without a final answer."""
    expected = expected_answer(answer_section)
    if expected is None:
        return Evaluation(Result.NOT_ASSESSED, f"{NOT_EVALUATED}: the record states a success condition, "
                          "not an expected answer the offline rule agent can compare")  # fmt: skip
    given = final_answer(answer, number=number)
    if given is None:
        return Evaluation(Result.NOT_ASSESSED, f"{NOT_EVALUATED}: no single final answer could be read "
                          "from the reply (write it as `Answer: …`)")  # fmt: skip
    if normalize(given) == normalize(expected):
        return Evaluation(Result.CORRECT, "the stated final answer matches the record's expected answer")
    return Evaluation(Result.INCORRECT, "the stated final answer differs from the record's expected answer")
