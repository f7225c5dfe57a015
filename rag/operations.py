"""The adapter operations with the protocol's semantics: ingest, rebuild, delete, verify, query, status.

Protocol, "Setup and adapter contract". What each one promises, and how:

* ``ingest`` synchronizes one committed source version under its stable document ID. It first
  inspects the provider's own record of that ID: already processed means nothing is inserted again
  (an earlier run got that far); a failed or half-done entry is deleted before the retry, so a retry
  never duplicates. After inserting, one retrieval check looks for a sentence of the source in the
  retrieved evidence of that document; only a found sentence makes the status ``verified``.
* ``rebuild`` is an explicit replacement: delete the owned old entry, insert the new version, verify.
  It is recoverable, not atomic: when the insert fails after the delete, the receipt says so and the
  Git source record still holds everything needed to replay.
* ``delete`` removes the receipt-owned document and lists what stays behind.
* ``verify`` matches the expected fact in *retrieved evidence* of the named document, never in
  generated text; ``query`` returns evidence with source id, document id, locator and version, and
  ``ok`` / ``no-hit`` / ``stale``; a provider failure is ``failed``, never ``no-hit``.
* ``status`` reads recorded evidence (Git) and the provider's document states, side by side.

Every operation returns data; nothing here writes to Git. The rag worker commits receipts; the CLI
only writes them where an operator can commit them.
"""

from __future__ import annotations

import asyncio
import atexit
import os
import re
import threading
import uuid
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from importlib import metadata
from typing import Any, TypeVar

from bot.rag.links import IngestDecision, RagStatus, SourceLink, SyncEvidence
from rag.provider import (
    PARSER,
    PROCESSED,
    PROVIDER,
    Hit,
    IndexSpec,
    ProviderError,
    RagAnythingIndex,
    open_index,
    status_name,
)
from rag.receipts import ExternalReceipt, IndexInfo, RagOperation, RunResult, Verification

T = TypeVar("T")
TOP_K = 5
_SENTENCE = re.compile(r"[^.!?\n]{20,300}[.!?]")
_SPACES = re.compile(r"\s+")
# Record statuses whose committed version belongs in the index (deleted / unavailable / failed ones do not).
_OWED_TO_INDEX = frozenset({RagStatus.PENDING, RagStatus.CONFIGURED, RagStatus.VERIFIED})
RETAINED_AFTER_DELETE = (
    "entities and relations that other documents also mention (only this document's own are removed)",
    "RAG-Anything's parse_cache and multimodal_status entries keyed by this document, if any",
    "storage files are rewritten, not securely erased; backups of the data directory are untouched",
)


class QueryStatus:
    OK = "ok"
    NO_HIT = "no-hit"
    STALE = "stale"
    FAILED = "failed"


@dataclass(frozen=True)
class RunContext:
    """Who runs the operation on which repository state; becomes the receipt's run contract."""

    repository: str
    repo_revision: str
    task_id: str = "cli"
    run_id: str = field(default_factory=lambda: uuid.uuid4().hex)
    command: str = "gitlearnos rag"


@dataclass(frozen=True)
class Evidence:
    text: str
    source_id: str
    doc_id: str
    locator: str
    version: str
    score: float
    stale: bool = False
    knowledge_ids: tuple[str, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "source_id": self.source_id,
            "doc_id": self.doc_id,
            "locator": self.locator,
            "version": self.version,
            "score": round(self.score, 4),
            "stale": self.stale,
            "knowledge_ids": list(self.knowledge_ids),
        }


@dataclass(frozen=True)
class QueryResult:
    status: str
    question: str
    evidence: tuple[Evidence, ...] = ()
    error: str = ""

    def as_dict(self) -> dict[str, Any]:
        return {
            "status": self.status,
            "question": self.question,
            "evidence": [e.as_dict() for e in self.evidence],
            "error": self.error,
        }


_LOOP_GUARD = threading.Lock()
_LOOPS: dict[int, asyncio.AbstractEventLoop] = {}  # by process id: a forked child makes its own


def run(coro: Coroutine[Any, Any, T]) -> T:
    """Run one operation from synchronous code (a Celery task, the CLI) on this process's own loop.

    One event loop per process, reused, not ``asyncio.run`` per call: LightRAG caches its keyed
    asyncio locks process-wide (per workspace and namespace), and a lock that was waited on under
    a finished loop fails in the next one ("bound to a different event loop"): a worker's second
    ingest into the same repository failed that way. The loop is made again after a fork.
    """
    with _LOOP_GUARD:
        loop = _LOOPS.get(os.getpid())
        if loop is None or loop.is_closed():
            loop = _LOOPS[os.getpid()] = asyncio.new_event_loop()
            atexit.register(_close, loop)
        asyncio.set_event_loop(loop)
        try:
            return loop.run_until_complete(coro)
        finally:
            asyncio.set_event_loop(None)


def _close(loop: asyncio.AbstractEventLoop) -> None:
    """At exit, what ``asyncio.run`` does on return: cancel the tasks LightRAG left running (its
    background workers), let them finish cancelling, close the loop. Without it the interpreter
    destroys them pending and logs an error for each on the CLI's stderr."""
    if loop.is_closed() or loop.is_running():
        return
    pending = [task for task in asyncio.all_tasks(loop) if not task.done()]
    for task in pending:
        task.cancel()
    if pending:
        loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
    loop.run_until_complete(loop.shutdown_asyncgens())
    loop.close()


def provider_version() -> str:
    versions = []
    for package in ("raganything", "lightrag-hku"):
        try:
            versions.append(f"{package} {metadata.version(package)}")
        except metadata.PackageNotFoundError:
            versions.append(f"{package} unknown")
    return ", ".join(versions)


def index_info(spec: IndexSpec) -> IndexInfo:
    return IndexInfo(
        index_key=spec.index_key,
        workspace=spec.workspace,
        embedding_model=spec.embedding_name,
        embedding_dimensions=spec.dimensions,
        embedding_base_url=spec.embedding.base_url,
        chat_model=spec.chat.model if spec.chat.configured else "",
        parser=f"{PARSER} (text-only; no MinerU)",
    )


def _normal(text: str) -> str:
    return _SPACES.sub(" ", text).strip().lower()


def check_sentence(text: str) -> str:
    """A sentence of the source to check retrieval with (the first long one outside headings)."""
    body = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))
    found = _SENTENCE.search(body)
    return _SPACES.sub(" ", found.group(0)).strip() if found else ""


def locate(hit: Hit, read: Callable[[str], str | None]) -> str:
    """``path#Lstart-Lend`` of the hit's text inside the committed material, else just the path."""
    material = read(hit.file_path) if hit.file_path else None
    start = material.find(hit.content[:200]) if material and hit.content else -1
    if material is None or start < 0:
        return hit.file_path
    first = material.count("\n", 0, start) + 1
    last = first + hit.content.count("\n")
    return f"{hit.file_path}#L{first}-L{last}"


def _base(ctx: RunContext, spec: IndexSpec, operation: RagOperation, **fields: Any) -> dict[str, Any]:
    return {
        "operation": operation,
        "provider": PROVIDER,
        "provider_version": provider_version(),
        "task_id": ctx.task_id,
        "run_id": ctx.run_id,
        "repository": ctx.repository,
        "repo_revision": ctx.repo_revision,
        "index": index_info(spec),
        **fields,
    }


def _source_fields(link: SourceLink, decision: IngestDecision, ctx: RunContext) -> dict[str, Any]:
    source = f"--source {link.record_path}"
    return {
        "source_id": link.source_id,
        "source_record": link.record_path,
        "knowledge_ids": link.knowledge_ids,
        "doc_id": decision.doc_id,
        "locator": decision.material_path,
        "content_hash": decision.content_hash,
        "replaces_doc_id": decision.replaces_doc_id,
        "rebuild": f"{ctx.command} rebuild --repo <repository> {source}",
        "delete": f"{ctx.command} delete --repo <repository> {source}",
    }


async def _retrieval_check(index: RagAnythingIndex, doc_id: str, question: str, expect: str) -> Verification:
    hits = await index.search(question, top_k=TOP_K)
    wanted = _normal(expect)
    for hit in hits:
        if hit.doc_id == doc_id and wanted and wanted in _normal(hit.content):
            return Verification(
                question=question,
                expect=expect,
                found=True,
                doc_id=doc_id,
                locator=hit.file_path,
                evidence=hit.content[:500],
            )
    return Verification(question=question, expect=expect, found=False, doc_id=doc_id)


async def ingest(
    spec: IndexSpec, link: SourceLink, decision: IngestDecision, text: str, ctx: RunContext
) -> ExternalReceipt:
    """Synchronize one source version (replacing an older owned version when there is one)."""
    operation = RagOperation.REBUILD if decision.replaces_doc_id else RagOperation.INGEST
    fields = _base(ctx, spec, operation) | _source_fields(link, decision, ctx)
    try:
        async with open_index(spec) as index:
            return await _ingest_open(index, decision, text, fields)
    except ProviderError as error:
        return ExternalReceipt(**fields, result=RunResult.FAILED, error=str(error)[:500])


async def _ingest_open(
    index: RagAnythingIndex, decision: IngestDecision, text: str, fields: dict[str, Any]
) -> ExternalReceipt:
    notes = []
    if decision.replaces_doc_id:
        state = status_name(await index.doc_state(decision.replaces_doc_id))
        if state != "missing":
            await index.delete(decision.replaces_doc_id)
        notes.append(f"old entry {decision.replaces_doc_id}: was {state}, deleted before the insert")
    found = status_name(await index.doc_state(decision.doc_id))
    if found == PROCESSED:
        notes.append("already processed in the provider (found on inspection); not inserted again")
    else:
        if found != "missing":  # a failed or interrupted earlier attempt: remove it before retrying
            await index.delete(decision.doc_id)
            notes.append(f"earlier entry was {found}; deleted before the retry")
        try:
            await index.insert(decision.doc_id, text, decision.material_path)
        except ProviderError as error:
            state = status_name(await index.doc_state(decision.doc_id))
            notes.append(f"insert failed; provider state now {state}")
            return ExternalReceipt(
                **fields, result=RunResult.FAILED, error=str(error)[:500], provider_state="; ".join(notes)
            )
        notes.append("inserted")
    record = await index.doc_state(decision.doc_id) or {}
    sentence = check_sentence(text)
    verification = await _retrieval_check(index, decision.doc_id, sentence, sentence) if sentence else None
    return ExternalReceipt(
        **fields,
        result=RunResult.COMPLETED,
        chunks=int(record.get("chunks_count") or 0),
        verification=verification,
        provider_state="; ".join(notes),
    )


async def document_state(spec: IndexSpec, doc_id: str) -> str:
    """The provider's status of ``doc_id`` in this index (``missing`` when it was never inserted here)."""
    async with open_index(spec) as index:
        return status_name(await index.doc_state(doc_id))


def synced_status(receipt: ExternalReceipt) -> RagStatus:
    """The source record's RAG status a receipt justifies."""
    if receipt.result is not RunResult.COMPLETED:
        return RagStatus.PENDING  # failure evidence is committed; the source keeps waiting
    if receipt.verification is not None and receipt.verification.found:
        return RagStatus.VERIFIED
    return RagStatus.CONFIGURED


def sync_evidence(link: SourceLink, receipt: ExternalReceipt) -> SyncEvidence:
    """What an ingest established, for the source record's linkage: the rag worker's receipt commit
    writes it, and ``gitlearnos rag ingest`` on a learner's checkout leaves it for the learner to commit."""
    if receipt.result is not RunResult.COMPLETED:
        note = (
            f"sync failed: {receipt.error or 'unknown error'}; retried only after inspecting provider state"
        )
    elif receipt.verification is not None and receipt.verification.found:
        note = f"{receipt.chunks} chunk(s); a sentence of the source was retrieved from this document"
    else:
        note = (
            f"{receipt.chunks} chunk(s); the retrieval check did not find the checked sentence: not verified"
        )
    return SyncEvidence(
        status=synced_status(receipt),
        record_path=link.record_path,
        doc_id=receipt.doc_id,
        content_hash=receipt.content_hash,
        material_path=receipt.locator,
        receipt_path=receipt.path,
        revision=receipt.repo_revision,
        provider=PROVIDER,
        parser=f"`{PARSER}` text-only registration; {provider_version()}",
        note=note,
    )


async def delete(spec: IndexSpec, link: SourceLink, doc_id: str, ctx: RunContext) -> ExternalReceipt:
    fields = _base(ctx, spec, RagOperation.DELETE)
    fields |= {"source_id": link.source_id, "source_record": link.record_path, "doc_id": doc_id}
    try:
        async with open_index(spec) as index:
            before = status_name(await index.doc_state(doc_id))
            outcome = await index.delete(doc_id) if before != "missing" else "not present"
            after = status_name(await index.doc_state(doc_id))
    except ProviderError as error:
        return ExternalReceipt(**fields, result=RunResult.FAILED, error=str(error)[:500])
    result = RunResult.COMPLETED if after == "missing" else RunResult.FAILED
    return ExternalReceipt(
        **fields,
        result=result,
        provider_state=f"before: {before}; delete: {outcome}; after: {after}",
        retained=RETAINED_AFTER_DELETE,
    )


async def verify(
    spec: IndexSpec, ctx: RunContext, *, source_id: str, doc_id: str, question: str, expect: str
) -> ExternalReceipt:
    """Acceptance check: is ``expect`` in the retrieved evidence of ``doc_id``? Not proof of mastery."""
    fields = _base(ctx, spec, RagOperation.VERIFY) | {"source_id": source_id, "doc_id": doc_id}
    try:
        async with open_index(spec) as index:
            check = await _retrieval_check(index, doc_id, question, expect)
    except ProviderError as error:
        return ExternalReceipt(**fields, result=RunResult.FAILED, error=str(error)[:500])
    result = RunResult.COMPLETED if check.found else RunResult.FAILED
    return ExternalReceipt(**fields, result=result, verification=check)


async def query(
    spec: IndexSpec,
    question: str,
    links: list[SourceLink],
    read: Callable[[str], str | None],
    *,
    knowledge_id: str = "",
    current_doc_ids: dict[str, str] | None = None,
) -> QueryResult:
    """Read-only retrieval across active sources, with traceable evidence.

    ``current_doc_ids`` maps a source id to the document ID of its *current* committed version; a
    hit from any other version is stale.
    """
    by_doc = {link.doc_id: link for link in links if link.doc_id}
    by_source = {link.source_id: link for link in links}
    current = current_doc_ids or {}
    try:
        async with open_index(spec) as index:
            hits = await index.search(question, top_k=TOP_K)
            absent = [d for d in _expected_documents(links, current) if not await _holds(index, d)]
    except ProviderError as error:
        return QueryResult(QueryStatus.FAILED, question, error=str(error)[:500])
    evidence = []
    for hit in hits:
        source_id, _, version = hit.doc_id.rpartition("@")
        link = by_doc.get(hit.doc_id) or by_source.get(source_id)
        if knowledge_id and (link is None or knowledge_id not in link.knowledge_ids):
            continue
        latest = current.get(source_id, link.doc_id if link else hit.doc_id)
        evidence.append(
            Evidence(
                text=hit.content,
                source_id=source_id or (link.source_id if link else ""),
                doc_id=hit.doc_id,
                locator=locate(hit, read),
                version=version,
                score=hit.score,
                stale=hit.doc_id != latest,
                knowledge_ids=link.knowledge_ids if link else (),
            )
        )
    # Documents Git records as synchronized but this index lacks (a new embedding, a lost index):
    # the answer may be missing from them, so the result is stale, never a clean no-hit.
    gap = f"not in this index, replay needed: {', '.join(absent)}" if absent else ""
    if not evidence:
        return QueryResult(QueryStatus.STALE if absent else QueryStatus.NO_HIT, question, error=gap)
    stale = absent or any(e.stale for e in evidence)
    return QueryResult(QueryStatus.STALE if stale else QueryStatus.OK, question, tuple(evidence), error=gap)


def _expected_documents(links: list[SourceLink], current: dict[str, str]) -> list[str]:
    """The documents the index should hold: every recorded one, and the committed version of each source
    that waits for synchronization or claims it.

    A source whose rebuild failed after its old entry was deleted records no document any more (the
    record must not claim one), yet its committed version is still owed to the index: without it here, a
    query would call the index's silence a clean ``no-hit``.
    """
    recorded = [link.doc_id for link in links if link.doc_id]
    owed = [
        current[link.source_id]
        for link in links
        if link.source_id in current and link.rag_status in _OWED_TO_INDEX
    ]
    return list(dict.fromkeys([*recorded, *owed]))


async def _holds(index: RagAnythingIndex, doc_id: str) -> bool:
    return status_name(await index.doc_state(doc_id)) == PROCESSED


async def status(spec: IndexSpec, links: list[SourceLink]) -> dict[str, Any]:
    """Recorded evidence (Git) beside the provider's document states; learner mastery is not touched."""
    documents = []
    try:
        async with open_index(spec) as index:
            for link in links:
                state = status_name(await index.doc_state(link.doc_id)) if link.doc_id else "missing"
                documents.append(
                    {
                        "source_id": link.source_id,
                        "record": link.record_path,
                        "recorded_status": link.rag_status,
                        "doc_id": link.doc_id,
                        "provider_state": state,
                    }
                )
        provider = "reachable"
    except ProviderError as error:
        provider = f"failed: {error}"
    return {
        "index": index_info(spec).model_dump(),
        "provider": provider,
        "documents": documents,
        "git_persistence": "source records and receipts are what Git holds; receipts are historical evidence",
        "mastery": "not affected: retrieval and ingestion are never mastery evidence",
    }
