"""Throughput of one RAG worker against two on one shared index in PostgreSQL (issue 18, item 6).

Starts its own PostgreSQL with pgvector (:mod:`rag.scratch_postgres`; the ``postgres-test`` extra),
then for each worker count (1, then 2) starts that many worker processes, each with a local folder of
its own (a machine each) and the same ``GITLEARNOS_RAG_POSTGRES_DSN``. Every worker loads the model and
ingests one warm-up document first; then the clock starts and the workers take ``--docs`` documents
from one queue, spread over ``--repos`` learner repositories, each an ``ingest`` of the adapter
(inspect the provider's state, insert, one retrieval check), the part of ``workers.rag.sync_source``
that touches the index. Git (the receipt commit) is left out: the event-worker bench measures it.

Each worker process is pinned to one CPU, so one worker is "one machine of one core" and two are two
such machines; without pinning, onnxruntime's threads in one process already use both cores of a
2-core box and the comparison says nothing about adding machines. Prints documents per second for
each count, their ratio (goal >= 1.6), the load average and each worker's peak RSS. Figures only.
"""

from __future__ import annotations

import argparse
import logging
import multiprocessing as mp
import os
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.config import LearnerConfig
from bot.rag.links import IngestDecision, Readiness, SourceLink
from bot.rag.source_link import doc_id_for, sha256
from rag import scratch_postgres
from rag.operations import RunContext, ingest, run
from rag.receipts import RunResult
from runtime.settings import Settings
from workers.rag_index import index_spec

PARAGRAPH = (
    "Note {n} about topic {t}. The learner wrote that spaced repetition strengthens memory when reviews "
    "are spread over days. Retrieval practice of item {n} beats rereading it. Interleaving topic {t} "
    "with others helps transfer, and sleep consolidates what was studied on day {n}.\n"
)


def document(n: int) -> str:
    return f"# Source {n}\n\n" + "".join(PARAGRAPH.format(n=n, t=n * 7 + i) for i in range(6))


def _ingest(dsn: str, root: Path, repo: str, n: int) -> bool:
    text, path = document(n), f"sources/s{n}.md"
    spec = index_spec(Settings(data_dir=root, rag_postgres_dsn=dsn), repo, LearnerConfig.model_validate({}))
    link = SourceLink(record_path=f"sources/s{n}.yml", source_id=f"s{n}", subject="bench", locator=path)
    digest = sha256(text)
    decision = IngestDecision(
        readiness=Readiness.INGEST, reason="bench", material_path=path,
        content_hash=digest, doc_id=doc_id_for(f"s{n}", digest),
    )  # fmt: skip
    receipt = run(ingest(spec, link, decision, text, RunContext(repository=repo, repo_revision="bench")))
    return receipt.result is RunResult.COMPLETED


class Channels(NamedTuple):
    """What the bench and its worker processes share: the job queue, results, readiness, the start."""

    jobs: Any
    done: Any
    ready: Any
    start: Any


def worker(index: int, dsn: str, channels: Channels) -> None:
    jobs, done, ready, start = channels
    logging.disable(logging.WARNING)
    os.sched_setaffinity(0, {index % (os.cpu_count() or 1)})
    root = Path(tempfile.mkdtemp(prefix=f"gitlearnos-rag-worker-{index}-"))
    _ingest(dsn, root, f"bench/warm/{index}", 100_000 + os.getpid())  # the model loads, storages open
    ready.put(index)
    start.wait()
    ok = failed = 0
    while (job := jobs.get()) is not None:
        repo, n = job
        if _ingest(dsn, root, repo, n):
            ok += 1
        else:
            failed += 1
    done.put((index, ok, failed, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024))


def measure(dsn: str, workers: int, docs: int, repos: int, offset: int) -> tuple[float, list[Any]]:
    context = mp.get_context("spawn")
    channels = Channels(context.Queue(), context.Queue(), context.Queue(), context.Event())
    jobs, done, ready, start = channels
    for n in range(docs):
        jobs.put((f"bench/learner-{n % repos}", offset + n))
    for _ in range(workers):
        jobs.put(None)
    processes = [context.Process(target=worker, args=(i, dsn, channels)) for i in range(workers)]
    for process in processes:
        process.start()
    for _ in range(workers):
        ready.get(timeout=600)
    began = time.perf_counter()
    start.set()
    results = [done.get(timeout=1800) for _ in range(workers)]
    elapsed = time.perf_counter() - began
    for process in processes:
        process.join(timeout=60)
    return elapsed, results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--docs", type=int, default=12, help="documents ingested per worker count")
    parser.add_argument("--repos", type=int, default=4, help="learner repositories they belong to")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds of 1 and 2 workers")
    args = parser.parse_args()
    server = scratch_postgres.start()
    try:
        # Interleaved rounds (1, 2, 1, 2, ...): the machine's load drifts, and the first round also pays
        # for creating the tables and each repository's first rows; every round uses new documents.
        rates: dict[int, list[float]] = {1: [], 2: []}
        for round_ in range(args.rounds):
            for count in (1, 2):
                offset = (round_ * 2 + count) * 1000
                elapsed, results = measure(server.dsn, count, args.docs, args.repos, offset=offset)
                failed = sum(r[2] for r in results)
                rates[count].append(args.docs / elapsed)
                rss = ", ".join(f"worker {r[0] + 1} {r[3]:.0f} MB" for r in sorted(results))
                print(
                    f"round {round_ + 1}, {count} RAG worker(s): {args.docs} documents in {elapsed:.1f} s = "
                    f"{rates[count][-1]:.2f} docs/s ({failed} failed); peak RSS {rss}",
                    flush=True,
                )
        ratios = [two / one for one, two in zip(rates[1], rates[2], strict=True)]
        print(
            f"ratio 2 workers / 1 worker per round: {', '.join(f'{r:.2f}' for r in ratios)}; "
            f"median {statistics.median(ratios):.2f} (goal >= 1.6)"
        )
        load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
        print(f"load average (1, 5, 15 min): {load}; cpus {os.cpu_count()}")
    finally:
        server.stop()


if __name__ == "__main__":
    main()
