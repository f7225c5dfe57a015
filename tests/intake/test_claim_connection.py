"""The ledger's Redis connection under failure: a 202 only for a claim that is in Redis, once.

The ledger claims through the web process's redis-py client (:func:`webhooks.app.redis_client`). These
drive it against a real Redis through a loopback proxy that can cut the connection after Redis ran the
claim but before its answer came back (the claim retried on a new connection finds its own token:
queued once, answered as queued), against a server that never answers (a Redis error within one socket
timeout, not a hang), and against a Redis with a password and a database other than 0 (the claim lands
where the app's client points).
"""

from __future__ import annotations

import asyncio
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis
from redis.exceptions import RedisError

from bot.intake.events import Forge
from runtime.embedded_redis import redis_binary
from webhooks.app import redis_client
from webhooks.dedup import DeliveryLedger

QUEUE = "events"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class CuttingProxy:
    """Forwards to Redis; while ``cut_answers`` > 0, drops the connection instead of passing an answer."""

    def __init__(self, target_port: int) -> None:
        self.target_port = target_port
        self.cut_answers = 0
        self.connections = 0
        self.tasks: set[asyncio.Task[None]] = set()

    async def start(self) -> int:
        self.server = await asyncio.start_server(self.handle, "127.0.0.1", 0)
        return int(self.server.sockets[0].getsockname()[1])

    async def handle(self, client_reader: asyncio.StreamReader, client_writer: asyncio.StreamWriter) -> None:
        self.connections += 1
        self.tasks.add(asyncio.current_task())  # type: ignore[arg-type]
        redis_reader, redis_writer = await asyncio.open_connection("127.0.0.1", self.target_port)

        async def upstream() -> None:
            while data := await client_reader.read(65536):
                redis_writer.write(data)

        async def downstream() -> None:
            while data := await redis_reader.read(65536):
                if self.cut_answers > 0:
                    self.cut_answers -= 1
                    client_writer.transport.abort()
                    return
                client_writer.write(data)

        forward = asyncio.ensure_future(upstream())
        try:
            await downstream()
        finally:
            forward.cancel()
            redis_writer.close()
            client_writer.close()


def port_of(url: str) -> int:
    return int(url.rsplit(":", 1)[1].split("/", maxsplit=1)[0])


def queued(url: str) -> list[bytes]:
    return list(reversed(redis.Redis.from_url(url).lrange(QUEUE, 0, -1)))


def test_an_answer_lost_after_the_claim_ran_is_retried_and_the_message_is_queued_once(
    redis_url: str,
) -> None:
    async def scenario() -> tuple[bool, bool, int]:
        proxy = CuttingProxy(port_of(redis_url))
        port = await proxy.start()
        database = redis_url.rsplit("/", 1)[1]
        client = redis_client(f"redis://127.0.0.1:{port}/{database}")
        ledger = DeliveryLedger(client, 600)
        try:
            assert await ledger.enqueue_first(Forge.GITHUB, "warm-up", QUEUE, b"warm-up")
            proxy.cut_answers = 1  # Redis runs the next claim; its answer never reaches the ledger
            first = await ledger.enqueue_first(Forge.GITHUB, "cut-1", QUEUE, b"cut-1")
            again = await ledger.enqueue_first(Forge.GITHUB, "cut-1", QUEUE, b"cut-1")
            return first, again, proxy.connections
        finally:
            await client.aclose()
            proxy.server.close()
            for task in proxy.tasks:
                task.cancel()

    first, again, connections = asyncio.run(scenario())
    assert (first, again) == (True, False)  # accepted once, then a duplicate
    assert connections == 2  # the retry went out on a new connection
    assert queued(redis_url) == [b"warm-up", b"cut-1"]


def test_a_redis_that_never_answers_fails_the_claim_within_its_timeout() -> None:
    async def scenario() -> float:
        async def silent(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            await reader.read(65536)
            await asyncio.sleep(10)

        server = await asyncio.start_server(silent, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        client = redis_client(f"redis://127.0.0.1:{port}/0")
        ledger = DeliveryLedger(client, 600)
        started = time.monotonic()
        try:
            with pytest.raises(RedisError):
                await ledger.enqueue_first(Forge.GITHUB, "never", QUEUE, b"never")
            return time.monotonic() - started
        finally:
            await client.aclose()
            server.close()

    assert asyncio.run(scenario()) < 4  # one 2 s socket timeout: not retried, never a hang


@pytest.fixture
def password_redis(tmp_path: Path) -> Iterator[int]:
    port = free_port()
    command = [redis_binary(), "--port", str(port), "--bind", "127.0.0.1", "--save", ""]
    command += ["--requirepass", "s3cret"]
    process = subprocess.Popen(command, cwd=tmp_path, stdout=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 10
        while True:
            try:
                if redis.Redis(port=port, password="s3cret").ping():
                    break
            except redis.RedisError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)
        yield port
    finally:
        process.terminate()
        process.wait(timeout=10)


def test_the_claim_goes_to_the_database_and_with_the_password_of_the_url(password_redis: int) -> None:
    async def claim(url: str) -> bool:
        client = redis_client(url)
        ledger = DeliveryLedger(client, 600)
        try:
            return await ledger.enqueue_first(Forge.GITHUB, "in-db-3", QUEUE, b"in-db-3")
        finally:
            await client.aclose()

    with pytest.raises(RedisError):
        asyncio.run(claim(f"redis://:wrong@127.0.0.1:{password_redis}/3"))
    assert asyncio.run(claim(f"redis://:s3cret@127.0.0.1:{password_redis}/3"))
    in_db_3 = redis.Redis(port=password_redis, password="s3cret", db=3)
    assert in_db_3.lrange(QUEUE, 0, -1) == [b"in-db-3"]
    assert redis.Redis(port=password_redis, password="s3cret", db=0).llen(QUEUE) == 0
