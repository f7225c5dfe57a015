"""Override phrases are found literally; the rule agent reads forms, labels and cues."""

from __future__ import annotations

import pytest

from bot.intake.agent import Channel, LearnerInput, Significance
from bot.intake.overrides import Override, find_overrides
from bot.intake.rule_agent import RuleAgent, parse_issue_form


@pytest.mark.parametrize(
    ("text", "override"),
    [
        ("Please do not store this.", Override.DO_NOT_STORE),
        ("don't save this one", Override.DO_NOT_STORE),
        ("answer only", Override.ANSWER_ONLY),
        ("This is not for my learning record", Override.NOT_FOR_RECORD),
        ("record only, no suggestions", Override.RECORD_ONLY),
        ("preview first", Override.PREVIEW_FIRST),
        ("no review for this", Override.NO_REVIEW),
        ("undo the last update", Override.UNDO_LAST),
    ],
)
def test_override_phrases(text: str, override: Override) -> None:
    assert override in find_overrides(text).found


def test_no_override_in_plain_notes() -> None:
    found = find_overrides("I stored the formula for the area of a circle in my head.")
    assert found.found == () and found.describe() == "none"


def test_belongs_to_captures_the_subject() -> None:
    found = find_overrides("Oh, and this belongs to chemistry.")
    assert found.subject == "chemistry"


FORM = """### Subject

Mathematics

### Note

Vieta's formulas link roots and coefficients.

### Channel

Book

### Anything else?

_No response_
"""


def test_issue_form_sections() -> None:
    assert parse_issue_form(FORM) == {
        "subject": "Mathematics",
        "note": "Vieta's formulas link roots and coefficients.",
        "channel": "Book",
    }


def test_form_note_is_durable_with_declared_subject_and_channel() -> None:
    result = RuleAgent().recognize(LearnerInput(title="Vieta", body=FORM))
    assert result.significance is Significance.DURABLE
    assert result.subject == "mathematics"
    assert result.channel is Channel.BOOK
    assert result.note == "Vieta's formulas link roots and coefficients."


def test_subject_label() -> None:
    result = RuleAgent().recognize(
        LearnerInput(
            title="x", body="I learned Ohm's law", labels=("subject:Physics",), known_subjects=("maths",)
        )
    )
    assert result.subject == "physics"
