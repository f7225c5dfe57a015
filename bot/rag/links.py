"""Git/RAG linkage of source records: what to ingest, under which document ID, and what to write back.

Protocol, "Knowledge-point identity and Git/RAG linkage" and "Setup and adapter contract": every
ingestion has a Git source record first; the record carries the stable ``source_id``, the authorized
locator, the content hash, the ``knowledge_ids``, the RAG ``doc_id``, the receipt path and the
rebuild/delete instructions; sync evidence (success or failure) is committed separately from the
learning commit. These rules are pure, so the rag worker and the operator CLI apply the same ones.

Decisions made here:

* The document ID is ``<source_id>@<first 12 hex of the content's sha256>``: one ID per source
  version, so an identical ingestion is recognizable (and refused) and a changed source is a
  rebuild that deletes exactly the owned old entry.
* Material is ingestible only when the record's locator names a text file inside the repository
  (the learner committed it to their private repository and named it as the source), under
  ``sources.workspace`` when that is configured, and ``rag.ingest.enabled`` is not false. A source
  the bot has not seen (``local-only``) stays ``pending`` with nothing sent anywhere.
"""

from __future__ import annotations

import re
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict

from bot.config import LearnerConfig
from bot.errors import UnsafePath
from bot.plan import CommitSpec, FileWrite, FollowUpJob, Outcome, Plan, check_repo_path
from bot.rag.source_facts import record_with_facts, source_facts
from bot.rag.source_link import (
    LINKAGE,
    RagStatus,
    SourceLink,
    doc_id_for,
    read_source_link,
    sha256,
    source_links,
)
from bot.records.codec import bullets, replace_section
from bot.snapshot import OverlaySnapshot, RepoSnapshot
from bot.trailers import TRAILER_EVENT, TRAILER_OPERATION, TRAILER_RAG_DOCUMENT, TRAILER_RECORD

# The linkage's whole interface, the record readers of :mod:`bot.rag.source_link` included.
__all__ = [
    "RAG_INGEST",
    "IngestDecision",
    "RagStatus",
    "Readiness",
    "SourceLink",
    "SyncEvidence",
    "current_doc_ids",
    "doc_id_for",
    "ingest_decision",
    "material_path",
    "plan_sync_commit",
    "rag_follow_ups",
    "rag_note",
    "read_source_link",
    "sha256",
    "source_links",
    "update_linkage",
]

RAG_INGEST = "rag-ingest"
TEXT_MATERIAL = re.compile(r"\.(md|markdown|txt)$", re.I)
_PROTECTED = (".gitlearnos/", ".git/", ".github/", ".gitlab/", ".gitea/")


class Readiness(StrEnum):
    INGEST = "ingest"
    IDENTICAL = "identical"  # this exact version is already synchronized: refused
    NEEDS_SOURCE = "needs-source"  # no authorized copy in the repository
    DISABLED = "disabled"  # rag.ingest.enabled is false


class IngestDecision(BaseModel):
    model_config = ConfigDict(frozen=True)

    readiness: Readiness
    reason: str
    material_path: str = ""
    content_hash: str = ""
    doc_id: str = ""
    replaces_doc_id: str = ""


def _ingest_enabled(config: LearnerConfig) -> bool:
    ingest: Any = (config.rag.model_extra or {}).get("ingest") or {}
    return not (isinstance(ingest, dict) and ingest.get("enabled") is False)


def material_path(link: SourceLink, config: LearnerConfig) -> str | None:
    """The repository file the record's locator names, if it is authorized text material."""
    try:
        path = check_repo_path(link.locator.strip())
    except UnsafePath:
        return None
    workspace = str(config.sources.get("workspace") or "").strip("/")
    if path.startswith(_PROTECTED) or path == "gitlearnos.yml" or not TEXT_MATERIAL.search(path):
        return None
    if workspace and not path.startswith(workspace + "/"):
        return None
    return path


def ingest_decision(link: SourceLink, snapshot: RepoSnapshot, config: LearnerConfig) -> IngestDecision:
    """Whether this source's current version should be ingested now, and under which document ID."""
    if not _ingest_enabled(config):
        return IngestDecision(readiness=Readiness.DISABLED, reason="rag.ingest.enabled is false")
    path = material_path(link, config)
    text = snapshot.read_text(path) if path else None
    if path is None or text is None:
        return IngestDecision(
            readiness=Readiness.NEEDS_SOURCE,
            reason="no authorized copy of the material in the repository; nothing was sent to RAG",
        )
    digest = sha256(text)
    doc_id = doc_id_for(link.source_id, digest)
    replaces = link.doc_id if link.doc_id and link.doc_id != doc_id else ""
    synced = link.doc_id == doc_id and link.rag_status in (RagStatus.VERIFIED, RagStatus.CONFIGURED)
    return IngestDecision(
        readiness=Readiness.IDENTICAL if synced else Readiness.INGEST,
        reason=f"{doc_id} is already synchronized" if synced else "",
        material_path=path,
        content_hash=digest,
        doc_id=doc_id,
        replaces_doc_id=replaces,
    )


def current_doc_ids(links: list[SourceLink], snapshot: RepoSnapshot, config: LearnerConfig) -> dict[str, str]:
    """Each source's document ID for the version committed now (what a fresh hit must come from)."""
    current = {}
    for link in links:
        decision = ingest_decision(link, snapshot, config)
        if decision.doc_id:
            current[link.source_id] = decision.doc_id
    return current


def rag_follow_ups(
    writes: tuple[FileWrite, ...], snapshot: RepoSnapshot, config: LearnerConfig
) -> tuple[FollowUpJob, ...]:
    """One ``rag-ingest`` job per written source record that waits for synchronization.

    Waiting means: still ``pending``, or synchronized from material that has changed since (the
    committed material's document ID is not the recorded one), which makes its evidence stale.
    """
    jobs = []
    for write in writes:
        link = read_source_link(write.path, write.content)
        if link is None:
            continue
        decision = ingest_decision(link, snapshot, config)
        if link.rag_status == RagStatus.PENDING or decision.replaces_doc_id:
            jobs.append(FollowUpJob(kind=RAG_INGEST, path=write.path))
    return tuple(jobs)


NOT_ATTEMPTED = "not attempted: a single note is not sent to RAG until it proves durable"


def rag_note(
    follow_ups: tuple[FollowUpJob, ...],
    writes: tuple[FileWrite, ...] = (),
    snapshot: RepoSnapshot | None = None,
    provider: str = "",
) -> str:
    """The receipt's RAG line for a learning commit: queued work is pending, never synchronized.

    A source record the commit writes without queueing an ingest (it cites a source already in the
    index) is stated with its actual RAG status from :func:`bot.rag.source_facts.source_facts` on the
    commit's own files, the facts the record itself is written from; nothing else is "not attempted".
    """
    records = [job.path for job in follow_ups if job.kind == RAG_INGEST]
    settled = _settled_sources(writes, snapshot, provider, queued=frozenset(records))
    if not records:
        return f"no new ingest needed: {settled}" if settled else NOT_ATTEMPTED
    named = ", ".join(f"`{path}`" for path in records)
    return (
        f"pending: the source record {named} waits for ingestion (not synchronized yet); only material "
        "committed to this repository is sent. The bot's rag worker commits the result, success or failure, "
        "in a receipt commit of its own; in local mode run `gitlearnos rag ingest --repo . --source PATH`"
    ) + (f"; {settled}" if settled else "")


def _settled_sources(
    writes: tuple[FileWrite, ...], snapshot: RepoSnapshot | None, provider: str, *, queued: frozenset[str]
) -> str:
    """The RAG status of each written source record no ingest was queued for, joined; "" when none."""
    if snapshot is None:
        return ""
    after = OverlaySnapshot(snapshot, {write.path: write.content for write in writes})
    links = [read_source_link(write.path, write.content) for write in writes if write.path not in queued]
    return "; ".join(source_facts(link, after, provider).rag_status() for link in links if link is not None)


class SyncEvidence(BaseModel):
    """What one sync run established, for the record and the commit."""

    model_config = ConfigDict(frozen=True)

    status: RagStatus
    record_path: str
    doc_id: str
    content_hash: str
    material_path: str
    receipt_path: str
    revision: str
    provider: str
    parser: str
    note: str
    repo_command: str = "gitlearnos rag"


def update_linkage(text: str, evidence: SyncEvidence, snapshot: RepoSnapshot, receipt_json: str) -> str:
    """The record with its RAG linkage section rewritten from ``evidence``; everything else kept.

    What the record then says about availability, location and inspection comes from
    :func:`bot.rag.source_facts.source_facts` over ``snapshot`` with this commit's receipt and linkage
    laid on it, the same facts the next receipt's setup status reads.
    """
    ingested = evidence.status in (RagStatus.VERIFIED, RagStatus.CONFIGURED)
    source = f"--source {evidence.record_path}"
    linkage = {
        "Git source-record path": f"`{evidence.record_path}`",
        "Authorized locator": f"`{evidence.material_path}`",
        "Content hash": f"`{evidence.content_hash}` (sha256 of the ingested text)",
        "Base revision observed before ingest": f"`{evidence.revision[:12]}`",
        "RAG provider": f"`{evidence.provider}`",
        "Provider document ID": f"`{evidence.doc_id}`" if ingested else "none",
        "Intended document ID": f"`{evidence.doc_id}`",
        "RAG status": f"`{evidence.status.value}` ({evidence.note})",
        "Parser and version": evidence.parser,
        "Receipt path": f"`{evidence.receipt_path}`",
        "Last synchronized revision": f"`{evidence.revision[:12] if ingested else 'none'}`",
        "Rebuild method": f"`{evidence.repo_command} rebuild {source}` (delete, re-insert, verify)",
        "Delete method": f"`{evidence.repo_command} delete {source}` (the receipt says what stays)",
    }
    updated = replace_section(text, LINKAGE, bullets(linkage))
    link = read_source_link(evidence.record_path, updated)
    assert link is not None, "the sync planner read this record as a source record"
    after = OverlaySnapshot(snapshot, {evidence.receipt_path: receipt_json, evidence.record_path: updated})
    return record_with_facts(updated, source_facts(link, after, evidence.provider))


def plan_sync_commit(
    link: SourceLink,
    record_text: str,
    evidence: SyncEvidence,
    receipt_json: str,
    *,
    snapshot: RepoSnapshot,
    run_key: str,
) -> Plan:
    """The receipt commit of one sync run on ``snapshot``: the receipt file plus the updated source record."""
    writes = (
        FileWrite(path=evidence.receipt_path, content=receipt_json),
        FileWrite(
            path=link.record_path, content=update_linkage(record_text, evidence, snapshot, receipt_json)
        ),
    )
    ok = evidence.status in (RagStatus.VERIFIED, RagStatus.CONFIGURED)
    verb = "Synchronize" if ok else "Record failed RAG sync of"
    return Plan(
        outcome=Outcome.COMMITTED,
        event_key=run_key,
        operation=RAG_INGEST,
        writes=writes,
        commit=CommitSpec(
            subject=f"{verb} source {link.source_id}"[:120],
            body=f"RAG status: {evidence.status.value}. {evidence.note}",
            trailers=(
                (TRAILER_EVENT, run_key),
                (TRAILER_OPERATION, RAG_INGEST),
                (TRAILER_RECORD, link.source_id),
                (TRAILER_RAG_DOCUMENT, evidence.doc_id),
            ),
        ),
        reason=evidence.note,
    )
