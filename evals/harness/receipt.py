"""The protocol's receipt as a learner reads it in a comment: ``- **Field:** value`` lines.

Parsing the rendered comment (not the bot's receipt object) keeps the harness honest: a field counts as
reported only if the learner can actually see it. The field names are the harness's own, taken from the
protocol (the ``receipt_fields`` of the evals README's machine-checkable artifact schema, and the status
lines of ``templates/project-instructions.md``'s receipt), never from the bot's code.
"""

from __future__ import annotations

import re
from enum import StrEnum


class ReceiptField(StrEnum):
    """The receipt fields the protocol names, spelled as it spells them."""

    # the artifact schema's receipt_fields
    MODE = "Mode"
    SUBJECT = "Subject"
    ORGANIZED = "Organized"
    QUESTIONS = "Questions"
    CHANGED_FILES = "Changed files"
    EVIDENCE = "Evidence"
    AUTOMATION_ACTUALLY_COMPLETED = "Automation actually completed"
    SKILL_INSTALLATION = "Skill installation"
    NEXT_ACTION = "Next action"
    UNDO = "Undo"
    # the receipt template's status lines
    SETUP_STATUS = "Setup status"
    GIT_PERSISTENCE = "Git persistence"
    RAG_SYNCHRONIZATION = "RAG synchronization"
    MASTERY = "Mastery"


RECEIPT_LINE = re.compile(r"^\s*[-*]\s+\*\*(?P<field>[^*:]+):\*\*\s*(?P<value>.*?)\s*$", re.M)
CODE_SPAN = re.compile(r"`([^`]+)`")
MARKER = re.compile(r"<!--.*?-->", re.S)


def visible_text(comment_body: str) -> str:
    """What the learner sees of a comment: hidden HTML markers removed."""
    return MARKER.sub("", comment_body).strip()


def parse_receipt(text: str) -> dict[ReceiptField, str]:
    """The receipt fields found in ``text``, by protocol name; unknown bold labels are ignored."""
    names = {field.value.lower(): field for field in ReceiptField}
    found: dict[ReceiptField, str] = {}
    for match in RECEIPT_LINE.finditer(text):
        field = names.get(match.group("field").strip().lower())
        if field is not None and field not in found:
            found[field] = match.group("value")
    return found


def listed_paths(value: str) -> set[str]:
    """The paths a ``Changed files`` value names (as code spans, or comma-separated when bare)."""
    spans = CODE_SPAN.findall(value)
    if spans:
        return set(spans)
    if value.strip().lower() in {"", "none"}:
        return set()
    return {part.strip() for part in value.split(",") if part.strip()}
