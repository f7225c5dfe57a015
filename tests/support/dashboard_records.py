"""The records a dashboard is built from, written as the learner's repository holds them: learning events,
handoffs, reviews and knowledge gaps, dated around one school day.
"""

from __future__ import annotations

from datetime import date

TODAY = date(2026, 11, 30)
SUBJECT = "subjects/mathematics"


def event(slug: str, day: str, *, media: bool = False, note: str = "A note.") -> str:
    marker = (
        "\n- Attached images or files: present but not inspected by the bot (`needs-transcription`)."
        if media
        else ""
    )
    return f"""# Note {slug}

ID: `event-{slug}`
Date: {day}
Subject: mathematics
Channel: `class`

## Learner-provided event

> {note}

- Privacy limit: private{marker}
"""


def handoff(status: str, sent: str, destination: str = "teacher") -> str:
    return f"""# Ask about the ratio test

Status: `{status}`
Subject: mathematics
Destination: `{destination}`
Planned or sent: {sent}

## Exact blocker

- limits
"""


def review(review_id: str, status: str, due: str | None, purpose: str = "practice") -> str:
    due_line = f"Due: {due}\n" if due is not None else ""
    return f"""# Targeted Question Set and Review

ID: `{review_id}`
Status: `{status}`
Subject: mathematics
Purpose: `{purpose}`
{due_line}
## Questions

1. Why?
"""


def gap(gap_id: str, *, resolution: str | None = "open", mastery: str | None = None, kid: str = "") -> str:
    lines = [f"ID: `{gap_id}`"]
    if resolution is not None:
        lines.append(f"Resolution: `{resolution}`")
    if mastery is not None:
        lines.append(f"Mastery: `{mastery}`")
    if kid:
        lines.append(f"Knowledge ID: `{kid}`")
    return (
        "# Knowledge Gap\n\n" + "\n".join(lines) + "\nSubject: mathematics\n\n## Observable problem\n\n- x\n"
    )
