"""The whole stack as separate processes: sandbox forge, ``gitlearnos serve``, ``gitlearnos worker``.

Real Redis (a flushed database of the shared test server), a real Celery
worker process, real git over HTTP with token auth, real signed webhooks.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from evals.demo import NOTE_BODY, NOTE_TITLE
from evals.local_stack import LocalStack, start_local_stack
from tests.support.log_audit import audit_logs

DEMO_NOTE_SENTENCES = {"the demo note's title": NOTE_TITLE} | {
    f"sentence {n} of the demo note": sentence for n, sentence in enumerate(NOTE_BODY.split(". "), start=1)
}


@pytest.fixture
def stack(tmp_path: Path, redis_url: str) -> Iterator[LocalStack]:
    # No rag-queue worker: these tests follow the event path (the smoke topology test runs it all).
    with start_local_stack(tmp_path, redis_url=redis_url, with_rag_worker=False) as running:
        yield running
    # Every log the stack wrote: no token, no webhook secret, no sentence of the learner's note.
    audit_logs(running, [], learner_texts=DEMO_NOTE_SENTENCES)
