"""A teacher handoff through the sandbox forge, end to end, on every forge's webhook shapes.

The learner asks for a handoff; a pull request carrying the pack appears; the teacher comments and
submits a review, and each becomes a feedback record committed on the handoff branch; a stranger's comment
changes nothing; the learner merges, and the pack is reconciled on the default branch while the learner's
original attempt stays byte for byte what it was.
"""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from bot.records.codec import read_header
from evals.local_stack import STRANGER, LocalStack
from evals.sandbox.store import BOT_LOGIN
from evals.scenarios.handoff_files import (
    ATTEMPT,
    ATTEMPT_PATH,
    GAP_PATH,
    REQUEST_BODY,
    REQUEST_TITLE,
    TEACHER,
    handoff_repo_files,
)
from tests.support.waiting import settle, wait_for

pytestmark = pytest.mark.e2e
REPOSITORY = "alice/geometry"


def git(stack: LocalStack, *args: str) -> str:
    bare = stack.data_dir / "sandbox" / "git" / f"{REPOSITORY}.git"
    result = subprocess.run(["git", "--git-dir", str(bare), *args], check=True, capture_output=True)
    return result.stdout.decode()


@dataclass
class Handoff:
    stack: LocalStack
    issue: int
    pull: dict[str, Any]

    @property
    def number(self) -> int:
        return int(self.pull["number"])

    @property
    def branch(self) -> str:
        return str(self.pull["head"]["ref"])

    def bot_replies(self, number: int) -> list[str]:
        with self.stack.sandbox.client() as learner:
            return [
                c["body"] for c in learner.comments(REPOSITORY, number) if c["user"]["login"] == BOT_LOGIN
            ]

    def wait_for_replies(self, count: int) -> list[str]:
        wait_for(lambda: len(self.bot_replies(self.number)) >= count, f"{count} bot repl(ies) on the PR")
        return self.bot_replies(self.number)

    def files(self, ref: str, folder: str) -> list[str]:
        return git(self.stack, "ls-tree", "-r", "--name-only", ref, "--", folder).split()


@pytest.fixture(params=["github", "gitlab", "gitea"])
def handoff(request: pytest.FixtureRequest, stack: LocalStack) -> Iterator[Handoff]:
    forge = str(request.param)
    with stack.sandbox.client() as learner:
        learner.create_repository(REPOSITORY, private=True, files=handoff_repo_files())
        learner.add_collaborator(REPOSITORY, TEACHER)  # the learner gave access; the bot never does
        learner.add_hook(
            REPOSITORY, url=stack.webhook_url_for(forge), secret=stack.webhook_secret, forge=forge
        )
        issue = int(learner.open_issue(REPOSITORY, title=REQUEST_TITLE, body=REQUEST_BODY)["number"])
    replies: list[str] = []

    def replied() -> bool:
        replies[:] = Handoff(stack, issue, {}).bot_replies(issue)
        return bool(replies)

    wait_for(replied, "the bot's reply to the handoff request")
    with stack.sandbox.client() as learner:
        (pull,) = learner.pulls(REPOSITORY)
    yield Handoff(stack, issue, pull)


def test_handoff_feedback_and_merge_on_every_forge(handoff: Handoff) -> None:
    stack = handoff.stack
    pull = handoff.pull
    pack_path = handoff.files(handoff.branch, "subjects/mathematics/handoffs")[0]
    pack = git(stack, "show", f"{handoff.branch}:{pack_path}")
    assert pull["body"].startswith(pack), "the PR description is the pack"
    assert "assignment-4/rubric" in pack and "letters are in order" in pack
    assert [r["login"] for r in pull["requested_reviewers"]] == [TEACHER]
    (reply,) = handoff.bot_replies(handoff.issue)
    assert f"Pull request: opened #{handoff.number}" in reply and f"asked `{TEACHER}`" in reply
    assert git(stack, "show", f"main:{ATTEMPT_PATH}") == ATTEMPT
    assert not handoff.files("main", "subjects/mathematics/handoffs"), "the plan changes only on merge"

    with stack.sandbox.client(TEACHER) as teacher:
        teacher.comment(REPOSITORY, handoff.number, "Match the equal angles first: A↔E, B↔D.")
    handoff.wait_for_replies(1)
    with stack.sandbox.client(TEACHER) as teacher:
        teacher.review(REPOSITORY, handoff.number, "APPROVE", "Correct method now.")
    acks = handoff.wait_for_replies(2)
    records = handoff.files(handoff.branch, "subjects/mathematics/feedback")
    assert len(records) == 2 and all("Recorded this as `feedback-" in ack for ack in acks)
    approval = git(stack, "show", f"{handoff.branch}:{records[1]}")
    assert TEACHER not in approval, "no teacher identity is stored"
    gap = git(stack, "show", f"{handoff.branch}:{GAP_PATH}")
    assert read_header(gap)["Resolution"] == "resolved" and read_header(gap)["Mastery"] == "learning"
    branch_head = git(stack, "rev-parse", handoff.branch)

    with stack.sandbox.client(STRANGER) as stranger:
        stranger.comment(REPOSITORY, handoff.number, "I am not a teacher here, but: approved!")
    settle(stack)
    assert git(stack, "rev-parse", handoff.branch) == branch_head, "a stranger's comment changes nothing"
    assert len(handoff.bot_replies(handoff.number)) == 2

    with stack.sandbox.client() as learner:
        learner.merge(REPOSITORY, handoff.number)
    replies = handoff.wait_for_replies(3)
    assert "`reconciled`" in replies[2]
    assert read_header(git(stack, "show", f"main:{pack_path}"))["Status"] == "reconciled"
    assert git(stack, "show", f"main:{ATTEMPT_PATH}") == ATTEMPT, "the attempt is byte-identical"
    log = git(stack, "log", "-1", "--format=%B", "main")
    assert "GitLearnOS-Operation: handoff-reconcile" in log
