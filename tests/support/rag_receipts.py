"""A learner repository after a verified RAG ingest, as the rag worker commits it: material, source record
and a real ``gitlearnos.external-receipt/v1`` receipt, built with the same functions the worker uses.
"""

from __future__ import annotations

from bot.rag.links import SyncEvidence, doc_id_for, plan_sync_commit, read_source_link, sha256
from bot.snapshot import MemorySnapshot
from rag.operations import synced_status
from rag.provider import PROVIDER
from rag.receipts import ExternalReceipt, RagOperation, RunResult, Verification
from tests.support.rag_records import MATERIAL, TEXT, record

CHECKED = "The scale factor is the ratio of corresponding sides."


def ingest_receipt(*, found: bool = True, result: RunResult = RunResult.COMPLETED) -> ExternalReceipt:
    """The receipt of one ingest of :data:`TEXT` from :data:`MATERIAL` (its retrieval check ``found``)."""
    path, text = record()
    link = read_source_link(path, text)
    assert link is not None
    digest = sha256(TEXT)
    return ExternalReceipt(
        operation=RagOperation.INGEST, result=result, provider=PROVIDER, provider_version="test",
        task_id="direct", run_id="run-0001-abcdef", repository="alice/learning", repo_revision="a" * 40,
        source_id=link.source_id, source_record=path, doc_id=doc_id_for(link.source_id, digest),
        locator=MATERIAL, content_hash=digest, chunks=1,
        verification=Verification(question=CHECKED, expect=CHECKED, found=found),
    )  # fmt: skip


def ingested_files(receipt: ExternalReceipt | None = None) -> dict[str, str]:
    """The files a sync run leaves: the material, the updated source record and the receipt."""
    receipt = receipt or ingest_receipt()
    path, text = record()
    link = read_source_link(path, text)
    assert link is not None
    evidence = SyncEvidence(
        status=synced_status(receipt), record_path=path, doc_id=receipt.doc_id,
        content_hash=receipt.content_hash, material_path=receipt.locator, receipt_path=receipt.path,
        revision=receipt.repo_revision, provider=PROVIDER, parser="text", note="checked",
    )  # fmt: skip
    on = MemorySnapshot({MATERIAL: TEXT})
    plan = plan_sync_commit(
        link, text, evidence, receipt.to_json(), snapshot=on, run_key=f"rag:{receipt.run_id}"
    )
    return {MATERIAL: TEXT} | {write.path: write.content for write in plan.writes}
