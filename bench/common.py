"""Shared measuring helpers for the benchmarks: percentiles, peak resident memory, signed deliveries,
the raw HTTP client and the intake service under test."""

from __future__ import annotations

import asyncio
import itertools
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from evals.local_stack import free_port, wait_until_ready
from forge_adapters.github.verify import sign
from runtime.embedded_redis import ensure_embedded_redis, stop_embedded_redis

WEBHOOK_PATH = "/webhooks/github"


def percentile(samples: list[float], fraction: float) -> float:
    if not samples:
        return float("nan")
    ordered = sorted(samples)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def peak_rss_mb(pid: int) -> float | None:
    """Peak resident set size of a live process (Linux ``VmHWM``), in MB; None elsewhere."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


def process_tree_peak_rss_mb(pid: int) -> float | None:
    """Sum of peak RSS of a process and its direct children (a Celery worker forks its pool)."""
    total = peak_rss_mb(pid)
    if total is None:
        return None
    try:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        children = []
    for child in children:
        total += peak_rss_mb(int(child)) or 0.0
    return total


@dataclass(frozen=True)
class ProcessMemory:
    """One process's memory now, in MB: resident (RSS, counts pages shared with others in full),
    proportional (PSS, a shared page split among its sharers) and unique (USS, its private pages)."""

    pid: int
    rss: float
    pss: float
    uss: float
    peak_rss: float


def process_memory(pid: int) -> ProcessMemory | None:
    """RSS/PSS/USS from ``/proc/<pid>/smaps_rollup`` (Linux); None when it cannot be read."""
    fields: dict[str, float] = {}
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            name, _, rest = line.partition(":")
            if rest.strip().endswith("kB"):
                fields[name] = int(rest.split()[0]) / 1024
    except OSError:
        return None
    uss = fields.get("Private_Clean", 0.0) + fields.get("Private_Dirty", 0.0)
    return ProcessMemory(pid, fields.get("Rss", 0.0), fields.get("Pss", 0.0), uss, peak_rss_mb(pid) or 0.0)


def process_tree_memory(pid: int) -> list[ProcessMemory]:
    """:func:`process_memory` of a process and each of its direct children (a Celery worker's pool)."""
    try:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        children = []
    found = (process_memory(p) for p in (pid, *map(int, children)))
    return [memory for memory in found if memory is not None]


def memory_report(label: str, pid: int) -> str:
    """Each process's RSS (and peak), PSS and USS, and the tree's PSS sum: the honest total, since
    RSS counts the pages a forked pool shares with its parent once per process."""
    tree = process_tree_memory(pid)
    if not tree:
        return f"{label}: memory n/a"
    each = "; ".join(
        f"pid {m.pid} RSS {m.rss:.0f} (peak {m.peak_rss:.0f}) PSS {m.pss:.0f} USS {m.uss:.0f}" for m in tree
    )
    return (
        f"{label}: PSS sum {sum(m.pss for m in tree):.0f} MB, RSS sum {sum(m.rss for m in tree):.0f} MB "
        f"[{each}] MB"
    )


def cpu_seconds(pid: int) -> tuple[float, float]:
    """``(own, reaped children)`` CPU seconds (user + system) of a live process, from ``/proc/<pid>/stat``;
    a worker's git subprocesses land in the second once it has waited for them."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0, 0.0
    tick = os.sysconf("SC_CLK_TCK")
    # After the ")": state is field 3, so utime/stime/cutime/cstime (14-17) are indexes 11-14.
    return (int(fields[11]) + int(fields[12])) / tick, (int(fields[13]) + int(fields[14])) / tick


def redis_pid(redis_url: str) -> int | None:
    """The pid of the embedded redis-server listening on ``redis_url``'s port, if it can be found."""
    port = redis_url.rsplit(":", 1)[-1].split("/", 1)[0]
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                command = (entry / "cmdline").read_bytes().replace(b"\x00", b" ").decode()
            except OSError:
                continue
            if "redis-server" in command and f":{port}" in command:
                return int(entry.name)
    return None


def summary(label: str, samples_ms: list[float]) -> str:
    return (
        f"{label}: n={len(samples_ms)} mean={statistics.fmean(samples_ms):.2f} ms "
        f"p50={percentile(samples_ms, 0.50):.2f} ms p99={percentile(samples_ms, 0.99):.2f} ms "
        f"max={max(samples_ms):.2f} ms"
    )


def issue_opened_payload(
    number: int, *, full_name: str = "alice/learning", host: str = "github.com"
) -> dict[str, Any]:
    """A GitHub ``issues`` ``opened`` payload with the fields intake reads, sized like a real one."""
    owner = full_name.split("/", maxsplit=1)[0]
    user = {"login": owner, "id": 1, "type": "User", "html_url": f"https://{host}/{owner}"}
    return {
        "action": "opened",
        "issue": {
            "number": number,
            "title": f"Study note {number}",
            "body": "In class I learned that corresponding vertices must be fixed first. " * 8,
            "user": user,
            "labels": [],
            "html_url": f"https://{host}/{full_name}/issues/{number}",
            "created_at": "2026-11-30T09:00:00Z",
            "updated_at": "2026-11-30T09:00:00Z",
        },
        "repository": {
            "full_name": full_name,
            "private": True,
            "default_branch": "main",
            "html_url": f"https://{host}/{full_name}",
            "clone_url": f"https://{host}/{full_name}.git",
            "owner": user,
        },
        "sender": user,
    }


class RawConnection:
    """A minimal keep-alive HTTP/1.1 client over asyncio streams.

    httpx costs about a millisecond of client CPU per request; on a 2-core
    machine that would measure the client, not the server. Writing prepared
    bytes and reading one response at a time costs a few microseconds.
    """

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer

    @classmethod
    async def open(cls, host: str, port: int) -> RawConnection:
        return cls(*await asyncio.open_connection(host, port))

    async def post(self, request: bytes) -> int:
        self.writer.write(request)
        head = await self.reader.readuntil(b"\r\n\r\n")
        status = int(head.split(b" ", 2)[1])
        length = 0
        for line in head.split(b"\r\n"):
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":", 1)[1])
        await self.reader.readexactly(length)
        return status


class SignedDeliveries:
    """Signed GitHub ``issues`` ``opened`` requests, each with a fresh ``X-GitHub-Delivery``.

    The bodies (and so their signatures) cycle through a few hundred prepared ones; only the
    delivery id is new per request, which is what the intake deduplicates on.
    """

    def __init__(self, port: int, secret: str, *, path: str = WEBHOOK_PATH, bodies: int = 200) -> None:
        self._parts: list[tuple[bytes, bytes]] = []
        for number in range(1, bodies + 1):
            body = json.dumps(issue_opened_payload(number)).encode()
            before = (
                f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                "X-GitHub-Event: issues\r\nX-GitHub-Delivery: "
            )
            after = (
                f"\r\nContent-Type: application/json\r\nX-Hub-Signature-256: {sign(body, secret)}\r\n"
                f"Content-Length: {len(body)}\r\n\r\n"
            )
            self._parts.append((before.encode(), after.encode() + body))

    def request(self, index: int) -> bytes:
        before, after = self._parts[index % len(self._parts)]
        return before + str(uuid.uuid4()).encode() + after


async def closed_loop(
    port: int, deliveries: SignedDeliveries, *, connections: int, seconds: float, accepted: int
) -> tuple[list[float], int, float]:
    """Each connection sends its next delivery as soon as the last is answered, for ``seconds``.

    Returns the latencies (ms), the count of answers other than ``accepted``, and the elapsed time.
    """
    latencies: list[float] = []
    errors = 0
    opened = [await RawConnection.open("127.0.0.1", port) for _ in range(connections)]
    start = time.perf_counter()
    deadline = start + seconds
    counter = itertools.count()

    async def drive(connection: RawConnection) -> None:
        nonlocal errors
        clock = time.perf_counter
        while (sent := clock()) < deadline:
            status = await connection.post(deliveries.request(next(counter)))
            latencies.append((clock() - sent) * 1000)
            errors += status != accepted

    await asyncio.gather(*(drive(c) for c in opened))
    elapsed = time.perf_counter() - start
    for connection in opened:
        connection.writer.close()
    return latencies, errors, elapsed


@contextmanager
def intake_service(secret: str, *, log_level: str = "WARNING") -> Iterator[IntakeService]:
    """``gitlearnos serve`` with embedded defaults and its own embedded Redis in a temporary data directory.

    Its own Redis, so no real queue receives the synthetic events; gone with the directory afterwards.
    """
    data_dir = Path(tempfile.mkdtemp(prefix="gitlearnos-bench-intake-"))
    redis_url = ensure_embedded_redis(data_dir)
    port = free_port()
    env = os.environ | {
        "REDIS_URL": redis_url,
        "GITLEARNOS_DATA_DIR": str(data_dir),
        "GITLEARNOS_GITHUB_WEBHOOK_SECRET": secret,
        "GITLEARNOS_LOG_LEVEL": log_level,
    }
    command = [sys.executable, "-m", "gitlearnos", "serve", "--port", str(port)]
    web = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL)
    try:
        wait_until_ready(f"http://127.0.0.1:{port}/readyz", timeout=30, process=web)
        yield IntakeService(web, port, redis_url)
    finally:
        web.terminate()
        web.wait(timeout=10)
        stop_embedded_redis(data_dir)
        shutil.rmtree(data_dir, ignore_errors=True)


@dataclass(frozen=True)
class IntakeService:
    process: subprocess.Popen[bytes]
    port: int
    redis_url: str


@contextmanager
def scratch_with_redis(name: str) -> Iterator[tuple[Path, str]]:
    """A throwaway folder with an embedded Redis in it, as ``(folder, redis URL)``; both gone afterwards.

    Every bench that starts a stack needs one, and none may leave a Redis running or files behind.
    """
    root = Path(tempfile.mkdtemp(prefix=f"gitlearnos-bench-{name}-"))
    try:
        yield root, ensure_embedded_redis(root / "redis-home")
    finally:
        stop_embedded_redis(root / "redis-home")
        shutil.rmtree(root, ignore_errors=True)
