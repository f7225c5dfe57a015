"""Learner-record files: paths, IDs and Markdown rendering.

Records follow the protocol's templates: Markdown with ``Key: value`` header
lines (no YAML front matter) so a person can read and edit them, and stable
IDs (``event-…``) that never change when a title does.
"""

from __future__ import annotations

import re
from datetime import date

from pydantic import BaseModel, ConfigDict

from bot.intake.agent import Channel

HEADER_LINE = re.compile(r"^(?P<key>[A-Z][A-Za-z ()/,-]*?):[ \t]*(?P<value>.*?)\s*$", re.M)
TITLE_LINE = re.compile(r"^#\s+(?P<title>.+?)\s*$", re.M)


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

    def _depends_on(self) -> str:
        return f"\nDepends on (source IDs): `{self.source_id}`" if self.source_id else ""

    def render(self) -> str:
        goal = f"[{self.goal_link}](../goals/main-goal.md)" if self.goal_link else "none yet"
        quoted = "\n".join(f"> {line}" if line else ">" for line in self.note.strip().splitlines())
        media = (
            "\n- Attached images or files: present but not inspected by the bot "
            "(`needs-transcription`); nothing was inferred from them."
            if self.media_unread
            else ""
        )
        return f"""# {self.title}

ID: `{self.record_id}`
Version: `1`
Date: {self.day.isoformat()}
Subject: {self.subject}
Channel: `{self.channel.value}`
Goal link: {goal}
Source locator: {self.source_locator}
Content hash: `{self.content_hash}`{self._depends_on()}

## Learner-provided event

The learner's note, preserved as written:

{quoted}

- Original or source availability: the issue at the source locator above.
- Privacy limit: {self.privacy_limit}{media}

## Connections

- Goal: {goal}
- Deduplication result: no earlier record holds this source version.

## State change

- What changed: the note was recorded as evidence.
- State-machine transition: `none`
- What remains unknown: whether the learner can apply this independently; no performance evidence yet.

## Next action

- Try one fresh problem that uses this idea without looking at the note, and file the attempt as an issue.
"""


def read_note(text: str) -> str:
    """The learner's note as preserved in an event record (the quoted block)."""
    section = text.split("## Learner-provided event", 1)[-1].split("\n## ", 1)[0]
    return "\n".join(line[1:].strip() for line in section.splitlines() if line.startswith(">"))


AVAILABILITY = re.compile(r"^- Original or source availability:\s*(?P<value>.+?)\s*$", re.M)


def read_source_availability(text: str) -> str:
    """What an event record says about its original source, verbatim; empty when it says nothing."""
    match = AVAILABILITY.search(text)
    return match.group("value") if match else ""


def read_header(text: str) -> dict[str, str]:
    """The ``Key: value`` lines of a record's header block (before the first ``##``)."""
    head = text.split("\n## ", 1)[0]
    values = {m.group("key"): m.group("value").strip("` ") for m in HEADER_LINE.finditer(head)}
    title = TITLE_LINE.search(head)
    if title:
        values["Title"] = title.group("title")
    return values
