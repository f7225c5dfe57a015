"""A learner's source record for one material, and that record once RAG synchronization wrote its evidence
back (the inputs the RAG linkage, question and reconcile tests start from).
"""

from __future__ import annotations

from datetime import date

from bot.intake.agent import Channel
from bot.rag.links import (
    RagStatus,
    SyncEvidence,
    doc_id_for,
    plan_sync_commit,
    read_source_link,
    sha256,
)
from bot.records.sources import render_source, source_from_learner
from bot.snapshot import MemorySnapshot, RepoSnapshot

MATERIAL = "materials/handout.md"
TEXT = "# Handout\n\nThe scale factor is the ratio of corresponding sides.\n"


def record(locator: str = MATERIAL, snapshot: RepoSnapshot | None = None) -> tuple[str, str]:
    """The record a note citing ``locator`` leaves, written on ``snapshot`` (by default: the handout only)."""
    source = source_from_learner("mathematics", locator)
    text = render_source(
        source, channel=Channel.BOOK, knowledge_ids=("mathematics/similarity/scale-factor",),
        day=date(2026, 11, 30), event_id="event-1", event_path="subjects/mathematics/events/1.md",
        snapshot=snapshot or MemorySnapshot({MATERIAL: TEXT}), provider="rag-anything",
    )  # fmt: skip
    return source.path, text


def synced(path: str, text: str, content: str, status: RagStatus = RagStatus.VERIFIED) -> str:
    link = read_source_link(path, text)
    assert link is not None
    evidence = SyncEvidence(
        status=status, record_path=path, doc_id=doc_id_for(link.source_id, sha256(content)),
        content_hash=sha256(content), material_path=MATERIAL, receipt_path=".gitlearnos/receipts/r.json",
        revision="a" * 40, provider="rag-anything", parser="text", note="checked",
    )  # fmt: skip
    plan = plan_sync_commit(
        link, text, evidence, "{}\n", snapshot=MemorySnapshot({MATERIAL: content}), run_key="rag:run-1"
    )
    return next(w.content for w in plan.writes if w.path == path)
