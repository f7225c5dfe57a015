"""One discriminating probe per turn, and what the learner's answer to it does to each class.

A probe is worth asking only when its possible answers move the live classes apart, so each probe here
comes with the reading of its answers. Qualitative probes come first: for a quadratic's maximum, "which
way does it open?" splits a missing concept (the leading coefficient's sign decides the opening) from
everything downstream of it without a single calculation. When the task is not one the offline rules
can read, the one probe is a short choice between the layers (idea, method, execution, reading); its
answers are the learner's own report, so they weaken or rule out classes but never support one.

A self-correction ("I misread the sign") is read before any probe's answer: it falsifies the class that
had been leading and points to an incidental cause.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from bot.diagnose.hypotheses import HypothesisClass, Reading, Status

_C = HypothesisClass
Moves = dict[HypothesisClass, tuple[Status, str]]

QUADRATIC = re.compile(
    r"y\s*=\s*(?P<a>[+-]?\s*\d*(?:\.\d+)?)\s*x\s*(?:\^\s*2|²)\s*"
    r"(?P<b>[+-]\s*\d*(?:\.\d+)?)\s*x\b\s*(?P<c>[+-]\s*\d+(?:\.\d+)?)?",
    re.I,
)
UP = re.compile(r"\b(?:up|upwards?|opens\s+up)\b|向上|开口朝上|arriba|vers le haut|nach oben|вверх", re.I)
DOWN = re.compile(
    r"\b(?:down|downwards?|opens\s+down)\b|向下|开口朝下|abajo|vers le bas|nach unten|вниз", re.I
)
VERTEX_METHOD = re.compile(
    r"-\s*b\s*/\s*\(?\s*2\s*a|complet\w*\s+the\s+square|derivative|axis\s+of\s+symmetry|\bvertex\s+formula"
    r"|\bx\s*=\s*1\b",
    re.I,
)
NO_IDEA = re.compile(
    r"\b(?:no\s+idea|don'?t\s+know|do\s+not\s+know|not\s+sure|no\s+clue)\b|不知道|不会", re.I
)
SELF_CORRECTION = re.compile(
    r"\bmis-?read\b|\bmis-?copied\b|\bcopied\s+it\s+wrong\b|\btypo\b|\bread\s+(?:it|the\s+sign)\s+as\b"
    r"|看错|抄错",
    re.I,
)
# A letter on its own, "(b)", "b)" or "b." — never the article opening "A derivative is …".
CHOICE = re.compile(r"^\s*(?:\(\s*(?P<paren>[abcd])\s*\)|(?P<letter>[abcd])\s*(?:[).:,]|$))", re.I)

LEADING_LINK = "the link between the leading coefficient and the opening direction"
VERTEX_METHOD_BLOCKER = "a method for finding the vertex of a parabola"


def _number(text: str | None, *, empty: int) -> Fraction:
    cleaned = (text or "").replace(" ", "")
    if cleaned in ("", "+"):
        return Fraction(empty)
    if cleaned == "-":
        return Fraction(-empty)
    return Fraction(cleaned)


@dataclass(frozen=True)
class Quadratic:
    """``y = ax² + bx + c`` as the learner wrote it."""

    written: str
    a: Fraction
    b: Fraction
    c: Fraction

    @property
    def opens(self) -> str:
        return "downward" if self.a < 0 else "upward"


def find_quadratic(text: str) -> Quadratic | None:
    """The first ``y = ax^2 + bx + c`` in the learner's words, or None."""
    found = QUADRATIC.search(text)
    if found is None:
        return None
    a = _number(found.group("a"), empty=1)
    if a == 0:
        return None
    b, c = _number(found.group("b"), empty=1), _number(found.group("c"), empty=0)
    return Quadratic(found.group(0).strip(), a, b, c)


@dataclass(frozen=True)
class AnswerReading:
    """What one answer does: the moves, whether it split anything, and the blocker it points to."""

    moves: Moves
    split: str
    blocker: str = ""
    contradicts: bool = False


@dataclass(frozen=True)
class Probe:
    probe_id: str
    text: str
    read: Callable[[str, Reading], AnswerReading]


def _opening(quadratic: Quadratic) -> Probe:
    def read(answer: str, _reading: Reading) -> AnswerReading:
        up, down = bool(UP.search(answer)), bool(DOWN.search(answer))
        if up == down:
            return AnswerReading({}, "the answer named no single direction, so it split nothing")
        said = "upward" if up else "downward"
        fact = f"answered “opens {said}” for a leading coefficient of {quadratic.a}"
        if said == quadratic.opens:
            return AnswerReading(
                {
                    _C.CONCEPT_UNESTABLISHED: (Status.RULED_OUT, f"{fact}: the opening direction is known"),
                    _C.PREREQUISITE_MISSING: (Status.WEAKENED, f"{fact}: reads the graph's shape correctly"),
                },
                "opening direction is known; the method for the vertex is next",
            )
        return AnswerReading(
            {
                _C.CONCEPT_UNESTABLISHED: (Status.SUPPORTED, f"{fact}: {LEADING_LINK} is missing"),
                _C.PREREQUISITE_MISSING: (Status.WEAKENED, f"{fact}: knows a parabola opens one way"),
                _C.PROCEDURE_UNAVAILABLE: (
                    Status.WEAKENED, f"{fact}: without the opening direction no method is the first blocker"
                ),
                _C.CALCULATION_ERROR: (Status.RULED_OUT, f"{fact}: no arithmetic was involved"),
                _C.LANGUAGE_MISREAD: (Status.WEAKENED, f"{fact}: answered a plain question about the sign"),
                _C.INCIDENTAL: (Status.WEAKENED, f"{fact}: a deliberate answer, without calculating"),
            },
            "the wrong opening direction points to the leading coefficient",
            blocker=LEADING_LINK,
        )  # fmt: skip

    text = (
        f"Without calculating anything: does the graph of `{quadratic.written}` open upward or downward, "
        "and which part of the equation tells you?"
    )
    return Probe("opening-direction", text, read)


def _vertex(quadratic: Quadratic) -> Probe:
    def read(answer: str, reading: Reading) -> AnswerReading:
        if VERTEX_METHOD.search(answer):
            fact = "named a way to find the vertex"
            return AnswerReading(
                {_C.PROCEDURE_UNAVAILABLE: (Status.RULED_OUT, f"{fact}: the method is available")},
                "the method is there; what is left would be taught the same way",
            )
        if not NO_IDEA.search(answer) or reading.get(_C.CONCEPT_UNESTABLISHED).live:
            return AnswerReading({}, "the answer named no method and no gap in one, so it split nothing")
        fact = "knows the opening direction but names no way to find the vertex"
        return AnswerReading(
            {
                _C.PROCEDURE_UNAVAILABLE: (Status.SUPPORTED, f"{fact}: the method is missing"),
                _C.CALCULATION_ERROR: (Status.RULED_OUT, f"{fact}: no calculation was reached"),
                _C.LANGUAGE_MISREAD: (Status.WEAKENED, f"{fact}: the task was understood"),
                _C.INCIDENTAL: (Status.WEAKENED, f"{fact}: the same answer without the task in front"),
            },
            "no method for the vertex",
            blocker=VERTEX_METHOD_BLOCKER,
        )

    text = (
        f"The highest or lowest point of a parabola is its vertex. Without finishing the arithmetic: how "
        f"would you find the x-coordinate of the vertex of `{quadratic.written}`?"
    )
    return Probe("vertex-method", text, read)


_LAYER_CHOICES = {
    "a": ((_C.CONCEPT_UNESTABLISHED, _C.PREREQUISITE_MISSING), "the idea behind the task is unsure"),
    "b": ((_C.PROCEDURE_UNAVAILABLE,), "the idea is there, the steps are not"),
    "c": ((_C.CALCULATION_ERROR, _C.INCIDENTAL), "the steps were done and the result differed"),
    "d": ((_C.LANGUAGE_MISREAD,), "the task was misread"),
}
LAYER_PROBE = (
    "Which is closest to where it went wrong? (a) I am not sure what idea the task is about; (b) I know "
    "the idea but not the steps to carry it out; (c) I did the steps but my result came out different; "
    "(d) I misread what the task asked. A letter is enough."
)


def _read_layer(answer: str, reading: Reading) -> AnswerReading:
    found = CHOICE.match(answer)
    if found is None:
        return AnswerReading({}, "no choice was named, so it split nothing")
    letter = (found.group("paren") or found.group("letter")).lower()
    kept, meaning = _LAYER_CHOICES[letter]
    said = f"chose ({letter}), {meaning}"
    moves: Moves = {
        h.cls: (Status.WEAKENED, f"{said}: a report, so only weakened")
        for h in reading.live()
        if h.cls not in kept and h.status is Status.ACTIVE
    }
    return AnswerReading(moves, f"the learner's report points to {', '.join(f'`{c}`' for c in kept)}")


def corrects_itself(answer: str) -> bool:
    """The learner's words correct their own earlier reading ("I misread the sign")."""
    return SELF_CORRECTION.search(answer) is not None


def self_correction(answer: str, reading: Reading) -> AnswerReading | None:
    """The learner's own correction ("I misread the sign"): a supported class falsified, the other open
    ones weakened and an incidental cause active; None when the answer corrects nothing."""
    if not corrects_itself(answer):
        return None
    said = "the learner corrected themselves: they misread the task"
    moves: Moves = {
        h.cls: (Status.FALSIFIED if h.status is Status.SUPPORTED else Status.WEAKENED, said)
        for h in reading.hypotheses
        if h.status in (Status.SUPPORTED, Status.ACTIVE) and h.cls is not _C.INCIDENTAL
    }
    moves[_C.INCIDENTAL] = (Status.ACTIVE, said)
    return AnswerReading(moves, "a self-correction: an incidental misreading", contradicts=True)


SAME = re.compile(r"\b(?:same|similar|alike)\b|一样|相同|mismo|meme|gleich|mesmo|такие же|同じ", re.I)
DIFFERENT = re.compile(
    r"\b(?:different|harder|longer|more\s+steps|brackets|fractions|new\s+kind)\b|不一样|更难|distint|"
    r"differen|schwerer|anders|diferente|другие|сложнее|違う|難しい",
    re.I,
)
HISTORY_PROBE = "same-or-different"


def _read_history(answer: str, _reading: Reading) -> AnswerReading:
    same, different = bool(SAME.search(answer)), bool(DIFFERENT.search(answer))
    if same == different:
        return AnswerReading({}, "the answer said neither same nor different, so it split nothing")
    if same:
        fact = "says the items are the same kind as the ones solved before"
        return AnswerReading(
            {_C.TRANSFER_FAILURE: (Status.WEAKENED, f"{fact}: nothing new to transfer to")},
            "the same kind of item: forgetting or an overestimated earlier check remain",
        )
    fact = "says these items differ from the ones solved before"
    return AnswerReading(
        {_C.FORGOTTEN: (Status.WEAKENED, f"{fact}: the practised kind is not what failed")},
        "a different kind of item: transfer or added complexity, not forgetting",
    )


def history_probe(prior: str) -> Probe:
    """The one probe for a failure that clashes with recorded mastery: are these items new in kind?"""
    text = (
        f"Your record shows `{prior or 'this'}` as demonstrated before. Are these items the same kind as the "
        "ones you solved then, or different (more steps, brackets, fractions)? One word is enough."
    )
    return Probe(HISTORY_PROBE, text, _read_history)


def ladder(note: str, prior: str = "") -> tuple[Probe, ...]:
    """The probes for this signal, in the order they are asked (qualitative first); one history probe for
    a failure that clashes with ``prior`` mastery."""
    if prior:
        return (history_probe(prior),)
    quadratic = find_quadratic(note)
    if quadratic is not None:
        return (_opening(quadratic), _vertex(quadratic))
    return (Probe("layer-choice", LAYER_PROBE, _read_layer),)


def probe_by_id(note: str, probe_id: str) -> Probe | None:
    if probe_id == HISTORY_PROBE:
        return history_probe("")  # its reading does not depend on the point it names
    return next((p for p in ladder(note) if p.probe_id == probe_id), None)
