"""Organize: a learner note becomes one event record and one commit.

Protocol "Organize": capture the event with provenance, connect it to the
active goal, deduplicate, surface one next action, and commit one reversible
change. The plan never claims mastery: a note is reported evidence, not
performance.
"""

from __future__ import annotations

from datetime import date, datetime

from bot.config import LearnerConfig
from bot.dashboard.page import dashboard_files
from bot.diagnose.teaching import Teacher
from bot.intake.agent import Recognition
from bot.intake.events import ThreadEvent, content_hash
from bot.intake.overrides import Override, Overrides
from bot.organize.gaps import plan_signal
from bot.plan import CommitSpec, FileWrite, Outcome, Plan, Reply
from bot.provenance import automation_done, source_locator, source_name
from bot.rag.links import rag_follow_ups, rag_note
from bot.receipt import commit_receipt, unchanged_receipt
from bot.records.files import (
    EventRecord,
    events_folder,
    goal_path,
    read_source_availability,
)
from bot.records.knowledge import add_evidence, point_from_learner, render_point
from bot.records.sources import cite_source, render_source, source_from_learner
from bot.records.versions import match_earlier
from bot.replies import DUPLICATE, RECORDED
from bot.review.frontier import next_action as next_from_evidence
from bot.review.question import NO_QUESTION, NO_QUESTION_RECEIPT, QUESTIONS_GENERATED, plan_question
from bot.snapshot import OverlaySnapshot, RepoSnapshot
from bot.text import one_line, slugify
from bot.trailers import TRAILER_EVENT, TRAILER_OPERATION, TRAILER_RECORD

OPERATION = "organize"
NO_QUESTIONS = "none: organizing a note does not generate questions"
BOT_NAME = "GitLearnOS Bot"


def _knowledge_writes(
    snapshot: RepoSnapshot, recognition: Recognition, day: date, event_id: str, event_path: str
) -> dict[str, str]:
    """Create or extend the knowledge-point record the learner named, if any."""
    if not recognition.knowledge_point or recognition.subject is None:
        return {}
    point = point_from_learner(recognition.subject, recognition.knowledge_point, recognition.prerequisites)
    existing = snapshot.read_text(point.path)
    if existing is None:
        text = render_point(point, day=day, event_id=event_id, event_path=event_path)
    else:
        text = add_evidence(
            existing, day=day, event_id=event_id, event_path=event_path, subject=point.subject
        )
    return {point.path: text}


def _duplicate_plan(
    event: ThreadEvent,
    snapshot: RepoSnapshot,
    config: LearnerConfig,
    overrides: Overrides,
    *,
    event_key: str,
    record_id: str,
    path: str,
    next_action: str,
) -> Plan:
    """The note is already recorded: link it, change nothing, and say exactly what it can and cannot show."""
    availability = read_source_availability(snapshot.read_text(path) or "") or "not stated in the record"
    receipt = unchanged_receipt(
        config,
        snapshot=snapshot,
        subject=path.split("/")[1],
        organized=f"matched the existing record `{record_id}`; no new record",
        questions="none generated",
        changed_files=(),
        evidence=(
            f"learner-reported note, already recorded as `{record_id}`; original source: {availability}; "
            "its correctness is `needs verification`"
        ),
        rag_synchronization="not attempted: nothing new to index",
        mastery="unchanged (`unknown`): a repeated note is not performance evidence",
        natural_language_override=overrides.describe(),
        automation_actually_completed=automation_done(event, OPERATION),
        next_action=next_action,
    )
    text = DUPLICATE.format(record_id=record_id, path=path, availability=availability)
    return Plan(
        outcome=Outcome.UNCHANGED,
        event_key=event_key,
        operation=OPERATION,
        replies=(Reply.on(event, event_key, f"{text}\n\n{receipt.render()}"),),
        receipt=receipt,
        reason="duplicate note",
    )


def _source_writes(
    snapshot: RepoSnapshot,
    recognition: Recognition,
    day: date,
    event_id: str,
    event_path: str,
    *,
    provider: str,
) -> dict[str, str]:
    """Create or extend the source record of the source the learner named, if any."""
    if not recognition.source or recognition.subject is None:
        return {}
    source = source_from_learner(recognition.subject, recognition.source)
    existing = snapshot.read_text(source.path)
    if existing is not None:
        text = cite_source(
            source,
            existing,
            day=day,
            event_id=event_id,
            event_path=event_path,
            snapshot=snapshot,
            provider=provider,
        )
        return {source.path: text}
    points = (
        (point_from_learner(recognition.subject, recognition.knowledge_point).knowledge_id,)
        if recognition.knowledge_point
        else ()
    )
    text = render_source(
        source,
        channel=recognition.channel,
        knowledge_ids=points,
        day=day,
        event_id=event_id,
        event_path=event_path,
        snapshot=snapshot,
        provider=provider,
    )
    return {source.path: text}


def free_record_id(snapshot: RepoSnapshot, subject: str, base: str) -> tuple[str, str]:
    """The first event ID and path from ``base`` that no record of the subject holds (``base-2``, …)."""
    folder = events_folder(subject)
    taken = set(snapshot.list_files(folder))
    candidate, counter = base, 1
    while f"{folder}/{candidate}.md" in taken:
        counter += 1
        candidate = f"{base}-{counter}"
    return f"event-{candidate}", f"{folder}/{candidate}.md"


def plan_organize(
    event: ThreadEvent,
    snapshot: RepoSnapshot,
    config: LearnerConfig,
    recognition: Recognition,
    overrides: Overrides,
    *,
    now: datetime,
    event_key: str,
    teacher: Teacher | None = None,
) -> Plan:
    """Plan the record, dashboard and commit for a recognized durable note (``teacher``: the chat model
    that may write the introduction when the note asks to be taught new material)."""
    assert recognition.subject is not None
    subject = recognition.subject
    note = recognition.note
    digest = content_hash(note)
    earlier = match_earlier(snapshot, subject, note, digest)  # a different fact alike in words is new
    if earlier.duplicate is not None:
        record_id, path = earlier.duplicate.record_id, earlier.duplicate.path
        action = next_from_evidence(snapshot, subject=subject, today=now.date())
        return _duplicate_plan(
            event, snapshot, config, overrides,
            event_key=event_key, record_id=record_id, path=path, next_action=action,
        )  # fmt: skip

    title = one_line(event.thread.title if event.comment is None else note, limit=80) or "Study note"
    day = now.date()
    record_id, path = free_record_id(snapshot, subject, f"{day.isoformat()}-{slugify(title)}")
    goal_text = snapshot.read_text(goal_path(subject))
    record = EventRecord(
        record_id=record_id,
        path=path,
        title=title,
        day=day,
        subject=subject,
        channel=recognition.channel,
        goal_link=f"subjects/{subject}/goals/main-goal.md" if goal_text else "",
        source_locator=source_locator(event),
        content_hash=digest,
        note=note,
        privacy_limit="private learner repository; stored because the learner filed it as a learning note",
        media_unread=recognition.has_unread_media,
        source_id=source_from_learner(subject, recognition.source).source_id if recognition.source else "",
        summary=recognition.summary,
        judged_by=recognition.judged_by,
        related_ids=earlier.related,
    )
    record_only = Override.RECORD_ONLY in overrides.found
    signal = plan_signal(
        snapshot, subject=subject, note=note, labels=event.thread.labels, channel=recognition.channel.value,
        day=day, event_id=record_id, event_path=path, goal_linked=bool(goal_text), teacher=teacher,
    )  # fmt: skip
    gap = signal.gap  # a probe or a scope question is this turn's one question
    question = None
    wants_question = recognition.wants_question and signal.asks_question
    wanted = wants_question and not record_only and Override.NO_REVIEW not in overrides.found
    if wanted:
        question = plan_question(
            snapshot, subject=subject, note=note, title=title, day=day,
            event_id=record_id, event_path=path, goal_linked=bool(goal_text),
            gap_link=gap.link() if gap else "",
        )  # fmt: skip
    planned = (
        {path: signal.edit(record.render())}
        | _knowledge_writes(snapshot, recognition, day, record_id, path)
        | _source_writes(snapshot, recognition, day, record_id, path, provider=config.rag.provider)
        | ({question.path: question.content} if question else {})
        | ({gap.path: gap.content} if gap else {})
        | dict(signal.writes)  # a repeated situation's links, model and transfer task
    )
    owed = (signal.next_action, question.next_action() if question else "")  # this turn's probe or task
    next_action = (
        "none suggested (you asked: record only)"
        if record_only
        else next_from_evidence(OverlaySnapshot(snapshot, planned), subject=subject, today=day, pending=owed)
    )
    views = dashboard_files(
        snapshot,
        today=day,
        updated_by=BOT_NAME,
        new_records=planned,
        next_action=next_action,
    )
    writes = tuple(FileWrite(path=p, content=text) for p, text in (planned | views).items())
    follow_ups = rag_follow_ups(writes, snapshot, config)
    goal_note = "connected to the active goal" if goal_text else "no goal file yet, so not linked to a goal"
    receipt = commit_receipt(
        config,
        snapshot=snapshot,
        subject=subject,
        organized=f"study note from {source_name(event)} recorded as `{record_id}` ({goal_note})"
        + (f"; {signal.summary}" if signal.summary else ""),
        questions=QUESTIONS_GENERATED
        if question
        else (NO_QUESTION_RECEIPT if wanted else signal.questions or NO_QUESTIONS),
        changed_files=tuple(w.path for w in writes),
        evidence=f"learner-reported note (channel `{recognition.channel.value}`), {source_locator(event)}",
        rag_synchronization=rag_note(follow_ups, writes, snapshot, config.rag.provider),
        mastery="unchanged: a note is reported evidence, not independent performance",
        natural_language_override=overrides.describe(),
        automation_actually_completed=automation_done(event, OPERATION),
        next_action=next_action,
        judged_by=recognition.judged_by,
    )
    commit = CommitSpec(
        subject=f"Record study note: {one_line(title, limit=60)}",
        body=f"Subject: {subject}. Source: {source_name(event)}."
        + (f" Planned fresh task: {question.record_id}." if question else ""),
        trailers=(
            (TRAILER_EVENT, event_key),
            (TRAILER_OPERATION, OPERATION),
            (TRAILER_RECORD, record_id),
        ),
    )
    reply_text = RECORDED.format(record_id=record_id, path=path)
    parts = (reply_text, question.reply_text() if question else (NO_QUESTION if wanted else ""), signal.reply)
    reply = Reply.on(event, event_key, "\n\n".join(part for part in parts if part))
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
