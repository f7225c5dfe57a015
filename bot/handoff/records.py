"""Handoff packs and teacher-feedback records: paths, rendering, and the small edits later events make.

Both follow the protocol's templates (``handoff-pack.md``, the external-feedback
part of ``source-record.md``) in our own words, as Markdown with ``Key: value``
header lines. Edits touch single header lines or single bullets and append
table rows, so the learner's words in a record (the quoted attempt, the quoted
feedback) are never rewritten.

A feedback record names its channel and who reported it by role only
(``teacher`` / ``learner``): the teacher's login is not needed to use the
feedback, so it is not stored (protocol: "record only when necessary and
authorized").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date

from bot.handoff.status import HandoffStatus
from bot.records.codec import (
    append_to_section,
    bullets,
    render,
    section,
    section_fields,
    set_header,
    set_section_field,
)
from bot.records.files import Record, records, subject_folder
from bot.records.schemas import FEEDBACK, HANDOFF
from bot.snapshot import RepoSnapshot

STATUS_HISTORY = "Status history"
RETURNED_FEEDBACK = "Returned feedback"
NO_FEEDBACK_YET = "- none yet"
AVAILABILITY = "the learner's private repository; only this pack goes to the teacher."
GAP_NEXT_ACTION = "Next action"
GAP_HANDOFF = "Date or next handoff"


def handoffs_folder(subject: str) -> str:
    return f"{subject_folder(subject)}/handoffs"


def feedback_folder(subject: str) -> str:
    return f"{subject_folder(subject)}/feedback"


def relative(to_path: str) -> str:
    """Link to a record from any other record under the same subject (``../<kind>/<file>``)."""
    return "../" + "/".join(to_path.split("/")[2:])


@dataclass(frozen=True)
class HandoffRecord(Record):
    """A handoff pack found in the repository."""

    @property
    def handoff_id(self) -> str:
        return self.header.get("ID", "")

    @property
    def branch(self) -> str:
        return self.header.get("Branch", "")

    @property
    def gap_path(self) -> str:
        return _link_target(self.header.get("Gap link", ""), self.subject)

    @property
    def attempt_path(self) -> str:
        return _link_target(self.header.get("Attempt link", ""), self.subject)


LINK = re.compile(r"\]\((?P<target>[^)]+)\)")


def _link_target(value: str, subject: str) -> str:
    """The repository path a ``[text](../kind/file.md)`` header link points at; empty when none."""
    match = LINK.search(value)
    if match is None or not match.group("target").startswith("../"):
        return ""
    return f"{subject_folder(subject)}/{match.group('target').removeprefix('../')}"


def find_handoff(snapshot: RepoSnapshot, branch: str) -> HandoffRecord | None:
    """The pack committed for ``branch`` (its ``Branch:`` header), in any subject."""
    for pack in records(snapshot, "handoffs"):
        if pack.path.count("/") == 3 and pack.header.get("Branch") == branch:
            return HandoffRecord(pack.path, pack.subject, pack.header, pack.text)
    return None


def handoff_line(handoff_id: str, pack_path: str, status: HandoffStatus) -> str:
    """How a gap's next action names the handoff it waits on: the pack's link and its current status."""
    return f"[{handoff_id}](../handoffs/{pack_path.rsplit('/', 1)[-1]}) (`{status}`)"


def gap_handoff_status(gap_text: str, handoff: HandoffRecord, status: HandoffStatus) -> str:
    """The gap with its handoff line showing ``status``, so the gap never reads a status the pack has left.

    Only a line that names this handoff changes: a gap since handed off again keeps its newer line.
    """
    line = section_fields(section(gap_text, GAP_NEXT_ACTION)).get(GAP_HANDOFF, "")
    if f"[{handoff.handoff_id}]" not in line:
        return gap_text
    return set_section_field(
        gap_text, GAP_NEXT_ACTION, GAP_HANDOFF, handoff_line(handoff.handoff_id, handoff.path, status)
    )


def record_status(text: str, status: HandoffStatus, day: date, why: str) -> str:
    """Set the pack's ``Status`` and add the move to its status history (the history is append-only)."""
    text = set_header(text, "Status", f"`{status}`")
    return append_to_section(
        text, STATUS_HISTORY, (f"| {day.isoformat()} | `{status}` | {why} |",), create=True
    )


def quoted(text: str) -> str:
    return (
        "\n".join(f"> {line}" if line.strip() else ">" for line in text.strip().splitlines()) or "> (empty)"
    )


@dataclass(frozen=True)
class Pack:
    """Everything a handoff pack says; each field comes from the learner's words or a linked record."""

    handoff_id: str
    path: str
    branch: str
    title: str
    subject: str
    day: date
    goal_link: str
    gap_path: str
    attempt_path: str
    locator: str
    external_sources: tuple[str, ...]
    attempt: str
    blocker: str
    questions: tuple[str, ...]
    what_to_check: str

    def render(self, history: tuple[tuple[HandoffStatus, str], ...]) -> str:
        gap = f"[{self.gap_path.rsplit('/', 1)[-1]}]({relative(self.gap_path)})" if self.gap_path else "none"
        attempt = (
            f"[{self.attempt_path.rsplit('/', 1)[-1]}]({relative(self.attempt_path)})"
            if self.attempt_path
            else "quoted below (from the learner's request)"
        )
        status = history[-1][0] if history else HandoffStatus.DRAFT
        external = "".join(
            f"- Shared material (linked, not copied): {url}\n" for url in self.external_sources
        )
        fields = {
            "ID": f"`{self.handoff_id}`", "Status": f"`{status}`", "Subject": self.subject,
            "Goal link": self.goal_link or "none yet", "Gap link": gap, "Attempt link": attempt,
            "Branch": f"`{self.branch}`", "Prepared": self.day.isoformat(),
            "Planned or sent": self.day.isoformat(),
        }  # fmt: skip
        bodies = {
            "Material locator": f"- Problem, book, note, or safe reference: {self.locator}\n{external}"
            f"- Original availability: {AVAILABILITY}",
            "What I already tried": self.attempt,
            "Exact blocker": f"- {self.blocker}",
            "Questions for the teacher": "\n".join(f"{n}. {q}" for n, q in enumerate(self.questions, 1)),
            "What to check": f"- {self.what_to_check}",
        }
        rows = {STATUS_HISTORY: [f"| {self.day.isoformat()} | `{state}` | {why} |" for state, why in history]}
        return render(HANDOFF, f"Handoff: {self.title}", fields, bodies, rows)


@dataclass(frozen=True)
class FeedbackRecord:
    """One piece of teacher feedback, as written, linked to its handoff and gap."""

    record_id: str
    path: str
    subject: str
    day: date
    handoff: HandoffRecord
    kind: str
    reported_by: str
    locator: str
    body: str
    resolution: str
    reteach_retired: str  # who asked for no more AI re-teaching, in words; "" when nobody did
    mastery: str
    interpretation: str  # what became of the gap's interpretation

    def render(self) -> str:
        handoff_link = f"[{self.handoff.handoff_id}]({relative(self.handoff.path)})"
        gap = self.handoff.gap_path
        gap_link = f"[{gap.rsplit('/', 1)[-1]}]({relative(gap)})" if gap else "none"
        attempt = self.handoff.attempt_path or "quoted in the handoff pack"
        retired = (
            f"yes: {self.reteach_retired}, so no AI re-teaching is planned" if self.reteach_retired else "no"
        )
        fields = {
            "ID": f"`{self.record_id}`", "Subject": self.subject, "Kind": self.kind,
            "Reported by": f"`{self.reported_by}` (role only; no teacher identity is stored)",
            "Handoff link": handoff_link, "Gap link": gap_link, "Source locator": self.locator,
            "Added": self.day.isoformat(),
        }  # fmt: skip
        changed = {
            "Handoff status": f"`{HandoffStatus.FEEDBACK_RECEIVED}`",
            "Gap resolution": self.resolution,
            "Gap interpretation": self.interpretation or "no gap linked",
            "Mastery": f"unchanged (`{self.mastery}`): a teacher's explanation or verdict is not independent "
            "performance",
            "Obsolete AI re-teaching retired": retired,
            "Learner's original attempt": f"untouched at `{attempt}`",
        }
        bodies = {"Feedback as written": quoted(self.body), "What changed": bullets(changed)}
        title = f"Teacher feedback on {self.handoff.header.get('Title', self.handoff.handoff_id)}"
        return render(FEEDBACK, title, fields, bodies)
