"""Git/RAG linkage of source records: what is ingestible, under which document ID, what is written back."""

from __future__ import annotations

import pytest

from bot.config import parse_config
from bot.plan import FileWrite
from bot.rag.links import (
    RAG_INGEST,
    RagStatus,
    Readiness,
    SyncEvidence,
    ingest_decision,
    material_path,
    plan_sync_commit,
    rag_follow_ups,
    rag_note,
    read_source_link,
    sha256,
    source_links,
)
from bot.snapshot import MemorySnapshot
from tests.support.rag_records import MATERIAL, TEXT, record, synced

CONFIG = parse_config("setup:\n  answers:\n    subject: mathematics\n").config


def test_a_new_record_reads_back_as_pending_with_its_identity() -> None:
    path, text = record()
    link = read_source_link(path, text)
    assert link is not None
    assert (link.source_id, link.locator, link.rag_status, link.doc_id) == (
        "mathematics/materials-handout-md",
        MATERIAL,
        "pending",
        "",
    )
    assert link.knowledge_ids == ("mathematics/similarity/scale-factor",)
    assert read_source_link("subjects/mathematics/events/1.md", text) is None


@pytest.mark.parametrize(
    ("locator", "workspace", "allowed"),
    [
        (MATERIAL, "", True),
        ("notes/summary.txt", "", True),
        ("the blue textbook, chapter 3", "", False),
        ("../outside.md", "", False),
        ("/etc/passwd", "", False),
        (".gitlearnos/receipts/r.md", "", False),
        ("gitlearnos.yml", "", False),
        ("materials/scan.pdf", "", False),
        (MATERIAL, "materials", True),
        ("notes/summary.txt", "materials", False),
    ],
)
def test_only_text_material_inside_the_authorized_folder_is_ingestible(
    locator: str, workspace: str, allowed: bool
) -> None:
    config = parse_config(f"sources:\n  workspace: '{workspace}'\n").config
    path, text = record(locator)
    link = read_source_link(path, text)
    assert link is not None
    assert (material_path(link, config) is not None) is allowed


def test_ingest_decision_follows_the_committed_version() -> None:
    path, text = record()
    link = read_source_link(path, text)
    assert link is not None
    missing = ingest_decision(link, MemorySnapshot({path: text}), CONFIG)
    assert missing.readiness is Readiness.NEEDS_SOURCE
    fresh = ingest_decision(link, MemorySnapshot({path: text, MATERIAL: TEXT}), CONFIG)
    assert fresh.readiness is Readiness.INGEST and fresh.doc_id == f"{link.source_id}@{sha256(TEXT)[:12]}"
    done = read_source_link(path, synced(path, text, TEXT))
    assert done is not None and done.rag_status == "verified" and done.doc_id == fresh.doc_id
    same = ingest_decision(done, MemorySnapshot({MATERIAL: TEXT}), CONFIG)
    assert same.readiness is Readiness.IDENTICAL
    changed = ingest_decision(done, MemorySnapshot({MATERIAL: TEXT + "More.\n"}), CONFIG)
    assert changed.readiness is Readiness.INGEST and changed.replaces_doc_id == fresh.doc_id
    off = parse_config("rag:\n  ingest:\n    enabled: false\n").config
    assert ingest_decision(link, MemorySnapshot({MATERIAL: TEXT}), off).readiness is Readiness.DISABLED


def test_follow_ups_only_for_records_waiting_for_synchronization() -> None:
    path, text = record()
    verified = synced(path, text, TEXT)
    files = MemorySnapshot({MATERIAL: TEXT})
    assert rag_follow_ups((FileWrite(path=path, content=text),), files, CONFIG)[0].kind == RAG_INGEST
    assert rag_follow_ups((FileWrite(path=path, content=verified),), files, CONFIG) == ()
    edited = MemorySnapshot({MATERIAL: TEXT + "Changed.\n"})
    assert len(rag_follow_ups((FileWrite(path=path, content=verified),), edited, CONFIG)) == 1
    assert rag_follow_ups((FileWrite(path="dashboard.md", content=text),), files, CONFIG) == ()
    assert rag_note(()).startswith("not attempted")
    assert "waits for ingestion" in rag_note(
        rag_follow_ups((FileWrite(path=path, content=text),), files, CONFIG)
    )


def test_the_receipt_commit_rewrites_only_the_linkage_and_keeps_the_citing_notes() -> None:
    path, text = record()
    updated = synced(path, text, TEXT)
    assert "| [event-1](../events/1.md) |" in updated and "## Missing or uncertain" in updated
    assert "Availability: `full`" in updated and f"`{sha256(TEXT)}`" in updated
    assert "RAG status: `verified` (checked)" in updated
    failed = synced(path, text, TEXT, RagStatus.PENDING)
    # The material is committed either way, so the bot can read all of it; only the ingest is missing.
    assert "Availability: `full`" in failed and "Provider document ID: none" in failed
    assert "that did not complete" in failed
    assert source_links(MemorySnapshot({path: updated, "subjects/mathematics/goals/main-goal.md": "x"})) == [
        read_source_link(path, updated)
    ]


def test_the_receipt_commit_carries_the_rag_trailers() -> None:
    path, text = record()
    link = read_source_link(path, text)
    assert link is not None
    evidence = SyncEvidence(
        status=RagStatus.VERIFIED, record_path=path, doc_id="d@1", content_hash="h", material_path=MATERIAL,
        receipt_path=".gitlearnos/receipts/r.json", revision="b" * 40, provider="p", parser="x", note="n",
    )  # fmt: skip
    plan = plan_sync_commit(link, text, evidence, "{}\n", snapshot=MemorySnapshot({}), run_key="rag:run-2")
    assert plan.commit is not None and plan.changed_paths == (".gitlearnos/receipts/r.json", path)
    assert dict(plan.commit.trailers) == {
        "GitLearnOS-Event": "rag:run-2",
        "GitLearnOS-Operation": "rag-ingest",
        "GitLearnOS-Record": link.source_id,
        "GitLearnOS-RAG-Document": "d@1",
    }
