"""A scheduled occurrence's claim: short while running and renewed, so a dead worker frees it in seconds.

Before, the claim lived as long as the longest run (600 s): a due-review whose worker was SIGKILLed stayed
"running", and its redelivered message (back after the 45 s visibility timeout) gave up on it as already
claimed, so that occurrence's questions waited ten minutes or went out with a later one.
"""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass
from datetime import UTC, datetime

import pytest
import redis

from workers.scheduling.claims import CLAIM_LEASE_SECONDS, run_once

KEY = "gitlearnos:occurrence:due-review/github:github.com/alice/learning/2026-11-30"
NOW = datetime(2026, 11, 30, 6, 5, tzinfo=UTC)


@dataclass
class Ran:
    note: str


def test_a_running_claim_is_short_lived_so_a_dead_worker_frees_it_within_seconds(redis_url: str) -> None:
    client = redis.Redis.from_url(redis_url)
    seen: list[int] = []

    def run() -> Ran:
        seen.append(client.pttl(KEY))
        return Ran("done")

    assert run_once(client, KEY, lease=600, now=NOW, run=run) == Ran("done")
    (ttl,) = seen
    assert 0 < ttl <= CLAIM_LEASE_SECONDS * 1000, f"a running claim expires in {ttl} ms"
    assert json.loads(client.get(KEY) or b"{}")["note"] == "done", "the finished run is its own evidence"


def test_a_claim_whose_holder_died_lapses_and_the_occurrence_runs_again(redis_url: str) -> None:
    """The dead worker is played by a claim nobody renews (SIGKILL leaves exactly that behind)."""
    client = redis.Redis.from_url(redis_url)
    client.set(KEY, f"running since {NOW.isoformat()} (dead-worker)", px=500)
    assert run_once(client, KEY, lease=600, now=NOW, run=lambda: Ran("first"), claim_lease=0.5) is None
    time.sleep(0.7)
    again = run_once(client, KEY, lease=600, now=NOW, run=lambda: Ran("again"), claim_lease=0.5)
    assert again == Ran("again")


def test_a_live_run_keeps_its_claim_past_the_lease_and_a_duplicate_stays_out(redis_url: str) -> None:
    client = redis.Redis.from_url(redis_url)
    started, finish = threading.Event(), threading.Event()
    outcome: list[Ran | None] = []

    def slow() -> Ran:
        started.set()
        finish.wait(5)
        return Ran("slow")

    holder = threading.Thread(
        target=lambda: outcome.append(run_once(client, KEY, lease=600, now=NOW, run=slow, claim_lease=0.6))
    )
    holder.start()
    assert started.wait(5)
    time.sleep(1.5)  # well past the 0.6 s claim lease: only renewal keeps it
    duplicate = run_once(client, KEY, lease=600, now=NOW, run=lambda: Ran("twice"), claim_lease=0.6)
    finish.set()
    holder.join(5)
    assert duplicate is None and outcome == [Ran("slow")]


def test_a_failed_run_gives_back_only_its_own_claim(redis_url: str) -> None:
    client = redis.Redis.from_url(redis_url)

    def fails() -> Ran:
        raise RuntimeError("the forge was down")

    with pytest.raises(RuntimeError):
        run_once(client, KEY, lease=600, now=NOW, run=fails)
    assert client.get(KEY) is None, "a failed run can be retried at once"
