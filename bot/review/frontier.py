"""The one next action, chosen from the repository's evidence instead of one sentence for every note.

Issue 17: a reply and the dashboard name a single next action, and it should follow from what the
records say. In order:

1. an action the current operation already owes (``pending``): the diagnostic probe it just asked, or
   the fresh task the learner asked for. The caller passes these because only it knows them;
2. a diagnostic probe still open in one of the subject's current event records (the diagnosis reads it
   back, :func:`bot.diagnose.record.read_diagnosis`), the oldest first: its answer decides what to
   teach, so a new step before it would be guessed;
3. a due review: a ``planned`` review of the subject whose ``Due`` date is today or earlier, oldest first,
   because a check whose day has come measures more than new practice does;
4. the prerequisite frontier: the first knowledge point of the subject that is not yet ``demonstrated``
   while every prerequisite it lists is. Points and their ``Prerequisites`` come from the point records
   (:func:`bot.records.knowledge.all_points`); a prerequisite named by a point but without a record of
   its own is still a node of the graph. Mastery is what the gap records state
   (:func:`bot.dashboard.sections.mastery_from_gaps`, the dashboard's own reading), ``unknown`` where
   none does; a note or a self-report never moves a point forward. Among several frontier points the
   one closest to the foundations (fewest points below it) comes first, then by ID;
5. without a knowledge point in the subject there is no graph, and the action says what is missing
   rather than inventing a step. A graph where nothing qualifies says why too: everything is
   ``demonstrated``, or the recorded prerequisites form a cycle.

Pure: a snapshot and a date in, one line of text out (the dashboard's "One next action" is one line).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date

from bot.dashboard.sections import due_day, mastery_from_gaps
from bot.diagnose.record import read_diagnosis
from bot.records.files import records
from bot.records.knowledge import all_points
from bot.records.versions import current_events
from bot.snapshot import RepoSnapshot
from bot.text import one_line

DEMONSTRATED = "demonstrated"
CYCLE_SHOWN = 3  # IDs named when the prerequisites form a cycle
PROBE_LIMIT = 240  # characters of an open probe's question quoted in the action


@dataclass(frozen=True)
class Point:
    """One node of a subject's prerequisite graph, at the mastery the gap records state for it."""

    knowledge_id: str
    title: str
    prerequisites: tuple[str, ...]
    mastery: str
    recorded: bool  # False: only named as another point's prerequisite, no record of its own

    @property
    def demonstrated(self) -> bool:
        return self.mastery == DEMONSTRATED


def prerequisite_graph(snapshot: RepoSnapshot, subject: str) -> dict[str, Point]:
    """The subject's knowledge points by ID, each prerequisite they name included as a node."""
    mastery = mastery_from_gaps(snapshot)
    mine = [p for p in all_points(snapshot) if p[0].split("/", 1)[0] == subject]
    graph = {
        pid: Point(pid, one_line(title, limit=80), prerequisites, mastery.get(pid, "unknown"), recorded=True)
        for pid, title, prerequisites in mine
    }
    for _, _, prerequisites in mine:
        for pid in prerequisites:
            if pid not in graph:
                title = pid.rsplit("/", 1)[-1].replace("-", " ")
                graph[pid] = Point(pid, title, (), mastery.get(pid, "unknown"), recorded=False)
    return graph


def _below(graph: Mapping[str, Point], pid: str) -> int:
    """How many distinct points lie under ``pid`` through its prerequisites (safe on a cycle)."""
    seen: set[str] = set()
    stack = list(graph[pid].prerequisites)
    while stack:
        current = stack.pop()
        if current in seen or current == pid:
            continue
        seen.add(current)
        stack.extend(graph[current].prerequisites if current in graph else ())
    return len(seen)


def frontier(graph: Mapping[str, Point]) -> tuple[Point, ...]:
    """Points not yet ``demonstrated`` whose prerequisites all are, foundations first, then by ID."""
    ready = [
        point
        for point in graph.values()
        if not point.demonstrated and all(graph[req].demonstrated for req in point.prerequisites)
    ]
    return tuple(sorted(ready, key=lambda point: (_below(graph, point.knowledge_id), point.knowledge_id)))


def _open_probe(snapshot: RepoSnapshot, subject: str) -> str | None:
    """The oldest diagnostic probe still open in the subject's current event records, as an action."""
    asked = []
    for event in current_events(snapshot, subject):
        diagnosis = read_diagnosis(event.text)
        if diagnosis is not None and diagnosis.open_probe:
            where = event.header.get("Source locator", "") or f"`{event.path}`"
            asked.append((event.header.get("Date", ""), event.path, where, diagnosis.open_probe_text))
    if not asked:
        return None
    _, _, where, question = min(asked)
    return f"answer the diagnostic question still open on {where}: {one_line(question, limit=PROBE_LIMIT)}"


def _due_review(snapshot: RepoSnapshot, subject: str, today: date) -> str | None:
    """The oldest planned review of the subject due on or before ``today``, as an action."""
    due = []
    for record in records(snapshot, "reviews"):
        day = due_day(record)
        if record.subject == subject and record.header.get("Status") == "planned" and day and day <= today:
            due.append((day, record.path, record.label))
    if not due:
        return None
    day, path, label = min(due)
    return f"answer the due review `{label}` (`{path}`, due {day.isoformat()}) without your notes"


def _frontier_action(point: Point) -> str:
    named = f"`{point.knowledge_id}` ({point.title})" if point.recorded else f"`{point.knowledge_id}`"
    listed = ", ".join(f"`{req}`" for req in point.prerequisites)
    if not point.prerequisites:
        why = "it needs no recorded prerequisite"
    elif len(point.prerequisites) == 1:
        why = f"its prerequisite {listed} is `demonstrated`"
    else:
        why = f"its prerequisites {listed} are `demonstrated`"
    return (
        f"work on {named}, next on your prerequisite graph: {why} and it is not yet `demonstrated`; "
        "try one fresh problem on it without your notes, then file the attempt as an issue"
    )


def _graph_action(graph: Mapping[str, Point], subject: str) -> str:
    """The action the prerequisite graph gives, or what is missing for it to give one."""
    if not graph:
        return (
            f"no prerequisite graph yet for `{subject}`: name the knowledge point and its prerequisites "
            "in the issue form to get a next step from it"
        )
    ready = frontier(graph)
    if ready:
        return _frontier_action(ready[0])
    waiting = sorted(pid for pid, point in graph.items() if not point.demonstrated)
    if not waiting:
        return (
            f"every point of the `{subject}` prerequisite graph is `demonstrated`: name the next knowledge "
            "point and its prerequisites in the issue form to extend it"
        )
    shown = ", ".join(f"`{pid}`" for pid in waiting[:CYCLE_SHOWN])
    return (
        f"no point of the `{subject}` prerequisite graph has all its prerequisites `demonstrated`, because "
        f"they form a cycle (among {shown}): correct the prerequisites of one of them in the issue form"
    )


def next_action(snapshot: RepoSnapshot, *, subject: str, today: date, pending: Iterable[str] = ()) -> str:
    """The one next action for ``subject``: pending, a due review, the frontier, or what is missing."""
    owed = next((action for action in pending if action), None)
    if owed is not None:
        return owed
    return (
        _open_probe(snapshot, subject)
        or _due_review(snapshot, subject, today)
        or _graph_action(prerequisite_graph(snapshot, subject), subject)
    )
