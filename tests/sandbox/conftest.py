"""Sandbox-only fixtures: one running sandbox forge per session, a fresh learner repository per test and
a webhook receiver on 127.0.0.1 (the helpers these tests share are in :mod:`tests.support.sandbox`).
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest

from evals.sandbox import SandboxServer, start_sandbox
from tests.support.sandbox import WebhookReceiver


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


@pytest.fixture
def receiver() -> Iterator[WebhookReceiver]:
    server = WebhookReceiver()
    yield server
    server.close()
