"""Readiness from evidence: knowledge-ready only from a verified ingest receipt, never from ``rag.status``.

Issue 16 (readiness read from a flag nothing writes) and issue 19 (after a verified ingest the receipt
still said "no verified ingest", and the source record said "not copied into this repository" and "the
bot has not inspected this source" of a file the bot had read, hashed and ingested).
"""

from __future__ import annotations

import pytest

from bot.automation.record import AUTOMATION_PATH, JOBS, JobRecord, Observation, render_automation_record
from bot.config import parse_config
from bot.handle import plan_event
from bot.intake.rule_agent import RuleAgent
from bot.rag.links import read_source_link
from bot.receipt import commit_receipt
from bot.setup.readiness import setup_status
from bot.snapshot import MemorySnapshot
from rag.receipts import RunResult
from tests.support.learner import CONFIG, NOW, issue_event, learner_repo
from tests.support.rag_receipts import ingest_receipt, ingested_files
from tests.support.rag_records import MATERIAL, TEXT, record

HAND_SET = CONFIG + "rag:\n  status: verified\n"


def status_of(snapshot: MemorySnapshot) -> str:
    config = parse_config(snapshot.read_text("gitlearnos.yml") or "").config
    return setup_status(config, can_write=True, snapshot=snapshot)


def verified_automation() -> str:
    observed = [
        Observation(
            job=job,
            recurrence="daily",
            local_time="07:00",
            scheduler_listed=True,
            time_zone="UTC",
            task_id=f"{job}-1",
            next_run="2026-12-01 07:00 UTC",
            run_result="skipped",
            run_at="2026-11-30 07:00 UTC",
            evidence=f"{job}:1",
        )
        for job in JOBS
    ]
    records = tuple(JobRecord.observed(o) for o in observed)
    return render_automation_record(records, time_zone="UTC", quiet_hours="none", push_authorized=True)


def test_a_verified_ingest_makes_the_repository_knowledge_ready() -> None:
    files = ingested_files()
    status = status_of(learner_repo(**files))
    receipt = next(path for path in files if path.startswith(".gitlearnos/receipts/"))
    assert status.startswith("knowledge-ready: `mathematics/materials-handout-md` ingested and verified")
    assert f"receipt `{receipt}`" in status
    assert "no verified ingest" not in status and "automation-ready not verified" in status


def test_a_hand_set_rag_status_does_not_make_it_knowledge_ready() -> None:
    status = status_of(learner_repo(**{"gitlearnos.yml": HAND_SET}))
    assert status.startswith("core-ready; incomplete beyond that: knowledge-ready not verified")


def test_a_hand_edited_source_record_without_its_receipt_is_no_evidence() -> None:
    files = ingested_files()
    receipts = [path for path in files if path.startswith(".gitlearnos/receipts/")]
    forged = {path: text for path, text in files.items() if path not in receipts}
    assert status_of(learner_repo(**forged, **{"gitlearnos.yml": HAND_SET})).startswith("core-ready")


@pytest.mark.parametrize(
    "receipt",
    [ingest_receipt(found=False), ingest_receipt(result=RunResult.FAILED)],
    ids=["retrieval-check-not-found", "ingest-failed"],
)
def test_an_ingest_that_was_not_verified_is_not_knowledge_ready(receipt) -> None:  # type: ignore[no-untyped-def]
    assert status_of(learner_repo(**ingested_files(receipt))).startswith("core-ready")


def test_material_changed_since_the_ingest_is_stale_evidence() -> None:
    files = ingested_files() | {MATERIAL: TEXT + "\nA new paragraph the index has not seen.\n"}
    assert status_of(learner_repo(**files)).startswith("core-ready")


def test_a_receipt_from_another_provider_does_not_count() -> None:
    other = CONFIG + "rag:\n  provider: another-rag\n"
    assert status_of(learner_repo(**ingested_files(), **{"gitlearnos.yml": other})).startswith("core-ready")


def test_full_ready_needs_both_the_ingest_and_the_observed_runs() -> None:
    automated = {AUTOMATION_PATH: verified_automation()}
    assert status_of(learner_repo(**ingested_files(), **automated)).startswith("full-ready")
    alone = status_of(learner_repo(**automated, **{"gitlearnos.yml": HAND_SET}))
    assert alone.startswith("core-ready") and "levels are cumulative" in alone


def test_a_receipt_built_from_the_repository_says_what_the_repository_shows() -> None:
    snapshot = learner_repo(**ingested_files())
    config = parse_config(CONFIG).config
    fields = dict(
        subject="mathematics", organized="x", questions="none", changed_files=(), evidence="x",
        rag_synchronization="x", mastery="unchanged", automation_actually_completed="none", next_action="x",
    )  # fmt: skip
    assert commit_receipt(config, snapshot=snapshot, **fields).setup_status.startswith("knowledge-ready")
    assert "were not read" in commit_receipt(config, **fields).setup_status  # no snapshot: nothing claimed


def test_after_a_sync_the_source_record_says_what_the_bot_read() -> None:
    _, elsewhere = record(snapshot=MemorySnapshot({}))
    assert "has not inspected this source" in elsewhere and "Availability: `local-only`" in elsewhere
    path, created = record()  # the material is committed: the note's record says so, and that it waits
    assert f"Original location: in this repository at `{MATERIAL}`." in created
    assert "has not ingested it into RAG yet" in created and "has not inspected this source" not in created
    synced = ingested_files()[path]
    assert "not copied into this repository" not in synced
    assert "has not inspected this source" not in synced
    assert f"Original location: in this repository at `{MATERIAL}`." in synced
    link = read_source_link(path, synced)
    assert link is not None and f"sha256 `{link.content_hash}`" in synced
    assert "(verified)" in synced and "Availability: `full`" in synced


def test_a_failed_sync_says_the_text_was_read_but_not_ingested() -> None:
    path, _ = record()
    failed = ingested_files(ingest_receipt(result=RunResult.FAILED))[path]
    assert "has not inspected this source" not in failed and "that did not complete" in failed
    assert "Availability: `full`" in failed  # the committed text is there to read; only the ingest failed


def test_the_reply_to_a_note_after_a_verified_ingest_says_knowledge_ready() -> None:
    plan = plan_event(issue_event(), learner_repo(**ingested_files()), now=NOW, agent=RuleAgent())
    (reply,) = plan.finished(commit_id="b" * 40, branch="main", remote="this repository").replies
    body = reply.body()
    assert "knowledge-ready: `mathematics/materials-handout-md` ingested and verified" in body
    assert "knowledge-ready not verified" not in body
