"""The repository lease: a SIGKILLed holder frees the repository in seconds, a live one keeps it, a lapsed
one may not push (the fencing check)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import redis

from tests.support.learner import REPO
from workers.repo_lock import LEASE_SECONDS, LOCK, RetryLater, repository_lock

ROOT = Path(__file__).resolve().parents[2]
HOLD_FOREVER = """
import sys, time, redis
from tests.support.learner import REPO
from workers.repo_lock import repository_lock
with repository_lock(redis.Redis.from_url(sys.argv[1]), REPO, timeout=600):
    print("held", flush=True)
    time.sleep(3600)
"""


def test_a_killed_holder_frees_the_repository_within_the_lease(redis_url: str) -> None:
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD_FOREVER, redis_url], cwd=ROOT, stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        time.sleep(LEASE_SECONDS + 1)  # renewed meanwhile: still held by a live process
        with (
            pytest.raises(RetryLater),
            repository_lock(redis.Redis.from_url(redis_url), REPO, timeout=60, wait=0.1),
        ):
            pass
        os.kill(holder.pid, signal.SIGKILL)  # no finally, no release
        holder.wait(timeout=10)
        killed_at = time.monotonic()
        with repository_lock(redis.Redis.from_url(redis_url), REPO, timeout=60, wait=LEASE_SECONDS + 5):
            freed_after = time.monotonic() - killed_at
    finally:
        if holder.poll() is None:
            holder.kill()
            holder.wait()
    assert freed_after <= LEASE_SECONDS + 1


def test_a_lapsed_lease_may_not_push(redis_url: str) -> None:
    client = redis.Redis.from_url(redis_url)
    with repository_lock(client, REPO, timeout=60) as lease:
        lease.ensure_held()  # held: no error
        client.delete(LOCK.format(repo=REPO.slug))  # the lease lapsed (a pause longer than it) ...
        other = repository_lock(client, REPO, timeout=60, wait=0.1)  # ... and another writer took it
        with other, pytest.raises(RetryLater, match="lease lapsed"):
            lease.ensure_held()


def test_a_holder_stops_renewing_after_its_longest_hold(redis_url: str) -> None:
    client = redis.Redis.from_url(redis_url)
    with repository_lock(client, REPO, timeout=1, lease=1.5):
        time.sleep(3.5)  # a hung job: renewal stopped after 1 s, the 1.5 s lease ran out
        with repository_lock(client, REPO, timeout=60, wait=0.1):
            pass
