"""Scenario 07, local Git: a programming mistake organized in a checkout with no remote and no service.

Initial state: a local repository (the demo's files, re-targeted to programming) with one uncommitted edit
to an unrelated file and one untracked file. Input: a mistake plus the scenario's request, through
``gitlearnos local PATH MESSAGE``, run as the learner runs it (a process, offline, with no integration
configured: no Redis, chat model, RAG provider or forge account). The learner-visible result is the
printed reply and the repository itself. A second checkout keeps the protocol's default
``authorization.push: false``: with no remote there is nothing to push, so that must not stop a local
commit. The fresh debugging task is one planned review record in the same commit, linked to the event;
the printed reply shows the task and why it is asked, never its success condition.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

from evals.harness.checks import Check, CheckRecorder
from evals.harness.learner_checks import (
    affirmative_sentences,
    header_value,
    new_records,
    one_learning_commit,
    plain,
    receipt_complete,
    receipt_lists_changed_paths,
    receipt_names_commit,
)
from evals.harness.local_run import LocalRun
from evals.harness.receipt import ReceiptField, parse_receipt
from evals.harness.repo_state import RepoState, read_state
from evals.sandbox.git_client import GitCommandError, run_git
from evals.scenarios.learner_files import UNRELATED_FILE, learner_files

LOCAL_TIMEOUT_S = 120.0
NUMBER = "07"
TITLE = "Local Git"

SUBJECT = "programming"
GOAL = "Write Python loops over lists without off-by-one mistakes"
MISTAKE = (
    "I looped with `for i in range(len(items) - 1)` and my report skipped the last item; "
    "range already stops before its end, so subtracting 1 dropped one element."
)
REQUEST = "Organize this programming mistake, give me one fresh debugging task, and save the useful result."
MESSAGE = f"{MISTAKE}\n\n{REQUEST}"
LEARNER = ["-c", "user.name=Alice", "-c", "user.email=alice@example.org"]
UNCOMMITTED_EDIT = "graph paper, compass, a new notebook\n"
UNTRACKED = "scratch/loop_experiment.py"

ASKS_FOR_REMOTE = re.compile(
    r"""\b(add|create|set\ up|configure|connect|needs?|requires?)\b   # a request ...
        [^.\n]{0,40}\b(remote|GitHub|GitLab|Gitea|account)\b        # ... for a host or an account""",
    re.I | re.X,
)
NOT_PUSHED = re.compile(r"\bnot pushed\b|\bno remote\b", re.I)
NO_SCHEDULE = re.compile(r"\bno (scheduled|background)\b|\bimmediate\b", re.I)


# The environment a deployment configures its integrations with: the bot's settings, and Redis's URL.
INTEGRATIONS = ("GITLEARNOS_", "REDIS_URL")


def first_line(text: str) -> str:
    return text.strip().splitlines()[0] if text.strip() else ""


def make_checkout(path: Path, files: Mapping[str, str]) -> Path:
    """A local repository with ``files`` committed by the learner on ``main``; no remote."""
    run_git(["init", "--quiet", "-b", "main", str(path)])
    for name, content in files.items():
        (path / name).parent.mkdir(parents=True, exist_ok=True)
        (path / name).write_text(content, encoding="utf-8")
    run_git(["add", "--all"], cwd=path)
    run_git([*LEARNER, "commit", "--quiet", "-m", "Start my learning repository"], cwd=path)
    return path


def run_local(repo: Path, message: str) -> str:
    """What ``gitlearnos local`` prints for ``message`` in ``repo``, with no optional integration configured:
    no Redis, no chat model (so the rule agent), no RAG provider, no forge account. The scenario's checks
    then show the whole loop needs none of them."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(INTEGRATIONS) and k not in INTEGRATIONS}
    done = subprocess.run(
        [sys.executable, "-m", "gitlearnos", "local", str(repo), message],
        capture_output=True, text=True, env=env, timeout=LOCAL_TIMEOUT_S, check=False,
    )  # fmt: skip
    return done.stdout + done.stderr


def run(ctx: LocalRun) -> Sequence[Check]:
    repo = make_checkout(ctx.workdir / "learning", learner_files(subject=SUBJECT, goal=GOAL))
    (repo / UNRELATED_FILE).write_text(UNCOMMITTED_EDIT, encoding="utf-8")
    (repo / UNTRACKED).parent.mkdir(parents=True, exist_ok=True)
    (repo / UNTRACKED).write_text("print('work in progress')\n", encoding="utf-8")
    before = read_state(repo / ".git", "HEAD")
    printed = run_local(repo, MESSAGE)
    after = read_state(repo / ".git", "HEAD")
    judge(ctx.checks, repo, before, after, printed)
    _judge_revert(ctx.checks, repo, ctx.workdir / "revert-check", before, after)

    default = make_checkout(
        ctx.workdir / "default-config", learner_files(subject=SUBJECT, goal=GOAL, push=False)
    )
    before_default = read_state(default / ".git", "HEAD")
    printed_default = run_local(default, MESSAGE)
    new = read_state(default / ".git", "HEAD").commits_since(before_default)
    ctx.checks.expect(
        "commits with the protocol's default `push: false` (a missing remote is not incomplete setup)",
        len(new) == 1,
        f"{len(new)} new commit(s); the bot printed: {first_line(printed_default)!r}",
    )
    return ctx.checks.results


def judge(checks: CheckRecorder, repo: Path, before: RepoState, after: RepoState, printed: str) -> None:
    """What the learner sees after one local run: their files, one commit, and an honest printed receipt."""
    receipt = parse_receipt(printed)
    commit = one_learning_commit(checks, before, after)
    events = new_records(before, after, "events")
    record = after.files.get(events[0], "") if events else ""
    checks.expect(
        "the mistake is organized under programming, preserved as written",
        len(events) == 1 and events[0].startswith(f"subjects/{SUBJECT}/") and plain(MISTAKE) in plain(record),
        f"new event records: {events}",
    )
    committed = set(commit.paths) if commit else set()
    kept = (
        (repo / UNRELATED_FILE).read_text(encoding="utf-8") == UNCOMMITTED_EDIT
        and (repo / UNTRACKED).exists()
        and not committed & {UNRELATED_FILE, UNTRACKED}
    )
    checks.expect(
        "unrelated uncommitted and untracked files are preserved and not committed",
        kept,
        f"committed paths: {sorted(committed)}",
    )
    persistence = receipt.get(ReceiptField.GIT_PERSISTENCE, "")
    automation = receipt.get(ReceiptField.AUTOMATION_ACTUALLY_COMPLETED, "")
    checks.expect(
        "the receipt says nothing was pushed",
        bool(NOT_PUSHED.search(persistence)),
        f"Git persistence: {persistence!r}",
    )
    checks.expect(
        "the receipt says no background scheduling happened",
        bool(NO_SCHEDULE.search(automation))
        and not affirmative_sentences(automation, re.compile("scheduled")),
        f"Automation actually completed: {automation!r}",
    )
    asks = affirmative_sentences(printed, ASKS_FOR_REMOTE)
    setup = receipt.get(ReceiptField.SETUP_STATUS, "")
    checks.expect(
        "no remote host or account is requested, and no remote counts as incomplete setup",
        not asks and not re.search(r"remote|push", setup, re.I),
        f"requests: {asks}; Setup status: {setup!r}",
    )
    _judge_question(checks, before, after, printed, events=events, committed=committed)
    receipt_complete(checks, receipt)
    if commit is not None:
        receipt_lists_changed_paths(checks, receipt, commit)
        receipt_names_commit(checks, receipt, commit.id)


def _section(record: str, heading: str) -> str:
    return record.split(f"\n## {heading}", 1)[-1].split("\n## ", 1)[0] if f"\n## {heading}" in record else ""


def _judge_question(
    checks: CheckRecorder,
    before: RepoState,
    after: RepoState,
    printed: str,
    *,
    events: list[str],
    committed: set[str],
) -> None:
    """One planned review record in the commit, linked to the event; the reply shows it without a key."""
    reviews = new_records(before, after, "reviews")
    record = after.files.get(reviews[0], "") if len(reviews) == 1 else ""
    event_id = header_value(after.files.get(events[0], ""), "ID") if events else ""
    question = next(
        (line[3:] for line in _section(record, "Questions").splitlines() if line.startswith("1. ")), ""
    )
    success = _section(record, "Answer or success condition").strip().lstrip("- ").strip()
    ok = (
        len(reviews) == 1
        and reviews[0] in committed
        and header_value(record, "Status") == "planned"
        and bool(event_id)
        and event_id in header_value(record, "Depends on (goal/gap/model/event IDs)")
        and bool(question)
        and plain(question) in plain(printed)
        and bool(success)
        and plain(success) not in plain(printed)
    )
    checks.expect(
        "gives one fresh, targeted debugging task",
        ok,
        f"new review records: {reviews}; linked to {event_id or 'no event'}; "
        f"task printed: {bool(question) and plain(question) in plain(printed)}; "
        f"success condition printed: {bool(success) and plain(success) in plain(printed)}",
    )


def _judge_revert(
    checks: CheckRecorder, repo: Path, scratch: Path, before: RepoState, after: RepoState
) -> None:
    """The evidence line: the commit can be reverted, in a clone, back to exactly the earlier files."""
    if after.head == before.head:
        checks.fail("the commit can be inspected and reverted", "there is no new commit to revert")
        return
    try:
        run_git(["clone", "--quiet", str(repo), str(scratch)])
        run_git([*LEARNER, "revert", "--no-edit", after.head], cwd=scratch)
    except GitCommandError as error:
        checks.fail("the commit can be inspected and reverted", str(error))
        return
    reverted = read_state(scratch / ".git", "HEAD")
    checks.expect(
        "the commit can be inspected and reverted",
        dict(reverted.files) == dict(before.files),
        "`git revert` restores the files exactly"
        if reverted.files == before.files
        else "files differ after revert",
    )
