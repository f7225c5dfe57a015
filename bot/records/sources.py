"""Source records: where a learner's note came from, with a stable ID and honest availability.

A source the learner names (the issue form's *Source* field or a ``Source:`` line) gets one record at
``subjects/<subject>/sources/<slug>.md`` with the ID ``<subject>/<slug>``; every later note citing the
same source adds a row instead of a copy. The bot keeps only the locator: it has not read the original,
so availability is ``local-only`` (the learner has it) and RAG status is ``pending`` until the RAG layer
really ingests it. These records are what RAG ingestion will later attach document IDs and receipts to;
the sync run then rewrites its linkage (:func:`bot.rag.links.update_linkage`). Whenever the bot writes
a record, what it says about availability, location and what the bot has inspected is computed from
the repository at that moment (:func:`bot.rag.source_facts.source_facts`, the facts the receipt's
setup status reads too), so a learner who named a committed file reads that it is in the repository.
"""

from __future__ import annotations

from datetime import date

from pydantic import BaseModel, ConfigDict

from bot.intake.agent import Channel
from bot.rag.source_facts import record_with_facts, source_facts
from bot.rag.source_link import read_source_link
from bot.records.codec import add_table_row, bullets, render, set_header
from bot.records.schemas import SOURCE
from bot.snapshot import RepoSnapshot
from bot.text import one_line, slugify

CITING = "Learner notes citing this source"


class SourceRef(BaseModel):
    model_config = ConfigDict(frozen=True)

    source_id: str
    subject: str
    locator: str

    @property
    def path(self) -> str:
        return f"subjects/{self.subject}/sources/{self.source_id.split('/', 1)[1]}.md"


def source_from_learner(subject: str, named: str) -> SourceRef:
    """The learner's words as a locator; the ID is derived from them and never changes afterwards."""
    locator = one_line(named, limit=200)
    return SourceRef(
        source_id=f"{subject}/{slugify(locator, fallback='source')}", subject=subject, locator=locator
    )


def _row(event_id: str, event_path: str, subject: str, day: date) -> str:
    relative = event_path.removeprefix(f"subjects/{subject}/")
    return f"| {day.isoformat()} | [{event_id}](../{relative}) | reported by the learner |"


def with_facts(path: str, text: str, snapshot: RepoSnapshot, provider: str) -> str:
    """The record as the bot writes it now: its fact sentences from the repository (see the module)."""
    link = read_source_link(path, text)
    assert link is not None, f"{path} is a source record path"
    return record_with_facts(text, source_facts(link, snapshot, provider))


def render_source(source: SourceRef, *, channel: Channel, knowledge_ids: tuple[str, ...], day: date,
                  event_id: str, event_path: str, snapshot: RepoSnapshot, provider: str) -> str:  # fmt: skip
    fields = {
        "Subject": source.subject, "Source ID": f"`{source.source_id}`",
        "Knowledge IDs": ", ".join(f"`{k}`" for k in knowledge_ids) or "none named yet",
        "Channel": f"`{channel.value}`", "Added": day.isoformat(), "Updated": day.isoformat(),
    }  # fmt: skip
    reference = {"Title or description, as the learner gave it": source.locator}  # the rest: with_facts
    linkage = {
        "Git source-record path": f"`{source.path}`",
        "RAG status": "`pending` (not ingested; needs an authorized copy of the material)",
        "Provider document ID": "none",
    }
    bodies = {"Reference and privacy": bullets(reference), "Git and RAG linkage": bullets(linkage)}
    rows = {CITING: (_row(event_id, event_path, source.subject, day),)}
    text = render(SOURCE, f"Source: {source.locator}", fields, bodies, rows)
    return with_facts(source.path, text, snapshot, provider)


def cite_source(source: SourceRef, text: str, *, day: date, event_id: str, event_path: str,
                snapshot: RepoSnapshot, provider: str) -> str:  # fmt: skip
    """The record with one more citing note, a new ``Updated`` date and its facts as they are now.

    Earlier rows are untouched. Only the fact sentences are rewritten, so a material edited (or removed)
    since its ingest reads as stale in the record the reply points to, as in the reply's setup status.
    """
    if event_id in text:
        return text
    updated = set_header(text, "Updated", day.isoformat())
    cited = add_table_row(updated, CITING, _row(event_id, event_path, source.subject, day))
    return with_facts(source.path, cited, snapshot, provider)
