"""Knowledge gaps from mistake notes: one narrow, evidence-linked gap, never a diagnosis.

Protocol "Diagnose" and scenario 08 ("create or update one narrow evidence-linked gap"), held back by
scenario 18 (no over-diagnosis): only a note that *reports a mistake* makes a gap — the mistake issue
form (the ``mistake`` label, or ``attempt`` with failure words), or the learner's explicit wording
("I chose X instead of Y", "my mistake was …"). A note of new learning makes none. The gap quotes the
learner's words as its observed problem, links the event and the goal, and keeps mastery and cause
``unknown`` (the cause is ``learner-reported`` only when the learner says *because*); nothing is
inferred. The same words again (the stable fingerprint) update the existing gap instead of adding a
second one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from bot.records.codec import (
    add_table_row,
    bullets,
    read_header,
    render,
    section,
    section_fields,
    set_header,
    set_section_field,
)
from bot.records.files import records
from bot.records.schemas import GAP
from bot.snapshot import RepoSnapshot
from bot.text import one_line, slugify

# The learner's own report of a mistake; a negated form ("I didn't make a mistake") does not match.
MISTAKE_WORDING = re.compile(
    r"""
    \bI\s+(?:chose|picked|used|wrote|put|answered|went\s+with)\b[^.!?\n]{1,80}?\binstead\s+of\b
    | \bmy\s+(?:mistake|error)\s+was\b
    | \bI\s+(?:made|make)\s+(?:a|the\s+same|this)\s+(?:mistake|error)\b
    | \bI\s+got\s+(?:it|this|that|the\s+\w+)\s+wrong\b
    """,
    re.I | re.X,
)
FAILURE_WORD = re.compile(r"\b(?:wrong|mistakes?|errors?|incorrect|stuck|instead\s+of|failed)\b", re.I)
STATED_CAUSE = re.compile(r"\bbecause\s+(?P<cause>[^.!?\n]{3,160})", re.I)
SENTENCE = re.compile(r"[^.!?\n]+[.!?]?")
MISTAKE_LABEL = "mistake"
ATTEMPT_LABEL = "attempt"  # the mistake-or-attempt issue form's label: an attempt may also have gone right
FINGERPRINT = "- Stable fingerprint:"
PATTERN = "Situation pattern"


def mistake_report(note: str, labels: tuple[str, ...]) -> str | None:
    """The learner's sentence that reports a mistake, or None when the note reports none."""
    sentences: list[str] = [s.strip() for s in SENTENCE.findall(note) if s.strip()]
    for sentence in sentences:
        stated = MISTAKE_WORDING.search(sentence)
        if stated is not None:
            return sentence[stated.start() :]  # from the report on: "Again: I chose…" is the same mistake
    lowered = {label.lower() for label in labels}
    if MISTAKE_LABEL in lowered or (ATTEMPT_LABEL in lowered and FAILURE_WORD.search(note)):
        return next((s for s in sentences if FAILURE_WORD.search(s)), sentences[0] if sentences else None)
    return None


@dataclass(frozen=True)
class GapWrite:
    """The gap record to write, and whether it is new."""

    gap_id: str
    path: str
    content: str
    created: bool

    def link(self) -> str:
        """The gap as a review record's ``Gap link`` (relative to ``reviews/``)."""
        return f"[{self.gap_id}](../knowledge-gaps/{self.path.rsplit('/', 1)[-1]})"

    def summary(self) -> str:
        verb = "opened" if self.created else "updated"
        return f"gap `{self.gap_id}` {verb} from the learner's words (mastery and cause `unknown`)"


def _fingerprint(report: str) -> str:
    return one_line(report, limit=160).rstrip(".!?")


def _existing(snapshot: RepoSnapshot, subject: str, gap_id: str, fingerprint: str) -> tuple[str, str] | None:
    for gap in records(snapshot, "knowledge-gaps"):
        same_words = f"{FINGERPRINT} {fingerprint}".casefold() in gap.text.casefold()
        if gap.subject == subject and (gap.header.get("ID", "").strip("`") == gap_id or same_words):
            return gap.path, gap.text
    return None


def _row(day: date, channel: str, report: str, event_id: str, event_path: str) -> str:
    link = f"[{event_id}](../events/{event_path.rsplit('/', 1)[-1]})"
    return f"| {day.isoformat()} | {channel} | {one_line(report, limit=160)} | not stated | {link} |"


def _update(text: str, *, day: date, row: str, event_id: str) -> str:
    depends = read_header(text).get("Depends on (event IDs)", "")
    text = set_header(text, "Depends on (event IDs)", f"{depends}, `{event_id}`".lstrip(", "))
    text = set_header(text, "Updated", day.isoformat())
    pattern = section_fields(section(text, PATTERN))
    count = re.match(r"\d+", pattern.get("Linked observation count", ""))
    if count:
        text = set_section_field(text, PATTERN, "Linked observation count", str(int(count.group(0)) + 1))
    if "Last observed" in pattern:
        text = set_section_field(text, PATTERN, "Last observed", day.isoformat())
    return add_table_row(text, "Evidence", row)


def plan_gap(
    snapshot: RepoSnapshot,
    *,
    subject: str,
    note: str,
    labels: tuple[str, ...],
    channel: str,
    day: date,
    event_id: str,
    event_path: str,
    goal_linked: bool,
) -> GapWrite | None:
    """The one gap this note's reported mistake creates or extends; None when it reports no mistake."""
    report = mistake_report(note, labels)
    if report is None:
        return None
    fingerprint = _fingerprint(report)
    gap_id = f"gap-{slugify(fingerprint, max_length=40, fallback='mistake')}"
    row = _row(day, channel, report, event_id, event_path)
    found = _existing(snapshot, subject, gap_id, fingerprint)
    if found is not None:
        path, text = found
        existing_id = read_header(text).get("ID", gap_id).strip("`")
        return GapWrite(existing_id, path, _update(text, day=day, row=row, event_id=event_id), False)
    path = f"subjects/{subject}/knowledge-gaps/{gap_id.removeprefix('gap-')}.md"
    facts = {"subject": subject, "fingerprint": fingerprint, "note": note, "row": row}
    return GapWrite(gap_id, path, _render(gap_id, path, facts, day=day, goal_linked=goal_linked), True)


def _render(gap_id: str, path: str, facts: dict[str, str], *, day: date, goal_linked: bool) -> str:
    subject, fingerprint, note, row = facts["subject"], facts["fingerprint"], facts["note"], facts["row"]
    goal = f"[subjects/{subject}/goals/main-goal.md](../goals/main-goal.md)" if goal_linked else "none yet"
    event_id = re.search(r"\[(event-[^\]]+)\]", row)
    cause = STATED_CAUSE.search(note)
    status = "learner-reported" if cause else "unknown"
    blocker = f"the learner says: “{one_line(cause.group('cause'), limit=160)}”" if cause else "`unknown`"
    fields = {
        "ID": f"`{gap_id}`", "Canonical path": f"`{path}`",
        "Depends on (event IDs)": f"`{event_id.group(1) if event_id else ''}`", "Subject": subject,
        "Goal link": goal, "Created": day.isoformat(), "Updated": day.isoformat(),
    }  # fmt: skip
    pattern = {
        "Stable fingerprint": fingerprint, "Recognition cues": "not stated yet",
        "Target concept or decision": "`unknown`", "First observed": day.isoformat(),
        "Last observed": day.isoformat(), "Linked observation count": "1", "Model status": "`none`",
        "State-machine position": "`gap`",
    }  # fmt: skip
    interpretation = {
        "Learner's reported judgment": f"“{fingerprint}”", "Diagnosis status": f"`{status}`",
        "Interpretation lifecycle": "`anomaly`", "Write class": "`surface-signal`", "Likely blocker": blocker,
        "Missing evidence": "a fresh attempt at a new item, without notes",
        "This interpretation may be revised when": "a fresh attempt or a teacher's feedback shows more",
    }  # fmt: skip
    bodies = {
        PATTERN: bullets(pattern),
        "Observable problem": f"The learner reports: “{fingerprint}”. Nothing beyond these words is "
        "inferred.",
        "Current interpretation": bullets(interpretation),
    }
    title = f"Knowledge Gap: {one_line(fingerprint, limit=80)}"
    return render(GAP, title, fields, bodies, {"Evidence": (row,)})
