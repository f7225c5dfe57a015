"""Where a delivery's time goes: the intake's ASGI delivery path driven in-process, under cProfile.

The load benches (:mod:`bench.intake`, :mod:`bench.compare_intake`) say how fast; this says why. It builds
the app as ``gitlearnos serve`` does (its settings, its Celery publisher, its logging at ``--log-level``,
default INFO as deployed) against its own embedded Redis, then sends signed ``issues`` ``opened``
deliveries with fresh delivery ids straight to :class:`webhooks.delivery.DeliveryPath`, one after another,
on uvloop as uvicorn serves (no socket, no HTTP parser: what is left is ours and the Redis connection's).
It prints the wall and CPU time per delivery without the profiler, then the profiled µs per delivery of
each part (cumulative, so a part includes what it calls) and the functions that cost the most themselves.
Log lines go to ``/dev/null``.
Figures only: nothing passes or fails.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import os
import pstats
import secrets
import shutil
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.common import issue_opened_payload
from forge_adapters.github.verify import sign
from runtime.embedded_redis import ensure_embedded_redis, stop_embedded_redis
from runtime.log_setup import configure_logging
from runtime.settings import Settings
from webhooks.app import create_app
from webhooks.delivery import DeliveryPath
from workers.celery_app import create_celery
from workers.queueing import intake_messages

# (label, source file suffix, function name): the parts a delivery's time is told by.
PARTS = (
    ("whole delivery (ASGI callable)", "webhooks/delivery.py", "__call__"),
    ("verify signature", "github/verify.py", "verify_signature"),
    ("parse: decode JSON", "forge_adapters/intake.py", "decode_json_body"),
    ("parse: whole translation", "github/translate.py", "parse_delivery"),
    ("route check", "bot/routing.py", "route_of"),
    ("event key", "bot/intake/events.py", "event_key"),
    ("queue message", "workers/queueing.py", "message"),
    ("claim + enqueue (redis)", "webhooks/dedup.py", "enqueue_first"),
    ("claim: the RESP command", "webhooks/dedup.py", "command"),
    ("claim: answer read", "webhooks/dedup.py", "data_received"),
    ("metrics", "runtime/metrics.py", "count_delivery"),
    ("log line", "webhooks/delivery.py", "info"),
    ("log line", "webhooks/delivery.py", "log_queued"),
)


def requests(secret: str, count: int) -> list[tuple[dict[str, Any], bytes]]:
    """The ASGI scopes and bodies of ``count`` signed deliveries, each with a fresh delivery id."""
    bodies = [json.dumps(issue_opened_payload(number)).encode() for number in range(1, 201)]
    made = []
    for index in range(count):
        body = bodies[index % len(bodies)]
        headers = [
            (b"host", b"127.0.0.1"),
            (b"x-github-event", b"issues"),
            (b"x-github-delivery", str(uuid.uuid4()).encode()),
            (b"content-type", b"application/json"),
            (b"x-hub-signature-256", sign(body, secret).encode()),
            (b"content-length", str(len(body)).encode()),
        ]
        made.append(
            ({"type": "http", "method": "POST", "path": "/webhooks/github", "headers": headers}, body)
        )
    return made


async def drive(path: DeliveryPath, batch: list[tuple[dict[str, Any], bytes]]) -> None:
    statuses: list[int] = []

    async def send(message: dict[str, Any]) -> None:
        if message["type"] == "http.response.start":
            statuses.append(message["status"])

    for scope, body in batch:

        async def receive(body: bytes = body) -> dict[str, Any]:
            return {"type": "http.request", "body": body, "more_body": False}

        await path("github", scope, receive, send)
    if set(statuses) != {202}:
        raise SystemExit(f"expected only 202 answers, got {sorted(set(statuses))}")


def parts_report(stats: pstats.Stats, count: int) -> list[str]:
    rows = stats.stats  # type: ignore[attr-defined]
    lines = []
    for label, suffix, name in PARTS:
        total = sum(
            row[3] for (file, _, function), row in rows.items() if function == name and file.endswith(suffix)
        )
        if total:
            lines.append(f"  {label:<34} {total / count * 1e6:7.1f} µs")
    return lines


def own_time_report(stats: pstats.Stats, count: int, top: int) -> list[str]:
    rows = stats.stats  # type: ignore[attr-defined]
    ranked = sorted(rows.items(), key=lambda item: item[1][2], reverse=True)[:top]
    return [
        f"  {row[2] / count * 1e6:7.1f} µs  {Path(file).parent.name}/{Path(file).name}:{line} {function}"
        for (file, line, function), row in ranked
    ]


async def main(count: int, log_level: str, top: int) -> None:
    data_dir = Path(tempfile.mkdtemp(prefix="gitlearnos-bench-profile-"))
    secret = secrets.token_hex(16)
    devnull = Path(os.devnull).open("w")  # noqa: SIM115 - lives as long as the bench
    try:
        redis_url = ensure_embedded_redis(data_dir)
        os.environ |= {"GITLEARNOS_DATA_DIR": str(data_dir), "GITLEARNOS_GITHUB_WEBHOOK_SECRET": secret}
        settings = Settings()
        configure_logging(log_level, stream=devnull)
        tasks = create_celery(settings, redis_url)
        app = create_app(settings, redis_url=redis_url, tasks=tasks, messages=intake_messages(tasks))
        path: DeliveryPath = app.delivery_path  # type: ignore[attr-defined]
        async with app.lifespan():
            await drive(path, requests(secret, 500))  # warm: imports, script load, connection
            timed = requests(secret, count)
            started, cpu_started = time.perf_counter(), time.process_time()
            await drive(path, timed)
            wall = (time.perf_counter() - started) / count
            cpu = (time.process_time() - cpu_started) / count
            profiled = requests(secret, count)
            profiler = cProfile.Profile()
            profiler.enable()
            await drive(path, profiled)
            profiler.disable()
        stats = pstats.Stats(profiler)
        print(f"{count} deliveries one after another, log level {log_level}")
        print(f"wall, no profiler: {wall * 1e6:.1f} µs per delivery ({1 / wall:,.0f}/s on one core)")
        print(f"CPU, no profiler: {cpu * 1e6:.1f} µs per delivery (the figure a busy machine moves least)")
        print("profiled, cumulative µs per delivery by part:")
        print("\n".join(parts_report(stats, count)))
        print(f"profiled, own time µs per delivery, top {top}:")
        print("\n".join(own_time_report(stats, count, top)))
    finally:
        stop_embedded_redis(data_dir)
        shutil.rmtree(data_dir, ignore_errors=True)
        devnull.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--deliveries", type=int, default=5000, help="deliveries per pass (default 5000)")
    parser.add_argument(
        "--log-level", default="INFO", help="the intake's log level (default INFO, as deployed)"
    )
    parser.add_argument("--top", type=int, default=25, help="functions listed by own time (default 25)")
    arguments = parser.parse_args()
    try:  # the loop uvicorn serves on when uvloop is installed (it is, with uvicorn[standard])
        import uvloop

        uvloop.run(main(arguments.deliveries, arguments.log_level, arguments.top))
    except ImportError:
        asyncio.run(main(arguments.deliveries, arguments.log_level, arguments.top))
