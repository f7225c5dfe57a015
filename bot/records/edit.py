"""Small, exact edits of Markdown records: a header line, one section, one table row.

Answer writeback changes records the learner can also edit by hand, so every edit touches only the
line or section it names and leaves the rest byte-identical (earlier evidence is never rewritten, as
the protocol's truth rules ask). A learner's words are kept in a fenced block longer than any backtick
run they contain, so the text survives exactly, Markdown and all.
"""

from __future__ import annotations

import re

HEADING_BREAK = "\n## "


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


def section(text: str, heading: str) -> str:
    """The body of ``## heading`` up to the next ``##`` heading; empty when the record has none."""
    marker = f"## {heading}"
    if marker not in text:
        return ""
    return text.split(marker, 1)[1].split(HEADING_BREAK, 1)[0]


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
    """``text`` with ``row`` after the last table line of ``## heading`` (a new table when it has none)."""
    marker = f"## {heading}"
    if marker not in text:
        return text
    start = text.index(marker) + len(marker)
    end = text.find(HEADING_BREAK, start)
    end = len(text) if end == -1 else end
    body = text[start:end]
    rows = list(re.finditer(r"^\|.*\|[ \t]*$", body, re.M))
    if not rows:
        return text  # no table to extend: the caller's section text says what changed instead
    at = start + rows[-1].end()
    return text[:at] + "\n" + row + text[at:]


def verbatim(words: str) -> str:
    """The learner's words in a fenced block that cannot be closed early by anything inside them."""
    longest = max((len(run) for run in re.findall(r"`+", words)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}text\n{words}\n{fence}"


def unfence(block: str) -> str | None:
    """The exact words inside the first :func:`verbatim` block of ``block``; None when there is none."""
    match = re.search(r"^(?P<fence>`{3,})text\n(?P<words>.*?)\n(?P=fence)$", block, re.S | re.M)
    return match.group("words") if match else None


def append_to_section(text: str, heading: str, lines: tuple[str, ...]) -> str:
    """``text`` with ``lines`` after the last non-blank line of ``## heading`` (unchanged without one)."""
    marker = f"## {heading}"
    if marker not in text or not lines:
        return text
    start = text.index(marker) + len(marker)
    end = text.find(HEADING_BREAK, start)
    end = len(text) if end == -1 else end
    at = start + len(text[start:end].rstrip())
    return text[:at] + "".join(f"\n{line}" for line in lines) + text[at:]
