"""Run the ``maintenance`` job now, in the stack's own worker, as beat would at the learner's local time.

Each call uses an occurrence date of its own (far in the past, so it never meets a real one): an
occurrence runs at most once, and a test that wants "the next maintenance run" needs a fresh one.
"""

from __future__ import annotations

import itertools
import json
import time
from datetime import date, timedelta
from typing import Any

import redis

from evals.local_stack import LocalStack
from runtime.settings import Settings
from workers.celery_app import SCHEDULE_QUEUE, create_celery
from workers.repo_registry import registered_repos
from workers.scheduling.claims import claim_key
from workers.scheduling.dispatch import MAINTENANCE_JOB, RUN_MAINTENANCE

_occurrences = (date(2001, 1, 1) + timedelta(days=n) for n in itertools.count())


def run_maintenance_now(stack: LocalStack, full_name: str, timeout: float = 120.0) -> dict[str, Any]:
    """Queue one maintenance run of the served repository ``full_name``; return its recorded result."""
    client = redis.Redis.from_url(stack.redis_url)
    try:
        (target,) = [t for t in registered_repos(client) if t.repo.full_name == full_name]
        occurrence = next(_occurrences)
        app = create_celery(Settings(), stack.redis_url)
        app.send_task(
            RUN_MAINTENANCE,
            args=[target.model_dump(mode="json"), occurrence.isoformat()],
            queue=SCHEDULE_QUEUE,
        )
        key = claim_key(MAINTENANCE_JOB, target.repo.slug, occurrence)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            raw: bytes | None = client.get(key)  # type: ignore[assignment]
            if raw and raw.startswith(b"{"):
                result: dict[str, Any] = json.loads(raw)
                return result
            time.sleep(0.5)
        raise AssertionError(f"maintenance of {full_name} did not finish within {timeout:.0f} s")
    finally:
        client.close()
