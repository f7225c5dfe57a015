"""Readers for what scenarios 17 and 18 judge: hypothesis tables, interpretation fields, the asked text.

Written from the protocol's knowledge-gap template (its ``Competing hypotheses`` table of class and
status, its ``Falsification log``, its ``Interpretation lifecycle`` field and the two gate lines), not
from the bot's code, so a writer bug shows as a failed check.
"""

from __future__ import annotations

import re

from evals.harness import records
from evals.harness.receipt import RECEIPT_LINE

REQUIRED_CLASSES = (
    "concept-unestablished",
    "prerequisite-missing",
    "procedure-unavailable",
    "calculation-error",
    "incidental",
)
TABLE_ROW = re.compile(r"^\|(?P<cells>.*)\|[ \t]*$", re.M)
RULE_ROW = re.compile(r"^[\s|:-]+$")
STATUSES = ("active", "supported", "weakened", "ruled_out", "ruled-out", "falsified")
FIELD = re.compile(r"^[-*]?\s*{key}:[ \t]*(?P<value>.*?)[ \t]*$", re.M | re.I)


def table(text: str, heading: str) -> list[list[str]]:
    """The body rows of the first table under ``## heading``: cells stripped of spaces and code marks."""
    rows = [m["cells"] for m in TABLE_ROW.finditer(records.section(text, heading))]
    body = [row for row in rows[1:] if not RULE_ROW.match(row)]
    return [[cell.strip().strip("`").strip() for cell in row.split("|")] for row in body]


def hypothesis_statuses(text: str) -> dict[str, str]:
    """Class → status, from a ``Competing hypotheses`` table (the template's first and second-to-last
    columns are class and status; the bot may add columns after status)."""
    found: dict[str, str] = {}
    for cells in table(text, "Competing hypotheses"):
        status = next((c for c in cells[1:] if c in STATUSES), "")
        if cells and cells[0]:
            found[cells[0]] = status
    return found


def field(text: str, key: str) -> str:
    """A ``Key: value`` line anywhere in the text (bulleted or not), without code marks; "" if absent."""
    match = re.search(FIELD.pattern.format(key=re.escape(key)), text, FIELD.flags)
    return match["value"].strip().strip("`").strip() if match else ""


def asked_part(reply: str) -> str:
    """The reply before its receipt: what the learner is told and asked (the receipt repeats the next
    action, so questions are counted here)."""
    receipt = RECEIPT_LINE.search(reply)
    return reply[: receipt.start()] if receipt else reply


def question_count(text: str) -> int:
    """Questions asked: question marks (ASCII or full-width) ending a sentence or a bold line."""
    return len(re.findall(r"[?？](?=\s|\*|$)", text))
