"""Deduplication's fast paths decide exactly what the full comparison decides (issue 18 item 4).

A new note is compared with every current record of its subject, so the loop asks only for the verdict
(:func:`bot.records.sameness.verdict`, which stops before wording differences it does not need) and the
record lists are made once per plan, planned writes spliced into the sorted list. Each property here
pits the fast path against the plain full scan on randomised notes and histories.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.records.files import read_note, records
from bot.records.sameness import Sameness, judge, topic_share, verdict
from bot.records.versions import (
    RELATED_LIMIT,
    Current,
    Earlier,
    current_events,
    match_earlier,
    source_versions,
    superseded,
)
from bot.snapshot import MemorySnapshot, OverlaySnapshot, ReadOnceSnapshot, RepoSnapshot
from tests.support.event_records import numbered_event

WORDS = (
    "triangle triangles similar angle angles vertices corresponding ratio area class learned fraction "
    "fractions denominator Pythagoras Euclid not never wrong right correct mistake three 12 cm 2x+3=11 "
    "F=ma Source: textbook page 4 7 kg"
).split()
notes = st.lists(st.sampled_from(WORDS), min_size=0, max_size=12).map(" ".join)


@settings(max_examples=400, deadline=None)
@given(new=notes, old=notes)
def test_the_verdict_and_share_are_the_full_judgements(new: str, old: str) -> None:
    assert verdict(new, old) == (judge(new, old).verdict, topic_share(new, old))


def _event(index: int, note: str, *, superseded_by: str = "") -> tuple[str, str]:
    record = numbered_event(index, note)
    text = record.render()
    if superseded_by:
        text = superseded(
            text, by_id=superseded_by, by_path=record.path, day=record.day, judgement=judge("", "")
        )
    return record.path, text


def _full_scan(snapshot: RepoSnapshot, note: str, digest: str) -> Earlier:
    """Deduplication as a plain loop: every current record judged in full, in path order."""
    related = []
    for record in records(snapshot, "events"):
        if record.header.get("Superseded by"):
            continue
        if digest in source_versions(record.header):
            return Earlier(duplicate=_as_current(snapshot, record.path))
        earlier = read_note(record.text)
        found = judge(note, earlier).verdict
        if found is Sameness.SAME:
            return Earlier(duplicate=_as_current(snapshot, record.path))
        if found is Sameness.RELATED:
            related.append((topic_share(note, earlier), record.header["ID"]))
    closest = sorted(related, key=lambda pair: -pair[0])[:RELATED_LIMIT]
    return Earlier(related=tuple(record_id for _, record_id in closest))


def _as_current(snapshot: RepoSnapshot, path: str) -> Current:
    return next(event for event in current_events(snapshot, "mathematics") if event.path == path)


history = st.lists(st.tuples(notes, st.booleans()), min_size=0, max_size=25)


@settings(max_examples=150, deadline=None)
@given(earlier=history, note=notes, written=st.lists(notes, max_size=3), digest_of=st.integers(-1, 30))
def test_the_duplicate_and_related_records_are_the_full_scans(
    earlier: list[tuple[str, bool]], note: str, written: list[str], digest_of: int
) -> None:
    files = dict(
        _event(i, text, superseded_by="event-x" if gone else "") for i, (text, gone) in enumerate(earlier)
    )
    planned = dict(_event(100 + i, text) for i, text in enumerate(written))
    digest = f"{digest_of:012x}" if digest_of >= 0 else ""
    plain = OverlaySnapshot(MemorySnapshot(files), planned)
    planning = OverlaySnapshot(ReadOnceSnapshot(MemorySnapshot(files)), planned)
    expected = _full_scan(plain, note, digest)
    assert match_earlier(planning, "mathematics", note, digest) == expected
    assert match_earlier(plain, "mathematics", note, digest) == expected


@settings(max_examples=100, deadline=None)
@given(
    kept=st.lists(st.integers(0, 40), unique=True, max_size=20),
    written=st.dictionaries(st.integers(0, 60), notes, max_size=5),
)
def test_planned_writes_land_where_listing_the_overlay_puts_them(
    kept: list[int], written: dict[int, str]
) -> None:
    files = dict(_event(i, f"note {i}") for i in kept)
    planned = dict(_event(i, text) for i, text in written.items())
    overlay = OverlaySnapshot(ReadOnceSnapshot(MemorySnapshot(files)), planned)
    listed = [path for path in overlay.list_files("subjects") if "/events/" in path]
    assert [(record.path, record.text) for record in records(overlay, "events")] == [
        (path, overlay.read_text(path)) for path in listed
    ]
