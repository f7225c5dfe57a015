"""The sandbox forge as tests drive it: a webhook receiver on 127.0.0.1, each forge's client acting as a
sandbox account, and the steps several forges' tests repeat (wait for delivery records, run the CLI,
check a payload's keys, push as the bot), kept here once.
"""

from __future__ import annotations

import argparse
import os
import queue
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, TypeVar

import gitlab
import httpx
import pytest
from githubkit import GitHub, TokenAuthStrategy

from evals.sandbox import SandboxClient, SandboxServer
from evals.sandbox.cli import add_sandbox_commands
from evals.sandbox.git_client import run_git

_C = TypeVar("_C")


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

    def next(self, event: str, timeout: float = 5.0, *, header: str = "x-github-event") -> ReceivedDelivery:
        """The next delivery whose ``header`` names ``event``, skipping others (e.g. the hook's ping)."""
        while True:
            delivery = self.received.get(timeout=timeout)
            if delivery.headers.get(header) == event:
                return delivery

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()


def github_client(sandbox: SandboxServer, login: str) -> GitHub[TokenAuthStrategy]:
    """githubkit, the client the bot uses on GitHub, acting as ``login``."""
    return GitHub(sandbox.token(login), base_url=sandbox.api_url, auto_retry=False, http_cache=False)


def gitlab_client(sandbox: SandboxServer, login: str) -> gitlab.Gitlab:
    """python-gitlab, the client a GitLab bot uses, acting as ``login``."""
    return gitlab.Gitlab(sandbox.gitlab_url, private_token=sandbox.token(login))


def gitea_client(sandbox: SandboxServer, login: str) -> httpx.Client:
    """Plain httpx on Gitea's API as a small Gitea client calls it (``Authorization: token <t>``)."""
    return httpx.Client(
        base_url=sandbox.gitea_api_url,
        headers={"Authorization": f"token {sandbox.token(login)}"},
        trust_env=False,
    )


def client_fixture(
    name: str,
    open_client: Callable[[SandboxServer, str], AbstractContextManager[_C]],
    login: str | None = None,
) -> Any:
    """A fixture ``name`` yielding ``open_client`` acting as ``login`` (default: the learner).

    One definition for every forge's learner and bot clients, which differ only in how they are opened.
    """

    @pytest.fixture(name=name)
    def fixture(sandbox: SandboxServer) -> Iterator[_C]:
        with open_client(sandbox, login or sandbox.learner) as client:
            yield client

    return fixture


def wait_for_records(client: SandboxClient, guid: str, count: int) -> list[dict[str, Any]]:
    """The delivery records under ``guid`` once there are ``count`` (or what there is after 5 s)."""
    deadline = time.monotonic() + 5
    while True:
        records = [record for record in client.deliveries() if record["guid"] == guid]
        if len(records) >= count or time.monotonic() > deadline:
            return records
        time.sleep(0.05)


def run_cli(*argv: str) -> int:
    """``gitlearnos sandbox ARGV...`` through its argparse registration; the command's exit code."""
    parser = argparse.ArgumentParser(prog="gitlearnos")
    add_sandbox_commands(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["sandbox", *argv])
    return int(args.func(args))


def assert_has_keys(ours: dict[str, Any], fixture: dict[str, Any], *objects: str) -> None:
    """Every key the real forge sends (``fixture``) is there, at the top and inside each named object."""
    assert set(fixture) <= set(ours)
    for name in objects:
        assert set(fixture[name]) <= set(ours[name]), name


def push_as_bot(clone_url: str, files: dict[str, str], message: str) -> None:
    """Clone ``clone_url`` (credentials in it), commit ``files`` as the bot and push to ``main``, with no
    user or system Git config, as the bot's worker does."""
    identity = {"GIT_AUTHOR_NAME": "gitlearnos-bot", "GIT_AUTHOR_EMAIL": "bot@example.invalid"}
    identity |= {"GIT_COMMITTER_NAME": "gitlearnos-bot", "GIT_COMMITTER_EMAIL": "bot@example.invalid"}
    isolated = {"GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1", "GIT_TERMINAL_PROMPT": "0"}
    with tempfile.TemporaryDirectory() as scratch:
        work = Path(scratch) / "clone"
        run_git(["clone", "--quiet", clone_url, str(work)], env=isolated)
        for path, text in files.items():
            (work / path).parent.mkdir(parents=True, exist_ok=True)
            (work / path).write_text(text)
        run_git(["add", "."], cwd=work, env=isolated)
        run_git(["commit", "--quiet", "-m", message], cwd=work, env=isolated | identity)
        run_git(["push", "--quiet", "origin", "HEAD:main"], cwd=work, env=isolated)
