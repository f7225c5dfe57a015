"""A diagnosis's interpretation lifecycle as one transition table: state, event, next state.

The states are the protocol template's ``Interpretation lifecycle`` values the bot reaches today. Which
event moves a reading from which state to which is decided here and nowhere else, so a signal can never
jump to ``supported`` without a probe answer that passes the supported-write gate, and a contradicted
reading is ``revised`` (its falsified class kept), never silently rewritten. A teacher's verdict that names
a cause, a correction or a teaching request (the handoff's reconcile step) also leaves the reading
``revised``, never ``supported``: the teacher's words become the interpretation (``teacher-supported``) and
the earlier one goes to the gap's history. docs/diagnosis.md draws this table; a test keeps the drawing and
the table equal.
"""

from __future__ import annotations

from enum import StrEnum

from bot.errors import InvariantBroken


class State(StrEnum):
    ANOMALY = "anomaly"  # a signal, nothing asked yet
    DIAGNOSING = "diagnosing"  # a probe is open
    SUSPECTED = "suspected"  # probing stopped; the supported-write gate held
    SUPPORTED = "supported"  # both gates passed
    REVISED = "revised"  # later evidence (a falsified class, a teacher's verdict) replaced it; history kept


class Event(StrEnum):
    PROBE_ASKED = "probe asked"
    ANSWER_NARROWS = "answer narrows, classes still differ"
    STOP_GATE = "stop-probe gate passes alone"
    BOTH_GATES = "both gates pass"
    CONTRADICTED = "later evidence contradicts"
    TEACHER_VERDICT = "a teacher's verdict replaces it"


_S, _E = State, Event
TRANSITIONS: dict[State, dict[Event, State]] = {
    _S.ANOMALY: {_E.PROBE_ASKED: _S.DIAGNOSING, _E.STOP_GATE: _S.SUSPECTED, _E.TEACHER_VERDICT: _S.REVISED},
    _S.DIAGNOSING: {
        _E.ANSWER_NARROWS: _S.DIAGNOSING,
        _E.STOP_GATE: _S.SUSPECTED,
        _E.BOTH_GATES: _S.SUPPORTED,
        _E.CONTRADICTED: _S.REVISED,
        _E.TEACHER_VERDICT: _S.REVISED,
    },
    _S.SUSPECTED: {_E.CONTRADICTED: _S.REVISED, _E.BOTH_GATES: _S.SUPPORTED, _E.TEACHER_VERDICT: _S.REVISED},
    _S.SUPPORTED: {_E.CONTRADICTED: _S.REVISED, _E.TEACHER_VERDICT: _S.REVISED},
    _S.REVISED: {
        _E.PROBE_ASKED: _S.DIAGNOSING,
        _E.STOP_GATE: _S.SUSPECTED,
        _E.BOTH_GATES: _S.SUPPORTED,
        _E.TEACHER_VERDICT: _S.REVISED,
    },
}


class InvalidMove(InvariantBroken):
    """An event the table does not allow in a state: a bug, since the operations follow the gates."""


def parse_state(value: str) -> State | None:
    """The state a record states (backticks allowed), or None outside the vocabulary."""
    try:
        return State(value.strip("` "))
    except ValueError:
        return None


def move(current: State, event: Event) -> State:
    """The next state, or :class:`InvalidMove` naming both."""
    target = TRANSITIONS[current].get(event)
    if target is None:
        raise InvalidMove(f"a diagnosis in `{current}` cannot take the event `{event}`")
    return target
