"""A gap that already holds two distinct observations of one situation and no model, with its two events:
what an earlier bot (one that updated gaps without synthesizing) left for maintenance to synthesize.
"""

from __future__ import annotations

FOLDER = "subjects/mathematics"
GAP_PATH = f"{FOLDER}/knowledge-gaps/scale-factor.md"
EVENT_FILES = ("2026-11-20-scale-factor.md", "2026-11-24-similar-triangles.md")
MODEL_PATH = f"{FOLDER}/models/mathematics-similar-triangles-wrong-ratio.md"
REVIEW_PATH = f"{FOLDER}/reviews/review-transfer-mathematics-similar-triangles-wrong-ratio.md"


def _event(name: str, words: str) -> str:
    record_id = f"event-{name.removesuffix('.md')}"
    return (
        f"# Mistake\n\nID: `{record_id}`\nDate: {name[:10]}\nSubject: mathematics\n\n"
        f"## Learner-provided event\n\n> {words}\n\n## Connections\n\n- Deduplication result: new.\n"
    )


EVENTS = {
    f"{FOLDER}/events/{EVENT_FILES[0]}": _event(
        EVENT_FILES[0], "I chose BC/AB instead of DE/AB for the scale factor."
    ),
    f"{FOLDER}/events/{EVENT_FILES[1]}": _event(
        EVENT_FILES[1], "I used AC/DF instead of DF/AC as the ratio."
    ),
}
ROWS = (
    "| 2026-11-20 | issue | I chose BC/AB instead of DE/AB for the scale factor | not stated | "
    f"[event-2026-11-20-scale-factor](../events/{EVENT_FILES[0]}) |\n"
    "| 2026-11-24 | issue | I used AC/DF instead of DF/AC as the ratio | not stated | "
    f"[event-2026-11-24-similar-triangles](../events/{EVENT_FILES[1]}) |"
)
GAP = f"""# Knowledge Gap: I chose BC/AB instead of DE/AB for the scale factor

ID: `gap-scale-factor`
Canonical path: `{GAP_PATH}`
Depends on (event IDs): `event-2026-11-20-scale-factor`, `event-2026-11-24-similar-triangles`
Resolution: `open`
Mastery: `unknown`
Subject: mathematics

## Situation pattern

- Stable fingerprint: I chose BC/AB instead of DE/AB for the scale factor
- Linked observation count: 2
- Model status: `none`

## Evidence

| Date | Channel | Observation or learner report | Independence or support | Link |
|---|---|---|---|---|
{ROWS}
"""
FILES = {**EVENTS, GAP_PATH: GAP}
