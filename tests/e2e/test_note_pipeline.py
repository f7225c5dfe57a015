"""A study note filed on the sandbox forge, end to end, judged by what the learner sees."""

from __future__ import annotations

import re
import subprocess
import time
import uuid
from typing import Any

import httpx
import pytest

from bot.receipt import ReceiptField
from evals.sandbox.client import SandboxClientError
from evals.sandbox.store import BOT_LOGIN
from forge_adapters.github.webhook import sign
from gitlearnos.demo import LEARNER_FILES, NOTE_BODY, NOTE_TITLE, REPOSITORY
from gitlearnos.local_stack import LocalStack

pytestmark = pytest.mark.e2e
WAIT = 60.0


def bare_git(stack: LocalStack, *args: str) -> str:
    bare = stack.data_dir / "sandbox" / "git" / f"{REPOSITORY}.git"
    return subprocess.run(
        ["git", "--git-dir", str(bare), *args], check=True, capture_output=True, text=True
    ).stdout


def bot_commits(stack: LocalStack) -> list[str]:
    return bare_git(stack, "log", "--format=%H", "--author=GitLearnOS Bot", "main").split()


def bot_comments(stack: LocalStack, number: int) -> list[dict[str, Any]]:
    with stack.sandbox.client() as learner:
        return [c for c in learner.comments(REPOSITORY, number) if c["user"]["login"] == BOT_LOGIN]


def wait_for(condition: Any, what: str, timeout: float = WAIT) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


def deliveries_of(stack: LocalStack, event: str) -> list[dict[str, Any]]:
    with stack.sandbox.client() as learner:
        return [d for d in learner.deliveries() if d["event"] == event]


def settle(stack: LocalStack, seconds: float = 2.0) -> None:
    """Give a wrongly queued task time to show itself (the worker picks tasks up in milliseconds)."""
    time.sleep(seconds)


@pytest.fixture
def filed_note(stack: LocalStack) -> int:
    with stack.sandbox.client() as learner:
        learner.create_repository(REPOSITORY, private=True, files=LEARNER_FILES)
        learner.add_hook(REPOSITORY, url=stack.webhook_url, secret=stack.webhook_secret)
        number = int(learner.open_issue(REPOSITORY, title=NOTE_TITLE, body=NOTE_BODY)["number"])
    wait_for(lambda: bot_comments(stack, number), "the bot's reply")
    return number


def test_signed_issue_becomes_one_commit_and_one_receipt(stack: LocalStack, filed_note: int) -> None:
    (commit,) = bot_commits(stack)
    message = bare_git(stack, "log", "-1", "--format=%B", commit)
    assert (
        f"GitLearnOS-Event: github:{stack.sandbox.url.removeprefix('http://')}/{REPOSITORY}#{filed_note}/issue@"
        in message
    )
    assert "GitLearnOS-Operation: organize" in message
    files = bare_git(stack, "show", "--name-only", "--format=", commit).split()
    assert "dashboard.md" in files
    (record,) = [f for f in files if f.startswith("subjects/mathematics/events/")]
    assert NOTE_BODY[:60] in bare_git(stack, "show", f"main:{record}")
    assert bare_git(stack, "show", "main:notes/shopping.txt") == LEARNER_FILES["notes/shopping.txt"]
    (comment,) = bot_comments(stack, filed_note)
    for field in ReceiptField:
        assert f"**{field.value}:**" in comment["body"]
    assert commit[:12] in comment["body"]


def test_redelivery_and_replay_make_no_second_commit_or_comment(stack: LocalStack, filed_note: int) -> None:
    (original,) = deliveries_of(stack, "issues")
    with stack.sandbox.client() as learner:
        learner.redeliver(original["guid"])
    body = (stack.data_dir / "sandbox" / "deliveries" / f"{original['guid']}.json").read_bytes()
    replay = httpx.post(
        stack.webhook_url,
        content=body,
        headers={
            "X-GitHub-Event": "issues",
            "X-GitHub-Delivery": str(uuid.uuid4()),
            "Content-Type": "application/json",
            "X-Hub-Signature-256": sign(body, stack.webhook_secret),
        },
    )
    assert replay.status_code == 202, "a new delivery id passes intake; the worker must catch it"
    statuses = [d["status_code"] for d in deliveries_of(stack, "issues")]
    assert statuses == [202, 200], "the redelivery is answered as a duplicate"
    settle(stack)
    assert len(bot_commits(stack)) == 1
    assert len(bot_comments(stack, filed_note)) == 1


def test_wrong_signature_is_401_and_malformed_body_is_400(stack: LocalStack, filed_note: int) -> None:
    (original,) = deliveries_of(stack, "issues")
    body = (stack.data_dir / "sandbox" / "deliveries" / f"{original['guid']}.json").read_bytes()
    headers = {"X-GitHub-Event": "issues", "Content-Type": "application/json"}
    forged = httpx.post(
        stack.webhook_url,
        content=body.replace(b"corresponding", b"c0rresponding"),
        headers=headers
        | {"X-GitHub-Delivery": "forged", "X-Hub-Signature-256": sign(body, stack.webhook_secret)},
    )
    assert forged.status_code == 401
    broken = b'{"action": "opened", '
    malformed = httpx.post(
        stack.webhook_url,
        content=broken,
        headers=headers
        | {"X-GitHub-Delivery": "broken", "X-Hub-Signature-256": sign(broken, stack.webhook_secret)},
    )
    assert malformed.status_code == 400
    settle(stack)
    assert len(bot_commits(stack)) == 1
    assert len(bot_comments(stack, filed_note)) == 1


def learner_push(stack: LocalStack, path: str, content: bytes, message: str) -> str:
    """Push as the learner; like a person, pull and try again when the bot pushed first."""
    for _ in range(5):
        try:
            with stack.sandbox.client() as learner:
                return learner.push_file(REPOSITORY, path, content, message)
        except SandboxClientError:
            time.sleep(0.2)
    raise AssertionError(f"the learner could not push {path}")


def test_learner_push_during_processing_survives(stack: LocalStack, filed_note: int) -> None:
    first = learner_push(stack, "notes/today.md", b"my own work\n", "Learner's own notes")
    with stack.sandbox.client() as learner:
        issue = learner.open_issue(
            REPOSITORY, title="Ratio test", body="My teacher said the ratio test needs a limit."
        )
    number = int(issue["number"])
    second = learner_push(stack, "notes/later.md", b"more work\n", "More learner notes")
    wait_for(lambda: bot_comments(stack, number), "the second reply")
    wait_for(lambda: len(bot_commits(stack)) == 2, "the second bot commit")
    log = bare_git(stack, "log", "--format=%an|%s", "main")
    assert "Learner's own notes" in log and "More learner notes" in log
    assert bare_git(stack, "show", "main:notes/today.md") == "my own work\n"
    assert bare_git(stack, "show", "main:notes/later.md") == "more work\n"
    # No force-push: every accepted commit, the learner's and the bot's, is still an ancestor of main.
    receipts = [c["body"] for n in (filed_note, number) for c in bot_comments(stack, n)]
    accepted = [first, second, *(re.search(r"git revert ([0-9a-f]{12})", body)[1] for body in receipts)]  # type: ignore[index]
    for commit in accepted:
        bare_git(stack, "merge-base", "--is-ancestor", commit, "main")
