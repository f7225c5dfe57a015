"""The real intake app as ``gitlearnos serve`` builds it, on the test's Redis with the real Celery publisher,
so a test client's deliveries land on the queues the workers read.
"""

from __future__ import annotations

from litestar import Litestar

from runtime.settings import Settings
from webhooks.app import create_app
from workers.celery_app import create_celery
from workers.queueing import intake_messages


def intake_app(settings: Settings, redis_url: str) -> Litestar:
    tasks = create_celery(settings, redis_url)
    return create_app(settings, redis_url=redis_url, tasks=tasks, messages=intake_messages(tasks))
