"""The first turn of a diagnosis: a stuck or failed attempt opens every class and asks one probe.

No cause is inferred from missing working: the signal opens all the classes, each for the reason it fits,
and the one probe that splits them most is asked. When the learner asked to be taught in the same breath,
probing stops at once — at most ``suspected``, here with nothing suspected yet — and the reply teaches.
"""

from __future__ import annotations

from dataclasses import replace

from bot.diagnose.gates import PROBE_BUDGET, Gate, judge
from bot.diagnose.hypotheses import Layer, Status, open_reading
from bot.diagnose.lifecycle import Event, State, move
from bot.diagnose.probes import find_quadratic, ladder
from bot.diagnose.record import Diagnosis
from bot.diagnose.signal_words import asks_to_be_taught, is_slip

NO_WORKING = "a stuck attempt reported without working"


def signal_of(note: str, *, failed_attempt: bool) -> str:
    """What was observed, in words that claim no cause."""
    quadratic = find_quadratic(note)
    task = f" on `{quadratic.written}`" if quadratic else ""
    return ("a failed attempt reported" if failed_attempt else NO_WORKING) + task


def open_diagnosis(note: str, *, failed_attempt: bool = False, prior: str = "") -> Diagnosis:
    """What a signal opens: every class active, and the first probe asked unless teaching was asked.

    A slip the learner names ("an arithmetic slip, my method was right") weakens the knowledge classes
    by their own report: what is left is taught the same way, so the one-off stays light — no probe.
    A failure that clashes with ``prior`` (a knowledge ID recorded `demonstrated`) opens the history
    classes too and asks one probe; the recorded mastery is not lowered.
    """
    signal = signal_of(note, failed_attempt=failed_attempt)
    if prior:
        signal = f"{signal}, which clashes with `demonstrated` mastery of `{prior}`"
    reading = open_reading(signal, prior_mastery=bool(prior))
    if is_slip(note):
        said = "the learner names a one-off slip in the execution"
        reading = reading.with_moves(
            {h.cls: (Status.WEAKENED, said) for h in reading.hypotheses if h.layer is Layer.KNOWLEDGE}
        )
    asked_to_teach = asks_to_be_taught(note)
    gates = judge(reading, probes_used=0, asked_to_teach=asked_to_teach)
    probes = ladder(note, prior)
    budget = min(PROBE_BUDGET, len(probes))
    start = Diagnosis(signal=signal, reading=reading, state=State.ANOMALY, gates=gates, budget=budget)
    if asked_to_teach or gates.stop_probe is Gate.PASSED:
        return replace(start, state=move(start.state, Event.STOP_GATE))
    first = probes[0]
    return replace(start.asking(first.probe_id, first.text), state=move(start.state, Event.PROBE_ASKED))
