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
from dataclasses import dataclass
from enum import StrEnum

from bot.intake.agent import JUDGED_BY_RULES
from bot.intake.judgements import Verdict
from bot.review.answer_check import Method, check
from bot.review.answer_keys import AnswerKey, answer_keys


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
ANY_NUMBERED = re.compile(r"^\s*(?:answer\s*|question\s*|q)?\(?\d+\s*(?:[.)]|:)\)?\s+\S", re.I | re.M)
VERDICT_RESULT = {
    Verdict.CORRECT: Result.CORRECT,
    Verdict.INCORRECT: Result.INCORRECT,
    Verdict.CANNOT_TELL: Result.NOT_ASSESSED,
}


def _numbered_answer(number: int) -> re.Pattern[str]:
    """``N. …``, ``N) …``, ``(N) …``, ``N: …``, ``Answer N: …``, ``Q N: …`` (not ``1.5 m``)."""
    return re.compile(
        rf"^\s*(?:answer\s*|question\s*|q)?\(?{number}\s*(?:[.)]|:)(?!\d)\)?\s*(?P<value>\S.*?)\s*$",
        re.I | re.M,
    )


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


def final_answer(answer: str, *, number: int | None = None, unnumbered: bool = True) -> str | None:
    """The learner's stated final answer to one question, or None when the reply states none.

    ``number``: the question's number in the delivery, read as ``N. …``. ``unnumbered``: whether a
    reply that numbers nothing (``Answer: …``, or a reply of one line) may stand for this question; only
    the first question of a delivery is answered that way.
    """
    if number is not None:
        numbered = _numbered_answer(number).search(answer)
        if numbered:
            return numbered.group("value")
    if not unnumbered or (number is not None and ANY_NUMBERED.search(answer)):
        return None  # the reply numbers its answers, and none is this question's
    stated = FINAL_ANSWER.search(answer)
    if stated:
        return stated.group("value")
    lines = [line for line in answer.strip().splitlines() if line.strip()]
    return lines[0] if len(lines) == 1 else None


@dataclass(frozen=True)
class Evaluation:
    """One result, why (for the record, which holds the key anyway), how, and why again without the key.

    ``shown`` is what a reply may say: it never quotes the key unless the answer equalled it.
    """

    result: Result
    basis: str
    method: Method | None = None  # None: nothing was judged (no key, no final answer), or a model judged
    shown: str = ""
    judged_by: str = JUDGED_BY_RULES  # the offline rules, or the chat model that gave a rubric verdict

    @property
    def reply_basis(self) -> str:
        return self.shown or self.basis


NO_KEY = f"{NOT_EVALUATED}: the record states a success condition, not an expected answer to compare"
NO_FINAL = f"{NOT_EVALUATED}: no final answer could be read for it (write it as `Answer: …`, or `N. …`)"


def judged(given: str | None, key: AnswerKey | None, *, whose: str = "the record's") -> Evaluation:
    """The evaluation of one stated final answer against one question's key."""
    if key is None:
        return Evaluation(Result.NOT_ASSESSED, NO_KEY)
    if given is None:
        return Evaluation(Result.NOT_ASSESSED, NO_FINAL)
    verdict = check(given, key)
    result = VERDICT_RESULT[verdict.verdict]
    how = f"judged as {verdict.method.value}"
    against = f"{how} against {whose} expected answer `{key.text}`: {verdict.reason}"
    if result is Result.NOT_ASSESSED:
        return Evaluation(
            result, f"{NOT_EVALUATED}: can't tell, {against}", verdict.method,
            f"can't tell ({how}): {verdict.reason}",
        )  # fmt: skip
    return Evaluation(result, against, verdict.method, f"{how}: {verdict.reason}")


def evaluate(
    answer: str, answer_section: str, *, number: int | None = None, question: int | None = None
) -> Evaluation:
    """One question's answer judged against its key in ``answer_section``; not-assessed without either.

    ``number`` is the question's number in the reply (``N. …``; None: the reply answers one question);
    ``question`` the record's number for it, whose key is used (default ``number``, else 1).
    """
    key = answer_keys(answer_section).get(question or number or 1)
    return judged(final_answer(answer, number=number, unnumbered=number in (None, 1)), key)
