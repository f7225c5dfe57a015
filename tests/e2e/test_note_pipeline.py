"""A study note filed on the sandbox forge, end to end, judged by what the learner sees.

The module shares one stack (sandbox forge, web, worker, Redis): each test files its note in a fresh
repository of its own, so no test sees another's commits, comments or deliveries.
"""

from __future__ import annotations

import itertools
import re
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from bot.receipt import ReceiptField
from evals.demo import LEARNER_FILES, NOTE_BODY, NOTE_TITLE, REPOSITORY
from evals.local_stack import OTHER_BOT, LocalStack, start_local_stack
from evals.sandbox.client import SandboxClientError
from evals.sandbox.store import BOT_LOGIN
from tests.support.demo_note import DEMO_NOTE_SENTENCES
from tests.support.log_audit import audit_logs
from tests.support.redis_databases import fresh_database
from tests.support.signing import signed_headers
from tests.support.waiting import settle, wait_for

pytestmark = pytest.mark.e2e
_repositories = itertools.count(1)


@pytest.fixture(scope="module")
def stack(tmp_path_factory: pytest.TempPathFactory, redis_server: str) -> Iterator[LocalStack]:
    """One stack for the module, on a flushed Redis database of its own (no rag-queue worker: these tests
    follow the event path). Every log it wrote is audited at the end, as the per-test stack's are."""
    root: Path = tmp_path_factory.mktemp("note-pipeline")
    with start_local_stack(root, redis_url=fresh_database(redis_server), with_rag_worker=False) as running:
        yield running
    audit_logs(running, [], learner_texts=DEMO_NOTE_SENTENCES)


@pytest.fixture(autouse=True)
def fresh_repository(monkeypatch: pytest.MonkeyPatch) -> str:
    """This test's own learner repository: ``REPOSITORY`` names it for the test and the helpers below."""
    name = f"{REPOSITORY}-{next(_repositories)}"
    monkeypatch.setattr(sys.modules[__name__], "REPOSITORY", name)
    return name


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


ISSUE_EVENT = {"github": "issues", "gitlab": "Issue Hook", "gitea": "issues"}


def issue_deliveries(stack: LocalStack, forge: str) -> list[dict[str, Any]]:
    with stack.sandbox.client() as learner:
        return [
            d for d in learner.deliveries() if d["event"] == ISSUE_EVENT[forge] and d["repo"] == REPOSITORY
        ]


@pytest.fixture(params=["github", "gitlab", "gitea"])
def forge(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def filed_note(stack: LocalStack, forge: str) -> int:
    with stack.sandbox.client() as learner:
        learner.create_repository(REPOSITORY, private=True, files=LEARNER_FILES)
        learner.add_hook(
            REPOSITORY, url=stack.webhook_url_for(forge), secret=stack.webhook_secret, forge=forge
        )
        number = int(learner.open_issue(REPOSITORY, title=NOTE_TITLE, body=NOTE_BODY)["number"])
    wait_for(lambda: bot_comments(stack, number), "the bot's reply")
    return number


def test_signed_issue_becomes_one_commit_and_one_receipt(
    stack: LocalStack, forge: str, filed_note: int
) -> None:
    (commit,) = bot_commits(stack)
    message = bare_git(stack, "log", "-1", "--format=%B", commit)
    host = stack.sandbox.url.removeprefix("http://")
    assert f"GitLearnOS-Event: {forge}:{host}/{REPOSITORY}#{filed_note}/issue@" in message
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


def test_redelivery_and_replay_make_no_second_commit_or_comment(
    stack: LocalStack, forge: str, filed_note: int
) -> None:
    (original,) = issue_deliveries(stack, forge)
    with stack.sandbox.client() as learner:
        learner.redeliver(original["guid"])
    statuses = [d["status_code"] for d in issue_deliveries(stack, forge)]
    assert statuses == [202, 200], "the forge's own redelivery is answered as a duplicate"
    body = (stack.data_dir / "sandbox" / "deliveries" / f"{original['guid']}.json").read_bytes()
    replay = httpx.post(
        stack.webhook_url_for(forge),
        content=body,
        headers=signed_headers(forge, body, stack.webhook_secret, str(uuid.uuid4())),
    )
    # Gitea's intake key is the body hash, so a replay stops there; elsewhere the worker catches it.
    assert replay.status_code == (200 if forge == "gitea" else 202)
    settle(stack)
    assert len(bot_commits(stack)) == 1
    assert len(bot_comments(stack, filed_note)) == 1


def test_wrong_signature_is_401_and_malformed_body_is_400(
    stack: LocalStack, forge: str, filed_note: int
) -> None:
    (original,) = issue_deliveries(stack, forge)
    body = (stack.data_dir / "sandbox" / "deliveries" / f"{original['guid']}.json").read_bytes()
    forged = httpx.post(
        stack.webhook_url_for(forge),
        content=body.replace(b"corresponding", b"c0rresponding"),
        headers=signed_headers(forge, body, "not-the-secret", "forged"),
    )
    assert forged.status_code == 401
    broken = b'{"action": "opened", '
    malformed = httpx.post(
        stack.webhook_url_for(forge),
        content=broken,
        headers=signed_headers(forge, broken, stack.webhook_secret, "broken"),
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


@pytest.mark.parametrize(
    "author", [BOT_LOGIN, OTHER_BOT, "mr-smith"], ids=["own-bot", "other-bot", "stranger"]
)
def test_comments_by_bots_and_strangers_change_nothing(
    stack: LocalStack, forge: str, filed_note: int, author: str
) -> None:
    with stack.sandbox.client(author) as someone:
        someone.comment(REPOSITORY, filed_note, "In class I learned that the ratio test needs a limit.")
    settle(stack)
    assert len(bot_commits(stack)) == 1
    with stack.sandbox.client() as learner:
        replies = [c for c in learner.comments(REPOSITORY, filed_note) if "<!-- gitlearnos:" in c["body"]]
    assert len(replies) == 1, "only the receipt of the learner's own note"
