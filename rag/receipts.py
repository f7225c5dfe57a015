"""External receipts (``gitlearnos.external-receipt/v1``): what one adapter operation really did.

A receipt is historical evidence, committed to the learner repository under ``.gitlearnos/receipts/``
in its own commit; it is not a health check. It follows the run contract of the protocol's
``automation.md`` template (provider, task id, run id, repository revision, result) and adds what the
RAG linkage needs: source and document identity, locator, content hash, the index it went into, the
verification evidence, what a deletion leaves behind, and how to rebuild or delete.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

SCHEMA = "gitlearnos.external-receipt/v1"
RECEIPTS_DIR = ".gitlearnos/receipts"


class RagOperation(StrEnum):
    INGEST = "ingest"
    REBUILD = "rebuild"
    DELETE = "delete"
    VERIFY = "verify"
    QUERY = "query"
    STATUS = "status"


class RunResult(StrEnum):
    COMPLETED = "completed"
    FAILED = "failed"
    REFUSED = "refused"
    SKIPPED = "skipped"


class IndexInfo(BaseModel):
    model_config = ConfigDict(frozen=True)

    index_key: str
    workspace: str
    embedding_model: str
    embedding_dimensions: int
    embedding_base_url: str = ""
    chat_model: str = ""
    parser: str


class Verification(BaseModel):
    """A retrieval check: the question, the fact expected, and the evidence it was (not) found in."""

    model_config = ConfigDict(frozen=True)

    question: str
    expect: str
    found: bool
    doc_id: str = ""
    locator: str = ""
    evidence: str = ""


class ExternalReceipt(BaseModel):
    model_config = ConfigDict(frozen=True)

    schema_: str = Field(default=SCHEMA, alias="schema")
    operation: RagOperation
    result: RunResult
    provider: str
    provider_version: str
    task_id: str
    run_id: str
    repository: str
    repo_revision: str
    created_at: str = Field(default_factory=lambda: datetime.now(UTC).isoformat(timespec="seconds"))
    source_id: str = ""
    source_record: str = ""
    knowledge_ids: tuple[str, ...] = ()
    doc_id: str = ""
    locator: str = ""
    content_hash: str = ""
    replaces_doc_id: str = ""
    chunks: int = 0
    index: IndexInfo | None = None
    verification: Verification | None = None
    provider_state: str = ""
    error: str = ""
    retained: tuple[str, ...] = ()
    rebuild: str = ""
    delete: str = ""

    @property
    def path(self) -> str:
        """Where the receipt lives in the learner repository; unique per run."""
        stamp = re.sub(r"[^0-9]", "", self.created_at)[:14]
        name = re.sub(r"[^a-z0-9]+", "-", (self.source_id or self.doc_id or "index").lower()).strip("-")
        return f"{RECEIPTS_DIR}/{stamp}-rag-{self.operation.value}-{name[:60]}-{self.run_id[:8]}.json"

    def to_json(self) -> str:
        return self.model_dump_json(by_alias=True, indent=2) + "\n"

    def to_dict(self) -> dict[str, Any]:
        return self.model_dump(mode="json", by_alias=True)
