"""Scenario 01, bootstrap: an empty repository set up from one request filed as an issue.

It runs only once the setup gate exists (``bot/setup/operation.py``); until then the cell is
``not-yet``. The checks are written against the protocol, not against that module: the minimum files and
nothing else (the forge's issue forms are allowed, as DESIGN.md has setup install them), a valid
``gitlearnos.yml`` with ``safe-auto``, an IANA time zone and both recurring times, an ``automation.md``
that claims no scheduler, one next action, files that link to one another, one commit, and a receipt
listing its paths. The setup gate asks one question per reply for the next missing fact; the learner
answers each with the same short message (a time zone, and "use the defaults" for the rest), for at most
:data:`MAX_ANSWERS` turns, as a person would.
"""

from __future__ import annotations

import importlib.util
import re
import zoneinfo
from collections.abc import Sequence
from typing import Any

import yaml

from evals.harness.checks import Check, CheckRecorder
from evals.harness.forge_run import ForgeRun
from evals.harness.learner_checks import (
    affirmative_sentences,
    one_learning_commit,
    receipt_complete,
    receipt_lists_changed_paths,
    receipt_names_commit,
)
from evals.harness.links import referenced_paths
from evals.harness.receipt import ReceiptField, parse_receipt
from evals.harness.repo_state import RepoState

NUMBER = "01"
TITLE = "Bootstrap"
SETUP_MODULE = "bot.setup.operation"

REQUEST = "Use GitLearnOS. My first subject is mathematics. I want to improve geometry."
TIME_ZONE = "Europe/Berlin"
ANSWER = (
    f"My time zone is {TIME_ZONE}. Use the documented defaults for everything else; "
    "I have no study material yet."
)
MAX_ANSWERS = 4
QUESTION = re.compile(r"[^.!?\n]*\?")
REQUIRED = (
    "gitlearnos.yml",
    "AGENTS.md",
    "automation.md",
    "dashboard.md",
    "learner-profile.md",
    "subjects/mathematics/goals/main-goal.md",
)
ALLOWED_EXTRA = ("CLAUDE.md",)
ISSUE_FORMS = (".github/ISSUE_TEMPLATE/", ".gitlab/issue_templates/", ".gitea/ISSUE_TEMPLATE/")
LOCAL_TIME = re.compile(r"^([01]\d|2[0-3]):[0-5]\d$")
# Without a scheduler a job can only be `requested` or `unavailable` (or `disabled` by the learner).
JOB_STATE = re.compile(r"^[\s>*-]*(?:State|Status):\s*`?(?P<state>[A-Za-z-]+)`?", re.M)
UNPROVEN_STATES = frozenset({"configured", "verified"})
CLAIMS_SCHEDULER = re.compile(
    r"\b((is|are|was|were|has been|have been) (now )?(verified|running)|background (run|job)s? ran)\b",
    re.I,
)
ASKS_LEARNER_TO_GIT = re.compile(
    r"\b(create|make) (a |the )?folders?\b|\b(please )?commit (it|this|the)\b", re.I
)
NEXT_ACTION = re.compile(r"next action[^:\n]*:\s*\S", re.I)


def blocked() -> str | None:
    """Why the scenario cannot run yet: the setup gate is another engineer's module, not landed yet."""
    if importlib.util.find_spec(SETUP_MODULE) is None:
        return "the setup gate (bot/setup/operation.py) has not landed"
    return None


def run(ctx: ForgeRun) -> Sequence[Check]:
    repo = ctx.create_repository("bootstrap", {})
    before = repo.observe()
    number = repo.open_issue("Start my learning repository", REQUEST)
    replies = repo.wait_for_replies(number)
    for _ in range(MAX_ANSWERS):
        if repo.observe().head != before.head or not QUESTION.search(replies[-1]):
            break
        repo.comment(number, ANSWER)
        replies = repo.wait_for_replies(number, count=len(replies) + 1)
    judge(ctx.checks, before, repo.observe(), replies, answered=len(replies) > 1)
    return ctx.checks.results


def judge(
    checks: CheckRecorder, before: RepoState, after: RepoState, replies: Sequence[str], *, answered: bool
) -> None:
    """Every checkable line of scenario 01; ``answered`` says whether the learner stated the time zone."""
    reply = replies[-1] if replies else ""
    receipt = parse_receipt(reply)
    crowded = [r[:80] for r in replies if len(QUESTION.findall(r)) > 1]
    checks.expect(
        "at most one question per reply",
        not crowded,
        f"replies asking several questions: {crowded}" if crowded else f"{len(replies)} repl(ies)",
    )
    commit = one_learning_commit(checks, before, after)
    created = after.added_paths(before)
    missing = [path for path in REQUIRED if path not in after.files]
    checks.expect("the minimum files exist", not missing, f"missing: {missing}" if missing else "all present")
    extra = [
        path
        for path in created
        if path not in REQUIRED and path not in ALLOWED_EXTRA and not path.startswith(ISSUE_FORMS)
    ]
    checks.expect(
        "only the minimum files are created, no empty-folder placeholders",
        not extra,
        f"also created: {extra}" if extra else f"created: {created}",
    )
    _judge_config(checks, after.files.get("gitlearnos.yml", ""), answered=answered)
    automation = after.files.get("automation.md", "")
    states = [state.lower() for state in JOB_STATE.findall(automation)]
    claims = affirmative_sentences(automation, CLAIMS_SCHEDULER)
    checks.expect(
        "automation.md records the schedules without inventing a scheduler",
        bool(states) and not set(states) & UNPROVEN_STATES and not claims,
        f"job states {states}; claims: {claims}",
    )
    done = receipt.get(ReceiptField.AUTOMATION_ACTUALLY_COMPLETED, "")
    checks.expect(
        "no background scheduling is claimed",
        not affirmative_sentences(done, re.compile(r"\b(background|scheduled)\b", re.I)),
        f"Automation actually completed: {done!r}",
    )
    checks.expect(
        "one concrete next action is left",
        bool(NEXT_ACTION.search(after.files.get("dashboard.md", ""))),
        "dashboard.md states a next action",
    )
    minimum = [path for path in created if path in REQUIRED or path in ALLOWED_EXTRA]
    refs = {path: referenced_paths(path, after.files[path], minimum) for path in minimum}
    lonely = [p for p in minimum if not refs[p] and not any(p in targets for targets in refs.values())]
    checks.expect(
        "the minimum files link to one another",
        bool(minimum) and not lonely,
        f"neither linking nor linked: {lonely}" if lonely else f"{len(minimum)} files connected",
    )
    asks = [s for text in replies for s in affirmative_sentences(text, ASKS_LEARNER_TO_GIT)]
    checks.expect(
        "the learner is not asked to create folders or commit",
        not asks,
        f"asks: {asks}" if asks else "no such request",
    )
    receipt_complete(checks, receipt)
    if commit is not None:
        receipt_lists_changed_paths(checks, receipt, commit)
        receipt_names_commit(checks, receipt, commit.id)


def _judge_config(checks: CheckRecorder, text: str, *, answered: bool) -> None:
    try:
        config: Any = yaml.safe_load(text) or {}
    except yaml.YAMLError as error:
        checks.fail("gitlearnos.yml is valid", str(error))
        return
    automation = config.get("automation") or {}
    jobs = automation.get("jobs") or {}
    times = {
        name: str((jobs.get(name) or {}).get("local_time", "")) for name in ("maintenance", "due-review")
    }
    zone = str(automation.get("time_zone", ""))
    checks.expect(
        "safe-auto, the learner's IANA time zone and explicit times for both recurring jobs",
        config.get("mode") == "safe-auto"
        and (zone == TIME_ZONE if answered else zone in zoneinfo.available_timezones())
        and all(LOCAL_TIME.match(value) for value in times.values()),
        f"mode {config.get('mode')!r}, time zone {zone!r}, times {times}",
    )
    subject = str(((config.get("setup") or {}).get("answers") or {}).get("subject", ""))
    checks.expect(
        "the subject is mathematics", subject == "mathematics", f"setup.answers.subject: {subject!r}"
    )
