"""While Redis is down the intake answers 503 with Retry-After (logged), and 202 again once it is back.

A real ``redis-server`` process is stopped and started again on the same
port under a running app. Before, a delivery during the outage got a 500
(unlogged) and so did the first one after the restart: every pooled
connection was dead and nothing reconnected.
"""

from __future__ import annotations

import io
import json
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from litestar.testing import TestClient

from runtime.embedded_redis import redis_binary
from runtime.log_setup import configure_logging
from tests.support.forge_requests import intake_client, post, queue_lengths, signed_headers
from tests.support.payloads import FIXTURES
from webhooks.triggers import SIGNATURE_HEADER, sign

BODY = (FIXTURES / "github" / "issues__opened.json").read_bytes()


class RedisProcess:
    """One ``redis-server`` on a fixed loopback port, no persistence, stopped and restarted at will."""

    def __init__(self, directory: Path) -> None:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.directory = directory
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        command = [redis_binary(), "--port", str(self.port), "--bind", "127.0.0.1", "--save", ""]
        command += ["--appendonly", "no", "--dir", str(self.directory)]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=10)
            self.process = None


@pytest.fixture
def redis_process(tmp_path: Path) -> Iterator[RedisProcess]:
    server = RedisProcess(tmp_path)
    server.start()
    yield server
    server.stop()


def deliver(client: TestClient, delivery: str) -> Any:  # type: ignore[type-arg]
    return post(client, "github", BODY, signed_headers("github", "issues__opened", BODY, delivery))


def test_redis_down_is_503_with_retry_after_and_back_is_202(redis_process: RedisProcess) -> None:
    stream = io.StringIO()
    configure_logging("INFO", stream=stream)
    try:
        with intake_client(redis_process.url) as client:
            assert deliver(client, "before").status_code == 202
            redis_process.stop()
            refused = [deliver(client, f"during-{n}") for n in range(2)]
            not_ready = client.get("/readyz")
            redis_process.start()
            after = deliver(client, "after")
    finally:
        configure_logging("WARNING")
    for response in refused:
        assert response.status_code == 503, response.text
        assert response.headers["Retry-After"] == "10"
        assert response.json() == {"status": "error", "reason": "queue unavailable; retry later"}
    assert not_ready.status_code == 503
    assert after.status_code == 202, after.text
    assert queue_lengths(redis_process.url) == 1  # the restarted server kept nothing; "after" is there
    lines = [json.loads(line) for line in stream.getvalue().splitlines() if line.startswith("{")]
    refusals = [line for line in lines if line.get("event") == "delivery.refused"]
    assert [line["delivery"] for line in refusals] == ["during-0", "during-1"]
    assert all(line["reason"] == "redis unavailable" and line["status"] == 503 for line in refusals)


def test_a_trigger_while_redis_is_down_is_503_with_retry_after(redis_process: RedisProcess) -> None:
    body = b'{"forge": "github", "repository": "Codertocat/Hello-World"}'
    headers = {SIGNATURE_HEADER: sign("trigger-secret", body), "Content-Type": "application/json"}
    with intake_client(redis_process.url, trigger_secret="trigger-secret") as client:
        assert client.post("/triggers/maintenance", content=body, headers=headers).status_code == 404
        redis_process.stop()
        refused = client.post("/triggers/maintenance", content=body, headers=headers)
    assert refused.status_code == 503, refused.text
    assert refused.headers["Retry-After"] == "10"
    assert refused.json() == {"status": "error", "reason": "queue unavailable; retry later"}
