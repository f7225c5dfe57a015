"""A learner's comment answering the open probe: one commit that updates the diagnosis in place.

A comment is a probe answer when it sits on the issue a diagnosis came from (the event record's source
locator names that issue) and that record still has an open probe. The repository is the only state,
so a retry or a redelivery plans the same thing. One commit then:

* adds the answer to the record's probe history (with the SHA-256 of the record it updates) and the
  falsification log, and rewrites the diagnosis and hypothesis table from the new reading;
* writes the knowledge gap at the blocker's grain only when the supported-write gate passed, or marks a
  gap falsified (kept, no longer open) when the answer contradicts the class it was written for;
* regenerates the dashboard.

The reply says what the answer split, both gates, the hypotheses still standing, and the next probe or
intervention. Mastery never changes here.
"""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime

from bot.config import LearnerConfig
from bot.dashboard.page import dashboard_files
from bot.diagnose.gap_record import falsify_gap, fresh_check, gap_for
from bot.diagnose.gates import Gate
from bot.diagnose.probes import corrects_itself, find_quadratic
from bot.diagnose.proposal import Diagnostician
from bot.diagnose.record import Diagnosis, read_diagnosis, record_answer, write_diagnosis
from bot.diagnose.reply import AFTER_ANSWER, sentence, status_lines
from bot.diagnose.reply import next_step as next_step_text
from bot.diagnose.update import Update, apply_answer
from bot.intake.events import ThreadEvent
from bot.intake.overrides import find_overrides
from bot.organize.gaps import extend_gap
from bot.organize.operation import BOT_NAME
from bot.plan import CommitSpec, FileWrite, Outcome, Plan, Reply
from bot.provenance import automation_done, source_locator
from bot.rag.links import rag_follow_ups, rag_note
from bot.receipt import commit_receipt
from bot.records.codec import replace_section, section
from bot.records.files import Record, records
from bot.snapshot import RepoSnapshot
from bot.text import one_line
from bot.trailers import TRAILER_EVENT, TRAILER_OPERATION, TRAILER_RECORD

OPERATION = "diagnose"
GAP_LINK = re.compile(r"\(\.\./knowledge-gaps/(?P<file>[^)]+)\)")


def _from_thread(event: ThreadEvent, record: Record) -> bool:
    assert event.repo is not None
    where = re.compile(
        rf"^\[?{event.forge.value} (?:comment \S+ on )?issue #{event.thread.number} "
        rf"in {re.escape(event.repo.full_name)}\b"
    )
    return bool(where.match(record.header.get("Source locator", "")))


def open_probe_on_thread(event: ThreadEvent, snapshot: RepoSnapshot) -> tuple[Record, Diagnosis] | None:
    """The latest event record from this issue whose diagnosis this comment answers, with that diagnosis:
    one with an open probe, or — for a self-correction ("I misread the sign") — any diagnosis."""
    if event.comment is None or event.repo is None or event.thread.is_pull_request:
        return None
    correcting = corrects_itself(event.comment.body)
    found = None
    for record in records(snapshot, "events"):
        diagnosis = read_diagnosis(record.text) if _from_thread(event, record) else None
        if diagnosis is not None and (diagnosis.open_probe or correcting):
            found = (record, diagnosis)
    return found


def _note_of(record: str) -> str:
    """The learner's note as the event record quotes it (``> `` lines)."""
    body = section(record, "Learner-provided event")
    return "\n".join(
        line[2:] if line.startswith("> ") else "" for line in body.splitlines() if line.startswith(">")
    )


def _gap_writes(
    update: Update, record: Record, snapshot: RepoSnapshot, *, note: str, answer: str, now: datetime
) -> tuple[Diagnosis, dict[str, str]]:
    """The gap this answer writes or falsifies (none otherwise), and the diagnosis naming it."""
    diagnosis, day = update.diagnosis, now.date()
    event_id = record.header.get("ID", "").strip("`")
    event_link = f"[{event_id}](../events/{record.path.rsplit('/', 1)[-1]})"
    linked = GAP_LINK.search(diagnosis.gap)
    if update.falsified and linked:
        path = f"subjects/{record.subject}/knowledge-gaps/{linked.group('file')}"
        text = snapshot.read_text(path)
        if text is None:
            return diagnosis, {}
        falsified = tuple(str(c) for c in update.falsified)
        return diagnosis, {path: falsify_gap(text, diagnosis, day=day, answer=answer, falsified=falsified)}
    if diagnosis.gates.supported_write is not Gate.PASSED or diagnosis.gap:
        return diagnosis, {}
    row = (
        f"| {day.isoformat()} | issue comment | answer to the probe `{update.answered_probe}`: "
        f"“{one_line(answer, limit=160)}” | a probe answer, support not stated | {event_link} |"
    )
    gap = gap_for(
        diagnosis, subject=record.subject, day=day, event_link=event_link, event_id=event_id,
        answer_row=row, quadratic=find_quadratic(note),
        goal_linked=snapshot.read_text(f"subjects/{record.subject}/goals/main-goal.md") is not None,
    )  # fmt: skip
    existing = snapshot.read_text(gap.path)  # the same blocker seen before: one more observation, not a copy
    content = gap.content if existing is None else extend_gap(existing, day=day, row=row, event_id=event_id)
    return replace(diagnosis, gap=gap.link()), {gap.path: content}


def plan_probe_answer(
    event: ThreadEvent,
    snapshot: RepoSnapshot,
    config: LearnerConfig,
    *,
    now: datetime,
    event_key: str,
    reader: Diagnostician | None = None,
) -> Plan | None:
    """The commit a probe answer makes, or None when this comment answers no open probe. ``reader`` is the
    chat model that may read an answer the rules cannot (:mod:`bot.diagnose.proposal`)."""
    found = open_probe_on_thread(event, snapshot)
    if found is None or event.comment is None:
        return None
    record, diagnosis = found
    note, answer, day = _note_of(record.text), event.comment.body.strip(), now.date()
    update = apply_answer(diagnosis, note=note, answer=answer, reader=reader)
    after, gap_files = _gap_writes(update, record, snapshot, note=note, answer=answer, now=now)
    check = fresh_check(find_quadratic(note), after.blocker) if after.gap and not update.falsified else ""
    step = next_step_text(after, check)
    text = record_answer(
        record.text, day=day, probe_id=update.answered_probe, answer=answer, split=update.split,
        falsified=update.falsified,
    )  # fmt: skip
    text = replace_section(write_diagnosis(text, after), "Next action", f"- {sentence(step)}")
    planned = {record.path: text} | gap_files
    views = dashboard_files(snapshot, today=day, updated_by=BOT_NAME, new_records=planned, next_action=step)
    writes = tuple(FileWrite(path=p, content=t) for p, t in (planned | views).items())
    follow_ups = rag_follow_ups(writes, snapshot, config)
    event_id = record.header.get("ID", "").strip("`")
    gap_note = (
        f"; gap {after.gap} written at the blocker's grain" if gap_files and not update.falsified else ""
    )
    gap_note = f"; gap {diagnosis.gap} marked falsified, kept" if gap_files and update.falsified else gap_note
    receipt = commit_receipt(
        config,
        snapshot=snapshot,
        subject=record.subject,
        organized=f"probe answer recorded in `{event_id}`: lifecycle `{diagnosis.state}` → `{after.state}`"
        + gap_note,
        questions=f"one probe asked (`{after.open_probe}`)" if after.open_probe else "none: probing stopped",
        changed_files=tuple(w.path for w in writes),
        evidence=f"the learner's answer to a probe, {source_locator(event)}; a diagnosis is a hypothesis",
        rag_synchronization=rag_note(follow_ups, writes, snapshot, config.rag.provider),
        mastery="unchanged (`unknown`): a diagnosis is not performance evidence",
        natural_language_override=find_overrides(answer).describe(),
        automation_actually_completed=automation_done(event, OPERATION),
        next_action=step,
    )
    commit = CommitSpec(
        subject=f"Diagnose: probe answer on {one_line(event_id, limit=80)}",
        body=f"Subject: {record.subject}. Lifecycle: {diagnosis.state} -> {after.state}.",
        trailers=((TRAILER_EVENT, event_key), (TRAILER_OPERATION, OPERATION), (TRAILER_RECORD, event_id)),
    )
    lead = AFTER_ANSWER.format(answer=one_line(answer, limit=160), split=update.split)
    probe = f"\n\n**{after.open_probe_text}**" if after.open_probe else ""
    reply = Reply.on(event, event_key, f"{lead}{probe}\n\n{status_lines(after, step)}")
    return Plan(
        outcome=Outcome.COMMITTED,
        event_key=event_key,
        operation=OPERATION,
        writes=writes,
        commit=commit,
        replies=(reply,),
        receipt=receipt,
        follow_ups=follow_ups,
    )
