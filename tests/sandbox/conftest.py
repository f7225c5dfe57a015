"""Sandbox-only fixtures: one running sandbox forge per session and a webhook receiver on 127.0.0.1."""

from __future__ import annotations

import queue
import threading
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from evals.sandbox import SandboxServer, start_sandbox


@pytest.fixture(scope="session")
def sandbox(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SandboxServer]:
    with start_sandbox(tmp_path_factory.mktemp("sandbox-forge")) as server:
        yield server


@pytest.fixture
def repo(sandbox: SandboxServer) -> str:
    """A fresh private repository owned by the learner, with one initial commit."""
    full_name = f"{sandbox.learner}/notes-{uuid.uuid4().hex[:8]}"
    with sandbox.client() as client:
        client.create_repository(
            full_name, files={"README.md": "# Notes\n", "gitlearnos.yml": "version: 2\n"}
        )
    return full_name


@dataclass(frozen=True)
class ReceivedDelivery:
    headers: dict[str, str]
    body: bytes


class WebhookReceiver:
    """A tiny HTTP endpoint that records every POST and answers 202, like the bot's intake."""

    def __init__(self) -> None:
        self.received: queue.Queue[ReceivedDelivery] = queue.Queue()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                receiver.received.put(ReceivedDelivery({k.lower(): v for k, v in self.headers.items()}, body))
                self.send_response(202)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, format: str, *args: object) -> None:  # keep test output clean
                return

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}/webhooks/github"
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )
        self._thread.start()

    def next(self, event: str, timeout: float = 5.0) -> ReceivedDelivery:
        """The next delivery of ``event``, skipping others (e.g. the hook's ping)."""
        while True:
            delivery = self.received.get(timeout=timeout)
            if delivery.headers["x-github-event"] == event:
                return delivery

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()


@pytest.fixture
def receiver() -> Iterator[WebhookReceiver]:
    server = WebhookReceiver()
    yield server
    server.close()
