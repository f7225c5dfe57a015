"""Corrections: an edit by the learner, or a comment correcting an earlier note, becomes a linked record.

Protocol: preserve, and correct with a new linked record. The corrected note is a new event record
that ``Corrects:`` the original; the original gains ``Superseded by:`` and a line saying so, its
learner text never rewritten (:mod:`bot.records.versions`); the dashboard lists the current records,
so it shows the corrected fact. One commit holds both records and the refreshed dashboard, and the
reply says what changed, in the terms of :mod:`bot.records.sameness` (numbers, formula, names, claim,
outcome). An edit that changes only wording or formatting is no correction: the record keeps its
note, and only its list of source versions gains the edited version's hash.

Which record a correction corrects: for an edit (or the approval of a pending one), the current
record of that very issue body or comment (same source, with or without its link); for a correcting
comment, the current record on the same issue its corrected fact is closest to, the latest on a tie.
A comment that corrects nothing recorded on its issue is planned as an ordinary note.
"""

from __future__ import annotations

import re
from datetime import date, datetime

from bot.config import LearnerConfig
from bot.dashboard.page import dashboard_files
from bot.intake.agent import Channel
from bot.intake.events import CommentCreated, CommentEdited, IssueEdited, ThreadEvent, content_hash
from bot.intake.overrides import Overrides
from bot.intake.rule_agent import parse_issue_form
from bot.organize.operation import BOT_NAME, OPERATION, free_record_id
from bot.plan import CommitSpec, FileWrite, Outcome, Plan, Reply
from bot.provenance import automation_done, source_locator, source_name
from bot.rag.links import rag_follow_ups, rag_note
from bot.receipt import commit_receipt, unchanged_receipt
from bot.records.files import EventRecord, goal_path
from bot.records.sameness import Judgement, Sameness, features, judge, topic_share
from bot.records.versions import Current, current_events, source_versions, superseded, with_source_version
from bot.replies import CORRECTED, CORRECTION_REPEATS, NOT_STORED, WORDING_ONLY
from bot.review.frontier import next_action as next_from_evidence
from bot.snapshot import RepoSnapshot
from bot.text import one_line, slugify
from bot.trailers import TRAILER_EVENT, TRAILER_OPERATION, TRAILER_RECORD

# "Correction to my note above: …" and its kin in the languages the judgement corpus covers.
CORRECTION_CUE = re.compile(
    r"""^\W*(?:correction(?:\s+to\s+my\s+(?:earlier\s+|last\s+)?note(?:\s+above)?)?
        |corrección|correção|correcão|korrektur|berichtigung|исправление|поправка|更正|订正|訂正)
        \W*?\s*[:：]""",
    re.I | re.X,
)
MASTERY = "unchanged: a correction is reported evidence, not independent performance"
ADDED = "words added to the note"  # what an edit the sameness rules call a repeat still changes


def is_correction(text: str) -> bool:
    """True for a comment that opens by saying it corrects an earlier note."""
    return bool(CORRECTION_CUE.match(text))


def _adds_words(new: str, old: str) -> bool:
    """True when ``new`` has more words of its own than it swapped for ``old``'s. Sameness lets a repeat
    written afresh add a few; an edit of the very note that adds any says more, while fixing a typo or
    the formatting adds none."""
    new_words, old_words = features(new).words, features(old).words
    return len(new_words - old_words) > len(old_words - new_words)


def _is_edit(event: ThreadEvent) -> bool:
    return isinstance(event, IssueEdited | CommentEdited)


def _corrects_above(event: ThreadEvent) -> bool:
    """A new comment that opens by saying it corrects a note (the note above, on its issue)."""
    return isinstance(event, CommentCreated) and is_correction(event.comment.body)


def _note_of(event: ThreadEvent) -> str:
    """The learner's note in the event: an issue form's note field, else the whole text."""
    text = event.comment.body if event.comment is not None else event.thread.body
    form = parse_issue_form(text)
    return form.get("note") or form.get("what-did-you-learn") or text.strip()


def _fact_of(note: str) -> str:
    """The corrected fact: the note without its "Correction:" opening."""
    return CORRECTION_CUE.sub("", note, count=1).strip() or note


def _same_source(record: Current, event: ThreadEvent) -> bool:
    """The record came from this very issue body or comment, linked or not (a catch-up event has no URL)."""
    assert event.repo is not None
    where = f"{event.forge.value} {source_name(event)} in {event.repo.full_name}"
    locator = record.header.get("Source locator", "")
    return locator == where or locator.startswith(f"[{where}](")


def _on_thread(record: Current, event: ThreadEvent) -> bool:
    assert event.repo is not None
    where = f"issue #{event.thread.number} in {event.repo.full_name}"
    locator = record.header.get("Source locator", "")
    return f"{where}]" in locator or locator.endswith(where)


def _original(event: ThreadEvent, snapshot: RepoSnapshot, fact: str, *, edit: bool) -> Current | None:
    """The current record the event revises: for an ``edit``, the one of its very source; for a
    correcting comment, the one on its issue closest to the corrected fact (the latest on a tie).

    A new note is neither, so it reads no record here: deduplication reads those of its subject.
    """
    correcting = _corrects_above(event)
    if not edit and not correcting:
        return None
    current = list(current_events(snapshot))
    same_source = [record for record in current if _same_source(record, event)] if edit else []
    if same_source:
        return same_source[-1]
    on_thread = [record for record in current if _on_thread(record, event)] if correcting else []
    return max(
        on_thread, key=lambda r: (topic_share(fact, r.note), r.header.get("Date", ""), r.path), default=None
    )


def plan_revision(
    event: ThreadEvent,
    snapshot: RepoSnapshot,
    config: LearnerConfig,
    overrides: Overrides,
    *,
    now: datetime,
    event_key: str,
    approved: bool = False,
) -> Plan | None:
    """Plan an event that revises a record; None for one that revises none (a note, planned as such).

    It revises a record when it is an edit, a comment opening "Correction:" on an issue that has a
    current record, or, ``approved``, an issue body or comment that a current record holds another
    version of (an approval re-plans a pending edit told as a new issue or comment). An edit of text
    no current record holds changes nothing: the note was never stored, or was linked to another
    record as a repeat.
    """
    note = _note_of(event)
    fact = _fact_of(note) if _corrects_above(event) else note
    original = _original(event, snapshot, fact, edit=_is_edit(event) or approved)
    digest = content_hash(note)
    if original is None or digest in source_versions(original.header):
        if not _is_edit(event):
            return None  # a new note, or this very version again: organize records or links it
        reason = (
            "the edit left the note as recorded"
            if original is not None
            else "the edited text is in no current event record, so there is nothing to correct"
        )
        return Plan(outcome=Outcome.SKIPPED, event_key=event_key, reason=reason)
    if overrides.forbids_storing:
        text = NOT_STORED.format(override=overrides.describe())
        return Plan(outcome=Outcome.SKIPPED, event_key=event_key, replies=(Reply.on(event, event_key, text),))
    judgement = judge(fact, original.note)
    action = next_from_evidence(snapshot, subject=original.subject, today=now.date())
    if judgement.verdict is Sameness.SAME:
        if not _same_source(original, event):
            return _repeats(
                event, snapshot, config, overrides, original, event_key=event_key, next_action=action
            )
        if not _adds_words(fact, original.note):
            return _wording_only(
                event,
                snapshot,
                config,
                overrides,
                original,
                digest=digest,
                event_key=event_key,
                next_action=action,
            )
        judgement = Judgement(Sameness.RELATED, (ADDED,))
    return _correction(
        event, snapshot, config, overrides, original=original, note=note, judgement=judgement,
        day=now.date(), event_key=event_key, next_action=action,
    )  # fmt: skip


def _repeats(
    event: ThreadEvent,
    snapshot: RepoSnapshot,
    config: LearnerConfig,
    overrides: Overrides,
    original: Current,
    *,
    event_key: str,
    next_action: str,
) -> Plan:
    """A correction that says what the record already says: nothing to change, and the reply says so."""
    receipt = unchanged_receipt(
        config,
        snapshot=snapshot,
        subject=original.subject,
        organized=f"the correction repeats `{original.record_id}`; no new record",
        questions="none generated",
        changed_files=(),
        evidence=f"learner-reported note, already recorded as `{original.record_id}`",
        rag_synchronization="not attempted: nothing new to index",
        mastery=MASTERY,
        natural_language_override=overrides.describe(),
        automation_actually_completed=automation_done(event, OPERATION),
        next_action=next_action,
    )
    text = CORRECTION_REPEATS.format(record_id=original.record_id, path=original.path)
    return Plan(
        outcome=Outcome.UNCHANGED,
        event_key=event_key,
        operation=OPERATION,
        replies=(Reply.on(event, event_key, f"{text}\n\n{receipt.render()}"),),
        receipt=receipt,
        reason="the correction repeats the note",
    )


def _wording_only(
    event: ThreadEvent,
    snapshot: RepoSnapshot,
    config: LearnerConfig,
    overrides: Overrides,
    original: Current,
    *,
    digest: str,
    event_key: str,
    next_action: str,
) -> Plan:
    """An edit of wording or formatting: the record keeps its note; only its source versions grow."""
    write = FileWrite(path=original.path, content=with_source_version(original.text, digest))
    receipt = commit_receipt(
        config,
        snapshot=snapshot,
        subject=original.subject,
        organized=(
            f"edit of {source_name(event)} changes only wording or formatting: `{original.record_id}` keeps "
            f"its note; source version `{digest}` added to it"
        ),
        questions="none: an edit does not generate questions",
        changed_files=(write.path,),
        evidence=f"learner edit, {source_locator(event)}; the fact is unchanged",
        rag_synchronization="not attempted: the note the index holds is unchanged",
        mastery=MASTERY,
        natural_language_override=overrides.describe(),
        automation_actually_completed=automation_done(event, OPERATION),
        next_action=next_action,
    )
    commit = CommitSpec(
        subject=f"Link edited source version to {original.record_id}",
        body=f"The edit of {source_name(event)} changes only wording or formatting; the note is unchanged.",
        trailers=(
            (TRAILER_EVENT, event_key),
            (TRAILER_OPERATION, OPERATION),
            (TRAILER_RECORD, original.record_id),
        ),
    )
    text = WORDING_ONLY.format(source=source_name(event), record_id=original.record_id, digest=digest)
    return Plan(
        outcome=Outcome.COMMITTED,
        event_key=event_key,
        operation=OPERATION,
        writes=(write,),
        commit=commit,
        replies=(Reply.on(event, event_key, text),),
        receipt=receipt,
    )


def _correction_record(
    event: ThreadEvent,
    snapshot: RepoSnapshot,
    original: Current,
    note: str,
    judgement: Judgement,
    *,
    day: date,
) -> EventRecord:
    """The new record holding the corrected note, linked to the one it corrects.

    Its title opens with what the correction changed (``Corrected (numbers 360 → 540): Angles of a
    pentagon``), so the dashboard, which lists titles cut short, shows the corrected fact.
    """
    header, subject = original.header, original.subject
    title = one_line(
        f"Corrected ({judgement.describe()}): {header.get('Title', '')}"
        if judgement.differences and header.get("Title")
        else f"Correction: {_fact_of(note)}",
        limit=80,
    )
    record_id, path = free_record_id(snapshot, subject, f"{day.isoformat()}-{slugify(title)}")
    return EventRecord(
        record_id=record_id,
        path=path,
        title=title,
        day=day,
        subject=subject,
        channel=next((c for c in Channel if c.value == header.get("Channel")), Channel.OTHER),
        goal_link=goal_path(subject) if snapshot.read_text(goal_path(subject)) else "",
        source_locator=source_locator(event),
        content_hash=content_hash(note),
        note=note,
        privacy_limit="private learner repository; stored because the learner corrected a recorded note",
        source_id=header.get("Depends on (source IDs)", ""),
        corrects=(original.record_id, original.path),
    )


def _correction(
    event: ThreadEvent,
    snapshot: RepoSnapshot,
    config: LearnerConfig,
    overrides: Overrides,
    *,
    original: Current,
    note: str,
    judgement: Judgement,
    day: date,
    event_key: str,
    next_action: str,
) -> Plan:
    """The correction record, the original marked superseded and the dashboard: one commit."""
    record = _correction_record(event, snapshot, original, note, judgement, day=day)
    marked = superseded(
        original.text, by_id=record.record_id, by_path=record.path, day=day, judgement=judgement
    )
    planned = {record.path: record.render(), original.path: marked}
    views = dashboard_files(
        snapshot, today=day, updated_by=BOT_NAME, new_records=planned, next_action=next_action
    )
    writes = tuple(FileWrite(path=p, content=text) for p, text in (planned | views).items())
    follow_ups = rag_follow_ups(writes, snapshot, config)
    changes = judgement.describe()
    receipt = commit_receipt(
        config,
        snapshot=snapshot,
        subject=record.subject,
        organized=(
            f"correction from {source_name(event)} recorded as `{record.record_id}`; `{original.record_id}` "
            "is kept as written and marked superseded"
        ),
        questions="none: a correction does not generate questions",
        changed_files=tuple(w.path for w in writes),
        evidence=f"learner-reported correction, {source_locator(event)}; what changed: {changes}",
        rag_synchronization=rag_note(follow_ups, writes, snapshot, config.rag.provider),
        mastery=MASTERY,
        natural_language_override=overrides.describe(),
        automation_actually_completed=automation_done(event, OPERATION),
        next_action=next_action,
    )
    commit = CommitSpec(
        subject=f"Record correction of {original.record_id}",
        body=(
            f"Subject: {record.subject}. Source: {source_name(event)}. What changed: {changes}. "
            f"{original.record_id} is kept as written and marked superseded by {record.record_id}."
        ),
        trailers=(
            (TRAILER_EVENT, event_key),
            (TRAILER_OPERATION, OPERATION),
            (TRAILER_RECORD, record.record_id),
        ),
    )
    text = CORRECTED.format(
        record_id=record.record_id, path=record.path, changes=changes, original_id=original.record_id
    )
    return Plan(
        outcome=Outcome.COMMITTED,
        event_key=event_key,
        operation=OPERATION,
        writes=writes,
        commit=commit,
        replies=(Reply.on(event, event_key, text),),
        receipt=receipt,
        follow_ups=follow_ups,
    )
