"""End-to-end benchmark: webhook in → commit on the remote and comment posted.

Runs the production entry points as separate processes (sandbox forge, web
under uvicorn, one Celery worker) on an embedded Redis, warms the worker's
mirror with one note, then files notes one after another and measures, for
each, the time from opening the issue (which sends the signed webhook) until
the bot's commit is on the remote and its receipt comment is posted.

Between notes it measures, in the same run and over the same transport, the
floors (:mod:`bench.floors`): the git floor (fetch + reset + add + commit +
push over smart HTTP to the sandbox) and the forge API floor (one comment
post). Prints p50/p99 of each, the ratio of the notes' p50 to the sum of the
floors' p50s, and the peak resident memory of the web and worker processes.
Figures only. Targets: p50 ≤ 2 × (git floor + API floor), p99 ≤ 1 s with a
warm mirror; web ≤ 150 MB, worker ≤ 300 MB.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.common import peak_rss_mb, percentile, process_tree_peak_rss_mb, scratch_with_redis, summary
from bench.floors import Floors
from evals.demo import LEARNER_FILES, REPOSITORY
from evals.local_stack import LocalStack, start_local_stack
from evals.sandbox.store import BOT_LOGIN

POLL_SECONDS = 0.005
TIMEOUT_SECONDS = 30.0


VOCABULARY = (
    "angle bisector ratio chord tangent radius sector area volume prism cone sphere vector matrix "
    "determinant limit derivative integral series sequence prime modulus congruence proof lemma"
).split()


def distinct_note(index: int) -> str:
    """A note that shares few words with any other, so the bot records each one instead of linking it."""
    rng = random.Random(index)
    words = " ".join(rng.sample(VOCABULARY, 8))
    unique = " ".join(f"exercise{index}{part}" for part in "abc")
    return f"Note {index}: in class I learned about {words} ({unique})."


def bare_repository(stack: LocalStack, repository: str = REPOSITORY) -> Path:
    """Where the sandbox keeps ``repository``'s bare Git repository."""
    return stack.data_dir / "sandbox" / "git" / f"{repository}.git"


def bot_commit_count(stack: LocalStack, repository: str = REPOSITORY) -> int:
    bare = bare_repository(stack, repository)
    out = subprocess.run(
        ["git", "--git-dir", str(bare), "rev-list", "--count", "--author=GitLearnOS Bot", "main"],
        check=True, capture_output=True, text=True,
    ).stdout  # fmt: skip
    return int(out.strip())


def file_note_and_wait(
    stack: LocalStack, index: int, commits_before: int, repository: str = REPOSITORY
) -> float:
    """Open a note and wait for the receipt, then check the commit is there (it is pushed first).

    Only the comments are polled, so the measuring loop costs the machine little while the bot works.
    """
    with stack.sandbox.client() as learner:
        started = time.perf_counter()
        issue = learner.open_issue(
            repository,
            title=f"Note {index}: similar triangles",
            body=distinct_note(index),
        )
        number = int(issue["number"])
        deadline = started + TIMEOUT_SECONDS
        while time.perf_counter() < deadline:
            if any(c["user"]["login"] == BOT_LOGIN for c in learner.comments(repository, number)):
                elapsed = (time.perf_counter() - started) * 1000
                if bot_commit_count(stack, repository) > commits_before:
                    return elapsed
            time.sleep(POLL_SECONDS)
    raise RuntimeError(
        f"note {index} was not processed within {TIMEOUT_SECONDS:.0f} s; logs: {stack.logs_dir}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--notes", type=int, default=30, help="notes to file after the warm-up (default 30)")
    args = parser.parse_args()
    with (
        scratch_with_redis("e2e") as (root, redis_url),
        start_local_stack(root, redis_url=redis_url) as stack,
    ):
        with stack.sandbox.client() as learner:
            learner.create_repository(REPOSITORY, private=True, files=LEARNER_FILES)
            learner.add_hook(REPOSITORY, url=stack.webhook_url, secret=stack.webhook_secret)
        floors = Floors(stack.sandbox, root)
        cold = file_note_and_wait(stack, 0, 0)
        samples, git_floor, api_floor = [], [], []
        for i in range(1, args.notes + 1):  # interleaved, so all three see the same load
            samples.append(file_note_and_wait(stack, i, i))
            git_floor.append(floors.git_ms())
            api_floor.append(floors.api_ms())
        floors.close()
        print(f"cold first note (clone + imports): {cold:.0f} ms")
        print(summary("git floor, fetch + reset + add + commit + push over smart HTTP", git_floor))
        print(summary("API floor, one comment post", api_floor))
        print(summary(f"warm notes, webhook in -> commit pushed and receipt posted ({args.notes})", samples))
        floor = percentile(git_floor, 0.5) + percentile(api_floor, 0.5)
        p50, p99 = percentile(samples, 0.5), percentile(samples, 0.99)
        print(
            f"p50 / (git floor + API floor) = {p50:.0f} / {floor:.0f} ms = {p50 / floor:.2f}x "
            "(goal <= 2.00x); "
            f"p99 {p99:.0f} ms (goal <= 1000 ms)"
        )
        web = peak_rss_mb(stack.web.pid)
        worker = process_tree_peak_rss_mb(stack.worker.pid)
        print(f"web peak RSS: {web:.0f} MB" if web is not None else "web peak RSS: n/a")
        print(f"worker peak RSS (main + pool): {worker:.0f} MB" if worker is not None else "worker RSS: n/a")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
