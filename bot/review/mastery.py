"""The mastery rule: which state one attempt's observable evidence allows, and why.

Protocol "Review": ``unknown`` (no useful performance evidence), ``learning`` (attempted or supported
performance exists), ``demonstrated`` (the learner succeeded independently after delay, with transfer
when the goal requires it). Reading, completion, immediate imitation, a prompted or supported correct
answer, and an AI's confidence never make ``demonstrated``. A failure after ``demonstrated`` does not
just lower the state: it opens the protocol's competing explanations and asks for a check.

Every gate is explicit, so the reason names the gate that held: a same-day success is ``learning``
because the delay gate held, not because of an opinion.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from bot.review.attempt import Independence, Result

# The protocol says "after delay" without a number; a day is the smallest delay a daily review can see.
MIN_DELAY_DAYS = 1
CONFLICT_EXPLANATIONS = (
    "forgetting, added complexity, failed transfer, overestimated prior mastery, or an incidental state"
)


class Mastery(StrEnum):
    UNKNOWN = "unknown"
    LEARNING = "learning"
    DEMONSTRATED = "demonstrated"

    @classmethod
    def parse(cls, value: str) -> Mastery:
        """A stated mastery value; anything outside the vocabulary is ``unknown`` (never guessed up)."""
        return cls(value) if value in {m.value for m in cls} else cls.UNKNOWN


@dataclass(frozen=True)
class AttemptEvidence:
    """What one attempt shows, each part observable in the review record."""

    result: Result
    independence: Independence
    delay_days: int | None  # days since the learning or last teaching event; None when not recorded
    transfer_required: bool = False
    is_transfer: bool = False  # the question was a transfer task (the record's Purpose says so)


@dataclass(frozen=True)
class MasteryDecision:
    state: Mastery
    reason: str
    conflicts_with_demonstrated: bool = False


def _missing_gates(evidence: AttemptEvidence, min_delay_days: int) -> list[str]:
    missing = []
    if evidence.independence is not Independence.YES:
        missing.append(f"independence is `{evidence.independence.value}`, not a stated yes")
    if evidence.delay_days is None:
        missing.append("the delay since the learning event is not recorded")
    elif evidence.delay_days < min_delay_days:
        missing.append(
            f"answered {evidence.delay_days} day(s) after the learning event "
            f"(at least {min_delay_days} needed)"
        )
    if evidence.transfer_required and not evidence.is_transfer:
        missing.append("the goal requires transfer and this was not a transfer task")
    return missing


def decide_mastery(
    evidence: AttemptEvidence, previous: Mastery, *, min_delay_days: int = MIN_DELAY_DAYS
) -> MasteryDecision:
    """The state this attempt supports, given the state recorded before it."""
    if evidence.result is Result.CORRECT:
        missing = _missing_gates(evidence, min_delay_days)
        if not missing:
            transfer = " with transfer" if evidence.transfer_required else ""
            return MasteryDecision(
                Mastery.DEMONSTRATED,
                f"correct, independent and delayed ({evidence.delay_days} day(s)){transfer}",
            )
        if previous is Mastery.DEMONSTRATED:
            return MasteryDecision(
                Mastery.DEMONSTRATED, "kept: a correct answer is no evidence against earlier mastery"
            )
        return MasteryDecision(Mastery.LEARNING, "correct, but not yet `demonstrated`: " + "; ".join(missing))
    if evidence.result is Result.NOT_ASSESSED:
        if previous is Mastery.DEMONSTRATED:
            return MasteryDecision(Mastery.DEMONSTRATED, "kept: an attempt not yet evaluated is no evidence")
        return MasteryDecision(Mastery.LEARNING, "an attempt exists, but it is not evaluated yet")
    if previous is Mastery.DEMONSTRATED:
        return MasteryDecision(
            Mastery.LEARNING,
            f"{evidence.result.value} after earlier `demonstrated`: competing explanations are open "
            f"({CONFLICT_EXPLANATIONS}); one check should split them",
            conflicts_with_demonstrated=True,
        )
    return MasteryDecision(Mastery.LEARNING, f"{evidence.result.value}: attempted performance exists")
