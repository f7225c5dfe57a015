"""Run the sandbox under uvicorn: in a background thread (tests, the demo) or in the foreground (CLI).

The listening socket is bound before uvicorn starts, so ``port=0`` works: the OS picks a free port and
the real one is read back. While serving, ``root/sandbox.json`` holds the URL; it is cleared on stop.
"""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType

import uvicorn

from evals.sandbox.app import create_sandbox_app
from evals.sandbox.client import SandboxClient
from evals.sandbox.connection import read_connection, set_listening
from evals.sandbox.gitea_objects import API_PREFIX as GITEA_API_PREFIX
from evals.sandbox.github_objects import API_PREFIX as GITHUB_API_PREFIX
from evals.sandbox.gitlab_objects import API_PREFIX as GITLAB_API_PREFIX
from evals.sandbox.store import DEFAULT_LEARNER, DEFAULT_TEACHER

STARTUP_TIMEOUT_S = 10.0
STOP_TIMEOUT_S = 10.0


class SandboxStartError(RuntimeError):
    """The sandbox could not start (port taken, another sandbox serving the same root, ...)."""


@dataclass
class SandboxServer:
    """A sandbox bound to its socket. :func:`start_sandbox` returns one already serving in a thread."""

    root: Path
    url: str
    learner: str
    tokens: dict[str, str]
    _server: uvicorn.Server = field(repr=False)
    _socket: socket.socket = field(repr=False)
    _thread: threading.Thread | None = field(default=None, repr=False)

    @property
    def api_url(self) -> str:
        """The GHES-style REST base URL, e.g. for ``githubkit.GitHub(token, base_url=server.api_url)``."""
        return f"{self.url}{GITHUB_API_PREFIX}/"

    @property
    def gitlab_url(self) -> str:
        """The instance URL GitLab and Gitea clients take (``gitea_url`` is the same): one root serves every
        forge, and ``gitlab.Gitlab(server.gitlab_url, private_token=t)`` adds ``/api/v4`` itself."""
        return self.url

    gitea_url = gitlab_url

    @property
    def gitlab_api_url(self) -> str:
        return self.url + GITLAB_API_PREFIX

    @property
    def gitea_api_url(self) -> str:
        """Gitea's REST base (``/api/v1``), for a client that takes the API URL itself."""
        return self.url + GITEA_API_PREFIX

    def git_url(self, full_name: str) -> str:
        """The clone URL, the same for every flavour; any account's token works as the Basic password."""
        return f"{self.url}/{full_name}.git"

    def token(self, login: str) -> str:
        try:
            return self.tokens[login]
        except KeyError:
            raise KeyError(f"no sandbox user {login!r}; known: {', '.join(sorted(self.tokens))}") from None

    def client(self, login: str | None = None) -> SandboxClient:
        """An HTTP client acting as ``login`` (default: the learner)."""
        return SandboxClient(self.url, self.token(login or self.learner))

    def serve_forever(self) -> None:
        """Serve in this thread until interrupted (uvicorn handles Ctrl-C and SIGTERM)."""
        set_listening(self.root, self.url, os.getpid())
        try:
            self._server.run(sockets=[self._socket])
        finally:
            set_listening(self.root, None, None)

    def start_in_background(self) -> None:
        """Serve from a daemon thread; returns once the server accepts connections."""
        self._thread = threading.Thread(target=self.serve_forever, name="sandbox-forge", daemon=True)
        self._thread.start()
        deadline = time.monotonic() + STARTUP_TIMEOUT_S
        while not self._server.started:
            if not self._thread.is_alive() or time.monotonic() > deadline:
                self.stop()
                raise SandboxStartError(f"the sandbox under {self.root} did not start")
            time.sleep(0.01)

    def stop(self) -> None:
        self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(timeout=STOP_TIMEOUT_S)
        self._socket.close()

    def __enter__(self) -> SandboxServer:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.stop()


def bind_sandbox(
    root: Path,
    host: str = "127.0.0.1",
    port: int = 0,
    *,
    learner: str = DEFAULT_LEARNER,
    teacher: str | None = DEFAULT_TEACHER,
    other_users: Sequence[str] = (),
) -> SandboxServer:
    """Build the app for ``root`` and bind its socket, without serving yet."""
    root = root.resolve()
    existing = read_connection(root)
    if existing and existing.url and existing.pid and _process_alive(existing.pid):
        raise SandboxStartError(f"a sandbox already serves {root} at {existing.url} (pid {existing.pid})")
    app = create_sandbox_app(root, learner=learner, teacher=teacher, other_users=other_users)
    info = read_connection(root)
    if info is None:
        raise SandboxStartError(f"the sandbox did not write {root / 'sandbox.json'}")
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        raise SandboxStartError(f"cannot listen on {host}:{port}: {exc.strerror}") from exc
    url = f"http://{f'[{host}]' if ':' in host else host}:{sock.getsockname()[1]}"
    config = uvicorn.Config(app, log_level="warning", access_log=False, timeout_graceful_shutdown=5)
    return SandboxServer(root, url, learner, dict(info.tokens), uvicorn.Server(config), sock)


def start_sandbox(
    root: Path,
    host: str = "127.0.0.1",
    port: int = 0,
    *,
    learner: str = DEFAULT_LEARNER,
    teacher: str | None = DEFAULT_TEACHER,
    other_users: Sequence[str] = (),
) -> SandboxServer:
    """Serve the sandbox under ``root`` from a background thread; use the result as a context manager."""
    sandbox = bind_sandbox(root, host, port, learner=learner, teacher=teacher, other_users=other_users)
    sandbox.start_in_background()
    return sandbox


def _process_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
