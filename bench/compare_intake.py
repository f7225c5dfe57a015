"""Intake side by side: ``gitlearnos serve`` against Probot (or a minimal Litestar app) under the same load.

Installs nothing. The reference is Probot 14 when a folder holding it is given (``--probot DIR`` or
``GITLEARNOS_BENCH_PROBOT``); get one with::

    mkdir /tmp/probot-bench && cd /tmp/probot-bench && npm install probot@14

It serves an app that verifies the signature and runs a no-op ``issues.opened`` handler, nothing durable.
Without Probot the reference is the Litestar ceiling: a minimal Litestar app under the same uvicorn that
only verifies the signature (``python bench/compare_intake.py --ceiling-only PORT SECRET`` serves it).

Ours is ``gitlearnos serve`` with its embedded defaults (logging at INFO, as deployed) and its own
embedded Redis: verify, parse, deduplicate, enqueue (durable: append-only Redis). Both get signed
``issues`` ``opened`` deliveries with fresh delivery ids, from wrk when installed, else from the
project's raw asyncio client, at 1 and 16 connections, interleaved (reference, ours, reference, ours...)
so drift in a noisy machine hits both.
Figures only: nothing passes or fails. Goals: ≥ 1.0× Probot at 16 connections, web RSS ≤ 150 MB.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import redis
import uvicorn
from litestar import Litestar, Request, Response, post

from bench.common import (
    WEBHOOK_PATH,
    SignedDeliveries,
    closed_loop,
    intake_service,
    issue_opened_payload,
    peak_rss_mb,
    percentile,
)
from evals.local_stack import free_port
from forge_adapters.github.verify import sign, verify_signature
from forge_adapters.intake import SignatureError
from workers.celery_app import EVENTS_QUEUE

PROBOT_PATH = "/api/github/webhooks"  # Probot's default webhook path
PROBOT_APP = """\
import { run } from "probot";
await run((app) => { app.on("issues.opened", async () => {}); });
"""
WRK_SCRIPT = """\
wrk.method = "POST"
wrk.body = [[{body}]]
wrk.headers["Content-Type"] = "application/json"
wrk.headers["X-GitHub-Event"] = "issues"
wrk.headers["X-Hub-Signature-256"] = "{signature}"
-- Each wrk thread has a Lua state of its own, and unseeded math.random gives every one the same number:
-- the prefix names the thread (and the second the run started), so no two requests share an id.
local counter = 0
local prefix = ""
local threads = 0
setup = function(thread)
  threads = threads + 1
  thread:set("thread_number", threads)
end
init = function(args)
  prefix = tostring(thread_number) .. "-" .. tostring(os.time())
end
request = function()
  counter = counter + 1
  wrk.headers["X-GitHub-Delivery"] = prefix .. "-" .. counter
  return wrk.format(nil, "{path}")
end
done = function(summary, latency, requests)
  io.write(string.format("RESULT %d %f %f %f %d\\n", summary.requests, summary.duration / 1e6,
    latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    summary.errors.status + summary.errors.connect + summary.errors.read + summary.errors.write))
end
"""


@dataclass(frozen=True)
class Target:
    name: str
    port: int
    path: str
    accepted: int  # the status of a delivery taken in
    pid: int


@dataclass(frozen=True)
class Figure:
    rate: float
    p50: float
    p99: float
    errors: int
    cpu_us: float | None = None  # the server's CPU time (user + system) per answer, in microseconds


Load = Callable[[Target, str, int, float], Figure]


def cpu_seconds(pid: int) -> float | None:
    """A process's CPU time so far (Linux ``/proc``), or ``None`` where it cannot be read."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def measured(load: Load, target: Target, secret: str, connections: int, seconds: float) -> Figure:
    """``load`` against ``target``, with the server's CPU per answer: the figure the machine's noise
    moves least (a helper stealing a core lowers the rate of both servers, not their cost per answer)."""
    before = cpu_seconds(target.pid)
    figure = load(target, secret, connections, seconds)
    after = cpu_seconds(target.pid)
    if before is None or after is None or not figure.rate:
        return figure
    cpu_us = (after - before) / (figure.rate * seconds) * 1e6
    return Figure(figure.rate, figure.p50, figure.p99, figure.errors, cpu_us)


def ceiling_app(secret: str) -> Litestar:
    """Verify only: the most any Litestar intake on this uvicorn can do, before our own work."""

    @post(WEBHOOK_PATH)
    async def webhook(request: Request) -> Response[bytes]:  # type: ignore[type-arg]
        body = await request.body()
        try:
            verify_signature(body, request.headers.get("x-hub-signature-256"), secret)
        except SignatureError:
            return Response(b'{"status":"refused"}', status_code=401)
        return Response(b'{"status":"queued"}', status_code=202)

    return Litestar([webhook], logging_config=None)


def serve_ceiling(port: int, secret: str) -> None:
    uvicorn.run(ceiling_app(secret), host="127.0.0.1", port=port, log_level="warning", access_log=False)


def wait_for_port(port: int, process: subprocess.Popen[bytes], timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the reference server exited with {process.returncode}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"nothing listened on port {port} within {timeout} s")


def probot_folder(given: str | None) -> Path | None:
    folder = given or os.environ.get("GITLEARNOS_BENCH_PROBOT")
    if folder and (Path(folder) / "node_modules" / "probot" / "package.json").exists():
        return Path(folder)
    return None


def probot_version(folder: Path) -> str:
    return str(json.loads((folder / "node_modules" / "probot" / "package.json").read_text())["version"])


@contextmanager
def reference_server(folder: Path | None, secret: str) -> Iterator[Target]:
    port = free_port()
    scratch = Path(tempfile.mkdtemp(prefix="gitlearnos-bench-reference-"))
    if folder is None:
        command = [sys.executable, __file__, "--ceiling-only", str(port), secret]
        process = subprocess.Popen(command)
        name, path, accepted = "Litestar ceiling (verify only)", WEBHOOK_PATH, 202
    else:
        app = folder / "gitlearnos-bench-app.mjs"  # inside the folder, so `import "probot"` resolves
        app.write_text(PROBOT_APP)
        key = scratch / "app.pem"  # a throwaway App key: the no-op handler never calls GitHub
        subprocess.run(["openssl", "genrsa", "-out", str(key), "2048"], check=True, capture_output=True)
        env = os.environ | {
            "APP_ID": "1",
            "PRIVATE_KEY": key.read_text(),
            "WEBHOOK_SECRET": secret,
            "HOST": "127.0.0.1",
            "PORT": str(port),
            "LOG_LEVEL": "warn",
            "NODE_ENV": "production",
        }
        process = subprocess.Popen(["node", str(app)], cwd=folder, env=env)
        name, path, accepted = f"Probot {probot_version(folder)} (verify + no-op handler)", PROBOT_PATH, 200
    try:
        wait_for_port(port, process)
        yield Target(name, port, path, accepted, process.pid)
    finally:
        process.terminate()
        process.wait(timeout=10)
        shutil.rmtree(scratch, ignore_errors=True)


def raw_load(target: Target, secret: str, connections: int, seconds: float) -> Figure:
    deliveries = SignedDeliveries(target.port, secret, path=target.path)
    latencies, errors, elapsed = asyncio.run(
        closed_loop(
            target.port, deliveries, connections=connections, seconds=seconds, accepted=target.accepted
        )
    )
    return Figure(len(latencies) / elapsed, percentile(latencies, 0.5), percentile(latencies, 0.99), errors)


WRK_RESULT = re.compile(r"^RESULT (\d+) ([\d.]+) ([\d.]+) ([\d.]+) (\d+)$", re.MULTILINE)


def wrk_load(target: Target, secret: str, connections: int, seconds: float) -> Figure:
    """wrk with one thread per connection up to two (the machine's cores); its Lua adds fresh ids."""
    body = json.dumps(issue_opened_payload(1))
    script = WRK_SCRIPT.format(body=body, signature=sign(body.encode(), secret), path=target.path)
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as handle:
        handle.write(script)
    try:
        command = [
            "wrk", f"-t{min(connections, 2)}", f"-c{connections}", f"-d{seconds:.0f}s", "-s", handle.name,
            f"http://127.0.0.1:{target.port}{target.path}",
        ]  # fmt: skip
        output = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    finally:
        Path(handle.name).unlink()
    found = WRK_RESULT.search(output)
    if found is None:
        raise RuntimeError(f"wrk printed no result:\n{output}")
    requests, duration, p50, p99, errors = found.groups()
    # wrk counts non-2xx as status errors; Probot answers 200, ours 202: both are 2xx.
    return Figure(int(requests) / float(duration), float(p50), float(p99), int(errors))


def queued_count(redis_url: str) -> int:
    """The messages the run left on the events queue (no worker consumes them here)."""
    return int(redis.Redis.from_url(redis_url).llen(EVENTS_QUEUE))


def flush_queues(redis_url: str) -> None:
    """Drop what the run queued (no worker consumes it here), so Redis does not grow across rounds."""
    redis.Redis.from_url(redis_url).flushdb()


def line(name: str, connections: int, figure: Figure) -> str:
    cpu = f"  cpu {figure.cpu_us:4.0f} µs/answer" if figure.cpu_us is not None else ""
    return (
        f"  {name:<45} {connections:>2} conn  {figure.rate:>7.0f}/s  p50 {figure.p50:6.2f} ms  "
        f"p99 {figure.p99:6.2f} ms  bad answers {figure.errors}{cpu}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--probot", help="a folder with node_modules/probot (default: $GITLEARNOS_BENCH_PROBOT)"
    )
    parser.add_argument("--seconds", type=float, default=5, help="length of each run (default 5)")
    parser.add_argument("--rounds", type=int, default=2, help="interleaved rounds (default 2)")
    parser.add_argument("--ceiling-only", nargs=2, metavar=("PORT", "SECRET"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.ceiling_only:
        serve_ceiling(int(args.ceiling_only[0]), args.ceiling_only[1])
        return 0

    folder = probot_folder(args.probot)
    if folder is None:
        print(
            "Probot not found: comparing with the Litestar ceiling instead. For Probot:\n"
            "  mkdir /tmp/probot-bench && (cd /tmp/probot-bench && npm install probot@14)\n"
            "  python bench/compare_intake.py --probot /tmp/probot-bench\n"
        )
    load = wrk_load if shutil.which("wrk") else raw_load
    print(f"load generator: {'wrk' if load is wrk_load else 'raw asyncio client (wrk not installed)'}")
    print(f"load average before: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")
    secret = secrets.token_hex(16)
    results: dict[tuple[str, int], list[Figure]] = {}
    with reference_server(folder, secret) as reference, intake_service(secret, log_level="INFO") as web:
        ours = Target(
            "gitlearnos serve (verify, dedup, enqueue)", web.port, WEBHOOK_PATH, 202, web.process.pid
        )
        for target in (reference, ours):  # warm both (imports, JIT, connection pools)
            load(target, secret, 4, 1)
        flush_queues(web.redis_url)
        for round_number in range(1, args.rounds + 1):
            print(f"round {round_number}:")
            for connections in (1, 16):
                for target in (reference, ours):
                    figure = measured(load, target, secret, connections, args.seconds)
                    results.setdefault((target.name, connections), []).append(figure)
                    print(line(target.name, connections, figure), flush=True)
                    if target is ours:  # every answer a queued delivery, none a duplicate
                        answered = round(figure.rate * args.seconds)
                        print(f"    queued {queued_count(web.redis_url)} messages for ~{answered} answers")
                    flush_queues(web.redis_url)
        ours_rss, reference_rss = peak_rss_mb(ours.pid), peak_rss_mb(reference.pid)
    print("summary (best round of each):")
    for connections in (1, 16):
        best = {
            name: max(results[(name, connections)], key=lambda f: f.rate)
            for name in (reference.name, ours.name)
        }
        for name, figure in best.items():
            print(line(name, connections, figure))
        ratio = best[ours.name].rate / best[reference.name].rate
        print(f"  ratio ours / reference at {connections} conn: {ratio:.2f}×")
        ours_cpu, reference_cpu = best[ours.name].cpu_us, best[reference.name].cpu_us
        if ours_cpu and reference_cpu:
            print(f"  CPU per answer ours / reference at {connections} conn: {ours_cpu / reference_cpu:.2f}×")
    print(f"web peak RSS: {ours_rss:.0f} MB (target ≤ 150 MB)" if ours_rss else "web peak RSS: n/a")
    print(f"reference peak RSS: {reference_rss:.0f} MB" if reference_rss else "reference peak RSS: n/a")
    print(f"load average after: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
