"""Every kind of slip a fingerprint names has a model, and its transfer task never gives its key away."""

from __future__ import annotations

import pytest

from bot.diagnose.fingerprint import CALCULATION_SLIP, SLIP_KINDS
from bot.diagnose.pattern_models import MODELS
from bot.review.built_question import shows


def test_every_kind_of_slip_has_a_model() -> None:
    assert set(MODELS) == {*SLIP_KINDS, CALCULATION_SLIP}


@pytest.mark.parametrize("slip", sorted(MODELS))
def test_the_transfer_task_hides_its_key_and_says_what_changes(slip: str) -> None:
    task = MODELS[slip].transfer
    answer = task.key.split(" (")[0]  # the key's result, before its reason
    assert not shows(answer, task.question)
    assert task.changes and task.success
