"""Scenario 11's transfer-based goal, through the core's entry points: under a goal that says
``Transfer required: yes``, a delayed, independent, correct answer to the same task form stays ``learning``,
and the next check the bot plans is a transfer task (``Purpose: transfer``, a new kind of problem built from
the worked example, its key stored and not shown); that task answered right after a delay, alone, reaches
``demonstrated``. When no transfer task can be built the next check stays a review that says a transfer task
is still owed; without such a goal it says nothing of transfer.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime

from bot.config import parse_config
from bot.handle import plan_event
from bot.intake.events import InboundEvent
from bot.intake.rule_agent import RuleAgent
from bot.records.codec import read_header
from bot.review.due_review import plan_due_review
from bot.snapshot import MemorySnapshot
from tests.support.bot_task import ASKED, KEY, SLIP, after, answer_in_mm, comment, only
from tests.support.learner import CONFIG, GOAL, issue_event, learner_repo

GOAL_PATH = "subjects/mathematics/goals/main-goal.md"
TRANSFER_GOAL = GOAL + "\n## Evidence required\n\n- Transfer required: yes\n"


def _set_task() -> tuple[MemorySnapshot, InboundEvent, str, str, str]:
    """The learner's slip under a transfer goal; the repository with the task the bot set."""
    repo = learner_repo(**{GOAL_PATH: TRANSFER_GOAL})
    request = issue_event(SLIP, title="Scale factor slip")
    asked = plan_event(request, repo, now=ASKED, agent=RuleAgent())
    task_path, task = only(asked, "/reviews/")
    gap_path, _ = only(asked, "/knowledge-gaps/")
    return after(repo, asked, "b"), request, task_path, task, gap_path


def test_a_delayed_independent_right_answer_to_the_same_task_form_is_not_demonstrated() -> None:
    repo, request, task_path, task, gap_path = _set_task()
    assert read_header(task)["Purpose"] != "transfer", "the task set from the slip is the same task form"

    later = datetime(2026, 11, 29, 18, 0, tzinfo=UTC)
    words = answer_in_mm(task)
    answered = plan_event(comment(request, words, number=7), repo, now=later, agent=RuleAgent())

    assert "- Result: `correct`" in next(w.content for w in answered.writes if w.path == task_path)
    gap = next(w.content for w in answered.writes if w.path == gap_path)
    assert read_header(gap)["Mastery"] == "learning"
    assert "the goal requires transfer and this was not a transfer task" in gap
    _, check = only(answered, "-check-")
    assert read_header(check)["Purpose"] == "transfer", "the next check is a transfer task"
    assert "Two similar shapes have areas" in check, "asked through areas, not as the same task form"
    assert "still owed" not in check
    key = KEY.search(check)
    assert key is not None, "the transfer task carries its key"
    question = check.split("## Questions", 1)[1].split("## Answer", 1)[0]
    assert f"{key.group('value')} cm" not in question, "the key is never shown with the question"


def test_the_planned_transfer_task_answered_right_after_a_delay_is_demonstrated() -> None:
    repo, request, _, task, gap_path = _set_task()
    first = plan_event(
        comment(request, answer_in_mm(task), number=7), repo, now=ASKED.replace(hour=18), agent=RuleAgent()
    )
    check_path, check = only(first, "-check-")
    assert read_header(check)["Purpose"] == "transfer" and "Same method, new numbers" not in check
    repo = after(repo, first, "c")

    due = read_header(check)["Due"]
    day = datetime.fromisoformat(due)
    delivery = plan_due_review(
        repo,
        parse_config(CONFIG).config,
        day.replace(hour=12),
        occurrence=f"due-review/github:github.com/alice/learning/{due}",
        agent=RuleAgent(),
    )
    issue = issue_event(delivery.issue_body(commit_id="d" * 40, branch="main", remote=None), number=12)
    repo = after(repo, delivery.plan, "e")
    delivered = repo.read_text(check_path) or ""

    second = plan_event(
        comment(issue, answer_in_mm(delivered), number=12),
        repo,
        now=day.replace(hour=19, tzinfo=UTC),
        agent=RuleAgent(),
    )
    assert "- Result: `correct`" in next(w.content for w in second.writes if w.path == check_path)
    gap = next(w.content for w in second.writes if w.path == gap_path)
    assert read_header(gap)["Mastery"] == "demonstrated"
    assert "correct, independent and delayed (2 day(s)) with transfer" in gap


def test_without_a_transfer_goal_the_next_check_stays_a_review() -> None:
    repo = learner_repo()
    request = issue_event(SLIP, title="Scale factor slip")
    asked = plan_event(request, repo, now=ASKED, agent=RuleAgent())
    _, task = only(asked, "/reviews/")
    repo = after(repo, asked, "b")
    first = plan_event(
        comment(request, answer_in_mm(task), number=7), repo, now=ASKED.replace(hour=18), agent=RuleAgent()
    )
    _, check = only(first, "-check-")
    assert read_header(check)["Purpose"] == "review" and "transfer" not in check


PERCENT_SLIP = (
    "I got question 2 wrong: I used 20 kg instead of 50 kg. In class we had 20% of 50 kg, so 10 kg. "
    "Give me one fresh task."
)


def test_with_no_transfer_task_to_build_the_next_check_says_one_is_still_owed() -> None:
    repo = learner_repo(**{GOAL_PATH: TRANSFER_GOAL})
    request = issue_event(PERCENT_SLIP, title="Percentage slip")
    asked = plan_event(request, repo, now=ASKED, agent=RuleAgent())
    _, task = only(asked, "/reviews/")
    key = re.search(r"^- Question 1 expected answer: (?P<answer>[\d.]+ kg)$", task, re.M)
    assert key is not None, "the task the bot set carries its key"
    words = f"Answer: {key.group('answer')}\nI did it without my notes."
    later = ASKED.replace(hour=18)
    answered = plan_event(
        comment(request, words, number=7), after(repo, asked, "b"), now=later, agent=RuleAgent()
    )
    _, check = only(answered, "-check-")
    assert read_header(check)["Purpose"] == "review", (
        "a percentage holds no transfer task the rules can build"
    )
    assert "a transfer task (a new kind of problem) is still owed" in check
