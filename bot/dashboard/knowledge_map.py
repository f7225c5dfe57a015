"""The knowledge map that opens the dashboard: subjects, their knowledge points and gaps, as Mermaid.

Built from point and gap records only, coloured by the mastery the gap records state (the same
reading as the gap table and the chart, :func:`bot.dashboard.progress.tracked_mastery`). Safe for Mermaid by
construction: node ids are generated (``s0``, ``k3``, ``g1``, ``m0``), never taken from records; every
label is quoted, and any character outside a small plain set is written as a Mermaid entity code
(``#35;``), so a quote, bracket, backtick or pipe in a title cannot end a label or the code fence.
Big histories stay readable: each subject shows its most pressing points and gaps, and the rest
become one "+k more" node.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.dashboard.progress import tracked_mastery
from bot.dashboard.sections import GAP_ORDER, RESOLUTIONS, gap_mastery
from bot.records.files import records
from bot.records.knowledge import all_points
from bot.snapshot import RepoSnapshot
from bot.text import one_line

MAX_SUBJECTS = 6
MAX_POINTS = 8  # per subject
MAX_GAPS = 4  # per subject
LABEL_LIMIT = 48
PLAIN = re.compile(r"[A-Za-z0-9 .,:/_+'?!-]")
MASTERY_RANK = {"learning": 0, "unknown": 1, "demonstrated": 2}  # what needs work first
CLASSES = (
    "  classDef unknown fill:#eeeeee,stroke:#999999",
    "  classDef learning fill:#fff3c4,stroke:#c9a400",
    "  classDef demonstrated fill:#d4f7d4,stroke:#2e8b2e",
    "  classDef subject fill:#dde8f5,stroke:#4c78a8",
    "  classDef more fill:#ffffff,stroke:#999999,stroke-dasharray:3 3",
)
LEGEND = (
    "Grey: `unknown`, yellow: `learning`, green: `demonstrated` (as the gap records state it). "
    "A solid line joins a subject to its point, an arrow runs from a prerequisite to the point that "
    "needs it, a dotted line leads to a gap (hexagon)."
)


def mermaid_label(text: str) -> str:
    """``text`` on one line, cut short, with every non-plain character as a Mermaid entity code."""
    flat = one_line(text, limit=LABEL_LIMIT)
    return "".join(char if PLAIN.fullmatch(char) else f"#{ord(char)};" for char in flat)


@dataclass(frozen=True)
class _Gap:
    path: str
    subject: str
    label: str
    resolution: str
    knowledge_id: str
    mastery: str


def _gaps(snapshot: RepoSnapshot) -> list[_Gap]:
    found = []
    for record in records(snapshot, "knowledge-gaps"):
        resolution = record.header.get("Resolution", "")
        found.append(
            _Gap(
                path=record.path,
                subject=record.subject,
                label=record.label,
                resolution=resolution if resolution in RESOLUTIONS else "unknown",
                knowledge_id=record.header.get("Knowledge ID", ""),
                mastery=gap_mastery(record),
            )
        )
    order = {state: rank for rank, state in enumerate(GAP_ORDER)}
    return sorted(found, key=lambda gap: (order[gap.resolution], gap.path))


def knowledge_map(snapshot: RepoSnapshot) -> list[str]:
    """The fenced Mermaid block (empty when there is no point and no gap to draw)."""
    points = all_points(snapshot)
    gaps = _gaps(snapshot)
    if not points and not gaps:
        return []
    mastery = tracked_mastery(snapshot)
    point_node = {pid: f"k{index}" for index, (pid, _, _) in enumerate(points)}
    pressing = {gap.knowledge_id for gap in gaps if gap.resolution != "resolved"}
    subjects = sorted({pid.split("/")[0] for pid, _, _ in points} | {gap.subject for gap in gaps})
    lines = ["```mermaid", "flowchart LR"]
    edges: list[str] = []
    shown: set[str] = set()
    for s_index, subject in enumerate(subjects[:MAX_SUBJECTS]):
        node = f"s{s_index}"
        lines.append(f'  {node}(["{mermaid_label(subject)}"]):::subject')
        mine = [p for p in points if p[0].split("/")[0] == subject]
        mine.sort(key=lambda p: (p[0] not in pressing, MASTERY_RANK[mastery.get(p[0], "unknown")], p[0]))
        for pid, title, _ in mine[:MAX_POINTS]:
            shown.add(pid)
            label = f"{mermaid_label(title)}<br/>{mermaid_label(pid)}"
            lines.append(f'  {point_node[pid]}["{label}"]:::{mastery.get(pid, "unknown")}')
            edges.append(f"  {node} --- {point_node[pid]}")
        subject_gaps = [gap for gap in gaps if gap.subject == subject]
        for g_index, gap in enumerate(subject_gaps[:MAX_GAPS]):
            gap_node = f"g{s_index}x{g_index}"
            label = f"{mermaid_label(gap.label)}<br/>{gap.resolution}"
            lines.append(f'  {gap_node}{{{{"{label}"}}}}:::{gap.mastery}')
            anchor = point_node[gap.knowledge_id] if gap.knowledge_id in shown else node
            edges.append(f"  {anchor} -.- {gap_node}")
        hidden = max(0, len(mine) - MAX_POINTS) + max(0, len(subject_gaps) - MAX_GAPS)
        if hidden:
            lines.append(f'  m{s_index}["+{hidden} more"]:::more')
            edges.append(f"  {node} --- m{s_index}")
    for pid, _, prerequisites in points:
        edges += [
            f"  {point_node[req]} --> {point_node[pid]}" for req in prerequisites if {req, pid} <= shown
        ]
    if len(subjects) > MAX_SUBJECTS:
        lines.append(f'  more["+{len(subjects) - MAX_SUBJECTS} more subjects"]:::more')
    return [*lines, *edges, *CLASSES, "```"]
