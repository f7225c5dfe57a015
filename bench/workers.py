"""Throughput of one event worker process against two, each repository's notes in a burst.

For each worker count (1, then 2 pool processes of one Celery worker, a stack of its own each) two
learner repositories are created, the mirrors warmed with one note each, then ``--notes`` notes are
opened on each repository at once and the bench waits for every receipt and commit. Throughput is
notes per second from the first issue opened to the last receipt; a repository's notes serialize on
its lock, so two repositories are what two workers can share. Prints both throughputs, their ratio
(goal ≥ 1.8), the machine's load and the workers' memory (RSS, PSS, USS).

It also prints, per note, the CPU seconds each process spent during the burst: every pool process
(its own Python, and the git subprocesses it ran), the worker's main process, the web process, Redis
and the bench process (the sandbox forge's threads, the git http-backend it runs, and this bench's
poller). Two workers can reach at most ``cores / total CPU per note`` notes per second; the bench prints
that ceiling and its ratio to one worker's throughput, so a ratio below 1.8 says whether the cores (ours
and the forge's CPU) or something else (locks, prefetch, waiting) limit it. Figures only: on a 2-core
machine the sandbox forge and the web process compete with the workers for the same cores.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter
from pathlib import Path

import redis

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.common import cpu_seconds, memory_report, redis_pid, scratch_with_redis
from bench.end_to_end import TIMEOUT_SECONDS, bot_commit_count, distinct_note, file_note_and_wait
from evals.demo import LEARNER_FILES
from evals.local_stack import LocalStack, start_local_stack
from evals.sandbox.store import BOT_LOGIN
from workers.state_keys import LOCK

REPOSITORIES = ("alice/one", "alice/two")
POLL_SECONDS = 0.05


def burst(stack: LocalStack, notes: int, redis_url: str) -> tuple[float, Counter[int]]:
    """Open ``notes`` notes on every repository at once; seconds until all are committed and answered,
    and how many poll samples saw 0, 1 or 2 repository locks held (2: both repositories worked on).

    The poll asks for the comments of each repository's oldest unanswered note only (and the next as soon
    as one is answered): asking for every waiting note each 50 ms cost the forge more CPU than a note."""
    before = {repository: bot_commit_count(stack, repository) for repository in REPOSITORIES}
    locks = LOCK.format(repo="*")
    held: Counter[int] = Counter()
    client = redis.Redis.from_url(redis_url)
    with stack.sandbox.client() as learner:
        started = time.perf_counter()
        queued: dict[str, list[int]] = {repository: [] for repository in REPOSITORIES}
        for index in range(1, notes + 1):
            for repository in REPOSITORIES:
                issue = learner.open_issue(repository, title="Note", body=distinct_note(index))
                queued[repository].append(int(issue["number"]))
        deadline = started + TIMEOUT_SECONDS * notes
        while any(queued.values()) and time.perf_counter() < deadline:
            time.sleep(POLL_SECONDS)
            held[min(2, len(client.keys(locks)))] += 1
            for repository, numbers in queued.items():
                while numbers and any(
                    c["user"]["login"] == BOT_LOGIN for c in learner.comments(repository, numbers[0])
                ):
                    numbers.pop(0)
        elapsed = time.perf_counter() - started
        # Notes answered out of order are found now: every note must have its receipt.
        waiting = {
            (repository, number)
            for repository, numbers in queued.items()
            for number in numbers
            if not any(c["user"]["login"] == BOT_LOGIN for c in learner.comments(repository, number))
        }
    client.close()
    if waiting:
        raise RuntimeError(f"{len(waiting)} notes were not answered in time; logs: {stack.logs_dir}")
    for repository in REPOSITORIES:
        made = bot_commit_count(stack, repository) - before[repository]
        if made != notes:
            raise RuntimeError(f"{repository}: {made} commits for {notes} notes; logs: {stack.logs_dir}")
    return elapsed, held


def cpu_by_process(stack: LocalStack, redis: int | None) -> dict[str, float]:
    """CPU seconds so far of every process that serves a note, by role."""
    found: dict[str, float] = {}
    children = Path(f"/proc/{stack.worker.pid}/task/{stack.worker.pid}/children").read_text().split()
    for index, child in enumerate(sorted(map(int, children))):
        own, git = cpu_seconds(child)
        found[f"pool {index + 1} python"], found[f"pool {index + 1} git"] = own, git
    found["worker main"] = sum(cpu_seconds(stack.worker.pid))
    found["web"] = sum(cpu_seconds(stack.web.pid))
    if redis is not None:
        found["redis"] = sum(cpu_seconds(redis))
    times = os.times()
    found["bench: sandbox forge + poller"] = times.user + times.system
    found["bench: git http-backend"] = (
        times.children_user
        + times.children_system
        - sum(cpu_seconds(p)[0] + cpu_seconds(p)[1] for p in (stack.worker.pid, stack.web.pid))
    )
    return found


def run(workers: int, notes: int) -> tuple[float, str, dict[str, float], Counter[int]]:
    """Notes per second with ``workers`` pool processes, their memory, and CPU seconds per note by role."""
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
        redis = redis_pid(redis_url)
        before = cpu_by_process(stack, redis)
        elapsed, held = burst(stack, notes, redis_url)
        after = cpu_by_process(stack, redis)
        memory = memory_report("worker memory", stack.worker.pid)
    total = len(REPOSITORIES) * notes
    per_note = {role: (after[role] - before.get(role, 0.0)) / total for role in after}
    return total / elapsed, memory, per_note, held


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--notes", type=int, default=15, help="notes per repository in the burst (default 15)"
    )
    args = parser.parse_args()
    results = {}
    cores = os.cpu_count() or 1
    for workers in (1, 2):
        load = os.getloadavg()
        rate, memory, per_note, held = run(workers, args.notes)
        results[workers] = rate
        cpu = sum(per_note.values())
        print(
            f"{workers} worker process(es): {rate:.2f} notes/s over {2 * args.notes} notes "
            f"(load before {load[0]:.2f} {load[1]:.2f} {load[2]:.2f})"
        )
        print(f"  {memory}")
        samples = sum(held.values()) or 1
        print(
            "  repository locks held (share of poll samples): "
            + ", ".join(f"{count} {100 * held[count] / samples:.0f}%" for count in (0, 1, 2))
        )
        print("  CPU ms per note: " + ", ".join(f"{role} {1000 * s:.0f}" for role, s in per_note.items()))
        ours = sum(s for role, s in per_note.items() if role.startswith(("pool", "worker", "web", "redis")))
        print(
            f"  total {1000 * cpu:.0f} ms per note (ours {1000 * ours:.0f}, "
            f"bench/sandbox {1000 * (cpu - ours):.0f});"
            f" {cores} cores allow at most {cores / cpu:.2f} notes/s; cores busy {rate * cpu:.2f} of {cores}"
        )
    ceiling = cores / sum(per_note.values())
    print(
        f"throughput 2 / 1 = {results[2] / results[1]:.2f}x (goal >= 1.80x) on {cores} cores; "
        f"the CPU per note of the 2-worker run caps it at {ceiling / results[1]:.2f}x"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
