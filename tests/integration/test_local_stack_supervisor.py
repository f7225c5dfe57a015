"""The local stack restarts a worker that exits on its own, as a supervisor would; a stopped one stays."""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Callable
from pathlib import Path

from evals.local_stack import RESTART_AFTER, start_local_stack


def wait_until(condition: Callable[[], bool], timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "not within the timeout"
        time.sleep(0.1)


def test_a_worker_that_dies_is_started_again_and_a_stopped_one_stays_stopped(
    tmp_path: Path, redis_url: str
) -> None:
    with start_local_stack(tmp_path, redis_url=redis_url, with_rag_worker=False) as stack:
        first = stack.worker
        os.kill(first.pid, signal.SIGKILL)
        wait_until(
            lambda: stack.worker is not first and stack.worker.poll() is None, timeout=RESTART_AFTER + 10
        )
        assert stack.worker_restarts == 1
        stack.stop_worker()  # an outage the test asked for: no restart
        time.sleep(RESTART_AFTER * 3)
        assert stack.worker.poll() is not None and stack.worker_restarts == 1
        stack.start_worker()
        assert stack.worker.poll() is None
