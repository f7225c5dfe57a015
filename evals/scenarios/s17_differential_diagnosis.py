"""Scenario 17, differential diagnosis before writing a knowledge gap.

Initial state: the demo's repository (``safe-auto``, a mathematics goal, no quadratic gap). The learner
files the scenario's complaint verbatim, without working. Judged by outcome, in two repositories:

1. **opens upward**: the complaint makes one commit of an event with the competing hypotheses and no gap,
   and the reply asks one qualitative probe with both gates; the answer "it opens upward" makes one
   commit whose one gap is at the leading-coefficient grain, ``supported``, mastery ``unknown``, with a
   check that changes the numbers; then "I misread the sign" (the self-correction variant) falsifies that
   class, kept readable in the hypothesis table and the falsification log, the gap no longer open;
2. **opening answered correctly**: "downward" rules out the unestablished concept and the next probe is
   about the vertex; naming a method leaves classes that share one intervention, so probing stops at
   ``suspected`` with the supported-write gate held and no gap;
3. **solution demanded**: the complaint ends "Just give me the solution.": the reply gives the minimum
   (the vertex and the maximum), asks no probe, and the hypotheses stay open with no gap;
4. **one-off slip**: a calculation slip in otherwise sound working keeps one event and creates no gap,
   without an interrogation;
5. **manual**: under ``mode: manual`` the complaint commits nothing and the reply shows the exact pending
   writeback, hypothesis list included;
6. **contradiction with prior mastery**: with transposition recorded ``demonstrated`` on a narrow sample,
   two failed transposition items open forgetting, transfer, overestimated mastery and incidental causes
   and ask one question, and the recorded mastery is not lowered;
7. **chat model allowed**: the complaint's first turn is judged as in 1, the sandbox's scripted model
   answering the recognition; the learner answers the probe in prose no fixed reading can split, and the
   scripted model's reading of it (schema ``probe_reading``) supports a missing method, rules out the
   concept and weakens the rest, one move resting on words the learner never wrote. Judged: the model was
   sent the learner's answer, the probe asked and every open class; the dropped move changed nothing; the
   one supported class rests on the learner's own words; one commit writes one gap at the blocker the
   model named, ``supported`` with both gates passed, mastery ``unknown``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

from evals.harness import records
from evals.harness.checks import Check, CheckRecorder
from evals.harness.forge_run import ForgeRun, LearnerRepository
from evals.harness.learner_checks import history_kept, new_records, one_learning_commit, receipt_skill_honest
from evals.harness.receipt import ReceiptField, parse_receipt
from evals.harness.repo_state import RepoState
from evals.sandbox.model_api import schema_name
from evals.scenarios.diagnosis_records import (
    REQUIRED_CLASSES,
    asked_part,
    field,
    hypothesis_statuses,
    question_count,
    table,
)
from evals.scenarios.learner_files import learner_files

NUMBER = "17"
TITLE = "Differential diagnosis"
COMPLAINT = "I cannot do this quadratic. I do not know how to find the maximum of `y = -2x^2 + 4x + 1`."
ISSUE_TITLE = "Quadratic maximum"
UPWARD = "I think it opens upward."
MISREAD = "Oh, I misread the sign of a: it is -2, so it opens downward."
DOWNWARD = "Downward, because the number in front of x^2 is negative."
METHOD = "I would use x = -b/(2a) and put it back into the equation."
SOLUTION = re.compile(r"\(\s*1\s*,\s*3\s*\)|maximum (?:value )?(?:is|of) 3\b|\bx\s*=\s*1\b", re.I)
OPENING = re.compile(r"\bopen\w*\b.*\b(?:up\w*|down\w*)\b", re.I | re.S)
GATE = re.compile(r"Stop-probe gate:\W*(held|passed).*?Supported-write gate:\W*(held|passed)", re.I | re.S)
MINIMUM = re.compile(r"\bvertex\b.*?\b(?:x\s*=\s*(?:[^,;]*=\s*)?1)\b.*?\by\s*=\s*3\b", re.I | re.S)
SLIP = "Exercise 3: an arithmetic slip, 7 × 8 = 54; my method and every other step were right."
PRIOR_PATH = "subjects/mathematics/knowledge-gaps/transposition.md"
PRIOR = """# Knowledge Gap: moving terms across the equals sign

ID: `gap-transposition`
Knowledge ID: mathematics/algebra/transposition
Resolution: `resolved`
Mastery: `demonstrated`
Subject: mathematics

## Evidence

| Date | Channel | Observation or learner report | Independence or support | Link |
|---|---|---|---|---|
| 2026-10-02 | paper | two one-step items right after a week | independent | worksheet 2 |
"""
TWO_FAILED = "I got two transposition items wrong today: 3x + 5 = 2x - 4 and 7 - 2x = 3x + 2."
HISTORY = ("forgotten", "transfer-failure", "mastery-overestimated", "incidental")
ORIGINAL = re.compile(r"-\s*2\s*x\s*\^\s*2\s*\+\s*4\s*x\s*\+\s*1")
# The chat-model variant: a hint without the solution for the complaint, and a prose probe answer (no
# direction word, no method named) that only a reading by meaning can split.
HINT = "A maximum of a quadratic sits at the top of its graph, so the shape of the graph comes first."
MODEL_RECOGNITION = {
    "learning_event": "durable",
    "subject": "mathematics",
    "answer": HINT,
    "seen_in_media": "",
}
PROSE = "The minus two makes it a hill, so I get the shape, but I have no method for where the top is."
SUPPORTED_QUOTE = "I have no method for where the top is"
UNSAID = "I checked every sign twice"  # a quote the learner never wrote: its move must be dropped
BLOCKER = "vertex method"


def _move(hypothesis: str, status: str, quote: str) -> dict[str, str]:
    return {"hypothesis": hypothesis, "status": status, "quote": quote, "why": "the answer says so"}


MODEL_PROBE_READING = {
    "moves": [
        _move("procedure-unavailable", "supported", SUPPORTED_QUOTE),
        _move("concept-unestablished", "ruled_out", "The minus two makes it a hill"),
        _move("prerequisite-missing", "weakened", "so I get the shape"),
        _move("calculation-error", "weakened", "I have no method"),
        _move("language-misread", "weakened", "I get the shape"),
        _move("incidental", "ruled_out", UNSAID),
        _move("incidental", "weakened", "I have no method"),
    ],
    "split": "the opening is known; the method for the top point is missing",
    "blocker": BLOCKER,
}


def _gates(text: str) -> tuple[str, ...] | None:
    """The two gates as a text reports them, (stop-probe, supported-write), or None."""
    found = GATE.search(text)
    return tuple(g.lower() for g in found.groups()) if found else None


def _lifecycle(text: str) -> str:
    return field(text, "Interpretation lifecycle")


def run(ctx: ForgeRun) -> Sequence[Check]:
    checks = ctx.checks
    with checks.section("opens upward"):
        repo = ctx.create_repository("upward", learner_files())
        number, event_path = _complaint(checks, repo)
        gap = _upward(checks, repo, number, event_path)
        _self_correction(checks, repo, number, event_path, gap)
    with checks.section("opening right"):
        repo = ctx.create_repository("opening-right", learner_files())
        number, event_path = _complaint(checks, repo)
        _opening_right(checks, repo, number, event_path)
    with checks.section("solution demanded"):
        _solution_demanded(checks, ctx.create_repository("solution", learner_files()))
    with checks.section("one-off slip"):
        _one_off_slip(checks, ctx.create_repository("slip", learner_files()))
    with checks.section("manual"):
        _manual(checks, ctx.create_repository("manual", learner_files(mode="manual")))
    with checks.section("prior mastery"):
        _prior_mastery(checks, ctx.create_repository("prior", learner_files(extra={PRIOR_PATH: PRIOR})))
    with checks.section("chat model allowed"):
        _with_chat_model(ctx)
    return checks.results


def _step(repo: LearnerRepository, number: int, words: str, count: int) -> tuple[RepoState, RepoState, str]:
    before = repo.observe()
    repo.comment(number, words)
    reply = repo.wait_for_replies(number, count)[-1]
    return before, repo.observe(), reply


def _complaint(checks: CheckRecorder, repo: LearnerRepository) -> tuple[int, str]:
    """The first turn: an event with competing hypotheses, no gap, one qualitative probe, both gates."""
    start = repo.observe()
    number = repo.open_issue(ISSUE_TITLE, COMPLAINT)
    reply = repo.wait_for_replies(number)[-1]
    after = repo.observe()
    one_learning_commit(checks, start, after)
    events = new_records(start, after, "events")
    event = after.files.get(events[0], "") if len(events) == 1 else ""
    statuses = hypothesis_statuses(event)
    missing = [c for c in REQUIRED_CLASSES if c not in statuses]
    checks.expect(
        "the complaint is an event with competing hypotheses across layers",
        bool(event) and not missing and "supported" not in statuses.values(),
        f"{events or 'no new event'}; classes {statuses}; missing {missing}",
    )
    gaps = new_records(start, after, "knowledge-gaps")
    checks.expect("no gap file from the first complaint", not gaps, f"new gaps: {gaps or 'none'}")
    asked = asked_part(reply)
    checks.expect(
        "one qualitative probe is asked and recorded",
        question_count(asked) == 1 and bool(OPENING.search(asked)) and "open" in field(event, "Open probe"),
        f"{question_count(asked)} question(s) in the reply; recorded probe {field(event, 'Open probe')!r}",
    )
    shown = SOLUTION.findall(asked)
    checks.expect(
        "no full solution comes first", not shown, f"solution shown: {shown}" if shown else "none shown"
    )
    gates = _gates(reply)
    checks.expect("the reply reports both gates held", gates == ("held", "held"), f"gates: {gates}")
    _no_unproven_claims(checks, reply)
    return number, events[0] if events else ""


def _no_unproven_claims(checks: CheckRecorder, reply: str) -> None:
    """The receipt claims no retrieval, scheduled run or Skill it has no evidence of."""
    receipt = parse_receipt(reply)
    receipt_skill_honest(checks, receipt)
    rag = receipt.get(ReceiptField.RAG_SYNCHRONIZATION, "")
    automation = receipt.get(ReceiptField.AUTOMATION_ACTUALLY_COMPLETED, "")
    checks.expect(
        "no retrieval or scheduled run is claimed",
        rag.startswith("not attempted") and automation.startswith("immediate"),
        f"RAG synchronization {rag!r}; automation {automation!r}",
    )


def _mastery(checks: CheckRecorder, after: RepoState, reply: str) -> None:
    gaps = [p for p in after.files if "/knowledge-gaps/" in p]
    stated = {p: records.header(after.files[p]).get("Mastery", "") for p in gaps}
    receipt = parse_receipt(reply).get(ReceiptField.MASTERY, "")
    checks.expect(
        "mastery stays unknown or learning",
        all(value in ("unknown", "learning") for value in stated.values()) and "demonstrated" not in receipt,
        f"gap mastery {stated}; receipt Mastery {receipt!r}",
    )


def _upward(checks: CheckRecorder, repo: LearnerRepository, number: int, event_path: str) -> str:
    """'It opens upward': one gap at the leading-coefficient grain, supported, with a fresh check."""
    before, after, reply = _step(repo, number, UPWARD, 2)
    one_learning_commit(checks, before, after)
    gaps = new_records(before, after, "knowledge-gaps")
    gap = after.files.get(gaps[0], "") if len(gaps) == 1 else ""
    name = f"{gaps[0] if gaps else ''} {records.header(gap).get('Title', '')}".lower()
    checks.expect(
        "the upward answer yields the leading-coefficient link",
        "leading" in name and "coefficient" in name and "open" in name and "maxim" not in name,
        f"new gaps {gaps or 'none'}; title {records.header(gap).get('Title', '')!r}",
    )
    checks.expect(
        "the gap is written only with both gates passed, as supported",
        _lifecycle(gap) == "supported" and _gates(gap) == ("passed", "passed"),
        f"interpretation {_lifecycle(gap)!r}; gates {_gates(gap)}",
    )
    check = field(gap, "Fresh transfer check")
    checks.expect(
        "the verification item changes the values",
        bool(check) and not ORIGINAL.search(check),
        f"fresh check: {check!r}",
    )
    event = after.files.get(event_path, "")
    checks.expect(
        "the event keeps the probe answer",
        UPWARD in event and UPWARD.rstrip(".") in records.section(event, "Probe history"),
        "the answer is in the event's probe history" if UPWARD in event else "answer not recorded",
    )
    _mastery(checks, after, reply)
    return gaps[0] if gaps else ""


def _self_correction(
    checks: CheckRecorder, repo: LearnerRepository, number: int, event_path: str, gap: str
) -> None:
    """'I misread the sign': the supported class falsified and kept, the gap no longer open."""
    before, after, reply = _step(repo, number, MISREAD, 3)
    one_learning_commit(checks, before, after)
    event = after.files.get(event_path, "")
    statuses = hypothesis_statuses(event)
    logged = [row for row in table(event, "Falsification log") if "concept-unestablished" in row]
    checks.expect(
        "a falsified hypothesis stays readable",
        statuses.get("concept-unestablished") == "falsified" and bool(logged),
        f"concept-unestablished: {statuses.get('concept-unestablished')!r}; log rows {logged}",
    )
    text = after.files.get(gap, "")
    resolution = records.header(text).get("Resolution", "")
    checks.expect(
        "the falsified gap is kept and no longer open",
        bool(text) and resolution != "open" and _lifecycle(text) == "falsified",
        f"{gap or 'no gap'}: Resolution {resolution!r}, interpretation {_lifecycle(text)!r}",
    )
    history_kept(checks, before, after)
    _mastery(checks, after, reply)


def _opening_right(checks: CheckRecorder, repo: LearnerRepository, number: int, event_path: str) -> None:
    """'Downward': the concept ruled out, a vertex probe next; a named method stops at suspected."""
    before, after, reply = _step(repo, number, DOWNWARD, 2)
    event = after.files.get(event_path, "")
    asked = asked_part(reply)
    checks.expect(
        "a right opening rules out the unestablished concept and probes the vertex next",
        hypothesis_statuses(event).get("concept-unestablished") in ("ruled_out", "ruled-out")
        and "vertex" in asked.lower() and question_count(asked) == 1,
        f"concept-unestablished: {hypothesis_statuses(event).get('concept-unestablished')!r}; "
        f"{question_count(asked)} question(s); vertex asked: {'vertex' in asked.lower()}",
    )  # fmt: skip
    before, after, reply = _step(repo, number, METHOD, 3)
    event = after.files.get(event_path, "")
    gaps = new_records(before, after, "knowledge-gaps")
    checks.expect(
        "classes sharing an intervention stop probing at suspected",
        _lifecycle(event) == "suspected" and _gates(reply) == ("passed", "held") and not gaps,
        f"interpretation {_lifecycle(event)!r}; gates {_gates(reply)}; new gaps {gaps}",
    )


def _solution_demanded(checks: CheckRecorder, repo: LearnerRepository) -> None:
    """'Just give me the solution': the minimum explanation, no probe, the diagnosis left open."""
    start = repo.observe()
    number = repo.open_issue(ISSUE_TITLE, f"{COMPLAINT} Just give me the solution.")
    reply = repo.wait_for_replies(number)[-1]
    after = repo.observe()
    one_learning_commit(checks, start, after)
    events = new_records(start, after, "events")
    statuses = hypothesis_statuses(after.files.get(events[0], "")) if len(events) == 1 else {}
    asked, gaps = asked_part(reply), new_records(start, after, "knowledge-gaps")
    checks.expect(
        "a demanded solution gets the minimum and the hypotheses stay open",
        bool(MINIMUM.search(asked)) and question_count(asked) == 0
        and all(c in statuses for c in REQUIRED_CLASSES) and "supported" not in statuses.values()
        and not gaps and _gates(reply) == ("passed", "held"),
        f"minimum given: {bool(MINIMUM.search(asked))}; {question_count(asked)} question(s); classes "
        f"{statuses}; new gaps {gaps}; gates {_gates(reply)}",
    )  # fmt: skip


def _one_off_slip(checks: CheckRecorder, repo: LearnerRepository) -> None:
    """A slip in sound working: one event, no gap, no probe."""
    start = repo.observe()
    number = repo.open_issue("Exercise 3 slip", SLIP)
    reply = repo.wait_for_replies(number)[-1]
    after = repo.observe()
    events, gaps = new_records(start, after, "events"), new_records(start, after, "knowledge-gaps")
    asked = question_count(asked_part(reply))
    checks.expect(
        "a one-off slip keeps an event and creates no gap, without probing",
        len(events) == 1 and not gaps and asked == 0 and len(after.commits_since(start)) == 1,
        f"new events {events}; new gaps {gaps}; {asked} question(s); "
        f"{len(after.commits_since(start))} commit(s)",
    )


def _manual(checks: CheckRecorder, repo: LearnerRepository) -> None:
    """``mode: manual``: nothing committed; the pending writeback shown holds the hypothesis list."""
    start = repo.observe()
    number = repo.open_issue(ISSUE_TITLE, COMPLAINT)
    reply = repo.wait_for_replies(number)[-1]
    after = repo.observe()
    shown = [c for c in REQUIRED_CLASSES if c in reply]
    checks.expect(
        "manual: the pending writeback shows the hypothesis list and nothing is committed",
        not after.commits_since(start)
        and "pending writeback" in reply.lower()
        and len(shown) == len(REQUIRED_CLASSES),
        f"{len(after.commits_since(start))} commit(s); classes shown {shown}",
    )


def _prior_mastery(checks: CheckRecorder, repo: LearnerRepository) -> None:
    """Failures against a recorded `demonstrated`: competing explanations and one question, mastery kept."""
    start = repo.observe()
    number = repo.open_issue("Transposition again", TWO_FAILED)
    reply = repo.wait_for_replies(number)[-1]
    after = repo.observe()
    events = new_records(start, after, "events")
    statuses = hypothesis_statuses(after.files.get(events[0], "")) if len(events) == 1 else {}
    missing = [c for c in HISTORY if c not in statuses]
    asked = question_count(asked_part(reply))
    checks.expect(
        "a clash with demonstrated mastery opens competing explanations and asks once",
        not missing and asked == 1,
        f"classes {statuses}; missing {missing}; {asked} question(s)",
    )
    mastery = records.header(after.files.get(PRIOR_PATH, "")).get("Mastery", "")
    checks.expect(
        "the recorded mastery is not lowered before the inquiry",
        mastery == "demonstrated" and after.files.get(PRIOR_PATH) == PRIOR,
        f"{PRIOR_PATH}: Mastery {mastery!r}, unchanged: {after.files.get(PRIOR_PATH) == PRIOR}",
    )


def _sent(ctx: ForgeRun, schema: str) -> list[dict[str, Any]]:
    """The requests the sandbox's model received that ask for ``schema``, oldest first."""
    with ctx.stack.sandbox.client() as learner:
        return [r for r in learner.model_requests() if schema_name(r) == schema]


def _asked_probe(reply: str) -> str:
    """The one question the first turn asked, as the learner reads it (bold marks dropped)."""
    found = re.findall(r"[^\n*?]*\?", asked_part(reply))
    return found[0].strip() if len(found) == 1 else ""


def _with_chat_model(ctx: ForgeRun) -> None:
    """The complaint and a prose probe answer with the chat model allowed: the model reads the answer and
    the core's gates, not the model, decide what is written."""
    repo = ctx.create_repository("chat-model", learner_files(external_model="allowed"))
    with ctx.stack.sandbox.client() as learner:
        learner.script_model("makes it a hill", MODEL_PROBE_READING, schema="probe_reading")
        learner.script_model("find the maximum", MODEL_RECOGNITION, schema="reading")
    checks = ctx.checks
    start = repo.observe()
    number, event_path = _complaint(checks, repo)
    first = repo.wait_for_replies(number)[-1]
    answer_at, repo_talk_at = first.find(HINT), first.find("subjects/mathematics/")
    checks.expect(
        "the model's hint leads the first reply, before repository work",
        0 <= answer_at < repo_talk_at,
        f"hint at {answer_at}, first repository path at {repo_talk_at}",
    )
    earlier = len(_sent(ctx, "probe_reading"))
    before, after, reply = _step(repo, number, PROSE, 2)
    _what_the_model_read(checks, _sent(ctx, "probe_reading")[earlier:], _asked_probe(first))
    one_learning_commit(checks, before, after)
    history_kept(checks, start, after)
    statuses = hypothesis_statuses(after.files.get(event_path, ""))
    rows = {row[0]: " ".join(row) for row in table(after.files.get(event_path, ""), "Competing hypotheses")}
    checks.expect(
        "a move resting on words the learner never wrote is dropped",
        statuses.get("incidental") == "weakened" and UNSAID not in after.files.get(event_path, ""),
        f"incidental: {statuses.get('incidental')!r}",
    )
    checks.expect(
        "the one supported class rests on the learner's own words",
        statuses.get("procedure-unavailable") == "supported"
        and [c for c, v in statuses.items() if v == "supported"] == ["procedure-unavailable"]
        and SUPPORTED_QUOTE in rows.get("procedure-unavailable", ""),
        f"classes {statuses}",
    )
    gaps = new_records(before, after, "knowledge-gaps")
    gap = after.files.get(gaps[0], "") if len(gaps) == 1 else ""
    name = f"{gaps[0] if gaps else ''} {records.header(gap).get('Title', '')}".lower()
    checks.expect(
        "with the chat model the gate-passing reading writes one supported gap at the blocker's grain",
        all(word in name for word in BLOCKER.split()) and "maxim" not in name
        and _lifecycle(gap) == "supported" and _gates(gap) == ("passed", "passed")
        and _gates(reply) == ("passed", "passed"),
        f"new gaps {gaps or 'none'}; interpretation {_lifecycle(gap)!r}; gates in the gap {_gates(gap)}, "
        f"in the reply {_gates(reply)}",
    )  # fmt: skip
    _mastery(checks, after, reply)


def _what_the_model_read(checks: CheckRecorder, sent: list[dict[str, Any]], probe: str) -> None:
    """One probe-reading request, holding the learner's answer, the probe asked and every open class."""
    text = json.dumps(sent[0].get("messages", []), ensure_ascii=False) if len(sent) == 1 else ""
    missing = [c for c in REQUIRED_CLASSES if c not in text]
    checks.expect(
        "the model is sent the learner's answer, the probe asked and every open class",
        PROSE in text and bool(probe) and probe in text and not missing,
        f"{len(sent)} probe-reading request(s); answer sent: {PROSE in text}; probe {probe!r} sent: "
        f"{bool(probe) and probe in text}; classes missing: {missing}",
    )
