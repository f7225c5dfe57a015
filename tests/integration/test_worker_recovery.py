"""A real Celery worker (the project's app factory) against a real Redis that restarts or outlives it.

* a busy worker survives its Redis restarting (append-only, so queued and taken messages survive too)
  and finishes every task; it used to die of kombu's ``AttributeError`` and exit 0;
* an unrecoverable error exits non-zero, so ``Restart=on-failure`` and the local stack restart it;
* a SIGKILLed worker's taken message comes back within a minute (the visibility timeout was an hour);
* a job running longer than that timeout is not handed to a second worker meanwhile.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis

from tests.support.busy_worker import SLOW, build
from tests.support.restartable_redis import RestartableRedis
from tests.support.worker_kills import descendants
from workers.celery_app import VISIBILITY_TIMEOUT

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def server(tmp_path: Path) -> Iterator[RestartableRedis]:
    with RestartableRedis(tmp_path / "redis") as running:
        yield running


def start_worker(url: str, log: Path, *extra: str) -> subprocess.Popen[bytes]:
    handle = log.open("ab")
    env = os.environ | {"GITLEARNOS_DATA_DIR": str(log.parent / "data")}
    command = [sys.executable, "-m", "tests.support.busy_worker", url, *extra]
    return subprocess.Popen(command, cwd=ROOT, env=env, stdout=handle, stderr=handle)


def stop(worker: subprocess.Popen[bytes]) -> None:
    if worker.poll() is None:
        worker.terminate()
        try:
            worker.wait(timeout=20)
        except subprocess.TimeoutExpired:
            worker.kill()
            worker.wait()


def count(url: str, key: str) -> int:
    try:
        return int(redis.Redis.from_url(url).get(key) or 0)
    except redis.exceptions.ConnectionError:
        return 0


def wait_for(url: str, key: str, at_least: int, timeout: float) -> float:
    """Seconds until ``key`` counts ``at_least``; fails after ``timeout``."""
    started = time.monotonic()
    while count(url, key) < at_least:
        assert time.monotonic() - started < timeout, f"{key} < {at_least} after {timeout} s"
        time.sleep(0.2)
    return time.monotonic() - started


def send_slow(url: str, name: str, seconds: float) -> None:
    build(url).send_task(SLOW, [name, seconds], queue="events")


def test_busy_worker_survives_redis_restarts(server: RestartableRedis, tmp_path: Path) -> None:
    worker = start_worker(server.url, tmp_path / "worker.log")
    try:
        for name in ("a", "b", "c"):
            send_slow(server.url, name, 3)
        wait_for(server.url, "busy:started:a", 1, timeout=60)
        server.restart(down_for=4)  # while "a" runs and "b", "c" wait
        wait_for(server.url, "busy:started:b", 1, timeout=60)
        server.restart(down_for=1)
        for name in ("a", "b", "c"):
            wait_for(server.url, f"busy:done:{name}", 1, timeout=90)
        send_slow(server.url, "after", 0)
        wait_for(server.url, "busy:done:after", 1, timeout=60)
        assert worker.poll() is None, (tmp_path / "worker.log").read_text()[-3000:]
    finally:
        stop(worker)
    assert "Unrecoverable error" not in (tmp_path / "worker.log").read_text()


def test_task_log_lines_are_json_once(server: RestartableRedis, tmp_path: Path) -> None:
    """A task's structlog line is one JSON object, not a JSON string inside Celery's redirected stdout."""
    worker = start_worker(server.url, tmp_path / "worker.log")
    try:
        send_slow(server.url, "logged", 0)
        wait_for(server.url, "busy:done:logged", 1, timeout=60)
    finally:
        stop(worker)
    records = []
    for line in (tmp_path / "worker.log").read_text().splitlines():
        with contextlib.suppress(ValueError):
            records.append(json.loads(line))
    assert [r["task"] for r in records if r.get("event") == "busy.started"] == ["logged"]
    nested = [r for r in records if str(r.get("event", "")).lstrip().startswith("{")]
    assert nested == []


def test_unrecoverable_error_exits_non_zero(server: RestartableRedis, tmp_path: Path) -> None:
    worker = start_worker(server.url, tmp_path / "worker.log", "fail-at-start")
    try:
        code = worker.wait(timeout=60)
    finally:
        stop(worker)
    assert code != 0
    assert "Unrecoverable error" in (tmp_path / "worker.log").read_text()


def test_killed_workers_message_comes_back_within_a_minute(server: RestartableRedis, tmp_path: Path) -> None:
    first = start_worker(server.url, tmp_path / "first.log")
    second: subprocess.Popen[bytes] | None = None
    try:
        send_slow(server.url, "killed", 20)
        wait_for(server.url, "busy:started:killed", 1, timeout=60)
        for pid in [*descendants(first.pid), first.pid]:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        first.wait(timeout=10)
        second = start_worker(server.url, tmp_path / "second.log")
        back_after = wait_for(server.url, "busy:started:killed", 2, timeout=VISIBILITY_TIMEOUT + 30)
        assert back_after < 60
    finally:
        stop(first)
        if second is not None:
            stop(second)


def test_a_job_longer_than_the_visibility_timeout_is_not_redelivered(
    server: RestartableRedis, tmp_path: Path
) -> None:
    workers = [start_worker(server.url, tmp_path / f"worker-{n}.log") for n in range(2)]
    try:
        send_slow(server.url, "long", VISIBILITY_TIMEOUT + 15)
        wait_for(server.url, "busy:done:long", 1, timeout=VISIBILITY_TIMEOUT + 75)
        assert count(server.url, "busy:started:long") == 1
    finally:
        for worker in workers:
            stop(worker)
