"""One Markdown codec for every learner record: render from a schema, read back, edit exactly.

Every record the bot writes has the same shape: ``# Title``, an optional preface, ``Key: value``
header lines (no YAML front matter, so a person can read and edit them), an optional lead paragraph,
then ``## Section``s, a section possibly ending in a table. What differs per kind is data
(:class:`Schema`; the kinds are in :mod:`bot.records.schemas`), so one renderer and one reader serve
them all.

Edits change records the learner can also edit by hand, so each touches only the line, section or row
it names and leaves the rest byte-identical (earlier evidence is never rewritten, as the protocol's
truth rules ask). A learner's words are kept in a fenced block longer than any backtick run they
contain, so the text survives exactly, Markdown and all.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

HEADING_BREAK = "\n## "
# Record texts whose parse is kept (per kind of parse): a long history of one learner, with room to spare.
PARSE_CACHE = 16_384
HEADER_LINE = re.compile(r"^(?P<key>[A-Z][A-Za-z ()/,-]*?):[ \t]*(?P<value>.*?)\s*$", re.M)
TITLE_LINE = re.compile(r"^#\s+(?P<title>.+?)\s*$", re.M)
BULLET_FIELD = re.compile(r"^- (?P<key>[A-Za-z ()/,-]+?):[ \t]*(?P<value>.*?)[ \t]*$", re.M)
TABLE_LINE = re.compile(r"^\|.*\|[ \t]*$", re.M)


@dataclass(frozen=True)
class Schema:
    """One record kind's layout: header fields and sections in order, with their defaults, and tables.

    A default of None means the writer must give the value; a writer giving None leaves an optional
    header line (or section) out. A table section renders its text (if any), then the table.
    """

    kind: str
    fields: tuple[tuple[str, str | None], ...]
    sections: tuple[tuple[str, str | None], ...] = ()
    tables: tuple[tuple[str, tuple[str, ...]], ...] = ()


def table_lines(columns: Sequence[str], rows: Sequence[str]) -> list[str]:
    """A Markdown table: the column line, the rule, then ``rows`` as given."""
    return ["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns), *rows]


def render(
    schema: Schema,
    title: str,
    fields: Mapping[str, str | None],
    sections: Mapping[str, str | None] | None = None,
    rows: Mapping[str, Sequence[str]] | None = None,
    *,
    preface: str = "",
    lead: str = "",
) -> str:
    """The record text; given sections the schema does not name follow its own, in the order given."""
    given, tables = sections or {}, dict(schema.tables)
    header = []
    for name, default in schema.fields:
        value = fields.get(name, default)
        if value is None and name not in fields:
            raise KeyError(f"a {schema.kind} record needs its {name!r} field")
        if value is not None:
            header.append(f"{name}: {value}")
    blocks = []
    named = {heading for heading, _ in schema.sections}
    for heading, default in (*schema.sections, *((h, None) for h in given if h not in named)):
        body = given.get(heading, default)
        if heading in tables:
            table = "\n".join(table_lines(tables[heading], (rows or {}).get(heading, ())))
            body = f"{body}\n\n{table}" if body else table
        if body is not None:
            blocks.append(f"## {heading}\n\n{body}")
    parts = (f"# {title}", preface, "\n".join(header), lead, *blocks)
    return "\n\n".join(part for part in parts if part) + "\n"


def bullets(pairs: Mapping[str, str]) -> str:
    """``- Key: value`` lines, the form of a section's fields."""
    return "\n".join(f"- {key}: {value}" for key, value in pairs.items())


def read_header(text: str) -> dict[str, str]:
    """The ``Key: value`` lines of a record's header block (before the first ``##``), and its title.

    A fresh dict each call (callers may change theirs), copied from a parse memoized on the text.
    """
    return dict(_header_items(text))


@lru_cache(maxsize=PARSE_CACHE)
def _header_items(text: str) -> tuple[tuple[str, str], ...]:
    """:func:`read_header`'s pairs, in order. Memoized because every note reads the header of every
    record, and a learner's history only grows: the parse is a pure function of the immutable text,
    so caching it changes no result, and the bound keeps a worker's memory flat."""
    head = text.split(HEADING_BREAK, 1)[0]
    values = {m.group("key"): m.group("value").strip("` ") for m in HEADER_LINE.finditer(head)}
    title = TITLE_LINE.search(head)
    if title:
        values["Title"] = title.group("title")
    return tuple(values.items())


def id_list(value: str) -> tuple[str, ...]:
    """The IDs a header value lists (``a/b/c, d/e/f`` as :func:`read_header` gives it); none in prose."""
    return tuple(item for part in value.split(",") if "/" in (item := part.strip("` ")))


def section(text: str, heading: str) -> str:
    """The body of ``## heading`` up to the next ``##`` heading; empty when the record has none."""
    marker = f"## {heading}"
    if marker not in text:
        return ""
    return text.split(marker, 1)[1].split(HEADING_BREAK, 1)[0]


def split_sections(text: str) -> list[tuple[str, str]]:
    """Every ``## heading`` of the record with its body, in order."""
    found = []
    for block in text.split(HEADING_BREAK)[1:]:
        heading, _, body = block.partition("\n")
        found.append((heading.strip(), body))
    return found


def section_fields(body: str) -> dict[str, str]:
    """The ``- Key: value`` lines of a section body (a later line of the same key wins)."""
    return {m.group("key"): m.group("value") for m in BULLET_FIELD.finditer(body)}


def table_rows(text: str, heading: str) -> list[list[str]]:
    """The cells of each row of ``## heading``'s table, the column line and the rule excluded."""
    lines = TABLE_LINE.findall(section(text, heading))
    return [[cell.strip() for cell in line.strip()[1:-1].split("|")] for line in lines[2:]]


def set_header(text: str, key: str, value: str, *, after: str | None = None) -> str:
    """``text`` with header line ``key: value``; a missing line goes after ``after`` (or the last header)."""
    head, sep, rest = text.partition(HEADING_BREAK)
    line = f"{key}: {value}"
    pattern = re.compile(rf"^{re.escape(key)}:.*$", re.M)
    if pattern.search(head):
        return pattern.sub(lambda _: line, head, count=1) + sep + rest
    anchor = re.compile(rf"^{re.escape(after)}:.*$", re.M) if after else None
    found = anchor.search(head) if anchor else None
    if found is None:
        lines = list(re.finditer(r"^[A-Z][A-Za-z ()/,-]*?:.*$", head, re.M))
        found = lines[-1] if lines else None
    if found is None:
        return head.rstrip("\n") + f"\n\n{line}\n" + sep + rest
    return head[: found.end()] + f"\n{line}" + head[found.end() :] + sep + rest


def _span(text: str, heading: str) -> tuple[int, int] | None:
    """Where ``## heading``'s body starts (after the heading) and ends (before the next heading)."""
    marker = f"## {heading}"
    if marker not in text:
        return None
    start = text.index(marker) + len(marker)
    end = text.find(HEADING_BREAK, start)
    return start, len(text) if end == -1 else end


def replace_section(text: str, heading: str, body: str, *, before: str | None = None) -> str:
    """``text`` with ``## heading``'s body replaced (a missing one goes before ``## before``, or last)."""
    marker = f"## {heading}"
    block = f"{marker}\n\n{body.strip()}\n"
    if marker in text:
        start = text.index(marker)
        end = text.find(HEADING_BREAK, start + len(marker))
        tail = text[end + 1 :] if end != -1 else ""
        return text[:start] + block + ("\n" + tail if tail else "")
    if before and f"## {before}" in text:
        at = text.index(f"## {before}")
        return text[:at] + block + "\n" + text[at:]
    return text.rstrip("\n") + "\n\n" + block


def add_table_row(text: str, heading: str, row: str) -> str:
    """``text`` with ``row`` after the last table line of ``## heading`` (unchanged when it has none)."""
    span = _span(text, heading)
    if span is None:
        return text
    start, end = span
    rows = list(TABLE_LINE.finditer(text, start, end))
    if not rows:
        return text  # no table to extend: the caller's section text says what changed instead
    at = rows[-1].end()
    return text[:at] + "\n" + row + text[at:]


def append_to_section(
    text: str, heading: str, lines: Sequence[str], *, placeholder: str = "", create: bool = False
) -> str:
    """``text`` with ``lines`` after the last non-blank line of ``## heading``.

    A ``placeholder`` line (``- none yet``) goes when the first real line comes. A missing section is
    added at the end with ``create``; otherwise the text is unchanged.
    """
    span = _span(text, heading)
    if span is None or not lines:
        return replace_section(text, heading, "\n".join(lines)) if create and lines else text
    start, end = span
    body = text[start:end]
    if placeholder and f"\n{placeholder}" in body:
        body = body.replace(f"\n{placeholder}\n", "\n").replace(f"\n{placeholder}", "").rstrip() + "\n"
    kept = body.rstrip()
    return text[:start] + kept + "".join(f"\n{line}" for line in lines) + body[len(kept) :] + text[end:]


def set_section_field(text: str, heading: str, key: str, value: str) -> str:
    """``- key: value`` in ``## heading``: its line replaced, else added (with the section if missing)."""
    line = f"- {key}: {value}"
    span = _span(text, heading)
    if span is None:
        return replace_section(text, heading, line)
    start, end = span
    pattern = re.compile(rf"^- {re.escape(key)}:.*$", re.M)
    if pattern.search(text, start, end) is None:
        return append_to_section(text, heading, (line,))
    body = pattern.sub(lambda _: line, text[start:end], count=1)
    return text[:start] + body + text[end:]


def verbatim(words: str) -> str:
    """The learner's words in a fenced block that cannot be closed early by anything inside them."""
    longest = max((len(run) for run in re.findall(r"`+", words)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}text\n{words}\n{fence}"


def unfence(block: str) -> str | None:
    """The exact words inside the first :func:`verbatim` block of ``block``; None when there is none."""
    match = re.search(r"^(?P<fence>`{3,})text\n(?P<words>.*?)\n(?P=fence)$", block, re.S | re.M)
    return match.group("words") if match else None
