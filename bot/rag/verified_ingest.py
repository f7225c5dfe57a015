"""Which sources the repository shows as ingested and verified: the evidence for ``knowledge-ready``.

Protocol, "Setup gate and readiness": a level is claimed only from its evidence. For the knowledge
level that evidence is a RAG ingest the rag worker committed, not a flag in ``gitlearnos.yml`` (a hand
edit of ``rag.status`` promotes nothing). A source counts when all of these agree on the current head:

1. its source record says RAG status ``verified`` with a provider document ID and a receipt path;
2. that receipt file is committed, is a ``gitlearnos.external-receipt/v1`` ingest or rebuild that
   completed, whose retrieval check found a sentence of the source, for this source and document ID,
   with the configured RAG provider;
3. the material the receipt names is still committed with the content hash the receipt states, and the
   document ID is the one that version gets, so an edited or rolled-back material is stale evidence.

The receipt is read as JSON here (the core imports no RAG package); its field names are the receipt
schema's. What Git cannot show is whether the provider still holds the document; ``gitlearnos rag
status`` and the sync job's inspection check that.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel, ConfigDict

from bot.rag.source_link import RagStatus, SourceLink, doc_id_for, sha256
from bot.snapshot import RepoSnapshot

RECEIPT_SCHEMA = "gitlearnos.external-receipt/v1"
RECEIPTS_DIR = ".gitlearnos/receipts/"
INGEST_OPERATIONS = frozenset({"ingest", "rebuild"})


class VerifiedIngest(BaseModel):
    """One source whose committed material the index holds, with the receipt that shows it."""

    model_config = ConfigDict(frozen=True)

    source_id: str
    doc_id: str
    material_path: str
    content_hash: str
    receipt_path: str


def _receipt(snapshot: RepoSnapshot, path: str) -> dict[str, Any] | None:
    text = snapshot.read_text(path) if path.startswith(RECEIPTS_DIR) else None
    try:
        data = json.loads(text) if text else None
    except json.JSONDecodeError:
        return None
    return data if isinstance(data, dict) else None


def _shows_verified_ingest(receipt: dict[str, Any], link: SourceLink, provider: str) -> bool:
    verification = receipt.get("verification")
    return (
        receipt.get("schema") == RECEIPT_SCHEMA
        and receipt.get("operation") in INGEST_OPERATIONS
        and receipt.get("result") == "completed"
        and receipt.get("provider") == provider
        and receipt.get("source_id") == link.source_id
        and receipt.get("doc_id") == link.doc_id
        and isinstance(verification, dict)
        and verification.get("found") is True
    )


def verified_ingest(link: SourceLink, snapshot: RepoSnapshot, provider: str) -> VerifiedIngest | None:
    """The evidence that ``link``'s current material is ingested and verified, or None (see the rules)."""
    if link.rag_status != RagStatus.VERIFIED or not link.doc_id:
        return None
    receipt = _receipt(snapshot, link.receipt_path)
    if receipt is None or not _shows_verified_ingest(receipt, link, provider):
        return None
    material, digest = str(receipt.get("locator") or ""), str(receipt.get("content_hash") or "")
    text = snapshot.read_text(material) if material else None
    if text is None or sha256(text) != digest or doc_id_for(link.source_id, digest) != link.doc_id:
        return None
    return VerifiedIngest(
        source_id=link.source_id,
        doc_id=link.doc_id,
        material_path=material,
        content_hash=digest,
        receipt_path=link.receipt_path,
    )
