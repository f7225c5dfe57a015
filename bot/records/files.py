"""Learner-record files: where each kind lives, reading every record of a kind, and event records.

Records follow the protocol's templates (:mod:`bot.records.schemas`) and have stable IDs (``event-…``)
that never change when a title does.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass
from datetime import date
from functools import lru_cache

from pydantic import BaseModel, ConfigDict

from bot.intake.agent import JUDGED_BY_RULES, Channel
from bot.records.codec import PARSE_CACHE, bullets, read_header, render, section, section_fields, set_header
from bot.records.schemas import EVENT
from bot.snapshot import OverlaySnapshot, RepoSnapshot, derived
from bot.text import one_line


@dataclass(frozen=True)
class Record:
    """One record file: its canonical path, subject folder, header values and full text."""

    path: str
    subject: str
    header: dict[str, str]
    text: str

    @property
    def label(self) -> str:
        return one_line(self.header.get("ID") or self.path, limit=120)


def records(snapshot: RepoSnapshot, kind: str) -> list[Record]:
    """Records at ``subjects/<subject>/<kind>/…/*.md``, in path order.

    Over one plan's view (:class:`ReadOnceSnapshot`), or planned writes laid over one, the list is made
    once per kind (:func:`bot.snapshot.derived`): planning one note asks for every event record a dozen
    times. Over planned writes laid on a view (:class:`OverlaySnapshot`) it is the view's list with the
    written records put in their place, which is what listing and reading the overlay gives.
    """
    return list(derived(snapshot, ("records", kind), lambda view: tuple(_records(view, kind))))


def _records(snapshot: RepoSnapshot, kind: str) -> list[Record]:
    if isinstance(snapshot, OverlaySnapshot):
        below = records(snapshot.base, kind)
        for path, text in snapshot.writes.items():  # a few planned writes into a long sorted list
            if _of_kind(path, kind):
                at = bisect.bisect_left(below, path, key=_path_of)
                record = _record(path, text)
                if at < len(below) and below[at].path == path:
                    below[at] = record
                else:
                    below.insert(at, record)
        return below
    paths = derived(snapshot, ("record paths",), _paths_by_kind).get(kind, ())
    return [_record(path, snapshot.read_text(path) or "") for path in paths]


def _path_of(record: Record) -> str:
    return record.path


def _of_kind(path: str, kind: str) -> bool:
    parts = path.split("/")
    return len(parts) >= 4 and parts[0] == "subjects" and parts[2] == kind and path.endswith(".md")


def _paths_by_kind(snapshot: RepoSnapshot) -> dict[str, tuple[str, ...]]:
    """Every record path under ``subjects/``, grouped by kind in path order: one pass for all kinds."""
    grouped: dict[str, list[str]] = {}
    for path in snapshot.list_files("subjects"):
        parts = path.split("/")
        if len(parts) >= 4 and path.endswith(".md"):
            grouped.setdefault(parts[2], []).append(path)
    return {kind: tuple(paths) for kind, paths in grouped.items()}


@lru_cache(maxsize=PARSE_CACHE)
def _record(path: str, text: str) -> Record:
    """One record parsed, memoized on its path and text: each note reads every record several times
    and the history only grows, so parsing once per process keeps a note's cost flat. The parse is a
    pure function of the two strings; callers share the result and only read its header."""
    return Record(path=path, subject=path.split("/")[1], header=read_header(text), text=text)


def subject_folder(subject: str) -> str:
    return f"subjects/{subject}"


def events_folder(subject: str) -> str:
    return f"{subject_folder(subject)}/events"


def goal_path(subject: str) -> str:
    return f"{subject_folder(subject)}/goals/main-goal.md"


class EventRecord(BaseModel):
    """A learning event captured from one learner input."""

    model_config = ConfigDict(frozen=True)

    record_id: str
    path: str
    title: str
    day: date
    subject: str
    channel: Channel
    goal_link: str
    source_locator: str
    content_hash: str
    note: str
    privacy_limit: str
    media_unread: bool = False
    source_id: str = ""  # the source record this note cites, when the learner named one
    summary: str = ""  # a chat model's one-line summary, vetted by the core; none from the offline rules
    judged_by: str = JUDGED_BY_RULES  # who read the note: the offline rules or a named chat model
    related_ids: tuple[str, ...] = ()  # current records on the same topic that state another fact
    corrects: tuple[str, str] | None = None  # (ID, path) of the record this note corrects

    def _deduplication(self) -> str:
        """What the note is to earlier records: a correction of one, or new (beside related ones)."""
        if self.corrects is not None:
            record_id, path = self.corrects
            name = path.rsplit("/", 1)[-1]  # both records live in the subject's events folder
            kept = "which is kept as written and marked superseded"
            return f"this note corrects `{record_id}` ([{name}]({name})), {kept}."
        related = ", ".join(f"`{record_id}`" for record_id in self.related_ids)
        return "no earlier record holds this note" + (
            f"; on the same topic but stating another fact: {related}." if related else "."
        )

    def render(self) -> str:
        goal = f"[{self.goal_link}](../goals/main-goal.md)" if self.goal_link else "none yet"
        quoted = "\n".join(f"> {line}" if line else ">" for line in self.note.strip().splitlines())
        media = (
            "\n- Attached images or files: present but not inspected by the bot "
            "(`needs-transcription`); nothing was inferred from them."
            if self.media_unread
            else ""
        )
        fields = {
            "ID": f"`{self.record_id}`", "Date": self.day.isoformat(), "Subject": self.subject,
            "Channel": f"`{self.channel.value}`", "Goal link": goal, "Source locator": self.source_locator,
            "Content hash": f"`{self.content_hash}`",
            "Depends on (source IDs)": f"`{self.source_id}`" if self.source_id else None,
        }  # fmt: skip
        event = (
            f"The learner's note, preserved as written:\n\n{quoted}\n\n"
            "- Original or source availability: the issue at the source locator above.\n"
            f"- Privacy limit: {self.privacy_limit}{media}\n"
            + (
                f"- Summary (by {self.judged_by}, not the learner's words): {self.summary}\n"
                if self.summary
                else ""
            )
            + f"- Judged by: {self.judged_by}"
        )
        connections = bullets({"Goal": goal, "Deduplication result": self._deduplication()})
        text = render(
            EVENT, self.title, fields, {"Learner-provided event": event, "Connections": connections}
        )
        return set_header(text, "Corrects", f"`{self.corrects[0]}`") if self.corrects else text


def goal_statement(text: str) -> str:
    """The goal a goal record states: the first line of its ``## Goal`` section, without the bullet."""
    lines = (line.strip().lstrip("-").strip() for line in section(text, "Goal").splitlines())
    return next((line for line in lines if line), "")


@lru_cache(maxsize=PARSE_CACHE)
def read_note(text: str) -> str:
    """The learner's note as preserved in an event record (the quoted block).

    Memoized on the record's text (pure, immutable input): deduplication reads the note of every
    current record for each new note.
    """
    body = section(text, "Learner-provided event")
    return "\n".join(line[1:].strip() for line in body.splitlines() if line.startswith(">"))


def read_source_availability(text: str) -> str:
    """What an event record says about its original source, verbatim; empty when it says nothing."""
    return section_fields(text).get("Original or source availability", "")
