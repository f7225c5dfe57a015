"""Versions of a learner's note in the event records: which record holds it, and which one supersedes it.

The protocol preserves evidence and corrects with a new linked record, so a note's versions are
records, never rewrites: an edit that changes the fact (or a comment correcting it) writes a new
record that ``Corrects:`` the old one, and the old one gains a ``Superseded by:`` header and a line
saying so, its learner text untouched. An edit that changes only the wording keeps the record and
adds the new source version to its ``Source versions:`` header. The *current* records are those no
record supersedes; they are what deduplication compares with and what the dashboard lists.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date
from functools import lru_cache

from bot.records.codec import PARSE_CACHE, read_header, set_header, set_section_field
from bot.records.files import Record, read_note, records
from bot.records.sameness import Judgement, Sameness, verdict
from bot.snapshot import RepoSnapshot, derived

SUPERSEDED_BY = "Superseded by"
RELATED_LIMIT = 5  # related records a new note names: the closest few, never the whole topic
SOURCE_VERSIONS = "Source versions"
CONTENT_HASH = "Content hash"
_HASH = re.compile(r"\b[0-9a-f]{12}\b")


@dataclass(frozen=True)
class Current:
    """One current event record: its ID, path, full text and the learner's note it preserves."""

    record_id: str
    path: str
    text: str

    @property
    def note(self) -> str:
        return read_note(self.text)

    @property
    def header(self) -> dict[str, str]:
        return read_header(self.text)

    @property
    def subject(self) -> str:
        return self.path.split("/")[1]


@dataclass(frozen=True)
class Earlier:
    """What the current records of a subject are to a new note: one holds it, or some share its topic."""

    duplicate: Current | None = None
    related: tuple[str, ...] = ()


def is_superseded(header: dict[str, str]) -> bool:
    return bool(header.get(SUPERSEDED_BY))


def source_versions(header: dict[str, str]) -> frozenset[str]:
    """The content hashes of every source version a record stands for: its own and wording-only edits."""
    return frozenset(_HASH.findall(f"{header.get(CONTENT_HASH, '')} {header.get(SOURCE_VERSIONS, '')}"))


def _current_records(snapshot: RepoSnapshot, subject: str | None) -> Iterator[Record]:
    # Once per plan's view (or planned writes over it): worked out once, asked several times.
    return iter(
        derived(snapshot, ("current events", subject), lambda view: tuple(_current_in(view, subject)))
    )


def _current_in(snapshot: RepoSnapshot, subject: str | None) -> Iterator[Record]:
    for record in records(snapshot, "events"):
        if (subject is None or record.subject == subject) and not is_superseded(record.header):
            yield record


def _current(record: Record) -> Current:
    return _view(record.header.get("ID", record.path), record.path, record.text)


@lru_cache(maxsize=PARSE_CACHE)
def _view(record_id: str, path: str, text: str) -> Current:
    """A current record's view, made once per process for the same strings (it is immutable): each
    note looks at every current record."""
    return Current(record_id=record_id, path=path, text=text)


def current_events(snapshot: RepoSnapshot, subject: str | None = None) -> Iterator[Current]:
    """The event records (of ``subject``, else of every subject) that no record supersedes, in path order."""
    key = ("current event views", subject)
    return iter(derived(snapshot, key, lambda view: tuple(map(_current, _current_records(view, subject)))))


def _holds_version(header: dict[str, str], digest: str) -> bool:
    """Whether the record stands for source version ``digest``; the substring test skips the parse for
    nearly every record (a listed hash is a substring of the header value it is read from)."""
    listed = f"{header.get(CONTENT_HASH, '')} {header.get(SOURCE_VERSIONS, '')}"
    return digest in listed and digest in source_versions(header)


def match_earlier(snapshot: RepoSnapshot, subject: str, note: str, digest: str) -> Earlier:
    """The record holding ``note`` (this source version, a reworded repeat), else the closest on its topic.

    At most :data:`RELATED_LIMIT` related records are named, those sharing the most topic words (ties in
    path order): a link line naming every earlier note on a busy topic helps nobody and grows each new
    record with the learner's history.
    """
    related: list[tuple[float, str]] = []
    for record in _current_records(snapshot, subject):
        if _holds_version(record.header, digest):
            return Earlier(duplicate=_current(record))
        earlier = read_note(record.text)
        found, share = verdict(note, earlier)
        if found is Sameness.SAME:
            return Earlier(duplicate=_current(record))
        if found is Sameness.RELATED:
            related.append((share, record.header.get("ID", record.path)))
    closest = sorted(related, key=lambda pair: -pair[0])[:RELATED_LIMIT]
    return Earlier(related=tuple(record_id for _, record_id in closest))


def with_source_version(text: str, digest: str) -> str:
    """``text`` with ``digest`` added to its ``Source versions`` header (after the content hash)."""
    header = read_header(text)
    versions = _HASH.findall(header.get(SOURCE_VERSIONS, "")) or _HASH.findall(header.get(CONTENT_HASH, ""))
    listed = ", ".join(f"`{version}`" for version in dict.fromkeys([*versions, digest]))
    return set_header(text, SOURCE_VERSIONS, listed, after=CONTENT_HASH)


def superseded(text: str, *, by_id: str, by_path: str, day: date, judgement: Judgement) -> str:
    """``text`` marked superseded by ``by_id``: a header and a line; the learner's note stays as written."""
    name = by_path.rsplit("/", 1)[-1]  # both records live in the subject's events folder
    marked = set_header(text, SUPERSEDED_BY, f"`{by_id}`")
    line = (
        f"on {day.isoformat()} the learner corrected this note ({judgement.describe()}); the corrected "
        f"fact is in `{by_id}` ([{name}]({name})). The note above is kept as written."
    )
    return set_section_field(marked, "Connections", "Superseded", line)
