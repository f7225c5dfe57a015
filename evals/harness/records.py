"""The harness's own reader of learner records, written from the protocol's templates, not the bot's code.

The templates (``templates/review-set.md``, ``knowledge-gap.md``, ``event-record.md`` and the others) give
every record the same shape: a ``# Title`` line, a header block of ``Key: value`` lines (values often in a
code span, ``ID: `review-…```), then ``## Section`` bodies; questions are a numbered list and a learner's
words are kept verbatim in a fenced block. Reading that shape here, independently, means a format bug in
the bot's writer shows up as a failed check instead of being mirrored by the judge.
"""

from __future__ import annotations

import re

HEADER_LINE = re.compile(r"^(?P<key>[A-Z][^:\n`]*?):[ \t]*(?P<value>.*?)[ \t]*$", re.M)
TITLE = re.compile(r"^#[ \t]+(?P<title>\S.*?)[ \t]*$", re.M)
SECTION_START = re.compile(r"^##[ \t]+(?P<heading>.+?)[ \t]*$", re.M)
NUMBERED_ITEM = re.compile(r"^[ \t]*\d+[.)][ \t]+(?P<text>\S.*?)[ \t]*$", re.M)
FENCE = re.compile(r"^(?P<fence>`{3,}|~{3,})[^\n]*\n(?P<words>.*?)\n(?P=fence)[ \t]*$", re.S | re.M)


def header(text: str) -> dict[str, str]:
    """The record's ``Key: value`` header lines (before its first ``##`` section), plus ``Title``.

    Values lose the code-span backticks and surrounding spaces the templates put around them; the first
    occurrence of a key wins.
    """
    first_section = SECTION_START.search(text)
    head = text[: first_section.start()] if first_section else text
    values: dict[str, str] = {}
    for match in HEADER_LINE.finditer(head):
        values.setdefault(match["key"].strip(), match["value"].strip().strip("`").strip())
    title = TITLE.search(head)
    if title:
        values.setdefault("Title", title["title"])
    return values


def section(text: str, heading: str) -> str:
    """The body of the ``## heading`` section up to the next ``##`` heading; empty when there is none."""
    starts = list(SECTION_START.finditer(text))
    for index, start in enumerate(starts):
        if start["heading"] == heading:
            end = starts[index + 1].start() if index + 1 < len(starts) else len(text)
            return text[start.end() : end]
    return ""


def numbered_items(block: str) -> tuple[str, ...]:
    """The non-empty items of a numbered list (the template's blank ``1.`` lines are skipped)."""
    return tuple(match["text"] for match in NUMBERED_ITEM.finditer(block))


def questions(text: str) -> tuple[str, ...]:
    """The questions a review record asks: the numbered items of its ``## Questions`` section."""
    return numbered_items(section(text, "Questions"))


def fenced(block: str) -> str | None:
    """The exact words of the first fenced block in ``block`` (any fence, any info string), or None."""
    match = FENCE.search(block)
    return match["words"] if match else None
