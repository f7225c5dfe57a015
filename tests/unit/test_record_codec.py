"""The record codec: a schema renders a record, the readers read it back, the edits touch one thing."""

from __future__ import annotations

import pytest

from bot.records.codec import (
    Schema,
    append_to_section,
    read_header,
    render,
    section,
    section_fields,
    set_section_field,
    table_rows,
)

NOTE = Schema(
    kind="notes",
    fields=(("ID", None), ("Version", "`1`"), ("Depends on", None)),
    sections=(("Body", None), ("Log", "- none yet")),
    tables=(("Log", ("Date", "What")),),
)


def test_a_schema_renders_fields_in_order_with_defaults_and_optional_lines_left_out() -> None:
    text = render(
        NOTE, "A note", {"ID": "`n-1`", "Depends on": None}, {"Body": "- Seen: yes"}, {"Log": ["| d | w |"]}
    )
    assert text == (
        "# A note\n\nID: `n-1`\nVersion: `1`\n\n## Body\n\n- Seen: yes\n\n"
        "## Log\n\n- none yet\n\n| Date | What |\n|---|---|\n| d | w |\n"
    )
    assert read_header(text) == {"ID": "n-1", "Version": "1", "Title": "A note"}
    assert section_fields(section(text, "Body")) == {"Seen": "yes"}
    assert table_rows(text, "Log") == [["d", "w"]]


def test_a_field_the_writer_must_give_is_never_left_out_silently() -> None:
    with pytest.raises(KeyError, match="Depends on"):
        render(NOTE, "A note", {"ID": "`n-1`"})


def test_section_edits_replace_a_field_append_lines_and_drop_the_placeholder() -> None:
    text = render(NOTE, "A note", {"ID": "`n-1`", "Depends on": None}, {"Body": "- Seen: yes\n- Kept: x"})
    edited = set_section_field(text, "Body", "Seen", "no")
    assert "- Seen: no\n- Kept: x\n\n## Log" in edited
    assert "- Kept: x\n- New: 1\n\n## Log" in set_section_field(text, "Body", "New", "1")
    logged = append_to_section(text, "Log", ("- 2026-12-01: one",), placeholder="- none yet")
    assert "- none yet" not in logged and "- 2026-12-01: one\n" in logged
    assert append_to_section(text, "Missing", ("- x",)) == text
    assert append_to_section(text, "Missing", ("- x",), create=True).endswith("\n\n## Missing\n\n- x\n")
