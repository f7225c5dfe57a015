"""Redis (append-only) restarted twice mid-stream while the worker is busy with notes.

No delivery the intake accepted may end without its commit and reply; the worker must be alive
afterwards, or have exited non-zero so a supervisor restarts it (exit 0 looks like a clean stop to
``Restart=on-failure``); and every delivery refused meanwhile is caught up by the next maintenance.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

import pytest

from tests.support.faults.maintenance_run import run_maintenance_now
from tests.support.faults.run import FaultRun
from tests.support.faults.scale import scaled
from tests.support.worker_kills import restart_worker, worker_exit

pytestmark = pytest.mark.e2e
NOTES = scaled(12, 30)
RESTARTS = 2
DOWN_FOR = 2.0
NOTE_INTERVAL = 0.4


@pytest.mark.timeout(420)
def test_redis_restarts_under_a_busy_worker_lose_no_note(fault_run: Callable[..., FaultRun]) -> None:
    run = fault_run()
    ledger = run.repository("redis-restarts", seed=3)
    ledger.file_note()
    assert ledger.settle(60).lost == 0, "the first note registers the repository for maintenance"

    def restart_twice() -> None:
        for _ in range(RESTARTS):
            time.sleep(NOTES * NOTE_INTERVAL / (RESTARTS + 1))
            run.redis.restart(DOWN_FOR)

    restarter = threading.Thread(target=restart_twice)
    restarter.start()
    while len(ledger.notes) < NOTES:
        ledger.file_note()
        time.sleep(NOTE_INTERVAL)
    restarter.join()

    exit_code = worker_exit(run.stack)
    if exit_code is not None:
        restart_worker(run.stack)  # a supervisor's job, but only Restart=always restarts after exit 0
    accepted = ledger.accepted_numbers()
    before = ledger.settle(120, must_apply=accepted)
    refused = len(ledger.notes) - len(accepted)
    maintenance = run_maintenance_now(run.stack, ledger.repo)
    observed = ledger.settle(60)

    worker = "alive" if exit_code is None else f"exited with code {exit_code}"
    note = (
        f"worker {worker}; {refused} refused; before maintenance {before.lost} accepted lost, "
        f"{before.pending} pending; maintenance caught up {maintenance['caught_up']}"
    )
    run.conclude(f"Redis restarted x{RESTARTS} mid-stream", observed, note)
    assert before.lost == 0, f"an accepted delivery has no commit or reply: {note}"
    assert exit_code is None or exit_code != 0, f"the worker stopped with exit code 0: {note}"
