"""Redis: reachable, persistent, and holding a live beat's lock.

Redis holds accepted deliveries until a worker takes them, so one that forgets on restart loses notes:
the check wants AOF (``appendonly yes``) or RDB snapshots (a ``save`` rule). The embedded default
(``REDIS_URL`` empty) runs with AOF under the data directory and is named as such. Beat is alive when
RedBeat's lock key exists: the running beat renews it every loop and it expires a few minutes after
the beat dies (``workers.scheduling.dispatch.configure_beat``).
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import redis

from gitlearnos.doctor.rows import Row, failed, passed
from runtime.embedded_redis import URL_FILE, answers
from runtime.settings import Settings
from workers.state_keys import REDBEAT_LOCK

TIMEOUT_SECONDS = 3.0


def shown_url(url: str) -> str:
    """``url`` without its password, fit for the table."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.hostname or ""
    netloc = f"{parts.username or ''}:***@{host}" + (f":{parts.port}" if parts.port else "")
    return urlunsplit(parts._replace(netloc=netloc))


def embedded_url(data_dir: Path) -> str | None:
    """The running embedded Redis of ``data_dir``, or None; the doctor never starts one."""
    url_file = data_dir / "redis" / URL_FILE
    if not url_file.is_file():
        return None
    url = url_file.read_text().strip()
    return url if answers(url) else None


def redis_rows(settings: Settings) -> tuple[list[Row], redis.Redis | None]:
    """The reachability and persistence rows, and a client for the checks that read Redis."""
    if settings.redis_url:
        url, origin = settings.redis_url, shown_url(settings.redis_url)
    else:
        found = embedded_url(settings.data_dir)
        origin = f"embedded Redis under {settings.data_dir / 'redis'}"
        if found is None:
            fix = "start the service (`gitlearnos serve` starts the embedded Redis) or set REDIS_URL"
            return [failed("redis", f"{origin}: not running", fix)], None
        url = found
    client = redis.Redis.from_url(url, socket_timeout=TIMEOUT_SECONDS, socket_connect_timeout=TIMEOUT_SECONDS)
    try:
        version = client.info("server").get("redis_version", "?")
    except (redis.RedisError, OSError) as error:
        fix = "start Redis or correct REDIS_URL (redis://host:port/db)"
        return [failed("redis", f"{origin}: {type(error).__name__}", fix)], None
    rows = [passed("redis", f"{origin} answers (Redis {version})"), _persistence(client)]
    return rows, client


def _persistence(client: redis.Redis) -> Row:
    fix = "turn on AOF (`appendonly yes`) or RDB snapshots (`save 3600 1 300 100`) in the Redis config"
    try:
        config = {
            name: str(client.config_get(name).get(name, "")) for name in ("appendonly", "save", "appendfsync")
        }
    except redis.ResponseError:
        return failed(
            "redis persistence",
            "CONFIG GET is refused here, so persistence cannot be read",
            fix + " and confirm",
        )
    if config.get("appendonly") == "yes":
        return passed("redis persistence", f"AOF on (appendfsync {config['appendfsync'] or '?'})")
    if config.get("save", "").strip():
        return passed("redis persistence", f"RDB snapshots (save {config['save']})")
    return failed(
        "redis persistence", "neither AOF nor RDB snapshots: a restart loses queued deliveries", fix
    )


def beat_row(client: redis.Redis) -> Row:
    ttl = int(client.pttl(REDBEAT_LOCK))
    if ttl == -2:  # Redis: no such key
        fix = "run exactly one `gitlearnos beat` against this Redis (scheduled jobs stop without it)"
        return failed("beat", f"no beat holds {REDBEAT_LOCK}", fix)
    expires = f"renewed, expires in {ttl / 1000:.0f} s" if ttl > 0 else "held"
    return passed("beat", f"RedBeat lock {REDBEAT_LOCK} {expires}")
