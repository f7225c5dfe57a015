"""Handoff: the learner asks for teacher review; the smallest focused pack goes out as a pull request.

Triggers (literal, never inferred): "prepare this for my teacher" (and close
wordings), a ``handoff`` label, or ``/gitlearnos handoff``. The pack holds only
what a teacher needs (protocol scenario 10): a locator for the problem, the
learner's attempt, the exact blocker, the questions, what to check, plus links
(not copies) to shared course material. The learner profile, other gaps and
history stay out.

Where things go, and why:

- The pack is committed on its own branch ``gitlearnos/handoff-<id>`` and the
  plan asks for a pull request (GitLab: merge request) whose description is the
  pack. The teacher reviews in the forge they already use; nothing is pushed to
  any other repository, nobody is invited, visibility is never touched.
- Teachers from ``authorization.teachers`` are named as reviewers in the plan;
  the worker requests only those who already have access (see
  ``workers/pull_requests.py``) and the receipt says which it did.
- The branch, not the default branch, receives the teacher's feedback later
  (see :mod:`bot.handoff.teacher_feedback`): the learning plan on the default
  branch changes only when the learner merges.

The branch name and the pack ID derive from the request's event key, so a
retried job plans the same branch and finds its own earlier commit there.
"""

from __future__ import annotations

import re
from datetime import datetime

from bot.config import LearnerConfig
from bot.handoff.branch import BRANCH_PREFIX, HANDOFF_MARKER
from bot.handoff.records import (
    GAP_HANDOFF,
    GAP_NEXT_ACTION,
    LINK,
    Pack,
    handoff_line,
    handoffs_folder,
    quoted,
)
from bot.handoff.status import SENDING_PATH, HandoffStatus
from bot.intake.events import Forge, ThreadEvent, content_hash
from bot.plan import CommitSpec, FileWrite, Outcome, Plan, PullRequestSpec, Reply
from bot.provenance import automation_done, source_locator, source_name
from bot.receipt import commit_receipt
from bot.records.codec import read_header, section, set_section_field
from bot.records.files import Record, events_folder, goal_path, read_note, records
from bot.snapshot import RepoSnapshot
from bot.text import one_line, slugify
from bot.trailers import TRAILER_EVENT, TRAILER_OPERATION, TRAILER_RECORD

OPERATION = "handoff"
HANDOFF_LABEL = "handoff"
REQUEST = re.compile(
    r"""
    ^\s*/gitlearnos\s+handoff\b                                  # the command
    | \bprepare\s+(?:this|it|that|what)\b[^.\n]{0,60}?\bteacher\b  # "prepare this for my teacher"
    | \b(?:send|hand)\s+(?:this|it)\s+(?:off\s+)?to\s+my\s+teacher\b
    """,
    re.I | re.M | re.X,
)
GAP_ID = re.compile(r"\bgap-[a-z0-9][a-z0-9-]*\b")
URL = re.compile(r"https?://[^\s)>\]]+")
LABELLED = re.compile(
    r"^\s*[-*]?\s*(?P<key>Blocker|Question|Check|Problem)s?\s*:\s*(?P<value>.+?)\s*$", re.I | re.M
)
OPEN_RESOLUTIONS = ("open", "needs-check", "")
GENERIC_TITLES = ("", "knowledge gap")
DEFAULT_QUESTION = "Where exactly does my attempt go wrong, and what should I do differently?"
DEFAULT_CHECK = "method and steps of the attempt"
UNKNOWN_BLOCKER = "`unknown`: not stated yet; please name the step where the attempt breaks"

PREPARED = (
    "Prepared a handoff pack for your teacher: `{handoff_id}` at `{path}`, committed on branch "
    "`{branch}` with a pull request whose description is the pack. It holds only the problem locator, "
    "your attempt, the exact blocker, your questions and what to check; nothing else from your "
    "repository. Your learning plan changes only when you merge it."
)
ASK_WHICH_GAP = (
    "Which gap should I prepare for your teacher? Several are open: {gaps}. Reply with "
    "`/gitlearnos handoff gap-…`. Nothing was written."
)
NO_FORGE = (
    "A handoff pack goes to your teacher as a pull request, and local mode has no forge to open one on; "
    "nothing was written."
)


def wants_handoff(text: str, labels: tuple[str, ...]) -> bool:
    """True when the learner literally asked for a handoff (phrase, command or ``handoff`` label)."""
    return bool(REQUEST.search(text)) or HANDOFF_LABEL in {label.lower() for label in labels}


def _open_gaps(snapshot: RepoSnapshot, subject: str | None) -> list[Record]:
    return [
        gap
        for gap in records(snapshot, "knowledge-gaps")
        if (subject is None or gap.subject == subject)
        and gap.header.get("Resolution", "").strip("`") in OPEN_RESOLUTIONS
    ]


def _chosen_gap(snapshot: RepoSnapshot, text: str, subject: str | None) -> Record | list[Record] | None:
    """The gap named in the request, else the only open one; a list when the choice is ambiguous."""
    named = set(GAP_ID.findall(text))
    if named:
        found = [gap for gap in records(snapshot, "knowledge-gaps") if gap.header.get("ID") in named]
        return found[0] if found else None
    candidates = _open_gaps(snapshot, subject)
    if len(candidates) == 1:
        return candidates[0]
    return candidates or None


def _attempt_record(snapshot: RepoSnapshot, gap: Record) -> tuple[str, str] | None:
    """(path, text) of the learner's attempt the gap links as evidence: its first linked event record."""
    folder = events_folder(gap.subject)
    for match in LINK.finditer(gap.text):
        target = match.group("target")
        if target.startswith("../events/"):
            path = f"{folder}/{target.removeprefix('../events/')}"
            text = snapshot.read_text(path)
            if text is not None:
                return path, text
    return None


def _labelled(text: str, key: str) -> list[str]:
    return [m.group("value") for m in LABELLED.finditer(text) if m.group("key").lower() == key]


def _request_text(event: ThreadEvent) -> str:
    return event.comment.body if event.comment is not None else event.thread.body


def _attempt_from_thread(event: ThreadEvent) -> str:
    """The issue itself is the attempt when the learner asks on it; command lines are not part of it."""
    lines = event.thread.body.splitlines()
    kept = [line for line in lines if not line.strip().lower().startswith("/gitlearnos")]
    return "\n".join(kept).strip() or event.thread.title


def _questions(text: str) -> tuple[str, ...]:
    asked = _labelled(text, "question") or [
        line.strip(" -*")
        for line in text.splitlines()
        if line.strip().endswith("?") and not line.startswith(">")
    ]
    return tuple(one_line(q, limit=200) for q in asked) or (DEFAULT_QUESTION,)


def _subject(snapshot: RepoSnapshot, config: LearnerConfig, gap: Record | None) -> str | None:
    if gap is not None:
        return gap.subject
    subjects = sorted({p.split("/")[1] for p in snapshot.list_files("subjects") if p.count("/") >= 2})
    return config.setup.answers.subject or (subjects[0] if len(subjects) == 1 else None)


def _pack(
    event: ThreadEvent,
    snapshot: RepoSnapshot,
    gap: Record | None,
    subject: str,
    *,
    now: datetime,
    event_key: str,
) -> Pack:
    """Build the pack from the request, the chosen gap and the attempt the gap links."""
    request = _request_text(event)
    attempt = _attempt_record(snapshot, gap) if gap is not None else None
    confidential = event.thread.confidential or (event.comment is not None and event.comment.confidential)
    if attempt is not None:
        attempt_path, attempt_text = attempt
        attempt_body = quoted(read_note(attempt_text))
        locator = read_header(attempt_text).get("Source locator", "") or source_locator(event)
    else:
        attempt_path, attempt_body, locator = "", quoted(_attempt_from_thread(event)), source_locator(event)
    if confidential:
        attempt_body = (
            "- Kept out of this pack: it was written in a confidential issue. See the locator above."
        )
    title = one_line(gap.header.get("Title", "") if gap else event.thread.title, limit=70)
    if gap is not None and title.lower() in GENERIC_TITLES:  # the template's heading names no problem
        title = gap.header.get("ID", "").removeprefix("gap-").replace("-", " ")
    title = title or "teacher review"
    slug = f"{slugify(title, max_length=40)}-{content_hash(event_key)[:6]}"
    blocker = (_labelled(request, "blocker") or _labelled(_attempt_from_thread(event), "blocker") or [""])[0]
    if not blocker and gap is not None:
        observed = section(gap.text, "Observable problem").strip()
        blocker = one_line(observed, limit=200) if observed and "Describe what" not in observed else ""
    goal = snapshot.read_text(goal_path(subject))
    return Pack(
        handoff_id=f"handoff-{slug}",
        path=f"{handoffs_folder(subject)}/{slug}.md",
        branch=f"{BRANCH_PREFIX}{slug}",
        title=title,
        subject=subject,
        day=now.date(),
        goal_link="[main goal](../goals/main-goal.md)" if goal else "",
        gap_path=gap.path if gap else "",
        attempt_path=attempt_path,
        locator=locator,
        external_sources=tuple(dict.fromkeys(URL.findall(request))),
        attempt=attempt_body,
        blocker=blocker or UNKNOWN_BLOCKER,
        questions=_questions(request),
        what_to_check=(_labelled(request, "check") or [DEFAULT_CHECK])[0],
    )


def _answer(event: ThreadEvent, event_key: str, text: str, reason: str) -> Plan:
    return Plan(
        outcome=Outcome.SKIPPED,
        event_key=event_key,
        operation=OPERATION,
        replies=(Reply.on(event, event_key, text),),
        reason=reason,
    )


HISTORY = {
    HandoffStatus.DRAFT: "the learner asked for teacher review",
    HandoffStatus.READY: "pack complete: locator, attempt, blocker, questions, what to check",
    HandoffStatus.SENT: "committed on its branch; the same job opens the pull request",
    HandoffStatus.AWAITING_FEEDBACK: "waiting for the teacher's comments or review on the pull request",
}


def plan_handoff(
    event: ThreadEvent,
    snapshot: RepoSnapshot,
    config: LearnerConfig,
    *,
    now: datetime,
    event_key: str,
) -> Plan:
    """Plan the pack, its commit on the handoff branch and the pull request; performs nothing."""
    assert event.repo is not None
    if event.forge is Forge.LOCAL:
        return _answer(event, event_key, NO_FORGE, "handoff needs a forge")
    request = _request_text(event)
    choice = _chosen_gap(snapshot, request, config.setup.answers.subject or None)
    if isinstance(choice, list):
        gaps = ", ".join(f"`{gap.header.get('ID', gap.path)}`" for gap in choice)
        return _answer(event, event_key, ASK_WHICH_GAP.format(gaps=gaps), "ambiguous gap")
    subject = _subject(snapshot, config, choice)
    if subject is None:
        return _answer(event, event_key, "Which subject is this for? Nothing was written.", "needs subject")
    pack = _pack(event, snapshot, choice, subject, now=now, event_key=event_key)
    history = tuple((status, HISTORY[status]) for status in SENDING_PATH)
    writes = {pack.path: pack.render(history)}
    if choice is not None:
        link = handoff_line(pack.handoff_id, pack.path, HandoffStatus.AWAITING_FEEDBACK)
        writes[choice.path] = set_section_field(choice.text, GAP_NEXT_ACTION, GAP_HANDOFF, link)
    receipt = commit_receipt(
        config,
        snapshot=snapshot,
        subject=subject,
        organized=f"handoff pack `{pack.handoff_id}` for a teacher, from {source_name(event)}",
        questions=f"{len(pack.questions)} question(s) for the teacher; none generated for you",
        changed_files=tuple(writes),
        evidence=f"the learner's request, {source_locator(event)}; the attempt is quoted, not changed",
        rag_synchronization="not attempted: a handoff pack is not durable knowledge",
        mastery="unchanged: asking for review is not performance evidence",
        automation_actually_completed=automation_done(event, OPERATION),
        next_action="wait for the teacher's comments or review on the pull request, then merge it",
    )
    commit = CommitSpec(
        subject=f"Prepare handoff pack: {one_line(pack.title, limit=60)}",
        body=f"Subject: {subject}. Source: {source_name(event)}. Branch: {pack.branch}.",
        trailers=(
            (TRAILER_EVENT, event_key),
            (TRAILER_OPERATION, OPERATION),
            (TRAILER_RECORD, pack.handoff_id),
        ),
    )
    marker = HANDOFF_MARKER.format(handoff_id=pack.handoff_id, branch=pack.branch)
    pull_request = PullRequestSpec(
        branch=pack.branch,
        title=f"Teacher review: {one_line(pack.title, limit=80)}",
        body=f"{writes[pack.path]}\n{marker}\n",
        reviewers=config.authorization.teachers,
    )
    text = PREPARED.format(handoff_id=pack.handoff_id, path=pack.path, branch=pack.branch)
    return Plan(
        outcome=Outcome.COMMITTED,
        event_key=event_key,
        operation=OPERATION,
        writes=tuple(FileWrite(path=p, content=c) for p, c in writes.items()),
        commit=commit,
        replies=(Reply.on(event, event_key, text),),
        receipt=receipt,
        pull_request=pull_request,
    )
