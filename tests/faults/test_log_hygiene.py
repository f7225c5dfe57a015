"""No log line holds a token, a webhook secret or the learner's words, on the happy path or off it.

The stack runs a note through the usual path, through forge failures (every bot call answered 502 for
a while, so the worker logs its errors and retries), and through refused deliveries (a wrong signature,
a body that is not JSON) that carry learner text; then every log file the stack wrote is grepped.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable
from pathlib import Path

import httpx
import pytest

from tests.support.faults.ledger import Note
from tests.support.faults.run import FaultRun
from tests.support.log_audit import audit_logs, leaks, learner_words
from tests.support.signing import signed_headers

pytestmark = pytest.mark.e2e
FAILING_FOR = 6.0


def test_logs_hold_no_token_and_no_learner_text(fault_run: Callable[..., FaultRun]) -> None:
    run = fault_run()
    ledger = run.repository("log-hygiene", seed=7)
    with run.stack.sandbox.client() as learner:
        learner.inject_faults(1.0, statuses=[502, 429], retry_after=1)
        failing = ledger.file_note()
        time.sleep(FAILING_FOR)
        assert learner.faults()["injected"]["api"] > 0, "the worker met the failing forge"
        learner.inject_faults(0)
    ledger.file_note()
    text = f'{{"action":"opened","issue":{{"title":"{failing.title}","body":"{failing.body}"}}}}'.encode()
    url = run.stack.webhook_url_for("github")
    forged = httpx.post(
        url, content=text, headers=signed_headers("github", text, "wrong-secret", str(uuid.uuid4()))
    )
    broken = text[:-3]
    malformed = httpx.post(
        url, content=broken, headers=signed_headers("github", broken, run.stack.webhook_secret, "x1")
    )
    assert (forged.status_code, malformed.status_code) == (401, 400)

    observed = ledger.settle(180)

    files = audit_logs(run.stack, ledger.notes, extra_logs=[run.redis.log_path])
    assert {path.name for path in files} >= {"web.log", "worker.log"}
    worker_log = (run.stack.logs_dir / "worker.log").read_text()
    assert ledger.repo in worker_log, "the worker logged its work (by repository, never by text)"
    run.conclude("log audit: happy path, forge 502/429, refused deliveries", observed)


def test_the_audit_finds_a_token_or_a_learner_sentence_in_any_log(tmp_path: Path) -> None:
    note = Note(number=3, title="Study note 3: kalomiru and tezapone", body="…", marker="zq0123456789ab")
    log = tmp_path / "worker.log"
    log.write_text(
        '{"event": "clone", "url": "http://x-access-token:ghs_s3cr3t-t0ken@host/r.git"}\n' + note.marker
    )
    forbidden = learner_words([note]) | {"token of bot": "ghs_s3cr3t-t0ken"}
    assert leaks([log], forbidden) == ["worker.log:1: token of bot", "worker.log:2: marker word of note #3"]
    log.write_text('{"event": "organized", "repo": "alice/learning", "issue": 3}\n')
    assert leaks([log], forbidden) == []
