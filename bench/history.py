"""Per-note cost against a learner's history: 10 commits, 10,000 commits, 10,000 commits + 5,000 records.

One local stack (sandbox forge over smart HTTP, web, one Celery worker) serves three learner
repositories, built before the first note with ``git fast-import`` straight into the sandbox's bare
repositories:

- ``alice/short``: the demo files and 9 more commits;
- ``alice/deep``: 10,000 commits (each a bot-style commit with a ``GitLearnOS-Event`` trailer), few records;
- ``alice/full``: 10,000 commits, 5,000 of which each add one event record.

Notes are filed round-robin across the three, so all see the same load, and each note's time is
measured as in :mod:`bench.end_to_end` (webhook in → commit pushed and receipt posted). Prints p50/p99
per repository, the ratios of the deep and full repositories' p50 to the short one's (goal ≤ 1.3) and
the worker's peak resident memory (goal ≤ 300 MB). Figures only.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from datetime import date
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.common import memory_report, percentile, process_tree_peak_rss_mb, scratch_with_redis, summary
from bench.end_to_end import bare_repository, bot_commit_count, file_note_and_wait
from bot.intake.agent import Channel
from bot.records.files import EventRecord
from evals.demo import LEARNER_FILES
from evals.local_stack import start_local_stack
from workers.git_checkout import BOT_EMAIL, BOT_NAME

SHAPES = {"alice/short": (9, 0), "alice/deep": (10_000, 0), "alice/full": (10_000, 5_000)}
SUBJECT = "mathematics"


def synthetic_record(index: int) -> tuple[str, str]:
    """An event record as the bot writes it, on a topic no benchmark note shares."""
    name = f"2026-01-{1 + index % 28:02d}-archived-topic-{index}"
    record = EventRecord(
        record_id=f"event-{name}",
        path=f"subjects/{SUBJECT}/events/{name}.md",
        title=f"Archived topic {index}",
        day=date(2026, 1, 1 + index % 28),
        subject=SUBJECT,
        channel=Channel.CLASS,
        goal_link=f"subjects/{SUBJECT}/goals/main-goal.md",
        source_locator=f"github issue #{index} in alice/full",
        content_hash=f"sha256:{index:064x}",
        note=f"In class I learned archived fact {index} about topic{index}a and topic{index}b.",
        privacy_limit="private learner repository; stored because the learner filed it as a learning note",
    )
    return record.path, record.render()


def fast_import_stream(commits: int, records: int) -> bytes:
    """``commits`` commits on top of ``main``; the first ``records`` each add one event record."""
    out: list[bytes] = []
    for index in range(commits):
        if index < records:
            path, text = synthetic_record(index)
        else:
            path, text = "notes/progress.md", f"progress entry {index}\n"
        data = text.encode()
        message = f"Record note {index}\n\nGitLearnOS-Event: github:bench-{index}\n".encode()
        out += [
            b"commit refs/heads/main\n",
            f"committer {BOT_NAME} <{BOT_EMAIL}> {1_760_000_000 + index} +0000\n".encode(),
            b"data %d\n%s\n" % (len(message), message),
        ]
        if index == 0:
            out.append(b"from refs/heads/main^0\n")
        out.append(b"M 100644 inline %s\ndata %d\n%s\n" % (path.encode(), len(data), data))
    return b"".join(out)


def build_history(bare: Path, commits: int, records: int) -> None:
    stream = fast_import_stream(commits, records)
    subprocess.run(["git", "--git-dir", str(bare), "fast-import", "--quiet"], input=stream, check=True)
    subprocess.run(["git", "--git-dir", str(bare), "gc", "--quiet"], check=True)


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--notes", type=int, default=20, help="notes per repository (default 20)")
    args = parser.parse_args()
    with (
        scratch_with_redis("history") as (root, redis_url),
        start_local_stack(root, redis_url=redis_url, with_rag_worker=False) as stack,
    ):
        with stack.sandbox.client() as learner:
            for repository, (commits, records) in SHAPES.items():
                learner.create_repository(repository, private=True, files=LEARNER_FILES)
                build_history(bare_repository(stack, repository), commits, records)
                learner.add_hook(repository, url=stack.webhook_url, secret=stack.webhook_secret)
        samples: dict[str, list[float]] = {repository: [] for repository in SHAPES}
        for index in range(args.notes + 1):  # the first round warms each mirror (the clone)
            for repository, taken in samples.items():
                before = bot_commit_count(stack, repository)
                elapsed = file_note_and_wait(stack, index, before, repository)
                if index:
                    taken.append(elapsed)
        for repository, (commits, records) in SHAPES.items():
            label = f"{repository}: {commits + 1} commits, {records} records, per note"
            print(summary(label, samples[repository]))
        short = percentile(samples["alice/short"], 0.5)
        for repository in ("alice/deep", "alice/full"):
            ratio = percentile(samples[repository], 0.5) / short
            print(f"p50 {repository} / alice/short = {ratio:.2f} (goal <= 1.30)")
        worker = process_tree_peak_rss_mb(stack.worker.pid)
        print(f"worker peak RSS (main + pool): {worker or 0:.0f} MB (goal <= 300 MB)")
        print(memory_report("worker now (goal <= 300 MB)", stack.worker.pid))
        print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
