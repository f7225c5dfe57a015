"""``gitlearnos demo``: the whole pipeline on embedded defaults, shown to a newcomer.

It starts an embedded Redis, the sandbox forge, the web service and a worker;
creates a private learner repository (config, a goal, and one unrelated
learner file); files a study note as an issue exactly as a learner would; waits
for the bot; and prints the commit, its files and the receipt. The exit code
says whether the bot really committed and replied.
"""

from __future__ import annotations

import subprocess
import tempfile
import time
from pathlib import Path

from evals.sandbox.store import BOT_LOGIN
from gitlearnos.embedded_redis import ensure_embedded_redis, stop_embedded_redis
from gitlearnos.local_stack import LocalStack, StackError, start_local_stack
from gitlearnos.log_setup import configure_logging

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


def _record_text(stack: LocalStack) -> str:
    bare = stack.data_dir / "sandbox" / "git" / f"{REPOSITORY}.git"
    names = ["git", "--git-dir", str(bare), "show", "--name-only", "--format=", "HEAD"]
    paths = subprocess.run(names, check=True, capture_output=True, text=True).stdout.split()
    record = next(path for path in paths if "/events/" in path)
    show = ["git", "--git-dir", str(bare), "show", f"HEAD:{record}"]
    return f"{record}\n\n" + subprocess.run(show, check=True, capture_output=True, text=True).stdout


def _run(stack: LocalStack) -> int:
    with stack.sandbox.client() as learner:
        learner.create_repository(REPOSITORY, private=True, files=LEARNER_FILES)
        learner.add_hook(REPOSITORY, url=stack.webhook_url, secret=stack.webhook_secret)
        print(f"Learner repository: {stack.sandbox.git_url(REPOSITORY)} (private, on the sandbox forge)")
        issue = learner.open_issue(REPOSITORY, title=NOTE_TITLE, body=NOTE_BODY)
    number = int(issue["number"])
    print(f"Alice filed issue #{number}: {NOTE_TITLE!r}\nWaiting for the bot ...")
    started = time.monotonic()
    comment = None
    while comment is None and time.monotonic() - started < WAIT_SECONDS:
        time.sleep(0.2)
        comment = _bot_comment(stack, number)
    if comment is None:
        print(f"The bot did not reply within {WAIT_SECONDS:.0f} s. Logs: {stack.logs_dir}")
        return 1
    elapsed = time.monotonic() - started
    commit, author = _show_commit(stack)
    print(f"\nThe bot answered in {elapsed:.1f} s.\n")
    print("=== The commit on the learner repository ===")
    print(commit)
    if author != "GitLearnOS Bot":
        print("The newest commit is not the bot's: something went wrong.")
        return 1
    print("=== The new event record ===")
    print(_record_text(stack))
    print(f"=== The bot's reply on issue #{number} (the receipt) ===")
    print(str(comment.get("body", "")).split("\n<!-- gitlearnos:")[0])
    return 0


def run_demo(*, data_dir: str | None, keep_running: bool) -> int:
    configure_logging("WARNING")  # the demo prints its own story; services log to files under the data dir
    root = Path(data_dir) if data_dir else Path(tempfile.mkdtemp(prefix="gitlearnos-demo-"))
    root.mkdir(parents=True, exist_ok=True)
    print(f"Demo state: {root}")
    redis_url = ensure_embedded_redis(root / "redis-home")
    print(f"Embedded Redis: {redis_url}")
    try:
        with start_local_stack(root, redis_url=redis_url) as stack:
            print(f"Sandbox forge: {stack.sandbox.url}   Web service: {stack.web_url}")
            code = _run(stack)
            if keep_running:
                sandbox_root = root / "sandbox"
                print(
                    f"\nStill running. Try: gitlearnos sandbox comments --root {sandbox_root} {REPOSITORY} 1"
                )
                print("Press Ctrl-C to stop.")
                try:
                    while True:
                        time.sleep(3600)
                except KeyboardInterrupt:
                    pass
            return code
    except StackError as error:
        print(f"The demo could not start: {error}")
        return 1
    finally:
        stop_embedded_redis(root / "redis-home")
