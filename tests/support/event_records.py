"""Numbered learning-event records as the bot writes them, for tests that need a history of many.

One factory, so a test of deduplication or of history cost builds its earlier records exactly as the
bot renders them (``EventRecord.render``), not as a hand-written approximation.
"""

from __future__ import annotations

from datetime import date

from bot.intake.agent import Channel
from bot.records.files import EventRecord

SUBJECT = "mathematics"


def numbered_event(index: int, note: str, *, goal_link: str = "") -> EventRecord:
    """The ``index``-th earlier note of the mathematics subject, dated in November 2026."""
    name = f"2026-11-{1 + index % 28:02d}-note-{index}"
    return EventRecord(
        record_id=f"event-{name}",
        path=f"subjects/{SUBJECT}/events/{name}.md",
        title=f"Note {index}",
        day=date(2026, 11, 1 + index % 28),
        subject=SUBJECT,
        channel=Channel.CLASS,
        goal_link=goal_link,
        source_locator=f"github issue #{100 + index} in alice/learning",
        content_hash=f"sha256:{index:064x}",
        note=note,
        privacy_limit="private learner repository",
    )
