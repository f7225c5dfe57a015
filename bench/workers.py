"""Throughput of one event worker process against two, each repository's notes in a burst.

For each worker count (1, then 2 pool processes of one Celery worker, a stack of its own each) two
learner repositories are created, the mirrors warmed with one note each, then ``--notes`` notes are
opened on each repository at once and the bench waits for every receipt and commit. Throughput is
notes per second from the first issue opened to the last receipt; a repository's notes serialize on
its lock, so two repositories are what two workers can share. Prints both throughputs, their ratio
(goal ≥ 1.8), the machine's load and the workers' peak resident memory. Figures only: on a 2-core
machine the sandbox forge and the web process compete with the workers for the same cores.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.common import process_tree_peak_rss_mb, scratch_with_redis
from bench.end_to_end import TIMEOUT_SECONDS, bot_commit_count, distinct_note, file_note_and_wait
from evals.demo import LEARNER_FILES
from evals.local_stack import LocalStack, start_local_stack
from evals.sandbox.store import BOT_LOGIN

REPOSITORIES = ("alice/one", "alice/two")
POLL_SECONDS = 0.05


def burst(stack: LocalStack, notes: int) -> float:
    """Open ``notes`` notes on every repository at once; seconds until all are committed and answered."""
    before = {repository: bot_commit_count(stack, repository) for repository in REPOSITORIES}
    with stack.sandbox.client() as learner:
        started = time.perf_counter()
        waiting = {
            (
                repository,
                int(learner.open_issue(repository, title="Note", body=distinct_note(index))["number"]),
            )
            for index in range(1, notes + 1)
            for repository in REPOSITORIES
        }
        deadline = started + TIMEOUT_SECONDS * notes
        while waiting and time.perf_counter() < deadline:
            time.sleep(POLL_SECONDS)
            waiting = {
                (repository, number)
                for repository, number in waiting
                if not any(c["user"]["login"] == BOT_LOGIN for c in learner.comments(repository, number))
            }
        elapsed = time.perf_counter() - started
    if waiting:
        raise RuntimeError(f"{len(waiting)} notes were not answered in time; logs: {stack.logs_dir}")
    for repository in REPOSITORIES:
        made = bot_commit_count(stack, repository) - before[repository]
        if made != notes:
            raise RuntimeError(f"{repository}: {made} commits for {notes} notes; logs: {stack.logs_dir}")
    return elapsed


def run(workers: int, notes: int) -> tuple[float, float]:
    """Notes per second with ``workers`` pool processes, and their peak resident memory (MB)."""
    with (
        scratch_with_redis("workers") as (root, redis_url),
        start_local_stack(
            root, redis_url=redis_url, worker_concurrency=workers, with_rag_worker=False
        ) as stack,
    ):
        with stack.sandbox.client() as learner:
            for repository in REPOSITORIES:
                learner.create_repository(repository, private=True, files=LEARNER_FILES)
                learner.add_hook(repository, url=stack.webhook_url, secret=stack.webhook_secret)
        for repository in REPOSITORIES:  # warm: each pool process may clone, so both repositories once
            file_note_and_wait(stack, 0, 0, repository)
        elapsed = burst(stack, notes)
        rss = process_tree_peak_rss_mb(stack.worker.pid) or 0.0
    return len(REPOSITORIES) * notes / elapsed, rss


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--notes", type=int, default=15, help="notes per repository in the burst (default 15)"
    )
    args = parser.parse_args()
    results = {}
    for workers in (1, 2):
        load = os.getloadavg()[0]
        results[workers] = run(workers, args.notes)
        rate, rss = results[workers]
        print(
            f"{workers} worker process(es): {rate:.2f} notes/s over {2 * args.notes} notes "
            f"(load before {load:.2f}); worker peak RSS (main + pool) {rss:.0f} MB"
        )
    print(
        f"throughput 2 / 1 = {results[2][0] / results[1][0]:.2f}x (goal >= 1.80x) on {os.cpu_count()} cores"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
