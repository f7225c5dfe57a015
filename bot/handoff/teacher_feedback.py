"""Teacher feedback: what happens on a handoff pull request comes back as recorded external feedback.

Who counts (``gitlearnos.yml`` decides, nothing else):

- a **teacher** in ``authorization.teachers``: every conversation comment, line
  (diff) comment and submitted review (approve / request changes / comment)
  becomes one teacher-feedback record;
- the **learner**: a comment that reports the teacher's feedback ("my teacher
  resolved it: …") or says "do not teach it again" is recorded as the
  learner's report of teacher feedback; other learner comments change nothing;
- anyone else, and every bot: nothing changes, nothing is replied.

**Where the commits go.** Feedback commits go on the handoff's own branch
(``gitlearnos/handoff-…``), not on the default branch. The pull request is the
review workspace: its diff shows the teacher exactly the pack plus the feedback
recorded so far, and the learner's plan on the default branch changes only when
the learner merges, which is the moment the protocol calls reconciling. Merging
therefore commits on the default branch (status ``reconciled``, the dashboard's
next action); closing unmerged commits ``cancelled`` on the branch and leaves
the default branch alone, with everything recorded kept on the branch.

Rules the records keep: the learner's original attempt is never edited (only
the gap and the pack get new lines); mastery never moves from teacher feedback
(it is not independent performance); a teacher approval makes the gap
operationally ``resolved`` and nothing more; "do not teach it again" (from the
learner or the teacher) retires the AI re-teaching next action; the teacher is
named by role, never by login.

A teacher's words that name a cause, a correction or a teaching request
reconcile the gap's plan (:mod:`bot.handoff.verdict`): the interpretation
becomes the teacher's, quoted, the earlier one is kept in the gap's history,
the next action follows the teacher and a later independent check is planned.
That happens on the branch with the feedback; the merge brings it to the
default branch, where the gap's handoff line then reads ``reconciled``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime

from bot.config import CONFIG_PATH, LearnerConfig, parse_config
from bot.dashboard.page import dashboard_files
from bot.errors import ConfigError
from bot.handoff.branch import handoff_branch
from bot.handoff.records import (
    GAP_NEXT_ACTION,
    NO_FEEDBACK_YET,
    RETURNED_FEEDBACK,
    FeedbackRecord,
    HandoffRecord,
    feedback_folder,
    find_handoff,
    gap_handoff_status,
    record_status,
    relative,
)
from bot.handoff.status import HandoffStatus, can_move, parse_status
from bot.handoff.verdict import (
    DO_NOT_RETEACH,
    INTERPRETATION,
    NEXT_CHECK_REASON,
    TEACHER_SUPPORTED,
    Verdict,
    read_verdict,
    revise_gap,
)
from bot.intake.events import (
    CommentCreated,
    EventKind,
    ReviewComment,
    ReviewState,
    ReviewSubmitted,
    ThreadEvent,
)
from bot.plan import CommitSpec, FileWrite, Outcome, Plan, Reply
from bot.provenance import automation_done, source_locator, source_name
from bot.receipt import Receipt, commit_receipt
from bot.records.codec import append_to_section, read_header, section_fields, set_header, set_section_field
from bot.records.codec import section as section_body
from bot.replies import MARKER_PREFIX, PUBLIC_REPO
from bot.snapshot import RepoSnapshot
from bot.text import one_line
from bot.trailers import TRAILER_EVENT, TRAILER_OPERATION, TRAILER_RECORD

OPERATION = "teacher-feedback"
RECONCILE = "handoff-reconcile"
LearnersOf = Callable[[LearnerConfig, ThreadEvent], set[str]]

TEACHER_REPORT = re.compile(
    r"\bteacher\b[^.\n]{0,80}?\b(resolved|solved|answered|explained|said|showed|corrected|fixed)\b", re.I
)
MARKDOWN_LINK = re.compile(r"\[([^\]]+)\]\([^)]+\)")
RESOLVED_WORDS = frozenset({"resolved", "solved", "answered"})
FeedbackEvent = CommentCreated | ReviewComment | ReviewSubmitted
"""What feedback arrives as on a handoff pull request: a comment, a line comment or a review."""
REVIEW_KIND = {
    ReviewState.APPROVED: "`review: approved`",
    ReviewState.CHANGES_REQUESTED: "`review: changes requested`",
    ReviewState.COMMENTED: "`review: comment`",
}
REPORTED_BY = {"teacher": "teacher", "learner": "learner-reported teacher"}
RETIRED_PREFIX = "none from the AI: "
RETIRED_WHY = {
    "learner": ("the learner asked not to be taught this again", "as you asked"),
    "teacher": ("the teacher said not to teach this again", "as your teacher said"),
}

RECORDED = (
    "Recorded this as `{record_id}` on the handoff branch `{branch}` (linked to the pack{gap}). "
    "Your original attempt is unchanged. {resolution} {interpretation}Mastery stays `{mastery}`: feedback "
    "is not independent performance. Your learning plan takes this in when you merge."
)
REVISED = (
    "The gap's interpretation is now the teacher's words (`teacher-supported`); the earlier one is kept in "
    "its history as `{fate}`, and its next action follows the teacher. "
)
RECONCILED = (
    "Merged: handoff `{handoff_id}` is `reconciled` into your learning plan ({feedback}). {plan}"
    "Mastery stays `{mastery}` until an independent, later attempt."
)
RECONCILED_PLAN = "The gap's interpretation is the teacher's (`teacher-supported`). Next: {action}. "
FRESH_LATER = "then, later and without notes, a fresh item on `{gap_id}`: the independent check"
CANCELLED = (
    "Closed without merging: handoff `{handoff_id}` is `cancelled`. Everything recorded stays on branch "
    "`{branch}`; your learning plan on the default branch is unchanged."
)


def _skip(reason: str, key: str) -> Plan:
    return Plan(outcome=Outcome.SKIPPED, event_key=key, operation=OPERATION, reason=reason)


def _role(event: ThreadEvent, config: LearnerConfig, learners_of: LearnersOf) -> str | None:
    assert event.actor is not None
    login = event.actor.login.lower()
    if login in {teacher.lower() for teacher in config.authorization.teachers}:
        return "teacher"
    return "learner" if login in learners_of(config, event) else None


def _config(snapshot: RepoSnapshot) -> LearnerConfig | None:
    try:
        return parse_config(snapshot.read_text(CONFIG_PATH) or "").config
    except ConfigError:
        return None  # a broken policy grants nothing


def _gate(
    event: ThreadEvent, snapshot: RepoSnapshot, key: str, learners_of: LearnersOf
) -> tuple[LearnerConfig, str] | Plan:
    """The config and the speaker's role, or the plan saying why this event changes nothing."""
    if not handoff_branch(event) or event.repo is None or event.actor is None:
        return _skip("not a GitLearnOS handoff pull request", key)
    if event.actor.is_bot:
        return _skip("events by bots are never feedback", key)
    text = event.comment.body if event.comment is not None else ""
    if any(line.strip().startswith(MARKER_PREFIX) for line in text.splitlines()):
        return _skip("the comment is one of the bot's own replies", key)
    config = _config(snapshot) if snapshot.read_text(CONFIG_PATH) is not None else None
    if config is None:
        return _skip("no valid gitlearnos.yml: nothing may be written", key)
    role = _role(event, config, learners_of)
    if role is None:
        return _skip("not a listed teacher or learner: a comment here changes nothing", key)
    if config.privacy.repository == "public" or event.repo.private is False:
        reply = Reply.on(event, key, PUBLIC_REPO)
        return Plan(outcome=Outcome.REFUSED, event_key=key, replies=(reply,), reason="public repository")
    return config, role


def plan_pull_request_event(
    event: ThreadEvent,
    snapshot: RepoSnapshot,
    *,
    now: datetime,
    event_key: str,
    learners_of: LearnersOf,
) -> Plan:
    """Decide what one event on a handoff pull request changes; performs nothing.

    ``snapshot`` is the handoff branch for feedback and closing, the default
    branch for a merge (the worker checks out :func:`~bot.handoff.operation.handoff_branch`).
    """
    gate = _gate(event, snapshot, event_key, learners_of)
    if isinstance(gate, Plan):
        return gate
    config, role = gate
    handoff = find_handoff(snapshot, handoff_branch(event))
    if handoff is None:
        return _skip("no handoff pack for this pull request's branch in this revision", event_key)
    status = parse_status(handoff.header.get("Status", ""))
    if status is None:
        return _skip("the pack states no known status; nothing is changed", event_key)
    if event.kind is EventKind.PR_MERGED:
        return _reconcile(event, snapshot, config, handoff, status, now=now, key=event_key)
    if event.kind is EventKind.PR_CLOSED:
        return _cancel(event, snapshot, config, handoff, status, now=now, key=event_key)
    if not isinstance(event, FeedbackEvent):
        return _skip(f"{event.kind.value} on a handoff pull request changes nothing", event_key)
    if not can_move(status, HandoffStatus.FEEDBACK_RECEIVED):
        return _skip(f"the pack is `{status}`; feedback is recorded only while it is open", event_key)
    body, kind = _feedback_text(event, role)
    if role == "learner" and not (TEACHER_REPORT.search(body) or DO_NOT_RETEACH.search(body)):
        return _skip("a learner comment with no teacher feedback to record", event_key)
    return _record_feedback(
        event, snapshot, config, handoff, role=role, body=body, kind=kind, now=now, key=event_key
    )


def _feedback_text(event: FeedbackEvent, role: str) -> tuple[str, str]:
    """The feedback's words and how it was given (review verdict, line comment, comment, report)."""
    if isinstance(event, ReviewSubmitted):
        verdict = REVIEW_KIND[event.review.state]
        body = event.review.body or f"({verdict.strip('`')} without a written comment)"
        return body, verdict
    if role == "learner":
        return event.comment.body, "`learner report of teacher feedback`"
    if event.comment.path:
        where = f" on `{event.comment.path}`" + (f" line {event.comment.line}" if event.comment.line else "")
        return event.comment.body, f"`line comment`{where}"
    return event.comment.body, "`comment`"


def _free_feedback_path(snapshot: RepoSnapshot, handoff: HandoffRecord) -> tuple[str, str]:
    stem = handoff.path.rsplit("/", 1)[-1].removesuffix(".md")
    taken = set(snapshot.list_files(feedback_folder(handoff.subject)))
    number = 1
    while f"{feedback_folder(handoff.subject)}/{stem}-{number}.md" in taken:
        number += 1
    return f"feedback-{stem}-{number}", f"{feedback_folder(handoff.subject)}/{stem}-{number}.md"


def _mastery(gap_text: str | None) -> str:
    header = read_header(gap_text or "")
    return (header.get("Mastery state") or header.get("Mastery") or "unknown").strip("` ") or "unknown"


def _record_feedback(
    event: ThreadEvent,
    snapshot: RepoSnapshot,
    config: LearnerConfig,
    handoff: HandoffRecord,
    *,
    role: str,
    body: str,
    kind: str,
    now: datetime,
    key: str,
) -> Plan:
    day = now.date()
    record_id, path = _free_feedback_path(snapshot, handoff)
    approved = event.review is not None and event.review.state is ReviewState.APPROVED
    reported = TEACHER_REPORT.search(body) if role == "learner" else None
    resolved = approved or (reported is not None and reported.group(1).lower() in RESOLVED_WORDS)
    retired = DO_NOT_RETEACH.search(body) is not None
    gap_text = snapshot.read_text(handoff.gap_path) if handoff.gap_path else None
    mastery = _mastery(gap_text)
    # Only the teacher's own words are the teacher's reading; a learner's report of them is recorded.
    verdict = read_verdict(body) if role == "teacher" and gap_text is not None else Verdict()
    link = f"[{record_id}]({relative(path)})"
    change = GapChange(link, kind, day, mastery, resolved, role if retired else "", verdict)
    gap = _updated_gap(gap_text, handoff, change) if gap_text is not None else None
    resolution = (
        "`resolved` (operationally: " + ("the teacher approved)" if approved else "the learner reports it)")
        if resolved
        else "unchanged"
    )
    record = FeedbackRecord(
        record_id=record_id,
        path=path,
        subject=handoff.subject,
        day=day,
        handoff=handoff,
        kind=kind,
        reported_by=role,
        locator=source_locator(event),
        body=body,
        resolution=resolution,
        reteach_retired=RETIRED_WHY[role][0] if retired else "",
        mastery=mastery,
        interpretation=_interpretation_change(gap[1]) if gap else "",
    )
    pack = record_status(handoff.text, HandoffStatus.FEEDBACK_RECEIVED, day, f"{kind} recorded as {link}")
    line = f"- {day.isoformat()}: {link} ({kind})"
    pack = append_to_section(pack, RETURNED_FEEDBACK, (line,), placeholder=NO_FEEDBACK_YET, create=True)
    writes = {path: record.render(), handoff.path: pack}
    if gap is not None:
        writes[handoff.gap_path] = gap[0]
    resolution_note = (
        "The gap is now operationally `resolved`." if resolved else "The gap's resolution is unchanged."
    )
    reply = RECORDED.format(
        record_id=record_id,
        branch=handoff.branch,
        gap=" and its gap" if gap_text is not None else "",
        resolution=resolution_note,
        interpretation=REVISED.format(fate=gap[1]) if gap and gap[1] else "",
        mastery=mastery,
    )
    receipt = _receipt(
        event,
        snapshot,
        config,
        handoff,
        organized=f"{kind} from the {role} recorded as `{record_id}`, linked to `{handoff.handoff_id}`",
        changed=tuple(writes),
        evidence=f"{REPORTED_BY[role]} feedback, {source_locator(event)}",
        mastery=f"unchanged (`{mastery}`): teacher feedback is not independent performance",
        next_action=(
            "merge the pull request to take the feedback into your plan"
            + (f"; no AI re-teaching is planned, {RETIRED_WHY[role][1]}" if retired else "")
        ),
        operation=OPERATION,
    )
    commit = CommitSpec(
        subject=f"Record teacher feedback: {one_line(handoff.header.get('Title', record_id), limit=60)}",
        body=f"Handoff: {handoff.handoff_id}. Source: {source_name(event)}. Reported by: {role}.",
        trailers=((TRAILER_EVENT, key), (TRAILER_OPERATION, OPERATION), (TRAILER_RECORD, record_id)),
    )
    return _committed(event, key, OPERATION, writes, commit=commit, reply=reply, receipt=receipt)


def _interpretation_change(fate: str) -> str:
    """The feedback record's line on what became of the gap's interpretation."""
    if not fate:
        return "unchanged: the feedback names no cause, correction or teaching request"
    return (
        f"now the teacher's words (`{TEACHER_SUPPORTED}`); the earlier one kept in the gap's history as "
        f"`{fate}`"
    )


@dataclass(frozen=True)
class GapChange:
    """What one piece of feedback does to its gap."""

    link: str  # to the feedback record, from the gap
    kind: str
    day: date
    mastery: str
    resolved: bool
    retired_by: str  # the role that said not to re-teach it; "" when nobody did
    verdict: Verdict


def _updated_gap(gap_text: str, handoff: HandoffRecord, change: GapChange) -> tuple[str, str]:
    """New lines on the gap (resolution, where the feedback is, the teacher's reading, a retired
    re-teaching action, the handoff's status) and the earlier reading's fate ("" when it stands)."""
    # The gap and the pack both sit one folder below the subject, so the pack's link works from the gap.
    link, resolved = change.link, change.resolved
    text = set_header(gap_text, "Resolution", "`resolved`") if resolved else gap_text
    fate = ""
    if change.verdict.names_anything:
        text, fate = revise_gap(
            text, change.verdict, link=link, kind=change.kind, day=change.day, mastery=change.mastery
        )
    section = "External resolution, optional"
    source = f"teacher, via {link} on `{handoff.handoff_id}`"
    text = set_section_field(text, section, "Feedback source", source)
    if resolved:
        summary = "operationally resolved by teacher feedback"
        text = set_section_field(text, section, "Resolution summary", summary)
    text = set_section_field(
        text, section, "Original attempt preserved at", f"`{handoff.attempt_path or handoff.path}`"
    )
    if change.retired_by:
        retired_action = f"{RETIRED_PREFIX}{RETIRED_WHY[change.retired_by][0]} ({link})"
        text = set_section_field(text, GAP_NEXT_ACTION, "Action", retired_action)
    return gap_handoff_status(text, handoff, HandoffStatus.FEEDBACK_RECEIVED), fate


def _receipt(
    event: ThreadEvent,
    snapshot: RepoSnapshot,
    config: LearnerConfig,
    handoff: HandoffRecord,
    *,
    organized: str,
    changed: tuple[str, ...],
    evidence: str,
    mastery: str,
    next_action: str,
    operation: str,
) -> Receipt:
    return commit_receipt(
        config,
        snapshot=snapshot,
        subject=handoff.subject,
        organized=organized,
        questions="none generated",
        changed_files=changed,
        evidence=evidence,
        rag_synchronization="not attempted: feedback is not sent to RAG until it proves durable",
        mastery=mastery,
        automation_actually_completed=automation_done(event, operation),
        next_action=next_action,
    )


def _committed(
    event: ThreadEvent,
    key: str,
    operation: str,
    writes: dict[str, str],
    *,
    commit: CommitSpec,
    reply: str,
    receipt: Receipt,
) -> Plan:
    return Plan(
        outcome=Outcome.COMMITTED,
        event_key=key,
        operation=operation,
        writes=tuple(FileWrite(path=p, content=c) for p, c in writes.items()),
        commit=commit,
        replies=(Reply.on(event, key, reply),),
        receipt=receipt,
    )


def _closing_commit(
    verb: str, what: str, event: ThreadEvent, handoff: HandoffRecord, *, key: str, operation: str
) -> CommitSpec:
    """The commit that ends a handoff's life: merged (reconciled) or closed unmerged (cancelled)."""
    title = one_line(handoff.header.get("Title", handoff.handoff_id), limit=60)
    return CommitSpec(
        subject=f"{verb} handoff: {title}",
        body=f"Handoff: {handoff.handoff_id} {what}. Source: {source_name(event)}.",
        trailers=((TRAILER_EVENT, key), (TRAILER_OPERATION, operation), (TRAILER_RECORD, handoff.handoff_id)),
    )


def _reconcile(
    event: ThreadEvent,
    snapshot: RepoSnapshot,
    config: LearnerConfig,
    handoff: HandoffRecord,
    status: HandoffStatus,
    *,
    now: datetime,
    key: str,
) -> Plan:
    """The learner (or teacher) merged: the pack is ``reconciled`` and the plan's next action follows."""
    if not can_move(status, HandoffStatus.RECONCILED):
        return _skip(f"the pack is already `{status}`", key)
    day: date = now.date()
    feedback = [
        line for line in section_body(handoff.text, RETURNED_FEEDBACK).splitlines() if line.startswith("- 2")
    ]
    gap_text = snapshot.read_text(handoff.gap_path) if handoff.gap_path else None
    next_action, retired, teachers_action = _plan_after_merge(gap_text or "")
    interpretation = section_fields(section_body(gap_text or "", INTERPRETATION)).get("Diagnosis status", "")
    why = "merged into the learning plan" + ("" if feedback else " with no feedback recorded")
    pack = record_status(handoff.text, HandoffStatus.RECONCILED, day, why)
    section = "Automated reconciliation"
    listed = "; ".join(line.removeprefix("- ") for line in feedback) or "none recorded"
    gap_state = read_header(gap_text or "").get("Resolution", "no gap linked").strip("` ")
    for label, value in (
        ("Source record", listed),
        ("Gap resolution state", f"`{gap_state}`"),
        ("Gap interpretation", interpretation or "none recorded"),
        ("Obsolete task retired", f"yes: no AI re-teaching ({retired})" if retired else "no"),
        ("Next action", next_action),
        ("Dashboard updated", "yes, in this commit"),
    ):
        pack = set_section_field(pack, section, label, value)
    writes = {handoff.path: pack} | _gap_status_write(snapshot, handoff, HandoffStatus.RECONCILED)
    writes |= dashboard_files(
        snapshot, today=day, updated_by="GitLearnOS Bot", new_records=writes, next_action=next_action
    )
    mastery = _mastery(gap_text)
    receipt = _receipt(
        event,
        snapshot,
        config,
        handoff,
        organized=f"handoff `{handoff.handoff_id}` reconciled into the learning plan",
        changed=tuple(writes),
        evidence=f"the merge of {source_name(event)}; feedback records: {listed}",
        mastery=f"unchanged (`{mastery}`): resolution is not demonstrated mastery",
        next_action=next_action,
        operation=RECONCILE,
    )
    commit = _closing_commit("Reconcile", "merged", event, handoff, key=key, operation=RECONCILE)
    reply = RECONCILED.format(
        handoff_id=handoff.handoff_id,
        feedback=f"{len(feedback)} feedback record(s)" if feedback else "no feedback was recorded",
        plan=f"No AI re-teaching is planned, {retired}. "
        if retired
        else (RECONCILED_PLAN.format(action=teachers_action) if teachers_action else ""),
        mastery=mastery,
    )
    return _committed(event, key, RECONCILE, writes, commit=commit, reply=reply, receipt=receipt)


def _plan_after_merge(gap_text: str) -> tuple[str, str, str]:
    """The learner's next action once the feedback is in the plan, read from the merged gap: no AI
    re-teaching (and who said so), the action the teacher's words set, or using the feedback on a fresh
    problem. Returns the next action, who retired the re-teaching ("" if nobody) and the teacher's action
    ("" if none)."""
    gap_id = read_header(gap_text).get("ID", "the gap")
    planned = section_fields(section_body(gap_text, GAP_NEXT_ACTION))
    action = _plain(planned.get("Action", ""))
    retired = next(
        (said for reason, said in RETIRED_WHY.values() if f"{RETIRED_PREFIX}{reason}" in action), ""
    )
    if retired:
        left = "a fresh problem on your own, later, is the only check left"
        return f"no AI re-teaching for `{gap_id}`, {retired}; {left}", retired, ""
    if planned.get("Next-check reason", "").startswith(f"`{NEXT_CHECK_REASON}`"):
        return f"{action}; {FRESH_LATER.format(gap_id=gap_id)}", "", action
    generic = "use the teacher's feedback on a fresh problem, on your own, then file the attempt as an issue"
    return generic, "", ""


def _gap_status_write(
    snapshot: RepoSnapshot, handoff: HandoffRecord, status: HandoffStatus
) -> dict[str, str]:
    """The gap with its handoff line at ``status``, as a write; none without a gap or a line naming it."""
    gap_text = snapshot.read_text(handoff.gap_path) if handoff.gap_path else None
    gap = gap_handoff_status(gap_text, handoff, status) if gap_text is not None else None
    return {handoff.gap_path: gap} if gap is not None and gap != gap_text else {}


def _plain(text: str) -> str:
    """``text`` with its record links as their names, for the dashboard and replies that sit elsewhere."""
    return MARKDOWN_LINK.sub(lambda link: f"`{link.group(1)}`", text)


def _cancel(
    event: ThreadEvent,
    snapshot: RepoSnapshot,
    config: LearnerConfig,
    handoff: HandoffRecord,
    status: HandoffStatus,
    *,
    now: datetime,
    key: str,
) -> Plan:
    if not can_move(status, HandoffStatus.CANCELLED):
        return _skip(f"the pack is already `{status}`", key)
    pack = record_status(
        handoff.text, HandoffStatus.CANCELLED, now.date(), "pull request closed without merging"
    )
    # On the branch, like the pack: the default branch is left alone.
    writes = {handoff.path: pack} | _gap_status_write(snapshot, handoff, HandoffStatus.CANCELLED)
    receipt = _receipt(
        event,
        snapshot,
        config,
        handoff,
        organized=f"handoff `{handoff.handoff_id}` cancelled",
        changed=tuple(writes),
        evidence=f"{source_name(event)} was closed unmerged",
        mastery="unchanged",
        next_action="nothing; open a new handoff when you want teacher review again",
        operation=OPERATION,
    )
    commit = _closing_commit("Cancel", "closed unmerged", event, handoff, key=key, operation=OPERATION)
    reply = CANCELLED.format(handoff_id=handoff.handoff_id, branch=handoff.branch)
    return _committed(event, key, OPERATION, writes, commit=commit, reply=reply, receipt=receipt)
