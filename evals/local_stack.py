"""The whole bot on one machine: sandbox forge, web and worker processes, one Redis.

Used by ``gitlearnos demo``, the end-to-end tests and the end-to-end
benchmark, so all three exercise the same production entry points
(``gitlearnos serve`` under uvicorn and ``gitlearnos worker`` under Celery)
as separate processes on loopback — the topology of docker-compose, without
Docker.
"""

from __future__ import annotations

import os
import secrets
import socket
import subprocess
import sys
import threading
import time
import weakref
from collections.abc import Callable, Mapping
from contextlib import ExitStack
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from types import TracebackType

import httpx

from evals.sandbox.rendering import plain_username
from evals.sandbox.server import SandboxServer, start_sandbox
from evals.sandbox.store import BOT_LOGIN

PROCESS_STOP_TIMEOUT = 15.0
# A worker that exits on its own (a crash, an unrecoverable broker error) is started again after this
# long, as systemd's Restart= or compose's restart policy would; the delay doubles while it keeps dying.
RESTART_AFTER = 1.0
RESTART_AFTER_MAX = 30.0
OTHER_BOT = "helper-ci[bot]"
STRANGER = "carol"  # a person with no role in any learner repository (not a learner, not a teacher)
SANDBOX_MODEL = "sandbox-scripted"  # the sandbox's scripted chat endpoint (evals/sandbox/model_api.py)


# Processes already sent SIGTERM: a second one would turn uvicorn's graceful stop into a forced exit.
_terminated: weakref.WeakSet[subprocess.Popen[bytes]] = weakref.WeakSet()


def _terminate(process: subprocess.Popen[bytes] | None) -> None:
    """SIGTERM ``process`` once (Celery's warm shutdown, uvicorn's graceful one) if it still runs."""
    if process is not None and process.poll() is None and process not in _terminated:
        _terminated.add(process)
        process.terminate()


class StackError(RuntimeError):
    """A part of the local stack did not come up; the message says which and where its log is."""


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_until_ready(url: str, *, timeout: float, process: subprocess.Popen[bytes] | None = None) -> None:
    """Poll ``url`` until it answers 200; fail early if ``process`` dies."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            raise StackError(f"process exited with code {process.returncode} before {url} was ready")
        try:
            if httpx.get(url, timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    raise StackError(f"{url} was not ready within {timeout:.0f} s")


@dataclass
class LocalStack:
    """A running stack. Use :func:`start_local_stack` as a context manager."""

    data_dir: Path
    redis_url: str
    sandbox: SandboxServer
    web_url: str
    webhook_secret: str
    web: subprocess.Popen[bytes]
    worker: subprocess.Popen[bytes]
    beat: subprocess.Popen[bytes] | None
    _exit: ExitStack = field(repr=False)
    _start_worker: Callable[[], subprocess.Popen[bytes]] | None = field(default=None, repr=False)
    rag_worker: subprocess.Popen[bytes] | None = None
    _start_rag_worker: Callable[[], subprocess.Popen[bytes]] | None = field(default=None, repr=False)
    worker_restarts: int = 0  # how often the supervisor started a worker that had exited on its own
    _wanted: dict[str, bool] = field(default_factory=lambda: {"worker": True, "rag_worker": True}, repr=False)
    _supervising: threading.Lock = field(default_factory=threading.Lock, repr=False)
    _stopping: threading.Event = field(default_factory=threading.Event, repr=False)

    @property
    def webhook_url(self) -> str:
        return self.webhook_url_for("github")

    def webhook_url_for(self, forge: str) -> str:
        return f"{self.web_url}/webhooks/{forge}"

    @property
    def logs_dir(self) -> Path:
        return self.data_dir / "logs"

    def stop(self) -> None:
        """Stop every process: all are sent SIGTERM at once, then each is waited for (killed after
        :data:`PROCESS_STOP_TIMEOUT`), so the warm shutdowns overlap instead of adding up."""
        self._stopping.set()
        with self._supervising:  # the supervisor restarts nothing once it sees ``_stopping``
            for process in (self.rag_worker, self.beat, self.worker, self.web):
                _terminate(process)
        self._exit.close()

    def stop_worker(self) -> None:
        """Stop the worker process (Celery's warm shutdown), as an outage would; see :meth:`start_worker`.

        A stopped worker stays stopped (the supervisor restarts only workers that exit on their own).
        """
        with self._supervising:
            self._wanted["worker"] = False
        if self.worker.poll() is None:
            self.worker.terminate()
            self.worker.wait(timeout=PROCESS_STOP_TIMEOUT)

    def start_worker(self) -> None:
        """Start a worker again with the same command and environment (after :meth:`stop_worker` or a kill).

        If the supervisor already restarted it, this keeps that one.
        """
        assert self._start_worker is not None
        with self._supervising:
            self._wanted["worker"] = True
            if self.worker.poll() is not None:
                self.worker = self._start_worker()

    def stop_rag_worker(self) -> None:
        """Stop the rag queue's worker, as an outage would: queued RAG jobs wait (or get lost) meanwhile."""
        with self._supervising:
            self._wanted["rag_worker"] = False
        if self.rag_worker is not None and self.rag_worker.poll() is None:
            self.rag_worker.terminate()
            self.rag_worker.wait(timeout=PROCESS_STOP_TIMEOUT)

    def start_rag_worker(self) -> None:
        """Start the rag queue's worker again with the same command and environment."""
        assert self._start_rag_worker is not None, "this stack runs without a rag worker"
        with self._supervising:
            self._wanted["rag_worker"] = True
            if self.rag_worker is None or self.rag_worker.poll() is not None:
                self.rag_worker = self._start_rag_worker()

    def supervise(self, every: float = 0.25) -> None:
        """Restart, until :meth:`stop`, each worker that exited while wanted (run in a daemon thread).

        A worker is restarted :data:`RESTART_AFTER` s after it was first seen dead (doubling up to
        :data:`RESTART_AFTER_MAX` while it keeps dying at once), so one that a test kills and
        restarts itself is not started twice.
        """
        dead_since: dict[str, float] = {}
        started_at = dict.fromkeys(self._wanted, time.monotonic())
        delay = dict.fromkeys(self._wanted, RESTART_AFTER)
        while not self._stopping.wait(every):
            for name, start in (("worker", self._start_worker), ("rag_worker", self._start_rag_worker)):
                with self._supervising:
                    process: subprocess.Popen[bytes] | None = getattr(self, name)
                    if start is None or process is None or not self._wanted[name] or process.poll() is None:
                        dead_since.pop(name, None)
                        continue
                    now = time.monotonic()
                    if now - dead_since.setdefault(name, now) < delay[name] or self._stopping.is_set():
                        continue
                    quick_death = now - started_at[name] < RESTART_AFTER_MAX
                    delay[name] = min(delay[name] * 2, RESTART_AFTER_MAX) if quick_death else RESTART_AFTER
                    setattr(self, name, start())
                    started_at[name] = time.monotonic()
                    self.worker_restarts += 1
                    dead_since.pop(name, None)

    def __enter__(self) -> LocalStack:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.stop()


def _spawn(
    args: list[str],
    env: dict[str, str],
    log: Path,
    exit_stack: ExitStack,
    *,
    module: tuple[str, ...] = ("gitlearnos",),
) -> subprocess.Popen[bytes]:
    log.parent.mkdir(parents=True, exist_ok=True)
    handle = log.open("ab")
    process = subprocess.Popen([sys.executable, "-m", *module, *args], env=env, stdout=handle, stderr=handle)

    def stop() -> None:
        if process.poll() is None:
            _terminate(process)  # Celery: warm shutdown, in-flight tasks finish or go back to the queue
            try:
                process.wait(timeout=PROCESS_STOP_TIMEOUT)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        handle.close()

    exit_stack.callback(stop)
    return process


def start_local_stack(
    data_dir: Path,
    *,
    redis_url: str,
    worker_concurrency: int = 1,
    ready_timeout: float = 60.0,
    with_beat: bool = False,
    worker_metrics_port: int | None = None,
    with_model: bool = False,
    extra_env: Mapping[str, str] | None = None,
    with_rag_worker: bool = True,
    mutant: str | None = None,
) -> LocalStack:
    """Start the sandbox forge, a web process and a worker process sharing ``redis_url``.

    ``with_beat`` adds the scheduler process; ``worker_metrics_port`` makes the worker serve its metrics;
    ``with_model`` points the bot's chat model at the sandbox's scripted endpoint (the evals use it; the
    demo does not, so it shows the offline default); ``extra_env`` adds settings for every process
    (tests shorten the scheduler's dispatch interval with it); ``with_rag_worker`` false leaves out the
    rag queue's worker (tests of the event path save a process start; queued RAG jobs then just wait);
    ``mutant`` names a broken bot of :mod:`evals.mutants` that both workers run (:mod:`evals.mutant_worker`).
    """
    exit_stack = ExitStack()
    try:
        # A third-party bot account and a stranger let tests show that both are ignored.
        others = (OTHER_BOT, STRANGER)
        sandbox = exit_stack.enter_context(start_sandbox(data_dir / "sandbox", other_users=others))
        secret = secrets.token_hex(20)
        bot_token = sandbox.token(BOT_LOGIN)
        # One sandbox plays all three forges; the bot is configured for each, as an operator would.
        env = os.environ | {
            "REDIS_URL": redis_url,
            "GITLEARNOS_DATA_DIR": str(data_dir / "bot"),
            "GITLEARNOS_GITHUB_WEBHOOK_SECRET": secret,
            "GITLEARNOS_GITHUB_TOKEN": bot_token,
            "GITLEARNOS_GITHUB_API_URL": sandbox.api_url,
            "GITLEARNOS_GITLAB_WEBHOOK_SECRET": secret,
            "GITLEARNOS_GITLAB_TOKEN": bot_token,
            "GITLEARNOS_GITLAB_URL": sandbox.gitlab_url,
            "GITLEARNOS_GITEA_WEBHOOK_SECRET": secret,
            "GITLEARNOS_GITEA_TOKEN": bot_token,
            "GITLEARNOS_GITEA_URL": sandbox.gitea_url,
            "GITLEARNOS_BOT_LOGIN": f"{BOT_LOGIN},{plain_username(BOT_LOGIN)}",
            # Everything here is on loopback, including endpoints a scenario's gitlearnos.yml names.
            "GITLEARNOS_RAG_ALLOWED_HOSTS": "127.0.0.1",
        }
        if with_model:
            env |= {
                "GITLEARNOS_MODEL_BASE_URL": f"{sandbox.url}/model/v1",
                "GITLEARNOS_MODEL_NAME": SANDBOX_MODEL,
                "GITLEARNOS_MODEL_API_KEY": bot_token,
            }
        env |= dict(extra_env or {})
        port = free_port()
        logs = data_dir / "logs"
        web = _spawn(["serve", "--port", str(port)], env, logs / "web.log", exit_stack)
        worker_args = ["worker", "--concurrency", str(worker_concurrency), "--hostname", f"demo-{port}@%h"]
        if worker_metrics_port is not None:
            worker_args += ["--metrics-port", str(worker_metrics_port)]
        worker_module = ("evals.mutant_worker", mutant) if mutant else ("gitlearnos",)
        start_worker = partial(
            _spawn, worker_args, env, logs / "worker.log", exit_stack, module=worker_module
        )
        worker = start_worker()
        beat = _spawn(["beat"], env, logs / "beat.log", exit_stack) if with_beat else None
        # The rag queue's own worker: one process, so one writer per index (compose's rag-worker).
        start_rag_worker = None
        if with_rag_worker:
            rag_args = ["worker", "--queues", "rag", "--concurrency", "1", "--hostname", f"rag-{port}@%h"]
            start_rag_worker = partial(
                _spawn, rag_args, env, logs / "rag-worker.log", exit_stack, module=worker_module
            )
        rag_worker = start_rag_worker() if start_rag_worker is not None else None
        web_url = f"http://127.0.0.1:{port}"
        try:
            wait_until_ready(f"{web_url}/readyz", timeout=ready_timeout, process=web)
        except StackError as error:
            raise StackError(f"web service: {error}; see {logs / 'web.log'}") from error
        stack = LocalStack(
            data_dir, redis_url, sandbox, web_url, secret, web, worker, beat, exit_stack, start_worker,
            rag_worker, start_rag_worker,
        )  # fmt: skip
        supervisor = threading.Thread(target=stack.supervise, name="local-stack-supervisor", daemon=True)
        supervisor.start()
        exit_stack.callback(supervisor.join, PROCESS_STOP_TIMEOUT)
        exit_stack.callback(stack._stopping.set)  # runs first (LIFO): no restarts while stopping
        return stack
    except BaseException:
        exit_stack.close()
        raise
