"""The scheduler's sweep over many registered repositories with nothing due: time, and no clone or fetch.

Registers ``--repos`` repositories (default 10,000) in Redis as the event worker does, each with a
synced mirror holding the demo's ``gitlearnos.yml`` (hard links to one seed clone, so building them is
quick), claims every latest maintenance and due-review occurrence (they already ran), then times
:func:`workers.scheduling.dispatch.dispatch_due` over all of them, twice: the first sweep of a worker
process and a second one (what every later beat tick costs). Every clone URL names an unreachable
host, and the bench checks afterwards that no mirror was fetched into (``FETCH_HEAD``) and none was
added. Prints both sweeps' time, per-repository cost, what was dispatched (goal: nothing) and the
process's peak resident memory. Goal: ≤ 60 s. Figures only.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import redis

from bench.common import peak_rss_mb, scratch_with_redis
from bot.intake.events import Forge, RepoRef
from bot.intake.rule_agent import RuleAgent
from evals.demo import LEARNER_FILES
from runtime.settings import Settings
from workers.celery_app import create_celery
from workers.git_workspace import mirror_path
from workers.repo_registry import RegisteredRepo
from workers.runtime import ForgeClients, WorkerRuntime
from workers.scheduling.claims import claim_key
from workers.scheduling.dispatch import (
    SCHEDULED_JOBS,
    dispatch_due,
    due_now,
    learner_automation,
    local_wall_clock,
)
from workers.state_keys import REPOS

CONFIG = "gitlearnos.yml"
UNREACHABLE = "https://unreachable.invalid"


def seed_mirror(path: Path) -> None:
    """A mirror as a sync leaves it: the config committed, ``origin/main`` at that commit, packed."""
    subprocess.run(["git", "init", "-q", "-b", "main", "--template=", str(path)], check=True)
    (path / CONFIG).write_text(LEARNER_FILES[CONFIG])
    run = ("git", "-C", str(path))
    subprocess.run([*run, "add", CONFIG], check=True)
    subprocess.run([*run, "-c", "user.name=a", "-c", "user.email=a@b", "commit", "-qm", "Start"], check=True)
    subprocess.run([*run, "update-ref", "refs/remotes/origin/main", "HEAD"], check=True)
    subprocess.run([*run, "gc", "-q"], check=True)


def build(runtime: WorkerRuntime, root: Path, count: int, now: datetime) -> list[Path]:
    """``count`` registered repositories with mirrors, every latest occurrence already claimed."""
    seed = root / "seed"
    seed_mirror(seed)
    mirrors, pipe = [], runtime.redis.pipeline(transaction=False)
    for index in range(count):
        name = f"learner{index:05d}/learning"
        repo = RepoRef(
            forge=Forge.GITHUB, host="github.com", full_name=name, clone_url=f"{UNREACHABLE}/{name}"
        )
        path = mirror_path(runtime.settings.mirrors_dir, repo)
        path.parent.mkdir(parents=True, exist_ok=True)
        shutil.copytree(seed, path, copy_function=os.link)
        mirrors.append(path)
        pipe.hset(REPOS, repo.slug, RegisteredRepo(repo=repo).model_dump_json())
        if index == 0:
            automation = learner_automation(runtime.settings, repo)
            assert automation is not None
            local_now = local_wall_clock(now, automation.time_zone)
            assert local_now is not None
            occurrences = {
                job: due_now(runtime, repo.slug, automation, local_now, job) for job in SCHEDULED_JOBS
            }
        for job, due in occurrences.items():
            if due is not None:
                pipe.set(claim_key(job, repo.slug, due[0]), '{"outcome": "skipped"}')
        if index % 1000 == 999:
            pipe.execute()
    pipe.execute()
    return mirrors


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--repos", type=int, default=10_000, help="registered repositories (default 10,000)")
    args = parser.parse_args()
    with scratch_with_redis("sweep") as (root, redis_url):
        settings = Settings(data_dir=root / "bot")
        runtime = WorkerRuntime(
            settings=settings, redis=redis.Redis.from_url(redis_url), agent=RuleAgent(),
            clients=ForgeClients(settings),
        )  # fmt: skip
        app = create_celery(settings, redis_url)
        now = datetime.now(UTC)
        started = time.perf_counter()
        mirrors = build(runtime, root, args.repos, now)
        built = time.perf_counter() - started
        print(f"built {len(mirrors)} registered repositories with mirrors in {built:.1f} s")
        for sweep in ("first sweep", "second sweep"):
            started = time.perf_counter()
            dispatched = dispatch_due(runtime, app, now=now, jobs=tuple(SCHEDULED_JOBS))
            elapsed = time.perf_counter() - started
            print(
                f"{sweep}: {elapsed:.1f} s for {len(mirrors)} repositories "
                f"({elapsed / len(mirrors) * 1000:.2f} ms each; goal <= 60 s), dispatched {len(dispatched)}"
            )
        fetched = sum((path / ".git" / "FETCH_HEAD").exists() for path in mirrors)
        added = sum(1 for _ in settings.mirrors_dir.glob("*/*/*/*")) - len(mirrors)
        print(f"mirrors fetched into: {fetched}; mirrors added (clones): {added}")
        rss = peak_rss_mb(os.getpid())
        print(f"peak RSS of this process: {rss or 0:.0f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
