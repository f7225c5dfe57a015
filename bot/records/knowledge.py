"""Knowledge-point records: stable IDs, prerequisite links, and the evidence that cites them.

A knowledge point is named ``<subject>/<topic>/<point>`` and lives at
``subjects/<subject>/knowledge/<topic>/<point>.md``; its ID never changes when
its title does. Points are created only when the learner names one (an issue
form field or a ``kp:`` label): the offline agent does not invent a taxonomy.
"""

from __future__ import annotations

from datetime import date

from pydantic import BaseModel, ConfigDict

from bot.records.codec import add_table_row, id_list, render, set_header
from bot.records.files import records
from bot.records.schemas import KNOWLEDGE_POINT
from bot.snapshot import RepoSnapshot
from bot.text import folder_or_slug, one_line

DEFAULT_TOPIC = "general"
EVIDENCE = "Learner evidence"


class KnowledgePoint(BaseModel):
    model_config = ConfigDict(frozen=True)

    knowledge_id: str
    subject: str
    title: str
    prerequisites: tuple[str, ...] = ()

    @property
    def path(self) -> str:
        _, topic, point = self.knowledge_id.split("/", 2)
        return f"subjects/{self.subject}/knowledge/{topic}/{point}.md"


def point_from_learner(subject: str, named: str, prerequisites: tuple[str, ...] = ()) -> KnowledgePoint:
    """The point a learner named (``topic/point`` or a plain title), with prerequisite IDs normalized."""
    return KnowledgePoint(
        knowledge_id=_knowledge_id(subject, named),
        subject=subject,
        title=one_line(named.rsplit("/", 1)[-1].replace("-", " "), limit=80),
        prerequisites=tuple(_knowledge_id(subject, item) for item in prerequisites if item.strip()),
    )


def _knowledge_id(subject: str, named: str) -> str:
    # A part named in another script keeps its letters, as a subject folder does (``几何/相似三角形``):
    # slugified to ASCII, every such point would become ``note`` and share one record.
    parts = [
        folder_or_slug(part, fallback="note") for part in named.strip().strip("/").split("/") if part.strip()
    ]
    if parts and parts[0] == subject and len(parts) == 3:
        parts = parts[1:]
    topic, point = (
        (parts[-2], parts[-1]) if len(parts) >= 2 else (DEFAULT_TOPIC, parts[0] if parts else "point")
    )
    return f"{subject}/{topic}/{point}"


def render_point(point: KnowledgePoint, *, day: date, event_id: str, event_path: str) -> str:
    prerequisites = ", ".join(f"`{p}`" for p in point.prerequisites) or "none recorded"
    fields = {
        "Knowledge ID": f"`{point.knowledge_id}`", "Subject": point.subject, "Prerequisites": prerequisites,
        "Created": day.isoformat(), "Last updated": day.isoformat(),
    }  # fmt: skip
    rows = {EVIDENCE: (_evidence_row(event_id, event_path, point.subject),)}
    return render(KNOWLEDGE_POINT, point.title, fields, rows=rows)


def _evidence_row(event_id: str, event_path: str, subject: str) -> str:
    relative = event_path.removeprefix(f"subjects/{subject}/")
    return f"| [{event_id}](../../{relative}) | reported | a learner note citing this point |"


def add_evidence(text: str, *, day: date, event_id: str, event_path: str, subject: str) -> str:
    """The record with one more evidence row and a new ``Last updated`` date; earlier rows untouched."""
    if event_id in text:
        return text
    updated = set_header(text, "Last updated", day.isoformat())
    return add_table_row(updated, EVIDENCE, _evidence_row(event_id, event_path, subject))


def all_points(snapshot: RepoSnapshot) -> list[tuple[str, str, tuple[str, ...]]]:
    """``(knowledge_id, title, prerequisite ids)`` of every point record in the repository."""
    points = []
    for record in records(snapshot, "knowledge"):
        header = record.header
        if "Knowledge ID" in header:
            prerequisites = id_list(header.get("Prerequisites", ""))
            points.append(
                (header["Knowledge ID"], header.get("Title", header["Knowledge ID"]), prerequisites)
            )
    return sorted(points)


MASTERY_STATES = ("unknown", "learning", "demonstrated")
