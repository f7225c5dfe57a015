"""The protocol's one-event natural-language overrides.

"Natural-language instructions in the current interaction are one-event
overrides of stable config ... They expire at the end of that event and do
not rewrite gitlearnos.yml." Detection is deliberately literal: a phrase the
learner typed, not an inference, so an override is never invented.
"""

from __future__ import annotations

import re
from enum import StrEnum

from pydantic import BaseModel, ConfigDict


class Override(StrEnum):
    DO_NOT_STORE = "do not store this"
    ANSWER_ONLY = "answer only"
    NOT_FOR_RECORD = "not for my learning record"
    RECORD_ONLY = "record only"
    PREVIEW_FIRST = "preview first"
    NO_REVIEW = "no review"
    UNDO_LAST = "undo the last update"
    BELONGS_TO = "this belongs to"


# Overrides that forbid storing anything from this event.
NO_STORE = frozenset({Override.DO_NOT_STORE, Override.ANSWER_ONLY, Override.NOT_FOR_RECORD})

_PATTERNS: tuple[tuple[Override, re.Pattern[str]], ...] = (
    (
        Override.DO_NOT_STORE,
        re.compile(r"\b(do\s*n[o']t|do not|don't)\s+(store|save|record)\s+(this|that|it)\b", re.I),
    ),
    (Override.ANSWER_ONLY, re.compile(r"\banswer\s+only\b", re.I)),
    (Override.NOT_FOR_RECORD, re.compile(r"\bnot\s+for\s+my\s+(learning\s+)?record\b", re.I)),
    (Override.RECORD_ONLY, re.compile(r"\brecord\s+only\b", re.I)),
    (Override.PREVIEW_FIRST, re.compile(r"\bpreview\s+first\b", re.I)),
    (Override.NO_REVIEW, re.compile(r"\bno\s+review\b", re.I)),
    (Override.UNDO_LAST, re.compile(r"\bundo\s+the\s+last\s+update\b|^\s*/gitlearnos\s+undo\b", re.I | re.M)),
)

BELONGS_TO = re.compile(
    r"""\bthis\s+belongs\s+to\s+      # the learner's routing correction
        (?:the\s+)?
        (?P<subject>[^\W\d_][\w-]{0,40}) # one subject word or slug, in any script
    """,
    re.I | re.X,
)


class Overrides(BaseModel):
    model_config = ConfigDict(frozen=True)

    found: tuple[Override, ...] = ()
    subject: str | None = None

    @property
    def forbids_storing(self) -> bool:
        return any(item in NO_STORE for item in self.found)

    def describe(self) -> str:
        if not self.found:
            return "none"
        parts = []
        for item in self.found:
            if item is Override.BELONGS_TO and self.subject:
                parts.append(f"\u201cthis belongs to {self.subject}\u201d")
            else:
                parts.append(f"\u201c{item.value}\u201d")
        return ", ".join(parts) + " (applies to this event only)"


def find_overrides(text: str) -> Overrides:
    found = [override for override, pattern in _PATTERNS if pattern.search(text)]
    subject = None
    match = BELONGS_TO.search(text)
    if match:
        found.append(Override.BELONGS_TO)
        subject = match.group("subject")
    return Overrides(found=tuple(found), subject=subject)
