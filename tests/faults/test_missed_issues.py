"""A note whose webhook the intake refused (Redis was down) is organized by the next maintenance run.

GitHub never redelivers a refused delivery, so without this the note would be lost for good.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest

from tests.support.faults.ledger import Ledger
from tests.support.faults.maintenance_run import run_maintenance_now
from tests.support.faults.run import FaultRun

pytestmark = pytest.mark.e2e


def wait_for_deliveries(ledger: Ledger, count: int, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while len(ledger.deliveries()) < count:
        assert time.monotonic() < deadline, f"the sandbox did not record {count} deliveries"
        time.sleep(0.2)


@pytest.mark.parametrize("forge", ["github", "gitlab", "gitea"])
def test_an_issue_refused_during_a_redis_outage_is_organized_by_the_next_maintenance(
    fault_run: Callable[..., FaultRun], forge: str
) -> None:
    run = fault_run()
    ledger = run.repository(f"missed-{forge}", forge=forge)
    ledger.file_note()  # the bot now serves this repository
    assert ledger.settle(60).lost == 0
    run.redis.stop()
    missed = ledger.file_note()
    wait_for_deliveries(ledger, 2)
    run.redis.start()
    assert missed.number not in ledger.accepted_numbers(), "the intake could not accept it without Redis"
    assert ledger.commits_per_issue()[missed.number] == 0

    result = run_maintenance_now(run.stack, ledger.repo)

    assert result["caught_up"] == 1, result
    observed = ledger.observe()
    assert ledger.commits_per_issue()[missed.number] == 1
    assert ledger.replies_per_issue()[missed.number] == 1
    again = run_maintenance_now(run.stack, ledger.repo)
    assert again["caught_up"] == 0, "the caught-up issue is recognized as applied"
    run.conclude(f"refused issue, next maintenance ({forge})", observed)
