"""The worker SIGKILLed again and again at random moments while notes keep coming.

After each kill the worker is started again at once, as a supervisor would. Every note must end as
exactly one record, one commit and one reply with nothing left pending; after each kill the
repository makes progress within 30 s (the next note is committed), and every note of the run is in
within 2 minutes of the last kill.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

import pytest

from tests.support.faults.run import FaultRun
from tests.support.faults.scale import scaled
from tests.support.worker_kills import kill_worker, restart_worker

pytestmark = pytest.mark.e2e
NOTES, KILLS = scaled(10, 30), scaled(3, 10)
NEXT_NOTE_WITHIN = 30.0
ALL_NOTES_WITHIN = 120.0


@pytest.mark.timeout(120 + KILLS * 45 + 150)
def test_notes_survive_repeated_worker_kills(fault_run: Callable[..., FaultRun]) -> None:
    run = fault_run()
    ledger = run.repository("kills", seed=2)
    rng = random.Random(10)
    per_kill = max(1, NOTES // KILLS - 1)  # filed before each kill; one more is filed right after it
    progress: list[float | None] = []
    for _ in range(KILLS):
        for _ in range(per_kill):
            ledger.file_note()
        time.sleep(rng.uniform(0.3, 4.0))  # before, while or after the worker takes them
        kill_worker(run.stack)
        restart_worker(run.stack)
        waiting = ledger.uncommitted() | {ledger.file_note().number}
        progress.append(ledger.wait_committed(waiting, NEXT_NOTE_WITHIN))
    last_kill = time.monotonic()
    while len(ledger.notes) < NOTES:
        ledger.file_note()

    observed = ledger.settle(ALL_NOTES_WITHIN)
    all_in = time.monotonic() - last_kill

    shown = ", ".join("over 30" if p is None else f"{p:.0f}" for p in progress)
    note = f"{KILLS} kills; next commit after each kill (s): {shown}; all in {all_in:.0f} s after the last"
    run.conclude(f"{NOTES} notes, worker SIGKILLed x{KILLS}", observed, note)
    assert all(p is not None for p in progress), f"after a kill no note was committed within 30 s: {note}"
    assert all_in <= ALL_NOTES_WITHIN + 10, note  # settle's last look and grace period included
