"""A learner's answer to the open probe, applied to the reading: the gates decide what the answer earns.

The answer's moves come from the probe that was asked (:mod:`bot.diagnose.probes`), or from a
self-correction, which falsifies what had been supported. Then both gates are judged afresh: both
passing makes the reading ``supported`` with its blocker; the stop gate alone makes it ``suspected``;
neither asks the next probe of the ladder. A ladder with no probe left has spent its budget, which
stops probing and upgrades nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from bot.diagnose.gates import Gate, judge, standing_classes
from bot.diagnose.hypotheses import HypothesisClass, Status
from bot.diagnose.lifecycle import Event, move
from bot.diagnose.probes import AnswerReading, ladder, probe_by_id, self_correction
from bot.diagnose.proposal import Diagnostician, ProbeAnswerToRead, vetted
from bot.diagnose.record import Diagnosis
from bot.diagnose.signal_words import asks_to_be_taught

SELF_CORRECTED = "self-correction"  # what the probe history names when no probe was open
NOT_SPLIT = AnswerReading({}, "the asked probe is no longer known, so the answer split nothing")


@dataclass(frozen=True)
class Update:
    """The diagnosis after one answer, what the answer split, and the classes it falsified."""

    diagnosis: Diagnosis
    split: str
    falsified: tuple[HypothesisClass, ...]
    answered_probe: str


def _suspected(diagnosis: Diagnosis) -> str:
    standing = standing_classes(diagnosis.reading)
    if not standing:
        return "none: every class is weakened or ruled out, so the cause stays `unknown`"
    return "suspected, not supported: " + ", ".join(f"`{h.cls}`" for h in standing)


def _read(diagnosis: Diagnosis, *, note: str, answer: str, reader: Diagnostician | None) -> AnswerReading:
    """The learner's correction, else the rules' reading of the probe, else the model's (vetted) when the
    rules split nothing and the learner allowed a model."""
    corrected = self_correction(answer, diagnosis.reading)
    if corrected is not None:
        return corrected
    asked = probe_by_id(note, diagnosis.open_probe)
    ruled = asked.read(answer, diagnosis.reading) if asked else NOT_SPLIT
    if ruled.moves or reader is None or asked is None:
        return ruled
    item = ProbeAnswerToRead(
        signal=diagnosis.signal, probe=asked.text, answer=answer,
        hypotheses=tuple((h.cls, h.status) for h in diagnosis.reading.hypotheses),
    )  # fmt: skip
    return vetted(reader.read_probe_answer(item), answer=answer, reading=diagnosis.reading)


def apply_answer(
    diagnosis: Diagnosis, *, note: str, answer: str, reader: Diagnostician | None = None
) -> Update:
    """The diagnosis once ``answer`` (to the open probe) is read; ``note`` is the signal's own words and
    ``reader`` the chat model that may read an answer the rules cannot."""
    probes = ladder(note)
    reading_of = _read(diagnosis, note=note, answer=answer, reader=reader)
    reading = diagnosis.reading.with_moves(reading_of.moves)
    falsified = tuple(c for c, (status, _) in reading_of.moves.items() if status is Status.FALSIFIED)
    taught = asks_to_be_taught(answer)
    gates = judge(reading, probes_used=diagnosis.probes_used, budget=diagnosis.budget, asked_to_teach=taught)
    closed = replace(diagnosis, reading=reading, gates=gates, open_probe="", open_probe_text="")
    if reading_of.contradicts:
        state = move(diagnosis.state, Event.CONTRADICTED)
        blocker = "none: the earlier reading was falsified; " + _suspected(closed)
        after = replace(closed, state=state, blocker=blocker)
    elif gates.supported_write is Gate.PASSED:
        supported = gates.supported
        blocker = reading_of.blocker or (str(supported.cls) if supported else "")
        after = replace(closed, state=move(diagnosis.state, Event.BOTH_GATES), blocker=blocker)
    elif gates.stop_probe is Gate.PASSED:
        after = replace(closed, state=move(diagnosis.state, Event.STOP_GATE), blocker=_suspected(closed))
    else:
        following = probes[diagnosis.probes_used]  # asked in ladder order; the held gate means one is left
        asking = closed.asking(following.probe_id, following.text)
        after = replace(asking, state=move(diagnosis.state, Event.ANSWER_NARROWS))
    return Update(after, reading_of.split, falsified, diagnosis.open_probe or SELF_CORRECTED)
