"""Scenario 02, organize notes: a class note filed as an issue becomes one linked record and one commit.

Initial state: the demo's repository (a mathematics goal, no record of the note, one unrelated learner
file). Input: the scenario's note, filed as an issue. :func:`judge` holds the checks, one per "must",
"must not" and "evidence" line, as a function of what the learner can see, so a unit test can hand it a
bad repository state and watch it fail.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from evals.demo import NOTE_BODY, NOTE_TITLE
from evals.harness.checks import Check, CheckRecorder
from evals.harness.forge_run import ForgeRun
from evals.harness.learner_checks import (
    ASKS_FOR_ROUTE,
    header_value,
    history_kept,
    new_records,
    no_mastery_claim,
    one_learning_commit,
    plain,
    receipt_complete,
    receipt_lists_changed_paths,
    receipt_names_commit,
    receipt_skill_honest,
    records_in,
    unrelated_files_untouched,
)
from evals.harness.links import links_to
from evals.harness.receipt import ReceiptField, parse_receipt
from evals.harness.repo_state import RepoState
from evals.scenarios.learner_files import CONFIG, MATHS_GOAL, UNRELATED_FILE, learner_files

NUMBER = "02"
TITLE = "Organize notes"
SUBJECT_FOLDER = "subjects/mathematics/"
DASHBOARD = "dashboard.md"
NEXT_ACTION = re.compile(r"next action[^:\n]*:\s*\S", re.I)
DERIVED = ("knowledge", "models", "knowledge-gaps")  # the protocol's folders of derived understanding
CHAT_PATH = re.compile(r"(chat|conversation|transcript)", re.I)


def run(ctx: ForgeRun) -> Sequence[Check]:
    repo = ctx.create_repository("organize", learner_files())
    before = repo.observe()
    number = repo.open_issue(NOTE_TITLE, NOTE_BODY)
    replies = repo.wait_for_replies(number)
    judge(ctx.checks, before, repo.observe(), replies, note=NOTE_BODY, issue_number=number)
    return ctx.checks.results


def judge(
    checks: CheckRecorder,
    before: RepoState,
    after: RepoState,
    replies: Sequence[str],
    *,
    note: str,
    issue_number: int,
) -> None:
    """Every checkable line of scenario 02, on the states before and after the note was filed."""
    reply = replies[-1] if replies else ""
    receipt = parse_receipt(reply)
    history_kept(checks, before, after)
    commit = one_learning_commit(checks, before, after)

    events = new_records(before, after, "events")
    checks.expect(
        "routed to mathematics without asking for a path",
        len(events) == 1 and events[0].startswith(SUBJECT_FOLDER) and not ASKS_FOR_ROUTE.search(reply),
        f"new event records: {events}; reply starts {reply[:80]!r}",
    )
    record = events[0] if events else ""
    text = after.files.get(record, "")
    preserved = bool(text) and plain(note) in plain(text)
    checks.expect(
        "the learner's note is preserved faithfully",
        preserved,
        f"{record or 'no record'} {'holds' if preserved else 'does not hold'} the note verbatim",
    )
    channel = header_value(text, "Channel")
    cites_issue = f"#{issue_number}" in text or f"issues/{issue_number}" in text
    checks.expect(
        "class provenance is recorded with a link to the input",
        channel == "class" and cites_issue,
        f"Channel: {channel!r}; cites issue #{issue_number}: {cites_issue}",
    )
    checks.expect(
        "the record links the active goal",
        links_to(record, text, [MATHS_GOAL]),
        f"{record or 'no record'} {'links' if links_to(record, text, [MATHS_GOAL]) else 'does not link'} "
        f"{MATHS_GOAL}",
    )
    dashboard = after.files.get(DASHBOARD, "")
    checks.expect(
        "the next action is refreshed",
        commit is not None and DASHBOARD in commit.paths and bool(NEXT_ACTION.search(dashboard)),
        f"dashboard changed: {commit is not None and DASHBOARD in commit.paths}; "
        f"states a next action: {bool(NEXT_ACTION.search(dashboard))}",
    )
    derived = [p for p in (commit.paths if commit else ()) if p != record and p.endswith(".md")]
    untraced = [p for p in derived if not links_to(p, after.files.get(p, ""), [record])]
    checks.expect(
        "the note is traceable from every changed derived file",
        bool(record) and not untraced,
        f"not linking {record}: {untraced}" if untraced else f"{derived} link {record}",
    )
    changed = commit.paths if commit else ()
    stored_chat = [p for p in changed if CHAT_PATH.search(p) or "**Setup status:**" in after.files.get(p, "")]
    checks.expect(
        "no conversation or bot reply is stored",
        not stored_chat,
        f"stored: {stored_chat}" if stored_chat else "only the note's record and derived views changed",
    )
    duplicated = {
        folder: found
        for folder in ("events", "sources", "models")
        if len(found := new_records(before, after, folder)) > 1
    }
    checks.expect(
        "no duplicate source, model or event records for the same fact",
        not duplicated,
        f"duplicates: {duplicated}" if duplicated else "at most one new record of each kind",
    )
    derived_with_basis(checks, before, after, record)
    no_mastery_claim(checks, {"reply": reply, **{p: after.files.get(p, "") for p in changed}}, receipt)
    unrelated_files_untouched(checks, before, after, [UNRELATED_FILE, CONFIG])
    receipt_complete(checks, receipt)
    receipt_skill_honest(checks, receipt)
    if commit is not None:
        receipt_lists_changed_paths(checks, receipt, commit)
        receipt_names_commit(checks, receipt, commit.id)
    checks.expect(
        "the receipt reports the subject",
        "mathematics" in receipt.get(ReceiptField.SUBJECT, "").lower(),
        f"Subject: {receipt.get(ReceiptField.SUBJECT, '')!r}",
    )


def derived_with_basis(checks: CheckRecorder, before: RepoState, after: RepoState, record: str) -> None:
    """Derived understanding only where the note supports it: a class note reports no mistake, so no
    knowledge gap; at most one new knowledge point and one new model, each linking the note's record."""
    touched = {
        folder: [p for p in after.changed_paths(before) if p in records_in(after, folder)]
        for folder in DERIVED
    }
    new = {folder: new_records(before, after, folder) for folder in DERIVED}
    unlinked = [
        p
        for folder in ("knowledge", "models")
        for p in touched[folder]
        if not links_to(p, after.files.get(p, ""), [record])
    ]
    crowded = {folder: found for folder, found in new.items() if len(found) > 1}
    gaps = touched["knowledge-gaps"]
    checks.expect(
        "derived understanding only where the note supports it",
        not gaps and not crowded and not unlinked,
        f"gaps from a note: {gaps}; more than one new: {crowded}; not linking {record or 'the note'}: "
        f"{unlinked}",
    )
