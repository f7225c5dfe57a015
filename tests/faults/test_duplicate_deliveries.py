"""The same note delivered over and over: redelivered under its id, and replayed under new ids, at once."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest

from tests.support.faults.run import FaultRun
from tests.support.faults.scale import scaled
from tests.support.signing import signed_headers

pytestmark = pytest.mark.e2e
PARALLEL = 8


def test_redeliveries_and_replays_make_one_commit_and_one_reply(fault_run: Callable[..., FaultRun]) -> None:
    run = fault_run()
    ledger = run.repository("duplicates")
    note = ledger.file_note()
    assert ledger.settle(60).committed == 1
    (original,) = ledger.deliveries()
    body = (run.stack.data_dir / "sandbox" / "deliveries" / f"{original['guid']}.json").read_bytes()
    redeliveries, replays = scaled(50, 200), scaled(10, 20)

    def redeliver(_: int) -> int:
        with run.stack.sandbox.client() as learner:
            return int(learner.redeliver(original["guid"])["status_code"] or 0)

    def replay(_: int) -> int:
        headers = signed_headers("github", body, run.stack.webhook_secret, str(uuid.uuid4()))
        return httpx.post(
            run.stack.webhook_url_for("github"), content=body, headers=headers, timeout=30
        ).status_code

    with ThreadPoolExecutor(PARALLEL) as pool:
        replayed = pool.map(replay, range(replays))
        redelivered = list(pool.map(redeliver, range(redeliveries)))
        replay_codes = list(replayed)
    assert set(redelivered) == {200}, "a redelivery under the same id is a duplicate at intake"
    ledger.extra_sent, ledger.extra_accepted = replays, sum(1 for c in replay_codes if c // 100 == 2)

    observed = ledger.settle(60)

    assert (observed.committed, observed.replied) == (1, 1)
    assert ledger.commits_per_issue()[note.number] == 1 and ledger.replies_per_issue()[note.number] == 1
    run.conclude(f"duplicates x{redeliveries} same id, x{replays} new ids", observed)
