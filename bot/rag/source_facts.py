"""What the repository shows about one source right now, and the source record's sentences that say it.

Issue 19, "Receipts and records disagree with the facts": a reply said "no verified ingest" while the
source record it pointed to said the file was not in the repository and not inspected, though it was
committed, hashed and ingested. Each was written from its own partial view. Here one function,
:func:`source_facts`, reads the facts from the repository and the committed receipts at the moment of
writing, and both sides use it: the receipt's setup status (through :func:`verified_ingests`, the
evidence for ``knowledge-ready``) and every source record the bot writes (through
:func:`record_with_facts`, which rewrites the record's availability, location, content hash and "what
the bot has inspected" from the same facts). A record the bot writes can then never contradict the
receipt of the same commit.

The facts:

* *material*: the record's locator names a text file committed in this repository, and its sha256;
* *ingest*: a verified RAG ingest of exactly that text (:func:`bot.rag.verified_ingest.verified_ingest`);
* *synced hash*: the text the last sync run read (the record's linkage), so an ingest of a version that
  has since changed is reported as stale rather than verified.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from bot.errors import UnsafePath
from bot.rag.source_link import LINKAGE, MISSING, REFERENCE, RagStatus, SourceLink, sha256, source_links
from bot.rag.verified_ingest import VerifiedIngest, verified_ingest
from bot.records.codec import replace_section, set_header, set_section_field
from bot.snapshot import RepoSnapshot

NOT_INSPECTED = "- The bot has not inspected this source; everything here is the learner's report."
ONLY_THE_TEXT = (
    "- Only that text was read: anything the file does not hold (figures, scans, other pages) "
    "is not inspected."
)


class SourceFacts(BaseModel):
    """One source as the repository and its receipts show it at one moment."""

    model_config = ConfigDict(frozen=True)

    link: SourceLink
    material_path: str = ""  # the committed file the locator names, "" when there is none
    content_hash: str = ""  # sha256 of that file's committed text
    ingest: VerifiedIngest | None = None  # a verified ingest of exactly the committed text

    @property
    def committed(self) -> bool:
        return bool(self.material_path)

    @property
    def availability(self) -> str:
        """``full`` when the bot can read the committed text, else ``local-only`` (the learner has it)."""
        return "full" if self.committed else "local-only"

    @property
    def stale(self) -> bool:
        """A sync read a version of the material that is no longer the committed one (or no longer there)."""
        synced = self.link.rag_status in (RagStatus.VERIFIED, RagStatus.CONFIGURED) and self.link.content_hash
        return bool(synced) and self.link.content_hash != self.content_hash

    def rag_status(self) -> str:
        """This source's RAG status in one clause, for a receipt's RAG line (the same facts as the record)."""
        source = f"`{self.link.source_id}`"
        if self.stale:
            return (
                f"{source} is stale: ingested from an earlier version (sha256 `{self.link.content_hash}`), "
                "not verified for the committed text; a re-ingest is due"
            )
        if self.ingest is not None:
            return (
                f"{source} is verified: its committed text is ingested and a sentence of it was retrieved "
                f"again (receipt `{self.ingest.receipt_path}`, document `{self.ingest.doc_id}`)"
            )
        if self.link.rag_status == RagStatus.VERIFIED:
            return f"{source} is not verified: no committed receipt shows a verified ingest of its text"
        if self.link.rag_status == RagStatus.CONFIGURED:
            return f"{source} is ingested but not verified (the checked sentence was not found)"
        return f"{source} has RAG status `{self.link.rag_status or RagStatus.PENDING.value}`"

    def inspected(self) -> str:
        """The record's "Missing or uncertain" section: what the bot has read of the source, and how far."""
        if not self.committed and not self.stale:
            return NOT_INSPECTED
        path, digest = f"`{self.material_path}`", f"`{self.content_hash}`"
        if self.stale:
            where = f"the committed text of {path} is now sha256 {digest}" if self.committed else (
                "that file is no longer committed"
            )  # fmt: skip
            return (
                f"- The bot ingested an earlier version (sha256 `{self.link.content_hash}`); {where}, so "
                "the ingest is stale (not verified for the current text) until the source is rebuilt."
            )
        if self.ingest is not None:
            done = (
                "ingested it into RAG, where a sentence of it was retrieved again (verified); the receipt "
                f"`{self.ingest.receipt_path}` has the details"
            )
        elif self.link.rag_status == RagStatus.VERIFIED:
            done = "finds no committed receipt that shows a verified RAG ingest of it (not verified)"
        elif self.link.rag_status == RagStatus.CONFIGURED:
            done = "ingested it into RAG, where the checked sentence was not found (not verified)"
        elif self.link.receipt_path:  # a sync run left a receipt but no ingest
            done = f"tried to ingest it into RAG; that did not complete (receipt `{self.link.receipt_path}`)"
        else:
            done = "has not ingested it into RAG yet (RAG status `pending`)"
        return f"- The bot read the committed text of {path} (sha256 {digest}) and {done}.\n{ONLY_THE_TEXT}"


def _committed_text(snapshot: RepoSnapshot, locator: str) -> str | None:
    try:
        return snapshot.read_text(locator.strip()) if locator.strip() else None
    except UnsafePath:  # the learner's words name no path the bot may read
        return None


def source_facts(link: SourceLink, snapshot: RepoSnapshot, provider: str) -> SourceFacts:
    """The facts of ``link``'s source in ``snapshot``: the one place they are computed (see the module)."""
    text = _committed_text(snapshot, link.locator)
    if text is None:
        return SourceFacts(link=link)
    return SourceFacts(
        link=link,
        material_path=link.locator.strip(),
        content_hash=sha256(text),
        ingest=verified_ingest(link, snapshot, provider),
    )


def verified_ingests(snapshot: RepoSnapshot, provider: str) -> tuple[VerifiedIngest, ...]:
    """Every source of the repository with a verified ingest of its committed material, in path order."""
    facts = (source_facts(link, snapshot, provider) for link in source_links(snapshot))
    return tuple(fact.ingest for fact in facts if fact.ingest is not None)


def record_with_facts(text: str, facts: SourceFacts) -> str:
    """The source record with every sentence about availability, location and inspection from ``facts``.

    Only those lines change; the learner's title, the citing notes and the linkage a sync wrote stay,
    except that a stale ingest's RAG status says it is stale.
    """
    updated = set_header(text, "Availability", f"`{facts.availability}`")
    location = (
        f"in this repository at `{facts.material_path}`."
        if facts.committed
        else "as the learner named it; no file of that name is committed in this repository."
    )
    digest = (
        f"`{facts.content_hash}` (sha256 of the committed text)"
        if facts.committed
        else "unknown (the bot has not read the original)."
    )
    updated = set_section_field(updated, REFERENCE, "Original location", location)
    updated = set_section_field(updated, REFERENCE, "Content hash or immutable version", digest)
    if facts.stale:
        status = f"`{facts.link.rag_status}` for an earlier version only: stale until the source is rebuilt"
        updated = set_section_field(updated, LINKAGE, "RAG status", status)
    return replace_section(updated, MISSING, facts.inspected())
