"""Scenario 18, no over-diagnosis of expected new learning.

Initial state: the demo's repository (a mathematics goal; nothing on derivatives, no failed attempt).
The learner sends the scenario's message, once in English and once in Chinese, each as a new issue.
Judged by outcome: the reply starts teaching (a plan, at most one scoping question) instead of probing;
no hypothesis list is written anywhere, no knowledge gap is written (a learning intention, if recorded,
stays at ``anomaly`` or ``suspected``), and at most one commit records the note.

**Chat model allowed**: the English message again, in a repository whose learner allows the chat model,
the sandbox's scripted model answering the recognition and the teaching start (a topic, three steps of
which one asks the learner a question, a worked example and one scope question). Judged as above, and:
the model was sent the learner's request and offered no place for a state, a class, a probe or a path;
the reply shows the introduction in order (the steps, the example, then the scope question) without the
step that asks; the lesson is shown, not kept in any record; no record holds an open probe.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

from evals.harness.checks import Check, CheckRecorder
from evals.harness.forge_run import ForgeRun
from evals.harness.learner_checks import new_records
from evals.harness.repo_state import RepoState
from evals.sandbox.model_api import schema_name
from evals.scenarios.diagnosis_records import (
    REQUIRED_CLASSES,
    asked_part,
    field,
    hypothesis_statuses,
    question_count,
)
from evals.scenarios.learner_files import learner_files

NUMBER = "18"
TITLE = "No over-diagnosis of new learning"
MESSAGES = (
    ("english", "Derivatives", "I have not studied derivatives yet. Please teach me."),
    ("chinese", "导数", "我没学过导数，你教我吧。"),
)
PLAN = re.compile(r"^\s*(?:\d+[.)]|[-*])\s+\S", re.M)
PROBE_TALK = re.compile(r"stop-probe gate|supported-write gate|hypothes[ie]s", re.I)
AT_MOST = ("", "anomaly", "suspected")
REQUEST = MESSAGES[0][2]
MODEL_RECOGNITION = {"learning_event": "durable", "subject": "mathematics", "answer": "", "seen_in_media": ""}
TAUGHT = (
    {"heading": "Rate of change", "explanation": "A derivative measures how fast a quantity changes."},
    {"heading": "Slope of a tangent", "explanation": "On a graph it is the slope of the tangent line there."},
)
ASKING = {"heading": "Quick check", "explanation": "Which way does the tangent of y = x^2 lean at x = -1?"}
EXAMPLE = "For y = x^2 the slope at x = 3 is 6, because the derivative of x^2 is 2x."
SCOPE = "Have you met the slope of a straight line, rise over run?"
MODEL_INTRODUCTION = {
    "topic": "derivatives",
    "builds_on": "the slope of a straight line",
    "steps": [TAUGHT[0], ASKING, TAUGHT[1]],
    "worked_example": EXAMPLE,
    "scope_question": SCOPE,
}
# Keys that would let the model write a record's state, a class, a probe or a path.
NO_PLACE_FOR = ("status", "mastery", "hypothesis", "hypotheses", "probe", "path", "lifecycle", "gap")


def run(ctx: ForgeRun) -> Sequence[Check]:
    checks = ctx.checks
    repo = ctx.create_repository("teach", learner_files())
    for language, title, message in MESSAGES:
        with checks.section(language):
            before = repo.observe()
            number = repo.open_issue(title, message)
            reply = repo.wait_for_replies(number)[-1]
            judge(checks, before, repo.observe(), reply)
    with checks.section("chat model allowed"):
        _with_chat_model(ctx)
    return checks.results


def _first_word(value: str) -> str:
    """The state a field names first (``anomaly`` of "`anomaly` (a learning intention)")."""
    return value.split(" ", 1)[0].strip("`") if value else ""


def judge(checks: CheckRecorder, before: RepoState, after: RepoState, reply: str) -> None:
    asked = asked_part(reply)
    checks.expect(
        "a teaching start: a plan and at most one scoping question",
        bool(PLAN.search(asked)) and question_count(asked) <= 1,
        f"plan steps: {len(PLAN.findall(asked))}; {question_count(asked)} question(s)",
    )
    changed = {p: after.files[p] for p in after.changed_paths(before) if p in after.files}
    listed = {p: sorted(set(hypothesis_statuses(t)) & set(REQUIRED_CLASSES)) for p, t in changed.items()}
    listed = {p: classes for p, classes in listed.items() if classes}
    checks.expect(
        "no hypothesis list or probe before teaching",
        not listed and not PROBE_TALK.search(asked),
        f"hypothesis tables: {listed or 'none'}; probe talk: {bool(PROBE_TALK.search(asked))}",
    )
    gaps = new_records(before, after, "knowledge-gaps")
    interpretations = {p: _first_word(field(t, "Interpretation lifecycle")) for p, t in changed.items()}
    beyond = {p: v for p, v in interpretations.items() if v not in AT_MOST}
    checks.expect(
        "no supported gap from the self-report",
        not gaps and not beyond,
        f"new gaps: {gaps or 'none'}; interpretations beyond suspected: {beyond or 'none'}",
    )
    commits = after.commits_since(before)
    checks.expect("at most one commit", len(commits) <= 1, f"{len(commits)} new commit(s)")


def _teaching_requests(ctx: ForgeRun) -> list[dict[str, Any]]:
    with ctx.stack.sandbox.client() as learner:
        return [r for r in learner.model_requests() if schema_name(r) == "teaching_start"]


def _property_names(node: object) -> set[str]:
    """Every key a JSON schema lets the reply hold, at any depth."""
    if isinstance(node, dict):
        found = set(node.get("properties", {})) if isinstance(node.get("properties"), dict) else set()
        return found | {name for value in node.values() for name in _property_names(value)}
    if isinstance(node, list):
        return {name for item in node for name in _property_names(item)}
    return set()


def _with_chat_model(ctx: ForgeRun) -> None:
    """The model writes the introduction; the core shows it bounded and writes no diagnosis."""
    repo = ctx.create_repository("chat-model", learner_files(external_model="allowed"))
    with ctx.stack.sandbox.client() as learner:
        learner.script_model("studied derivatives", MODEL_INTRODUCTION, schema="teaching_start")
        learner.script_model("studied derivatives", MODEL_RECOGNITION, schema="reading")
    checks, earlier = ctx.checks, len(_teaching_requests(ctx))
    before = repo.observe()
    number = repo.open_issue(MESSAGES[0][1], REQUEST)
    reply = repo.wait_for_replies(number)[-1]
    after = repo.observe()
    judge(checks, before, after, reply)
    sent = _teaching_requests(ctx)[earlier:]
    text = json.dumps(sent[0].get("messages", []), ensure_ascii=False) if len(sent) == 1 else ""
    offered = _property_names(sent[0].get("response_format", {})) if len(sent) == 1 else set()
    forbidden = sorted(offered & set(NO_PLACE_FOR))
    checks.expect(
        "the model is sent the request and offered no place for a state, a class, a probe or a path",
        REQUEST in text and bool(offered) and not forbidden,
        f"{len(sent)} teaching request(s); request sent: {REQUEST in text}; keys offered {sorted(offered)}",
    )
    asked = asked_part(reply)
    order = [asked.find(piece) for piece in (*(t["explanation"] for t in TAUGHT), EXAMPLE, SCOPE)]
    checks.expect(
        "the introduction is shown in order, without the step that asks",
        all(a >= 0 for a in order) and order == sorted(order) and ASKING["explanation"] not in reply
        and question_count(asked) == 1,
        f"positions of the steps, the example and the scope question: {order}; asking step shown: "
        f"{ASKING['explanation'] in reply}; {question_count(asked)} question(s)",
    )  # fmt: skip
    changed = {p: after.files[p] for p in after.changed_paths(before) if p in after.files}
    kept = sorted(p for p, t in changed.items() for piece in (*(s["explanation"] for s in TAUGHT), EXAMPLE)
                  if piece in t)  # fmt: skip
    probes = {p: field(t, "Open probe") for p, t in changed.items() if field(t, "Open probe")}
    checks.expect(
        "the lesson is shown, not kept as evidence, and no probe is opened",
        not kept and all(v.startswith("none") for v in probes.values()),
        f"records holding the lesson: {kept or 'none'}; open probes: {probes or 'none'}",
    )
