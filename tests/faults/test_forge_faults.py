"""The forge answering a share of the bot's API and git calls with 502, or 429 with ``Retry-After``.

Real forges do this (a proxy's 502, a secondary rate limit). A call that failed may or may not have
taken effect, so retries must find what exists: each note still ends as one commit and one reply.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.support.faults.run import FaultRun
from tests.support.faults.scale import scaled

pytestmark = pytest.mark.e2e
NOTES = scaled(6, 30)
RATE = 0.05  # per call; a note's job makes 10-15 calls, so about half of first attempts fail
RETRY_AFTER = 1


@pytest.mark.timeout(600)
def test_each_note_is_applied_once_while_the_forge_fails_some_calls(
    fault_run: Callable[..., FaultRun],
) -> None:
    run = fault_run()
    ledger = run.repository("forge-faults", seed=6)
    with run.stack.sandbox.client() as learner:
        learner.inject_faults(RATE, statuses=[502, 429], retry_after=RETRY_AFTER, seed=6)
        for _ in range(NOTES):
            ledger.file_note()
        observed = ledger.settle(420)
        report = learner.faults()
        learner.inject_faults(0)

    hit = report["injected"]
    seen = report["seen"]
    note = f"injected {hit['api']} of {seen['api']} API and {hit['git']} of {seen['git']} git calls"
    run.conclude(f"{NOTES} notes, forge 502/429 on {RATE:.0%} of calls", observed, note)
    assert hit["api"] > 0 and hit["git"] > 0, f"the faults must reach both kinds of call: {note}"
