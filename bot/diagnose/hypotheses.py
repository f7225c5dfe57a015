"""The competing explanations a signal opens, each with its layer, its evidence and the teaching it implies.

A surface complaint ("I cannot do this quadratic") fits several causes that call for different teaching:
a missing concept, a missing prerequisite, a procedure the learner does not have, a slip in arithmetic, or
something incidental (a misread sign, a distraction). The protocol asks to keep them all live until
evidence splits them, so a :class:`Reading` holds every class with its status and the evidence for and
against it; nothing here is ever deleted — a class that later evidence contradicts is marked
``falsified`` and stays readable.

What matters for the gates is each class's *intervention*: two classes that would be taught the same way
need not be told apart before teaching (:mod:`bot.diagnose.gates`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum


class HypothesisClass(StrEnum):
    CONCEPT_UNESTABLISHED = "concept-unestablished"
    PREREQUISITE_MISSING = "prerequisite-missing"
    PROCEDURE_UNAVAILABLE = "procedure-unavailable"
    CALCULATION_ERROR = "calculation-error"
    LANGUAGE_MISREAD = "language-misread"
    INCIDENTAL = "incidental"
    # Opened only when the failure clashes with mastery the repository records as `demonstrated`.
    FORGOTTEN = "forgotten"
    TRANSFER_FAILURE = "transfer-failure"
    MASTERY_OVERESTIMATED = "mastery-overestimated"


class Layer(StrEnum):
    KNOWLEDGE = "knowledge/skill"
    EXECUTION = "task/execution"
    HISTORY = "history/generalization"


class Status(StrEnum):
    """``weakened``: evidence speaks against it without ruling it out; ``falsified``: evidence contradicts
    a class that had been leading or supported."""

    ACTIVE = "active"
    SUPPORTED = "supported"
    WEAKENED = "weakened"
    RULED_OUT = "ruled_out"
    FALSIFIED = "falsified"


LIVE = frozenset({Status.ACTIVE, Status.SUPPORTED, Status.WEAKENED})
"""Statuses of a class still in play; ``weakened`` is in play but does not block the supported-write gate."""

_C = HypothesisClass
LAYER: dict[HypothesisClass, Layer] = {
    _C.CONCEPT_UNESTABLISHED: Layer.KNOWLEDGE,
    _C.PREREQUISITE_MISSING: Layer.KNOWLEDGE,
    _C.PROCEDURE_UNAVAILABLE: Layer.KNOWLEDGE,
    _C.CALCULATION_ERROR: Layer.EXECUTION,
    _C.LANGUAGE_MISREAD: Layer.EXECUTION,
    _C.INCIDENTAL: Layer.EXECUTION,
    _C.FORGOTTEN: Layer.HISTORY,
    _C.TRANSFER_FAILURE: Layer.HISTORY,
    _C.MASTERY_OVERESTIMATED: Layer.HISTORY,
}
INTERVENTION: dict[HypothesisClass, str] = {
    _C.CONCEPT_UNESTABLISHED: "teach the idea itself, with a small picture or example",
    _C.PREREQUISITE_MISSING: "teach the earlier idea it rests on first",
    _C.PROCEDURE_UNAVAILABLE: "show the method step by step, then a guided item",
    # A slip and a misreading need no new teaching: a fresh item done with a self-check.
    _C.CALCULATION_ERROR: "no new teaching: a fresh item with a self-check",
    _C.LANGUAGE_MISREAD: "no new teaching: a fresh item with a self-check",
    _C.INCIDENTAL: "no new teaching: a fresh item with a self-check",
    _C.FORGOTTEN: "a short retrieval of the idea, then a delayed fresh item",
    _C.TRANSFER_FAILURE: "set the new kind of item beside the practised one and tell them apart",
    _C.MASTERY_OVERESTIMATED: "re-check the earlier evidence with a fresh independent item first",
}
OPENING_REASON: dict[HypothesisClass, str] = {
    _C.CONCEPT_UNESTABLISHED: "the idea the task turns on may not be established yet",
    _C.PREREQUISITE_MISSING: "an earlier idea the task rests on may be missing",
    _C.PROCEDURE_UNAVAILABLE: "the idea may be there without a method to carry it out",
    _C.CALCULATION_ERROR: "the reasoning may be sound and the arithmetic slipped",
    _C.LANGUAGE_MISREAD: "the task's wording or notation may have been misread",
    _C.INCIDENTAL: "a one-off cause (a misread sign, haste, tiredness) may explain it",
    _C.FORGOTTEN: "the idea was shown before and may have faded since",
    _C.TRANSFER_FAILURE: "these items may differ from the practised ones (more steps, another form)",
    _C.MASTERY_OVERESTIMATED: "the earlier `demonstrated` may rest on too narrow a sample",
}
HISTORY_CLASSES = frozenset(c for c, layer in LAYER.items() if layer is Layer.HISTORY)


@dataclass(frozen=True)
class Hypothesis:
    """One class with its current status and the evidence so far, oldest first."""

    cls: HypothesisClass
    status: Status
    evidence: tuple[str, ...]

    @property
    def live(self) -> bool:
        return self.status in LIVE

    @property
    def layer(self) -> Layer:
        return LAYER[self.cls]

    @property
    def intervention(self) -> str:
        return INTERVENTION[self.cls]

    def moved(self, status: Status, evidence: str) -> Hypothesis:
        return replace(self, status=status, evidence=(*self.evidence, evidence))


@dataclass(frozen=True)
class Reading:
    """Every class a signal opened, in a fixed order."""

    hypotheses: tuple[Hypothesis, ...]

    def get(self, cls: HypothesisClass) -> Hypothesis:
        return next(h for h in self.hypotheses if h.cls is cls)

    def live(self) -> tuple[Hypothesis, ...]:
        return tuple(h for h in self.hypotheses if h.live)

    def with_moves(self, moves: dict[HypothesisClass, tuple[Status, str]]) -> Reading:
        """The reading after ``moves`` (class → new status and the evidence for it); others unchanged."""
        return Reading(tuple(h.moved(*moves[h.cls]) if h.cls in moves else h for h in self.hypotheses))


def open_reading(signal: str, *, prior_mastery: bool = False) -> Reading:
    """The classes open, each for the reason it fits the signal; ``signal`` says what was observed. The
    history classes (forgotten, …) open only with ``prior_mastery``: a recorded `demonstrated` the
    failure clashes with — "forgotten" needs evidence that something was known."""
    opened = [cls for cls in HypothesisClass if prior_mastery or cls not in HISTORY_CLASSES]
    return Reading(tuple(Hypothesis(c, Status.ACTIVE, (f"{signal}: {OPENING_REASON[c]}",)) for c in opened))
