"""Answer writeback through the real worker: a due question delivered, the learner's comment answers it.

Real bare Git remote, real Redis, GitHub faked at HTTP (respx). What the learner would see is asserted:
the bot's commits on the remote, the review record's text, the reply on the delivery issue.
"""

from __future__ import annotations

from datetime import UTC, date, datetime
from pathlib import Path

from bot.intake.events import EventKind
from bot.records.codec import read_header, section, unfence
from tests.support.due_review import forge as forge  # noqa: PLC0414 - the fixture
from tests.support.event_worker import note_event, runtime
from tests.support.event_worker import remote as remote  # noqa: PLC0414 - the fixture
from tests.support.fake_github import FakeGitHubComments
from tests.support.git_remotes import bot_commits, git, push_learner_commit
from tests.support.learner import REPO
from tests.support.linked_review import EVENT, EVENT_PATH, GAP, GAP_PATH, REVIEW, REVIEW_PATH
from workers.events import handle_event
from workers.repo_registry import RegisteredRepo
from workers.scheduling.due_review import run_due_review

MONDAY = date(2026, 11, 30)
MONDAY_0900_UTC = datetime(
    2026, 11, 30, 9, 0, tzinfo=UTC
)  # the config's time zone is UTC, outside quiet hours

ANSWER = "Answer: 12 cm\nDE/AB = 2, so EF = 2 × 6. I did it without my notes.\n\n```\nEF = 12\n```"


def seed_review(tmp_path: Path, bare: Path) -> None:
    """A learning event, its open gap and a planned transfer check due before Monday, by the learner."""
    work = tmp_path / "learner"
    for path, content in (
        (EVENT_PATH, EVENT),
        (GAP_PATH, GAP.format(mastery="learning")),
        (REVIEW_PATH, REVIEW.format(purpose="transfer")),
    ):
        push_learner_commit(bare, work, path, content, f"Add {path}")


def test_an_answer_to_a_delivered_question_is_written_back_once_with_the_words_verbatim(
    tmp_path: Path,
    redis_url: str,
    remote: Path,
    forge: FakeGitHubComments,
) -> None:
    seed_review(tmp_path, remote)
    worker = runtime(tmp_path, redis_url)
    target = RegisteredRepo(repo=REPO.model_copy(update={"clone_url": str(remote)}))
    delivery = run_due_review(worker, target, MONDAY, now=MONDAY_0900_UTC)
    (issue,) = forge.issues
    assert delivery.issue_number == issue["number"] and "12 cm" not in issue["body"], (
        "no key before the attempt"
    )

    comment = note_event(
        remote, kind=EventKind.COMMENT_CREATED, comment=ANSWER, number=issue["number"], body=issue["body"]
    )
    assert handle_event(worker, comment) == "committed"

    answer_commit, delivery_commit = bot_commits(remote)
    assert delivery_commit == delivery.commit
    message = git(remote, "log", "-1", "--format=%B", answer_commit)
    assert "GitLearnOS-Operation: answer" in message and "GitLearnOS-Record: review-scale-factor" in message
    changed = set(git(remote, "show", "--name-only", "--format=", answer_commit).split())
    (follow_up,) = changed - {REVIEW_PATH, GAP_PATH, "dashboard.md", "dashboard-progress.svg"}
    assert follow_up.startswith("subjects/mathematics/reviews/review-scale-factor-check-")
    check = git(remote, "show", f"main:{follow_up}")
    assert read_header(check)["Status"].strip("`") == "planned" and "Due: 2026-" in check, (
        "an evaluated answer plans its delayed check in the same commit"
    )
    review = git(remote, "show", f"main:{REVIEW_PATH}")
    assert unfence(section(review, "Learner answer")) == ANSWER
    assert read_header(review)["Status"] == "complete" and "- Independent: `yes`" in review
    (reply,) = forge.bodies(issue["number"])
    assert "Recorded your answer to `review-scale-factor`" in reply and answer_commit[:12] in reply

    again = comment.model_copy(update={"delivery_id": "redelivered"})
    assert handle_event(worker, again) == "already-applied"
    assert bot_commits(remote) == [answer_commit, delivery_commit]
    assert len(forge.bodies(issue["number"])) == 1
