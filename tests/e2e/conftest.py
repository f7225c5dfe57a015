"""The whole stack as separate processes: sandbox forge, ``gitlearnos serve``, ``gitlearnos worker``.

Real Redis (a flushed database of the shared test server), a real Celery
worker process, real git over HTTP with token auth, real signed webhooks.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from evals.local_stack import LocalStack, start_local_stack
from tests.support.demo_note import DEMO_NOTE_SENTENCES
from tests.support.log_audit import audit_logs


@pytest.fixture
def stack(tmp_path: Path, redis_url: str) -> Iterator[LocalStack]:
    # No rag-queue worker: these tests follow the event path (the smoke topology test runs it all).
    with start_local_stack(tmp_path, redis_url=redis_url, with_rag_worker=False) as running:
        yield running
    # Every log the stack wrote: no token, no webhook secret, no sentence of the learner's note.
    audit_logs(running, [], learner_texts=DEMO_NOTE_SENTENCES)
