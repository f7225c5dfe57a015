"""Maintenance's synthesis: a gap with two distinct observations and no model gets one, once."""

from __future__ import annotations

from datetime import date

from bot.automation.pattern_synthesis import synthesis_writes
from bot.records.codec import read_header, section
from bot.snapshot import OverlaySnapshot
from tests.support.learner import learner_repo
from tests.support.repeated_gap import EVENT_FILES, FILES, GAP_PATH, MODEL_PATH, REVIEW_PATH

DAY = date(2026, 12, 1)


def test_a_waiting_gap_gets_one_model_one_transfer_task_and_linked_events() -> None:
    snapshot = learner_repo(**FILES)
    writes = synthesis_writes(snapshot, DAY)
    assert MODEL_PATH in writes and REVIEW_PATH in writes and GAP_PATH in writes
    assert read_header(writes[REVIEW_PATH])["Purpose"].strip("`") == "transfer"
    assert (
        "model-mathematics-similar-triangles-wrong-ratio"
        in read_header(writes[GAP_PATH])["Composes with (model/review IDs)"]
    )
    first, second = (f"subjects/mathematics/events/{name}" for name in EVENT_FILES)
    assert EVENT_FILES[1] in section(writes[first], "Connections")
    assert EVENT_FILES[0] in section(writes[second], "Connections")
    assert read_header(writes[GAP_PATH])["Mastery"].strip("`") == "unknown"


def test_a_second_run_writes_nothing() -> None:
    snapshot = learner_repo(**FILES)
    after = OverlaySnapshot(snapshot, synthesis_writes(snapshot, DAY))
    assert synthesis_writes(after, DAY) == {}


def test_one_observation_is_not_synthesized() -> None:
    one_row = "\n".join(line for line in FILES[GAP_PATH].splitlines() if "2026-11-24 |" not in line) + "\n"
    assert synthesis_writes(learner_repo(**{**FILES, GAP_PATH: one_row}), DAY) == {}
