"""Signed requests for all three webhook routes, and what a test may observe after one.

Every helper signs exactly the bytes it sends, the way its forge does (GitHub's
``X-Hub-Signature-256``, GitLab's shared token plus the Standard Webhooks
signature, Gitea's bare hex HMAC), so a test can send any body — a real
fixture, a mutated one, outright garbage — and know the signature is not why
it was refused. The observers read the real Redis the app writes to: the
Celery queues and the delivery ledger's claim keys.
"""

from __future__ import annotations

import base64
import json
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import redis
from litestar.testing import TestClient
from pydantic import SecretStr

from forge_adapters.gitea.verify import sign as gitea_sign
from forge_adapters.github.verify import sign as github_sign
from forge_adapters.gitlab.verify import sign as gitlab_sign
from runtime.settings import Settings
from tests.support import gitea_hooks, gitlab_hooks
from tests.support.intake_app import intake_app
from tests.support.payloads import FIXTURES, load_fixture
from workers.celery_app import EVENTS_QUEUE, SCHEDULE_QUEUE

GITHUB_SECRET = "github-fuzz-secret"
GITLAB_SECRET = "gitlab-fuzz-secret"
GITLAB_SIGNING_TOKEN = "whsec_" + base64.b64encode(b"gitlab-signing-key-0123456789abcdef").decode()
GITEA_SECRET = "gitea-fuzz-secret"
FORGES = ("github", "gitlab", "gitea")


def settings(**overrides: Any) -> Settings:
    """All three forges configured (GitLab with its signing token too), as a deployment would be."""
    values: dict[str, Any] = {
        "github_webhook_secret": SecretStr(GITHUB_SECRET),
        "gitlab_webhook_secret": SecretStr(GITLAB_SECRET),
        "gitlab_signing_token": SecretStr(GITLAB_SIGNING_TOKEN),
        "gitea_webhook_secret": SecretStr(GITEA_SECRET),
        "gitea_url": "http://localhost:3000",
        "bot_login": "gitlearnos-bot[bot],gitlearnos-bot",
    }
    return Settings(**(values | overrides))


@contextmanager
def intake_client(redis_url: str, **overrides: Any) -> Iterator[TestClient]:  # type: ignore[type-arg]
    """The real app on ``redis_url`` with the real Celery publisher, served by Litestar's test client."""
    config = settings(**overrides)
    with TestClient(intake_app(config, redis_url), raise_server_exceptions=False) as client:
        yield client


def fixture_names(forge: str) -> list[str]:
    return sorted(path.stem for path in (FIXTURES / forge).glob("*.json"))


def github_headers(event: str, body: bytes, delivery: str | None = None) -> dict[str, str]:
    return {
        "Content-Type": "application/json",
        "X-GitHub-Event": event,
        "X-GitHub-Delivery": delivery or str(uuid.uuid4()),
        "X-Hub-Signature-256": github_sign(body, GITHUB_SECRET),
    }


def gitlab_headers(
    hook: str, body: bytes, delivery: str | None = None, *, timestamp: str | None = None
) -> dict[str, str]:
    """GitLab's headers with a valid signature; ``timestamp`` overrides the signed ``webhook-timestamp``."""
    webhook_id = delivery or str(uuid.uuid4())
    stamp = str(int(time.time())) if timestamp is None else timestamp
    return {
        "Content-Type": "application/json",
        "X-Gitlab-Event": hook,
        "X-Gitlab-Token": GITLAB_SECRET,
        "Idempotency-Key": webhook_id,
        "webhook-id": webhook_id,
        "webhook-timestamp": stamp,
        "webhook-signature": gitlab_sign(webhook_id, stamp, body, GITLAB_SIGNING_TOKEN),
    }


def gitea_headers(event: str, event_type: str, body: bytes, delivery: str | None = None) -> dict[str, str]:
    return {
        "Content-Type": "application/json",
        "X-Gitea-Event": event,
        "X-Gitea-Event-Type": event_type,
        "X-Gitea-Delivery": delivery or str(uuid.uuid4()),
        "X-Gitea-Signature": gitea_sign(body, GITEA_SECRET),
    }


def signed_headers(forge: str, stem: str, body: bytes, delivery: str | None = None) -> dict[str, str]:
    """Correctly signed headers for ``body``, sent as the event fixture ``stem`` was delivered as."""
    if forge == "github":
        return github_headers(stem.split("__", 1)[0], body, delivery)
    if forge == "gitlab":
        return gitlab_headers(gitlab_hooks.hook_name(stem, load_fixture(forge, stem)), body, delivery)
    return gitea_headers(*gitea_hooks.gitea_events(stem), body, delivery)


def wire(headers: dict[str, str]) -> dict[str, bytes]:
    """Header values as bytes on the wire: Latin-1 when they fit (what servers decode them as), else UTF-8."""
    encoded = {}
    for name, value in headers.items():
        try:
            encoded[name] = value.encode("latin-1")
        except UnicodeEncodeError:
            encoded[name] = value.encode("utf-8")
    return encoded


def post(client: TestClient, forge: str, body: bytes, headers: dict[str, str]) -> Any:  # type: ignore[type-arg]
    return client.post(f"/webhooks/{forge}", content=body, headers=wire(headers))


def queue_lengths(redis_url: str) -> int:
    """How many messages wait on the events and schedule queues together."""
    client = redis.Redis.from_url(redis_url)
    return int(client.llen(EVENTS_QUEUE)) + int(client.llen(SCHEDULE_QUEUE))


def claims(redis_url: str) -> int:
    """How many delivery ids the ledger has claimed."""
    return sum(1 for _ in redis.Redis.from_url(redis_url).scan_iter("gitlearnos:delivery:*"))


RAW = "\x00raw\x00"  # a placeholder no real payload holds, swapped for raw JSON text after encoding


def with_raw(payload: Any, path: tuple[str | int, ...], raw_json: str) -> bytes:
    """``payload`` as JSON with the value at ``path`` replaced by ``raw_json`` verbatim.

    Raw text, because the interesting values are the ones Python's encoder
    never writes: ``1e400``, a lone ``"\\ud800"`` escape, 10^5 nested arrays.
    """
    copy = json.loads(json.dumps(payload))
    node = copy
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = RAW
    return json.dumps(copy).replace(json.dumps(RAW), raw_json).encode()
