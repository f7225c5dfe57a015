"""The two gates, kept apart: when to stop asking, and when a diagnosis may be written as ``supported``.

Stopping is cheap and may happen for reasons that prove nothing — the live classes would be taught the
same way, the learner asked to be taught, or the probe budget is spent — so a stop writes at most
``suspected``. ``supported`` needs more: one class with positive discriminating evidence, and every other
class whose teaching would differ ruled out, falsified or weakened. Ruling out one weak class among many
passes nothing, and a spent budget never upgrades anything.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from bot.diagnose.hypotheses import Hypothesis, Reading, Status

PROBE_BUDGET = 3
"""Probes per signal: the protocol's usual one to three, a strategy rather than a law."""


class Gate(StrEnum):
    HELD = "held"
    PASSED = "passed"


@dataclass(frozen=True)
class GateResult:
    stop_probe: Gate
    supported_write: Gate
    reason: str
    supported: Hypothesis | None = None


def standing_classes(reading: Reading) -> tuple[Hypothesis, ...]:
    """The classes nothing has weakened yet: the ones whose teaching must agree before probing stops."""
    return tuple(h for h in reading.hypotheses if h.status in (Status.ACTIVE, Status.SUPPORTED))


def supported_class(reading: Reading) -> Hypothesis | None:
    """The one class that passes the supported-write gate, or None."""
    positive = [h for h in reading.hypotheses if h.status is Status.SUPPORTED]
    if len(positive) != 1:
        return None
    (leader,) = positive
    rivals = [
        h for h in reading.hypotheses
        if h.status is Status.ACTIVE and h.intervention != leader.intervention
    ]  # fmt: skip
    return None if rivals else leader


def judge(
    reading: Reading, *, probes_used: int, budget: int = PROBE_BUDGET, asked_to_teach: bool = False
) -> GateResult:
    """Both gates for a reading after ``probes_used`` of ``budget`` probes (``asked_to_teach``: the learner
    asked to be taught or to stop, which stops probing and proves nothing)."""
    leader = supported_class(reading)
    if leader is not None:
        why = (
            f"`{leader.cls}` has positive evidence and every class that would change the teaching is weakened"
        )
        return GateResult(Gate.PASSED, Gate.PASSED, why, leader)
    standing = standing_classes(reading)
    interventions = {h.intervention for h in standing}
    if len(interventions) == 1:
        why = "the remaining classes share one intervention, so further probes would not change the teaching"
    elif not standing:
        why = "no class is left standing; the diagnosis stays `unknown`"
    elif asked_to_teach:
        why = "the learner asked to be taught; the classes are not split"
    elif probes_used >= budget:
        why = f"the probe budget ({budget}) is spent; a spent budget upgrades nothing"
    else:
        return GateResult(Gate.HELD, Gate.HELD, "live classes still call for different teaching")
    return GateResult(Gate.PASSED, Gate.HELD, why)
