"""The mastery rule and the next-check spacing, edge by edge (protocol "Review")."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from bot.review.attempt import Independence, Result
from bot.review.mastery import AttemptEvidence, Mastery, decide_mastery
from bot.review.spacing import next_check

U, L, D = Mastery.UNKNOWN, Mastery.LEARNING, Mastery.DEMONSTRATED
YES, NO, PARTLY, UNKNOWN = Independence.YES, Independence.NO, Independence.PARTLY, Independence.UNKNOWN
CORRECT, INCORRECT, PARTIAL, NOT_ASSESSED = (
    Result.CORRECT,
    Result.INCORRECT,
    Result.PARTIAL,
    Result.NOT_ASSESSED,
)


def evidence(
    result: Result = CORRECT,
    independence: Independence = YES,
    delay: int | None = 3,
    *,
    transfer_required: bool = False,
    is_transfer: bool = False,
) -> AttemptEvidence:
    return AttemptEvidence(result, independence, delay, transfer_required, is_transfer)


@pytest.mark.parametrize(
    ("case", "attempt", "previous", "expected", "reason_part"),
    [
        ("delayed independent success", evidence(), L, D, "delayed (3 day"),
        ("same-day success", evidence(delay=0), L, L, "answered 0 day(s)"),
        ("success with support", evidence(independence=NO), U, L, "`no`"),
        ("partly independent success", evidence(independence=PARTLY), L, L, "`partly`"),
        ("independence not stated", evidence(independence=UNKNOWN), U, L, "`unknown`"),
        ("no learning date recorded", evidence(delay=None), L, L, "not recorded"),
        (
            "transfer required, not a transfer task",
            evidence(transfer_required=True),
            L,
            L,
            "requires transfer",
        ),
        (
            "transfer required and done",
            evidence(transfer_required=True, is_transfer=True),
            L,
            D,
            "with transfer",
        ),
        ("failure after demonstrated", evidence(INCORRECT), D, L, "competing"),
        ("partial after demonstrated", evidence(PARTIAL), D, L, "competing"),
        ("first failure", evidence(INCORRECT), U, L, "attempted performance"),
        ("not evaluated", evidence(NOT_ASSESSED), U, L, "not evaluated"),
        ("not evaluated keeps demonstrated", evidence(NOT_ASSESSED), D, D, "kept"),
        ("supported success keeps demonstrated", evidence(independence=NO), D, D, "kept"),
    ],
)
def test_mastery_rule(
    case: str, attempt: AttemptEvidence, previous: Mastery, expected: Mastery, reason_part: str
) -> None:
    decision = decide_mastery(attempt, previous)
    assert decision.state is expected, case
    assert reason_part in decision.reason, (case, decision.reason)


def test_only_a_failure_after_demonstrated_opens_the_conflict() -> None:
    assert decide_mastery(evidence(INCORRECT), Mastery.DEMONSTRATED).conflicts_with_demonstrated
    assert not decide_mastery(evidence(INCORRECT), Mastery.LEARNING).conflicts_with_demonstrated


def test_the_minimum_delay_is_a_setting() -> None:
    assert decide_mastery(evidence(delay=1), Mastery.LEARNING).state is Mastery.DEMONSTRATED
    assert decide_mastery(evidence(delay=1), Mastery.LEARNING, min_delay_days=2).state is Mastery.LEARNING


def test_unknown_vocabulary_reads_as_unknown_never_higher() -> None:
    assert Mastery.parse("mastered") is Mastery.UNKNOWN
    assert Mastery.parse("demonstrated") is Mastery.DEMONSTRATED


AT = datetime(2026, 11, 30, 9, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("result", "independence", "expected"),
    [
        (NOT_ASSESSED, YES, None),  # no evaluation: no evidence warrants a date
        (INCORRECT, YES, date(2026, 12, 1)),
        (PARTIAL, YES, date(2026, 12, 1)),
        (CORRECT, NO, date(2026, 12, 1)),
        (CORRECT, YES, date(2026, 12, 2)),
    ],
)
def test_next_check_only_when_evaluated_and_later_for_independent_success(
    result: Result, independence: Independence, expected: date | None
) -> None:
    checked = next_check(result, independence, AT)
    assert (checked.day if checked else None) == expected
