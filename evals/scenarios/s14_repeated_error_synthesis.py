"""Scenario 14, synthesize a repeated error into a transferable model.

Initial state: the demo's repository (``safe-auto``, a mathematics goal) plus one earlier error event — a
square-root equation where the learner kept a root that breaks the equation's condition — and the open
gap linked to it; no model. The learner files a different problem with the same hidden-condition pattern
(a logarithm equation) and the scenario's question. Judged by outcome, in five repositories:

1. **repeated**: one commit; the new attempt kept in the learner's words; both events linked to each
   other and the one gap holding both observations with a situation fingerprint; one model with its
   promotion basis, evidence links, cues, answer structure, conclusions (each linked to evidence), limits
   and traps, copying neither worked answer; one planned transfer task that changes more than the numbers,
   its key kept out of the reply; mastery ``unknown`` or ``learning``; an honest receipt; then the same
   input again (variant "same input repeated"): no commit, no new file;
2. **chat model allowed**: the sandbox's scripted endpoint answers the learner's question; that answer
   leads the reply before any repository path, and the synthesis still makes one model and no second gap;
3. **one occurrence**: the first mistake alone keeps an event and a gap and promotes no model;
4. **manual**: under ``mode: manual`` nothing is committed.

RAG is not configured in the demo repository, so the receipt must say retrieval did not run (variant
"RAG unavailable"); the transfer task carries a date without claiming a background run ("no scheduler").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from evals.harness import records
from evals.harness.checks import Check, CheckRecorder
from evals.harness.forge_run import ForgeRun, LearnerRepository
from evals.harness.learner_checks import history_kept, new_records, no_new_commit, one_learning_commit
from evals.harness.receipt import ReceiptField, parse_receipt
from evals.harness.repo_state import RepoState
from evals.scenarios.diagnosis_records import asked_part, field, table
from evals.scenarios.learner_files import learner_files

NUMBER = "14"
TITLE = "Repeated-error synthesis"
EVENTS = "subjects/mathematics/events"
FIRST_FILE = "2026-11-20-square-root-equation.md"
FIRST_ID = "event-2026-11-20-square-root-equation"
GAP_PATH = "subjects/mathematics/knowledge-gaps/square-root-condition.md"
FIRST_WORDS = (
    "Worksheet 3: solving the equation sqrt(x + 3) = x - 3, I wrote x = 1 and x = 6 instead of only x = 6: "
    "I forgot the condition that x - 3 cannot be negative."
)
FIRST_EVENT = f"""# Square root equation

ID: `{FIRST_ID}`
Version: `1`
Date: 2026-11-20
Subject: mathematics
Channel: `self-study`
Goal link: [subjects/mathematics/goals/main-goal.md](../goals/main-goal.md)
Source locator: paper worksheet 3, photographed by the learner

## Learner-provided event

The learner's note, preserved as written:

> {FIRST_WORDS}

## Connections

- Goal: [subjects/mathematics/goals/main-goal.md](../goals/main-goal.md)

## Next action

- One fresh problem with a condition, without the worksheet.
"""
FIRST_ROW = (
    "| 2026-11-20 | self-study | kept x = 1, which breaks the condition of the root | independent | "
    f"[{FIRST_ID}](../events/{FIRST_FILE}) |"
)
FIRST_GAP = f"""# Knowledge Gap: a root that breaks the equation's condition

ID: `gap-square-root-condition`
Canonical path: `{GAP_PATH}`
Version: `1`
Depends on (event IDs): `{FIRST_ID}`
Resolution: `open`
Mastery: `unknown`
Subject: mathematics
Goal link: [subjects/mathematics/goals/main-goal.md](../goals/main-goal.md)
Created: 2026-11-20
Updated: 2026-11-20

## Situation pattern

- Stable fingerprint: I wrote x = 1 and x = 6 instead of only x = 6: I forgot the condition of the root
- Linked observation count: 1
- Model status: `none`

## Observable problem

A candidate that breaks a condition of the equation was kept.

## Evidence

| Date | Channel | Observation or learner report | Independence or support | Link |
|---|---|---|---|---|
{FIRST_ROW}

## Current interpretation

- Diagnosis status: `unknown`
"""
ISSUE_TITLE = "Logarithm equation"
NOTE = (
    "New problem: the equation log(x) + log(x - 3) = 1. I answered x = -2 and x = 5 instead of only x = 5: "
    "I missed the condition x > 0 of the logarithm again. Why did I miss the condition again? Please help "
    "me make this useful next time."
)
# Pieces of either worked answer: a model that holds one has copied a solution.
WORKED = ("sqrt(x + 3)", "log(x) + log(x - 3)", "x = 6", "x = -2", "x = 1 and x = 6")
MODEL_SECTIONS = (
    "Promotion basis", "Recognition cues", "Answer structure", "Derived conclusions",
    "Limits and non-examples", "Common traps",
)  # fmt: skip
EVENT_LINK = re.compile(r"\(\.\./events/(?P<file>[^)]+\.md)\)")
PROMISE = re.compile(r"\d+\s*%|\bscore\b|\brank\w*\b|\bguarantee\w*\b", re.I)
INVITES_REASON = re.compile(r"\byour (?:own )?reasons?\b|\bwhy you\b", re.I)


MODEL_ANSWER = (
    "x = -2 is not a solution: log(x) is defined only for x > 0, so that candidate is rejected and x = 5 "
    "is the one answer."
)
MODEL_READING = {
    "learning_event": "durable",
    "subject": "mathematics",
    "answer": MODEL_ANSWER,
    "seen_in_media": "",
}


def initial_files(*, mode: str | None = None, external_model: str | None = None) -> dict[str, str]:
    extra = {f"{EVENTS}/{FIRST_FILE}": FIRST_EVENT, GAP_PATH: FIRST_GAP}
    return learner_files(mode=mode, external_model=external_model, extra=extra)


def run(ctx: ForgeRun) -> Sequence[Check]:
    checks = ctx.checks
    with checks.section("repeated"):
        repo = ctx.create_repository("repeated", initial_files())
        _repeated(checks, repo)
        _same_input_again(checks, repo)
    with checks.section("chat model allowed"):
        _with_chat_model(ctx)
    with checks.section("one occurrence"):
        _one_occurrence(checks, ctx.create_repository("once", learner_files()))
    with checks.section("manual"):
        _manual(checks, ctx.create_repository("manual", initial_files(mode="manual")))
    return checks.results


def _file(state: RepoState, paths: list[str]) -> str:
    return state.files.get(paths[0], "") if len(paths) == 1 else ""


def _repeated(checks: CheckRecorder, repo: LearnerRepository) -> None:
    start = repo.observe()
    number = repo.open_issue(ISSUE_TITLE, NOTE)
    reply = repo.wait_for_replies(number)[-1]
    after = repo.observe()
    one_learning_commit(checks, start, after)
    history_kept(checks, start, after)
    events = new_records(start, after, "events")
    event = _file(after, events)
    checks.expect(
        "the new attempt is kept in the learner's words",
        "I answered x = -2 and x = 5 instead of only x = 5" in event,
        f"new events {events or 'none'}",
    )
    _linked(checks, after, events, event)
    _one_gap(checks, start, after)
    model = _model(checks, start, after)
    _transfer(checks, start, after, reply)
    _honest(checks, after, reply, model)


def _linked(checks: CheckRecorder, after: RepoState, events: list[str], event: str) -> None:
    first = after.files.get(f"{EVENTS}/{FIRST_FILE}", "")
    new_file = events[0].rsplit("/", 1)[-1] if len(events) == 1 else "?"
    checks.expect(
        "both observations link to each other",
        FIRST_FILE in event and new_file in first,
        f"new event links the first: {FIRST_FILE in event}; first links the new: {new_file in first}",
    )


def _one_gap(checks: CheckRecorder, start: RepoState, after: RepoState) -> None:
    gap = after.files.get(GAP_PATH, "")
    new_gaps = new_records(start, after, "knowledge-gaps")
    linked = {m["file"] for row in table(gap, "Evidence") for m in EVENT_LINK.finditer(" ".join(row))}
    checks.expect(
        "one gap aggregates the two distinct observations",
        not new_gaps and gap != start.files.get(GAP_PATH) and len(linked) == 2 and FIRST_FILE in linked,
        f"new gaps {new_gaps or 'none'}; evidence links {sorted(linked)}",
    )
    fingerprint = field(records.section(gap, "Situation pattern"), "Situation fingerprint")
    checks.expect(
        "the gap names the shared situation by a stable fingerprint",
        bool(fingerprint) and "log" not in fingerprint and "sqrt" not in fingerprint,
        f"situation fingerprint {fingerprint!r}",
    )


def _model(checks: CheckRecorder, start: RepoState, after: RepoState) -> str:
    models = new_records(start, after, "models")
    model = _file(after, models)
    empty = [h for h in MODEL_SECTIONS if not records.section(model, h).strip()]
    basis = records.section(model, "Promotion basis")
    basis_links = {m["file"] for m in EVENT_LINK.finditer(basis)}
    checks.expect(
        "one model with its promotion basis, cues, answer structure, conclusions, limits and traps",
        len(models) == 1 and not empty and len(basis_links) == 2,
        f"new models {models or 'none'}; empty sections {empty}; basis links {sorted(basis_links)}",
    )
    copied = [piece for piece in WORKED if piece in model]
    checks.expect("the model copies neither worked answer", bool(model) and not copied, f"copied: {copied}")
    rows = table(model, "Derived conclusions")
    unlinked = [row[0] for row in rows if not EVENT_LINK.search(" ".join(row))]
    checks.expect(
        "every derived conclusion links to evidence",
        bool(rows) and not unlinked,
        f"{len(rows)} conclusion(s); without evidence: {unlinked}",
    )
    return model


def _transfer(checks: CheckRecorder, start: RepoState, after: RepoState, reply: str) -> None:
    reviews = new_records(start, after, "reviews")
    review = _file(after, reviews)
    header = records.header(review)
    (question, *_) = records.questions(review) or ("",)
    fresh = bool(question) and not any(piece in question for piece in ("log", "sqrt", "x + 3"))
    checks.expect(
        "a fresh transfer task that changes more than the numbers is planned",
        header.get("Status") == "planned" and header.get("Purpose") == "transfer" and fresh,
        f"reviews {reviews or 'none'}; status {header.get('Status')!r}, purpose {header.get('Purpose')!r}; "
        f"question {question!r}",
    )
    key = field(records.section(review, "Answer or success condition"), "Question 1 expected answer")
    checks.expect(
        "the task's key is stored and kept out of the reply",
        bool(key) and key.split(" (")[0] not in reply,
        f"key stored: {bool(key)}",
    )
    scheduled = field(review, "Actual background scheduling created")
    checks.expect(
        "the check has a date and claims no background run",
        bool(re.fullmatch(r"\d{4}-\d{2}-\d{2}", header.get("Due", ""))) and scheduled.startswith("no"),
        f"due {header.get('Due')!r}; background scheduling {scheduled!r}",
    )


def _honest(checks: CheckRecorder, after: RepoState, reply: str, model: str) -> None:
    gaps = [p for p in after.files if "/knowledge-gaps/" in p]
    mastery = {p: records.header(after.files[p]).get("Mastery", "") for p in gaps}
    receipt = parse_receipt(reply)
    checks.expect(
        "mastery stays unknown or learning",
        all(v in ("unknown", "learning") for v in mastery.values())
        and "demonstrated" not in receipt.get(ReceiptField.MASTERY, "")
        and "`demonstrated`" not in model,
        f"gap mastery {mastery}; receipt Mastery {receipt.get(ReceiptField.MASTERY, '')!r}",
    )
    status = {p: field(after.files[p], "Diagnosis status") for p in gaps}
    checks.expect(
        "the diagnosis stays unknown, reported or a hypothesis",
        all(v in ("unknown", "learner-reported", "agent-hypothesis", "") for v in status.values())
        and field(model, "Synthesis source") in ("agent-hypothesis", "learner"),
        f"diagnosis status {status}; synthesis source {field(model, 'Synthesis source')!r}",
    )
    rag = receipt.get(ReceiptField.RAG_SYNCHRONIZATION, "")
    automation = receipt.get(ReceiptField.AUTOMATION_ACTUALLY_COMPLETED, "")
    undo = receipt.get(ReceiptField.UNDO, "")
    checks.expect(
        "the receipt reports retrieval, automation and undo truthfully",
        rag.startswith(("not attempted", "unavailable", "disabled")) and automation.startswith("immediate")
        and bool(undo),
        f"RAG {rag!r}; automation {automation!r}; undo {undo!r}",
    )  # fmt: skip
    asked = asked_part(reply)
    promised = PROMISE.findall(asked)
    checks.expect("no score, rank or percentage is promised", not promised, f"found {promised}")
    checks.expect(
        "the learner is invited to give their own reason",
        bool(INVITES_REASON.search(asked)),
        "the reply asks for the learner's reason" if INVITES_REASON.search(asked) else "no invitation",
    )


def _with_chat_model(ctx: ForgeRun) -> None:
    """With the chat model allowed, its answer to the learner's question leads; the synthesis still holds."""
    repo = ctx.create_repository("chat-model", initial_files(external_model="allowed"))
    with ctx.stack.sandbox.client() as learner:
        learner.script_model(ISSUE_TITLE, MODEL_READING)
    start = repo.observe()
    number = repo.open_issue(ISSUE_TITLE, NOTE)
    reply = repo.wait_for_replies(number)[-1]
    after = repo.observe()
    answer_at, repo_talk_at = reply.find(MODEL_ANSWER), reply.find("subjects/mathematics/")
    ctx.checks.expect(
        "the mathematical need is met before repository work",
        0 <= answer_at < repo_talk_at,
        f"answer at {answer_at}, first repository path at {repo_talk_at}",
    )
    models, gaps = new_records(start, after, "models"), new_records(start, after, "knowledge-gaps")
    ctx.checks.expect(
        "with the chat model too: one model and no second gap",
        len(models) == 1 and not gaps,
        f"new models {models or 'none'}; new gaps {gaps or 'none'}",
    )


def _same_input_again(checks: CheckRecorder, repo: LearnerRepository) -> None:
    before = repo.observe()
    number = repo.open_issue(ISSUE_TITLE, NOTE)
    repo.wait_for_replies(number)
    after = repo.observe()
    no_new_commit(checks, "the same input again makes no commit", before, after)
    checks.expect(
        "the same input again adds no file",
        not after.added_paths(before),
        f"added: {after.added_paths(before) or 'nothing'}",
    )


def _one_occurrence(checks: CheckRecorder, repo: LearnerRepository) -> None:
    start = repo.observe()
    number = repo.open_issue("Square root equation", FIRST_WORDS)
    repo.wait_for_replies(number)
    after = repo.observe()
    one_learning_commit(checks, start, after)
    events, models = new_records(start, after, "events"), new_records(start, after, "models")
    checks.expect(
        "one occurrence keeps an event and promotes no model",
        len(events) == 1 and not models,
        f"new events {events or 'none'}; new models {models or 'none'}",
    )


def _manual(checks: CheckRecorder, repo: LearnerRepository) -> None:
    before = repo.observe()
    number = repo.open_issue(ISSUE_TITLE, NOTE)
    repo.wait_for_replies(number)
    no_new_commit(checks, "under manual nothing is committed", before, repo.observe())
