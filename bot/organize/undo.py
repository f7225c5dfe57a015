"""Undo: revert the bot's last learning commit with a new commit; history is never rewritten.

The revert is planned as ordinary file writes and deletes (each touched file
back to its content before that commit), so it goes through the same commit,
push and receipt path as every other update. If the learner has changed one
of those files since, the undo stops and says which file, rather than
overwrite their work.
"""

from __future__ import annotations

from bot.config import LearnerConfig
from bot.intake.events import ThreadEvent
from bot.plan import CommitSpec, FileWrite, Outcome, Plan, Reply
from bot.provenance import automation_done, source_name
from bot.receipt import commit_receipt
from bot.replies import NOTHING_TO_UNDO, UNDO_BLOCKED, UNDONE
from bot.snapshot import CommitSummary, RepoSnapshot
from bot.trailers import TRAILER_EVENT, TRAILER_OPERATION, TRAILER_REVERTS

OPERATION = "undo"
HISTORY_DEPTH = 200
# Operations whose commits are learning updates a learner may undo.
UNDOABLE = frozenset({"organize"})


def last_undoable(commits: list[CommitSummary]) -> CommitSummary | None:
    """The newest learning commit by the bot that no later undo has reverted."""
    reverted = {c.trailer(TRAILER_REVERTS) for c in commits}
    for commit in commits:
        if commit.trailer(TRAILER_OPERATION) in UNDOABLE and commit.id not in reverted:
            return commit
    return None


def plan_undo(event: ThreadEvent, snapshot: RepoSnapshot, config: LearnerConfig, *, event_key: str) -> Plan:
    target = last_undoable(snapshot.recent_commits(HISTORY_DEPTH))
    if target is None:
        reply = Reply.on(event, event_key, NOTHING_TO_UNDO)
        return Plan(outcome=Outcome.UNCHANGED, event_key=event_key, operation=OPERATION, replies=(reply,))
    writes: list[FileWrite] = []
    deletes: list[str] = []
    for path in target.paths:
        if snapshot.read_text(path) != snapshot.read_text_at(target.id, path):
            text = UNDO_BLOCKED.format(commit=target.id[:12], path=path)
            reply = Reply.on(event, event_key, text)
            return Plan(
                outcome=Outcome.REQUIRES_APPROVAL,
                event_key=event_key,
                operation=OPERATION,
                replies=(reply,),
                reason="changed since",
            )
        before = snapshot.read_text_at(target.parent, path) if target.parent else None
        if before is None:
            deletes.append(path)
        else:
            writes.append(FileWrite(path=path, content=before))
    changed = tuple(w.path for w in writes) + tuple(deletes)
    receipt = commit_receipt(
        config,
        snapshot=snapshot,
        subject="unchanged by this operation",
        organized=f"undo of `{target.id[:12]}` ({target.subject})",
        questions="none",
        changed_files=changed,
        evidence=f"the learner asked to undo the last update ({source_name(event)})",
        rag_synchronization="not attempted: undo touches Git records only",
        mastery="unchanged",
        natural_language_override="\u201cundo the last update\u201d (applies to this event only)",
        automation_actually_completed=automation_done(event, OPERATION),
        next_action="none suggested",
    )
    commit = CommitSpec(
        subject=f"Undo: {target.subject}"[:120],
        body=f"Reverts {target.id} at the learner's request; history is kept.",
        trailers=(
            (TRAILER_EVENT, event_key),
            (TRAILER_OPERATION, OPERATION),
            (TRAILER_REVERTS, target.id),
        ),
    )
    reply = Reply.on(event, event_key, UNDONE.format(commit=target.id[:12], subject=target.subject))
    return Plan(
        outcome=Outcome.COMMITTED,
        event_key=event_key,
        operation=OPERATION,
        writes=tuple(writes),
        deletes=tuple(deletes),
        commit=commit,
        replies=(reply,),
        receipt=receipt,
    )
