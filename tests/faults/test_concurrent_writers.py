"""Many notes at once on one repository, with two workers and with the learner pushing meanwhile.

Two worker processes take notes of the same repository in parallel; the learner keeps pushing their
own commits while the bot works. The bot never force-pushes and merges nothing: history stays linear,
every note lands once, and every learner commit is kept.
"""

from __future__ import annotations

import subprocess
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import pytest

from evals.sandbox.client import SandboxClientError
from tests.support.faults.run import FaultRun
from tests.support.faults.scale import scaled

pytestmark = pytest.mark.e2e
AT_ONCE = scaled(12, 40)
PUSHES = scaled(5, 10)
PARALLEL = 8
PUSH_ATTEMPTS = 10


@pytest.mark.timeout(480)
def test_notes_in_many_issues_at_once_with_two_workers_keep_history_linear(
    fault_run: Callable[..., FaultRun],
) -> None:
    run = fault_run(worker_concurrency=2)
    ledger = run.repository("at-once", seed=4)

    with ThreadPoolExecutor(PARALLEL) as pool:
        list(pool.map(lambda _: ledger.file_note(), range(AT_ONCE)))
    observed = ledger.settle(300)

    merges = ledger.git("rev-list", "--merges", "main").split()
    run.conclude(f"{AT_ONCE} notes in {AT_ONCE} issues at once, 2 workers", observed, f"{len(merges)} merges")
    assert merges == [], "history is linear"
    assert observed.committed == AT_ONCE


@pytest.mark.timeout(420)
def test_learner_pushes_during_processing_are_all_kept(fault_run: Callable[..., FaultRun]) -> None:
    run = fault_run()
    ledger = run.repository("learner-pushes", seed=5)
    pushed: dict[str, str] = {}

    raced = 0

    def push_meanwhile() -> None:
        """Push as a person does: when the bot pushed first, start again from the new head."""
        nonlocal raced
        with run.stack.sandbox.client() as learner:
            for index in range(PUSHES):
                path = f"notes/learner-{index}.md"
                for _ in range(PUSH_ATTEMPTS):
                    try:
                        pushed[path] = learner.push_file(
                            ledger.repo, path, f"mine {index}\n".encode(), f"Note {index}"
                        )
                        break
                    except SandboxClientError:
                        raced += 1  # rejected as non-fast-forward: the bot's commit landed first
                time.sleep(0.5)

    pusher = threading.Thread(target=push_meanwhile)
    pusher.start()
    for _ in range(PUSHES):
        ledger.file_note()
        time.sleep(0.3)
    pusher.join()
    observed = ledger.settle(180)

    missing = [sha for sha in pushed.values() if not _is_ancestor(ledger.git, sha)]
    files = set(ledger.git("ls-tree", "-r", "--name-only", "main").split())
    note = f"{len(pushed)} learner pushes ({raced} raced the bot), {len(missing)} learner commits missing"
    run.conclude(f"{PUSHES} notes, learner pushes x{PUSHES} meanwhile", observed, note)
    assert len(pushed) == PUSHES and not missing, note
    assert set(pushed) <= files
    assert ledger.git("rev-list", "--merges", "main").split() == []


def _is_ancestor(git: Callable[..., str], sha: str) -> bool:
    try:
        git("merge-base", "--is-ancestor", sha, "main")
    except subprocess.CalledProcessError:  # git exits 1 for "not an ancestor"
        return False
    return True
