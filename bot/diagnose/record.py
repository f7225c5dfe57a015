"""The diagnosis as it lives in the signal's event record: written, read back, updated in place.

The bot keeps no state of its own, so the event record of the complaint carries the whole reading: a
``## Diagnosis`` section (lifecycle state, the gates, the open probe, the probes used, the blocker),
the ``## Competing hypotheses`` table (every class, live or not, with its evidence), and two tables that
only ever grow: ``## Probe history`` (each probe, the learner's answer, what it split, and the SHA-256 of
the record it updated — a controlled update) and ``## Falsification log``. The learner's note itself
is never touched; the diagnosis sections are the revisable interpretation beside it.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace
from datetime import date

from bot.diagnose.gates import PROBE_BUDGET, Gate, GateResult
from bot.diagnose.hypotheses import Hypothesis, HypothesisClass, Reading, Status
from bot.diagnose.lifecycle import State, parse_state
from bot.records.codec import (
    add_table_row,
    bullets,
    replace_section,
    section,
    section_fields,
    table_lines,
    table_rows,
)
from bot.text import one_line

DIAGNOSIS = "Diagnosis"
HYPOTHESES = "Competing hypotheses"
PROBE_HISTORY = "Probe history"
FALSIFICATION_LOG = "Falsification log"
HYPOTHESIS_COLUMNS = ("Class", "Layer", "Status", "Evidence", "Teaching if true")
PROBE_COLUMNS = ("Date", "Probe", "Learner answer", "What it split", "Record before (SHA-256)")
FALSIFICATION_COLUMNS = ("Date", "Hypothesis class", "Contradicting evidence", "Result")
NO_PROBE = "`none`"
EVIDENCE_JOIN = " · "


@dataclass(frozen=True)
class Diagnosis:
    """One signal's diagnosis: the reading, where it is in the lifecycle, and what is asked."""

    signal: str
    reading: Reading
    state: State
    gates: GateResult
    probes_used: int = 0
    budget: int = PROBE_BUDGET  # probes this signal may use: the budget, or fewer when the ladder is shorter
    open_probe: str = ""  # the probe's ID; empty when nothing is asked
    open_probe_text: str = ""
    blocker: str = ""
    gap: str = ""  # a Markdown link to the gap, once one is written

    @property
    def diagnosis_status(self) -> str:
        return "agent-hypothesis" if self.state is not State.ANOMALY else "unknown"

    @property
    def write_class(self) -> str:
        if self.gates.supported_write is Gate.PASSED:
            return "supported-diagnosis"
        return "suspected-blocker" if self.state is State.SUSPECTED else "surface-signal"

    def asking(self, probe_id: str, text: str) -> Diagnosis:
        return replace(self, open_probe=probe_id, open_probe_text=text, probes_used=self.probes_used + 1)


def _hypothesis_row(hypothesis: Hypothesis) -> str:
    evidence = one_line(EVIDENCE_JOIN.join(hypothesis.evidence), limit=600)
    cells = (f"`{hypothesis.cls}`", hypothesis.layer.value, f"`{hypothesis.status}`", evidence)
    return "| " + " | ".join((*cells, hypothesis.intervention)) + " |"


def _diagnosis_fields(diagnosis: Diagnosis) -> str:
    probe = f"`{diagnosis.open_probe}`: {diagnosis.open_probe_text}" if diagnosis.open_probe else NO_PROBE
    return bullets(
        {
            "Signal": f"{diagnosis.signal} (a signal, not a diagnosis)",
            "Interpretation lifecycle": f"`{diagnosis.state}`",
            "Diagnosis status": f"`{diagnosis.diagnosis_status}`",
            "Write class": f"`{diagnosis.write_class}`",
            "Probes used": f"{diagnosis.probes_used} of {diagnosis.budget}",
            "Open probe": probe,
            "Stop-probe gate": f"`{diagnosis.gates.stop_probe}`",
            "Supported-write gate": f"`{diagnosis.gates.supported_write}`",
            "Barrier reason": diagnosis.gates.reason,
            "Best-supported blocker": diagnosis.blocker or "none yet",
            "Gap": diagnosis.gap or "none: a gap is written only once the supported-write gate passes",
            "Mastery": "`unknown`: a diagnosis is not performance evidence",
        }
    )


def hypotheses_table(reading: Reading) -> str:
    return "\n".join(table_lines(HYPOTHESIS_COLUMNS, [_hypothesis_row(h) for h in reading.hypotheses]))


def write_diagnosis(record: str, diagnosis: Diagnosis) -> str:
    """``record`` with its diagnosis sections set from ``diagnosis`` (the history tables kept as they are)."""
    text = replace_section(record, DIAGNOSIS, _diagnosis_fields(diagnosis))
    text = replace_section(text, HYPOTHESES, hypotheses_table(diagnosis.reading))
    if not section(text, PROBE_HISTORY):
        text = replace_section(text, PROBE_HISTORY, "\n".join(table_lines(PROBE_COLUMNS, ())))
    if not section(text, FALSIFICATION_LOG):
        text = replace_section(text, FALSIFICATION_LOG, "\n".join(table_lines(FALSIFICATION_COLUMNS, ())))
    return text


def record_answer(
    record: str, *, day: date, probe_id: str, answer: str, split: str, falsified: tuple[HypothesisClass, ...]
) -> str:
    """``record`` with one probe-history row (naming the record's SHA-256 before it) and a falsification row
    per class the answer falsified; earlier rows are never rewritten."""
    before = hashlib.sha256(record.encode()).hexdigest()
    row = f"| {day.isoformat()} | `{probe_id}` | “{one_line(answer, limit=200)}” | {split} | `{before}` |"
    text = add_table_row(record, PROBE_HISTORY, row)
    for cls in falsified:
        text = add_table_row(text, FALSIFICATION_LOG, falsification_row(day, cls, answer))
    return text


def falsification_row(day: date, cls: HypothesisClass | str, answer: str) -> str:
    return f"| {day.isoformat()} | `{cls}` | “{one_line(answer, limit=160)}” | `falsified` |"


def read_diagnosis(record: str) -> Diagnosis | None:
    """The diagnosis an event record carries, or None when it carries none (or an unreadable one)."""
    if f"## {DIAGNOSIS}" not in record:  # most records: the next action reads every one for each note
        return None
    fields = section_fields(section(record, DIAGNOSIS))
    state = parse_state(fields.get("Interpretation lifecycle", ""))
    if state is None:
        return None
    hypotheses = []
    for cells in table_rows(record, HYPOTHESES):
        try:
            cls, status = HypothesisClass(cells[0].strip("`")), Status(cells[2].strip("`"))
        except (ValueError, IndexError):
            return None
        hypotheses.append(Hypothesis(cls, status, tuple(cells[3].split(EVIDENCE_JOIN))))
    probe_field = fields.get("Open probe", NO_PROBE)
    probe_id, _, probe_text = probe_field.partition(": ")
    asked = probe_field != NO_PROBE
    used, _, budget = fields.get("Probes used", "0").partition(" of ")
    gates = GateResult(
        Gate(fields.get("Stop-probe gate", "held").strip("`")),
        Gate(fields.get("Supported-write gate", "held").strip("`")),
        fields.get("Barrier reason", ""),
    )
    blocker = fields.get("Best-supported blocker", "")
    gap = fields.get("Gap", "")
    return Diagnosis(
        signal=fields.get("Signal", "").removesuffix(" (a signal, not a diagnosis)"),
        reading=Reading(tuple(hypotheses)),
        state=state,
        gates=gates,
        probes_used=int(used) if used.isdigit() else 0,
        budget=int(budget) if budget.isdigit() else PROBE_BUDGET,
        open_probe=probe_id.strip("`") if asked else "",
        open_probe_text=probe_text if asked else "",
        blocker="" if blocker == "none yet" else blocker,
        gap="" if gap.startswith("none") else gap,
    )
