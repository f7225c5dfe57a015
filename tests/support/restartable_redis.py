"""A Redis server of the fault suite's own, append-only, that a test may restart under the running stack.

The shared test server cannot be restarted (other tests use it), so each fault test gets one of these:
the real ``redis-server`` binary (:func:`runtime.embedded_redis.redis_binary`), in the foreground as
a child process, with ``appendonly yes`` and ``appendfsync always`` as the deployment docs ask, so a
restart keeps every accepted delivery. It comes back on the same port, as a restarted server would.
"""

from __future__ import annotations

import subprocess
import time
from pathlib import Path
from types import TracebackType

from evals.local_stack import free_port
from runtime.embedded_redis import answers, redis_binary

START_TIMEOUT = 15.0
STOP_TIMEOUT = 15.0


class RestartableRedis:
    """``with RestartableRedis(folder) as server``: ``server.url`` answers until the block ends."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.restarts = 0
        self._process: subprocess.Popen[bytes] | None = None

    @property
    def log_path(self) -> Path:
        return self.folder / "redis.log"

    def start(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        command = [
            redis_binary(),
            "--bind", "127.0.0.1",
            "--port", str(self.port),
            "--dir", str(self.folder),
            "--logfile", str(self.log_path),
            "--appendonly", "yes",
            "--appendfsync", "always",
            "--save", "",
        ]  # fmt: skip
        self._process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + START_TIMEOUT
        while not answers(self.url):
            if self._process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"redis-server did not start on port {self.port}; see {self.log_path}")
            time.sleep(0.05)

    def stop(self) -> None:
        """SIGTERM: Redis flushes its append-only file and exits, as ``systemctl restart`` would."""
        if self._process is not None and self._process.poll() is None:
            self._process.terminate()
            self._process.wait(timeout=STOP_TIMEOUT)
        self._process = None

    def restart(self, down_for: float) -> None:
        """Stop, stay down ``down_for`` seconds (deliveries meanwhile find no Redis), start again."""
        self.stop()
        time.sleep(down_for)
        self.start()
        self.restarts += 1

    def __enter__(self) -> RestartableRedis:
        self.start()
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.stop()
