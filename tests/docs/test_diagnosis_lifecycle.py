"""The diagnosis lifecycle drawn on docs/diagnosis.md is the transition table the core follows."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.diagnose.lifecycle import TRANSITIONS, Event, InvalidMove, State, move

PAGE = Path(__file__).resolve().parents[2] / "docs" / "diagnosis.md"


def test_the_diagram_draws_every_transition_and_no_other() -> None:
    diagram = re.search(r"```mermaid\nstateDiagram-v2\n(.*?)```", PAGE.read_text(), flags=re.DOTALL)
    assert diagram is not None
    drawn = set(re.findall(r"^\s+(\w+) --> (\w+) : (.+?)\s*$", diagram.group(1), flags=re.MULTILINE))
    table = {
        (state.value, target.value, event.value)
        for state, moves in TRANSITIONS.items()
        for event, target in moves.items()
    }
    assert drawn == table


def test_supported_is_reached_only_when_both_gates_pass() -> None:
    into_supported = {
        event
        for moves in TRANSITIONS.values()
        for event, target in moves.items()
        if target is State.SUPPORTED
    }
    assert into_supported == {Event.BOTH_GATES}
    with pytest.raises(InvalidMove):
        move(State.ANOMALY, Event.BOTH_GATES)  # a signal is never supported without a probe answer
