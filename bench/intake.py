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

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.common import issue_opened_payload, peak_rss_mb, summary
from evals.local_stack import free_port, wait_until_ready
from forge_adapters.github.verify import sign
from runtime.embedded_redis import ensure_embedded_redis, stop_embedded_redis


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


def signed_request(port: int, body: bytes, secret: str) -> bytes:
    headers = (
        f"POST /webhooks/github HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
        f"X-GitHub-Event: issues\r\nX-GitHub-Delivery: {uuid.uuid4()}\r\n"
        f"Content-Type: application/json\r\nX-Hub-Signature-256: {sign(body, secret)}\r\n"
        f"Content-Length: {len(body)}\r\n\r\n"
    )
    return headers.encode() + body


async def send_all(
    port: int, secret: str, rate: float, seconds: float, concurrency: int
) -> tuple[list[float], int]:
    total = int(rate * seconds)
    bodies = [json.dumps(issue_opened_payload(i + 1)).encode() for i in range(min(total, 200))]
    requests = [signed_request(port, bodies[i % len(bodies)], secret) for i in range(total)]
    latencies: list[float] = []
    errors = 0
    queue: asyncio.Queue[int] = asyncio.Queue()
    connections = [await RawConnection.open("127.0.0.1", port) for _ in range(concurrency)]
    start = time.perf_counter()

    async def producer() -> None:
        for i in range(total):
            delay = start + i / rate - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
            queue.put_nowait(i)
        for _ in range(concurrency):
            queue.put_nowait(-1)

    async def consumer(connection: RawConnection) -> None:
        nonlocal errors
        while (i := await queue.get()) >= 0:
            scheduled = start + i / rate  # open loop: latency counts from when the request was due
            status = await connection.post(requests[i])
            latencies.append((time.perf_counter() - scheduled) * 1000)
            errors += status != 202

    await asyncio.gather(producer(), *(consumer(c) for c in connections))
    for connection in connections:
        connection.writer.close()
    return latencies, errors


async def warm_up(port: int, secret: str) -> None:
    connection = await RawConnection.open("127.0.0.1", port)
    for i in range(200):
        await connection.post(signed_request(port, json.dumps(issue_opened_payload(i)).encode(), secret))
    connection.writer.close()


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--rate", type=float, default=1000, help="deliveries per second to offer (default 1000)"
    )
    parser.add_argument("--seconds", type=float, default=5, help="how long to send (default 5)")
    parser.add_argument("--concurrency", type=int, default=8, help="client connections (default 8)")
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
        asyncio.run(warm_up(port, secret))
        latencies, errors = asyncio.run(send_all(port, secret, args.rate, args.seconds, args.concurrency))
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
