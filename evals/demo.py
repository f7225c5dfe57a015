"""``gitlearnos demo``: the whole pipeline on embedded defaults, shown to a newcomer.

It starts an embedded Redis, the sandbox forge, the web service and a worker;
creates a private learner repository (config, a goal, and one unrelated
learner file); files a study note as an issue exactly as a learner would; waits
for the bot; and prints the commit, its files and the receipt. The exit code
says whether the bot really committed and replied. Each slow step shows a live
status on a terminal (a plain line otherwise), and a short summary closes.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

from evals.local_stack import LocalStack, StackError, start_local_stack
from evals.sandbox.store import BOT_LOGIN
from gitlearnos.console_progress import Reporter, reporter
from runtime.embedded_redis import ensure_embedded_redis, stop_embedded_redis
from runtime.log_setup import configure_logging

REPOSITORY = "alice/learning"
WAIT_SECONDS = 90.0

LEARNER_FILES = {
    "gitlearnos.yml": """\
protocol: "2.0-draft"
language: en
mode: safe-auto
identity:
  role: learner
  kind: learner-repository
authorization:
  automatic_writes: true
  commits: true
  push: true
privacy:
  repository: private
setup:
  answers:
    goal: Understand similar triangles well enough to pass the unit test
    subject: mathematics
automation:
  time_zone: Europe/Berlin
""",
    "subjects/mathematics/goals/main-goal.md": """\
# Learning Goal

Status: `active`
Subject: mathematics
Track: `school`

## Goal

- Understand similar triangles well enough to pass the unit test.
""",
    "notes/shopping.txt": "graph paper, compass\n",
}

NOTE_TITLE = "Similar triangles: fix the corresponding vertices first"
NOTE_BODY = (
    "In class I learned that corresponding vertices must be fixed before writing a "
    "triangle-similarity statement. Save this and connect it to my geometry work."
)


def _bot_comment(stack: LocalStack, number: int) -> dict[str, object] | None:
    with stack.sandbox.client() as learner:
        for comment in learner.comments(REPOSITORY, number):
            user = comment.get("user") or {}
            if isinstance(user, dict) and user.get("login") == BOT_LOGIN:
                return comment
    return None


def _show_commit(stack: LocalStack) -> tuple[str, str]:
    """The newest commit on the learner repository, as ``git show --stat`` prints it, and its author."""
    bare = stack.data_dir / "sandbox" / "git" / f"{REPOSITORY}.git"
    show = ["git", "--git-dir", str(bare), "show", "--stat", "--format=commit %H%nAuthor: %an%n%n%B", "HEAD"]
    text = subprocess.run(show, check=True, capture_output=True, text=True).stdout
    author = subprocess.run(
        ["git", "--git-dir", str(bare), "log", "-1", "--format=%an", "HEAD"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    return text, author


def _record_path(stack: LocalStack) -> str:
    bare = stack.data_dir / "sandbox" / "git" / f"{REPOSITORY}.git"
    names = ["git", "--git-dir", str(bare), "show", "--name-only", "--format=", "HEAD"]
    paths = subprocess.run(names, check=True, capture_output=True, text=True).stdout.split()
    return next(path for path in paths if "/events/" in path)


def _record_text(stack: LocalStack, record: str) -> str:
    bare = stack.data_dir / "sandbox" / "git" / f"{REPOSITORY}.git"
    show = ["git", "--git-dir", str(bare), "show", f"HEAD:{record}"]
    return f"{record}\n\n" + subprocess.run(show, check=True, capture_output=True, text=True).stdout


def _run(stack: LocalStack, progress: Reporter) -> int:
    creating = progress.step("Creating Alice's private learner repository and filing her note")
    with creating, stack.sandbox.client() as learner:
        learner.create_repository(REPOSITORY, private=True, files=LEARNER_FILES)
        learner.add_hook(REPOSITORY, url=stack.webhook_url, secret=stack.webhook_secret)
        issue = learner.open_issue(REPOSITORY, title=NOTE_TITLE, body=NOTE_BODY)
    progress.line(f"Learner repository: {stack.sandbox.git_url(REPOSITORY)} (private, on the sandbox forge)")
    number = int(issue["number"])
    progress.line(f"Alice filed issue #{number}: {NOTE_TITLE!r}")
    started = time.monotonic()
    comment = None
    with progress.step(f"Waiting for the bot (webhook, worker, commit, reply; up to {WAIT_SECONDS:.0f} s)"):
        while comment is None and time.monotonic() - started < WAIT_SECONDS:
            time.sleep(0.2)
            comment = _bot_comment(stack, number)
    if comment is None:
        progress.summary(
            f"gitlearnos demo: the bot did not reply within {WAIT_SECONDS:.0f} s",
            [("issue", f"#{number} on {REPOSITORY}"), ("logs", str(stack.logs_dir))],
        )
        return 1
    elapsed = time.monotonic() - started
    commit, author = _show_commit(stack)
    progress.line(f"\nThe bot answered in {elapsed:.1f} s.\n")
    progress.line("=== The commit on the learner repository ===")
    progress.line(commit)
    if author != "GitLearnOS Bot":
        progress.summary(
            "gitlearnos demo: the newest commit is not the bot's: something went wrong",
            [("author", author), ("logs", str(stack.logs_dir))],
        )
        return 1
    record = _record_path(stack)
    progress.line("=== The new event record ===")
    progress.line(_record_text(stack, record))
    progress.line(f"=== The bot's reply on issue #{number} (the receipt) ===")
    progress.line(str(comment.get("body", "")).split("\n<!-- gitlearnos:")[0])
    progress.summary(
        f"gitlearnos demo: the bot committed and replied in {elapsed:.1f} s",
        [
            ("repository", f"{REPOSITORY} (private, sandbox forge)"),
            ("note", f"issue #{number}"),
            ("commit", commit.split()[1][:12] + f" by {author}"),
            ("record", record),
            ("reply", f"comment on issue #{number}"),
            ("logs", str(stack.logs_dir)),
        ],
    )
    return 0


def run_demo(*, data_dir: str | None, keep_running: bool) -> int:
    configure_logging("WARNING")  # the demo prints its own story; services log to files under the data dir
    progress = reporter(sys.stdout)  # the story is the demo's output, so its progress goes there too
    root = Path(data_dir) if data_dir else Path(tempfile.mkdtemp(prefix="gitlearnos-demo-"))
    root.mkdir(parents=True, exist_ok=True)
    progress.line(f"Demo state: {root}")
    with progress.step("Starting the embedded Redis"):
        redis_url = ensure_embedded_redis(root / "redis-home")
    progress.line(f"Embedded Redis: {redis_url}")
    try:
        with progress.step("Starting the sandbox forge, the web service and the workers"):
            stack = start_local_stack(root, redis_url=redis_url)
        with stack:
            progress.line(f"Sandbox forge: {stack.sandbox.url}   Web service: {stack.web_url}")
            code = _run(stack, progress)
            if keep_running:
                sandbox_root = root / "sandbox"
                progress.line(
                    f"\nStill running. Try: gitlearnos sandbox comments --root {sandbox_root} {REPOSITORY} 1"
                )
                progress.line("Press Ctrl-C to stop.")
                try:
                    while True:
                        time.sleep(3600)
                except KeyboardInterrupt:
                    pass
            return code
    except StackError as error:
        progress.summary("gitlearnos demo: could not start", [("error", str(error))])
        return 1
    finally:
        stop_embedded_redis(root / "redis-home")
