"""A source record's Git/RAG linkage as Git holds it: read from the record, nothing planned.

This is the reading half of :mod:`bot.rag.links`, kept apart so that what reads the repository's RAG
evidence (readiness, the receipt's setup status) needs no planning types: the receipt module sits
below the plan, and the planning half of the linkage sits above it.
"""

from __future__ import annotations

import hashlib
import re
from enum import StrEnum

from pydantic import BaseModel, ConfigDict

from bot.records.codec import id_list, read_header, section, section_fields
from bot.snapshot import RepoSnapshot

LINKAGE, REFERENCE, MISSING = "Git and RAG linkage", "Reference and privacy", "Missing or uncertain"
SOURCE_RECORD = re.compile(r"^subjects/[^/]+/sources/[^/]+\.md$")


class RagStatus(StrEnum):
    """A source record's RAG status, spelled as the protocol's source-record template does."""

    PENDING = "pending"
    CONFIGURED = "configured"
    VERIFIED = "verified"
    UNAVAILABLE = "unavailable"
    FAILED = "failed"
    DELETED = "deleted"


class SourceLink(BaseModel):
    """The RAG-relevant facts of one source record."""

    model_config = ConfigDict(frozen=True)

    record_path: str
    source_id: str
    subject: str
    locator: str
    knowledge_ids: tuple[str, ...] = ()
    rag_status: str = RagStatus.PENDING.value
    doc_id: str = ""
    content_hash: str = ""
    receipt_path: str = ""


def doc_id_for(source_id: str, content_hash: str) -> str:
    return f"{source_id}@{content_hash[:12]}"


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _first_code(value: str) -> str:
    found = re.search(r"`([^`]*)`", value)
    return found.group(1) if found else ""


def read_source_link(path: str, text: str) -> SourceLink | None:
    """The record's identity and linkage, or None when ``path`` is not a source record."""
    if not SOURCE_RECORD.match(path):
        return None
    header = read_header(text)
    links = section_fields(section(text, LINKAGE))
    stated = section_fields(section(text, REFERENCE)).get("Title or description, as the learner gave it")
    locator = stated or links.get("Authorized locator", "")
    doc = _first_code(links.get("Provider document ID", ""))
    return SourceLink(
        record_path=path,
        source_id=header.get("Source ID", ""),
        subject=header.get("Subject", path.split("/")[1]),
        locator=_first_code(locator) or locator,
        knowledge_ids=id_list(header.get("Knowledge IDs", "")),
        rag_status=_first_code(links.get("RAG status", "")) or RagStatus.PENDING.value,
        doc_id=doc,
        content_hash=_first_code(links.get("Content hash", "")),
        receipt_path=_first_code(links.get("Receipt path", "")),
    )


def source_links(snapshot: RepoSnapshot) -> list[SourceLink]:
    """Every source record of the repository, in path order."""
    links = []
    for path in snapshot.list_files("subjects"):
        if SOURCE_RECORD.match(path):
            link = read_source_link(path, snapshot.read_text(path) or "")
            if link is not None and link.source_id:
                links.append(link)
    return links
