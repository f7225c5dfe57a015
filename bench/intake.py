"""Intake benchmark: signed GitHub deliveries per second and latency, web process alone with Redis.

Starts the real web service (``gitlearnos serve`` under uvicorn, logging at INFO as deployed) against
its own embedded Redis (so no real queue receives the synthetic events), then sends signed ``issues``
deliveries open-loop at a fixed rate from this process over loopback and
prints throughput, p50/p99 latency and the web process's peak resident memory.
Figures only: nothing here passes or fails. Target: p99 ≤ 5 ms at 1,000/s. Latency counts from when
each delivery was due, so a server (or a machine) that falls behind shows it; print ``uptime`` beside it.
"""

from __future__ import annotations

import argparse
import asyncio
import secrets
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.common import RawConnection, SignedDeliveries, intake_service, peak_rss_mb, summary


async def send_all(
    port: int, deliveries: SignedDeliveries, rate: float, seconds: float, concurrency: int
) -> tuple[list[float], int, float]:
    """Open loop: returns the latencies (ms), the non-202 count and the time until the last answer."""
    total = int(rate * seconds)
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
            status = await connection.post(deliveries.request(i))
            latencies.append((time.perf_counter() - scheduled) * 1000)
            errors += status != 202

    await asyncio.gather(producer(), *(consumer(c) for c in connections))
    elapsed = time.perf_counter() - start
    for connection in connections:
        connection.writer.close()
    return latencies, errors, elapsed


async def warm_up(port: int, deliveries: SignedDeliveries) -> None:
    connection = await RawConnection.open("127.0.0.1", port)
    for i in range(200):
        await connection.post(deliveries.request(i))
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

    secret = secrets.token_hex(16)
    with intake_service(secret, log_level="INFO") as web:
        deliveries = SignedDeliveries(web.port, secret)
        asyncio.run(warm_up(web.port, deliveries))
        latencies, errors, elapsed = asyncio.run(
            send_all(web.port, deliveries, args.rate, args.seconds, args.concurrency)
        )
        print(f"offered rate: {args.rate:.0f}/s for {args.seconds:.0f} s, {args.concurrency} connections")
        # Over the time until the last answer: a server that falls behind shows a lower rate, not the offer.
        print(f"achieved: {len(latencies) / elapsed:.0f} deliveries/s, non-202 answers: {errors}")
        print(summary("latency", latencies))
        rss = peak_rss_mb(web.process.pid)
        print(f"web peak RSS: {rss:.0f} MB" if rss is not None else "web peak RSS: n/a")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
