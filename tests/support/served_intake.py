"""The intake as deployed: ``gitlearnos serve`` (uvicorn) in its own process, on the test's Redis.

Property runs send their requests over real HTTP to this process, so what
they measure — status codes, the process's memory, its log — is what a
forge would meet. Settings reach it through the environment, as in a
deployment; its log goes to a file the test reads afterwards.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx

from tests.support import forge_requests

TRIGGER_SECRET = "trigger-fuzz-secret"


@dataclass(frozen=True)
class ServedIntake:
    base_url: str
    pid: int
    log: Path


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def served_intake(redis_url: str, directory: Path) -> Iterator[ServedIntake]:
    """Start ``gitlearnos serve`` with every forge configured (as :func:`forge_requests.settings`)."""
    port = _free_port()
    config = forge_requests.settings()
    env = os.environ | {
        "REDIS_URL": redis_url,
        "GITLEARNOS_DATA_DIR": str(directory / "data"),
        "GITLEARNOS_LOG_LEVEL": "INFO",
        "GITLEARNOS_GITHUB_WEBHOOK_SECRET": forge_requests.GITHUB_SECRET,
        "GITLEARNOS_GITLAB_WEBHOOK_SECRET": forge_requests.GITLAB_SECRET,
        "GITLEARNOS_GITLAB_SIGNING_TOKEN": forge_requests.GITLAB_SIGNING_TOKEN,
        "GITLEARNOS_GITEA_WEBHOOK_SECRET": forge_requests.GITEA_SECRET,
        "GITLEARNOS_GITEA_URL": config.gitea_url,
        "GITLEARNOS_BOT_LOGIN": config.bot_login,
        "GITLEARNOS_TRIGGER_SECRET": TRIGGER_SECRET,
    }
    log = directory / "intake.log"
    command = [sys.executable, "-m", "gitlearnos.cli", "serve", "--host", "127.0.0.1", "--port", str(port)]
    with log.open("wb") as output:
        process = subprocess.Popen(command, env=env, stdout=output, stderr=subprocess.STDOUT)
    base_url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                if httpx.get(f"{base_url}/readyz", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"gitlearnos serve did not start:\n{log.read_text()[-2000:]}")
            time.sleep(0.1)
        yield ServedIntake(base_url=base_url, pid=process.pid, log=log)
    finally:
        process.terminate()
        process.wait(timeout=30)
