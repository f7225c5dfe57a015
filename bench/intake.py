"""Intake benchmark: signed GitHub deliveries per second and latency, web process alone with Redis.

Starts the real web service (``gitlearnos serve`` under uvicorn) against its own
embedded Redis (so no real queue receives the synthetic events), then sends signed ``issues``
deliveries open-loop at a fixed rate from this process over loopback and
prints throughput, p50/p99 latency and the web process's peak resident memory.
Figures only: nothing here passes or fails. Target: p99 ≤ 5 ms at 1,000/s.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import secrets
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.common import issue_opened_payload, peak_rss_mb, summary  # noqa: E402
from forge_adapters.github.webhook import sign  # noqa: E402
from gitlearnos.embedded_redis import ensure_embedded_redis, stop_embedded_redis  # noqa: E402
from gitlearnos.local_stack import free_port, wait_until_ready  # noqa: E402


async def send_all(
    url: str, secret: str, rate: float, seconds: float, concurrency: int
) -> tuple[list[float], int]:
    total = int(rate * seconds)
    bodies = [json.dumps(issue_opened_payload(i + 1)).encode() for i in range(min(total, 200))]
    latencies: list[float] = []
    errors = 0
    queue: asyncio.Queue[int] = asyncio.Queue()
    start = time.perf_counter()

    async def producer() -> None:
        for i in range(total):
            delay = start + i / rate - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
            queue.put_nowait(i)
        for _ in range(concurrency):
            queue.put_nowait(-1)

    async def consumer(client: httpx.AsyncClient) -> None:
        nonlocal errors
        while (i := await queue.get()) >= 0:
            body = bodies[i % len(bodies)]
            headers = {
                "X-GitHub-Event": "issues",
                "X-GitHub-Delivery": str(uuid.uuid4()),
                "Content-Type": "application/json",
                "X-Hub-Signature-256": sign(body, secret),
            }
            sent = time.perf_counter()
            response = await client.post(url, content=body, headers=headers)
            latencies.append((time.perf_counter() - sent) * 1000)
            errors += response.status_code != 202

    limits = httpx.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
    async with httpx.AsyncClient(limits=limits, timeout=10) as client:
        await asyncio.gather(producer(), *(consumer(client) for _ in range(concurrency)))
    return latencies, errors


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--rate", type=float, default=1000, help="deliveries per second to offer (default 1000)"
    )
    parser.add_argument("--seconds", type=float, default=5, help="how long to send (default 5)")
    parser.add_argument("--concurrency", type=int, default=16, help="client connections (default 16)")
    args = parser.parse_args()

    data_dir = Path(tempfile.mkdtemp(prefix="gitlearnos-bench-intake-"))
    redis_url = ensure_embedded_redis(data_dir)
    secret = secrets.token_hex(16)
    port = free_port()
    env = os.environ | {
        "REDIS_URL": redis_url,
        "GITLEARNOS_DATA_DIR": str(data_dir),
        "GITLEARNOS_GITHUB_WEBHOOK_SECRET": secret,
        "GITLEARNOS_LOG_LEVEL": "WARNING",
    }
    web = subprocess.Popen([sys.executable, "-m", "gitlearnos", "serve", "--port", str(port)], env=env)
    try:
        base = f"http://127.0.0.1:{port}"
        wait_until_ready(f"{base}/readyz", timeout=30)
        latencies, errors = asyncio.run(
            send_all(f"{base}/webhooks/github", secret, args.rate, args.seconds, args.concurrency)
        )
        elapsed = args.seconds
        print(f"offered rate: {args.rate:.0f}/s for {args.seconds:.0f} s, {args.concurrency} connections")
        print(f"achieved: {len(latencies) / elapsed:.0f} deliveries/s, non-202 answers: {errors}")
        print(summary("latency", latencies))
        rss = peak_rss_mb(web.pid)
        print(f"web peak RSS: {rss:.0f} MB" if rss is not None else "web peak RSS: n/a")
    finally:
        web.terminate()
        web.wait(timeout=10)
        stop_embedded_redis(data_dir)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
