"""A real ``gitlearnos beat`` process next to a running stack: the scheduler scenario 15 observes.

The shared evals stack runs without a beat, so no scenario's repository is touched by scheduled runs it
did not ask for. A scenario that needs the scheduler starts one here on the stack's Redis, for its own
duration, with a short dispatch interval, and stops it after; RedBeat releases its lock on the way out,
so the next "no scheduler" observation is true again.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import redis

from evals.harness.wire import REDBEAT_LOCK

BEAT_START_TIMEOUT_S = 30.0
STOP_TIMEOUT_S = 15.0


@contextmanager
def running_beat(redis_url: str, workdir: Path, *, dispatch_every: float = 1.0) -> Iterator[None]:
    """Start ``gitlearnos beat`` on ``redis_url``; yield once it holds RedBeat's lock (it is live)."""
    workdir.mkdir(parents=True, exist_ok=True)
    env = os.environ | {
        "REDIS_URL": redis_url,
        "GITLEARNOS_DATA_DIR": str(workdir),
        "GITLEARNOS_DISPATCH_INTERVAL_SECONDS": str(dispatch_every),
    }
    log_path = workdir / "beat.log"
    client = redis.Redis.from_url(redis_url)
    with log_path.open("ab") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "gitlearnos", "beat"], env=env, stdout=log, stderr=log
        )
        try:
            deadline = time.monotonic() + BEAT_START_TIMEOUT_S
            while not client.exists(REDBEAT_LOCK):
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"beat did not start; see {log_path}")
                time.sleep(0.1)
            yield
        finally:
            process.terminate()
            try:
                process.wait(timeout=STOP_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
            client.delete(REDBEAT_LOCK)  # a killed beat leaves its lock to expire; this one is gone now
            client.close()
