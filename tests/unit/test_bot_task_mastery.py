"""Issue 16's acceptance: a task the bot set, answered correctly twice, a day apart and independently,
reaches ``demonstrated``, and FSRS then schedules the next check — all through the core's entry points.

The learner reports a slip with a worked example and asks for a task; the bot sets one with its key
(computed by the question builders) and, after the same-day answer, plans a delayed check of the gap
with a fresh keyed question; the scheduled due-review delivers it; the second answer is judged against
that record's own key. Each answer is the key read back from the record the bot wrote, in another unit,
so the test holds whatever numbers the builders pick and still needs judgement by meaning.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime

from bot.config import parse_config
from bot.handle import plan_event
from bot.intake.rule_agent import RuleAgent
from bot.records.codec import read_header
from bot.review.due_review import plan_due_review
from tests.support.bot_task import ASKED, SLIP, after, answer_in_mm, comment, only
from tests.support.learner import CONFIG, issue_event, learner_repo

FIRST_ANSWER = datetime(2026, 11, 27, 18, 0, tzinfo=UTC)
MEMORY = re.compile(r"^- Spacing \(FSRS\): state=review .* last_review=(?P<last>\S+)$", re.M)
NEXT_DATE = re.compile(r"^- Next check date: (?P<day>\d{4}-\d{2}-\d{2}) \(FSRS interval", re.M)


def test_a_bot_set_task_answered_right_twice_a_day_apart_is_demonstrated_and_scheduled() -> None:
    repo = learner_repo()
    request = issue_event(SLIP, title="Scale factor slip")
    asked = plan_event(request, repo, now=ASKED, agent=RuleAgent())
    task_path, task = only(asked, "/reviews/")
    gap_path, _ = only(asked, "/knowledge-gaps/")
    repo = after(repo, asked, "b")

    first = plan_event(
        comment(request, answer_in_mm(task), number=7), repo, now=FIRST_ANSWER, agent=RuleAgent()
    )
    assert first.operation == "answer"
    assert "- Result: `correct`" in next(w.content for w in first.writes if w.path == task_path)
    gap = next(w.content for w in first.writes if w.path == gap_path)
    assert read_header(gap)["Mastery"] == "learning", "same day: the delay gate holds"
    check_path, check = only(first, "-check-")
    due = read_header(check)["Due"]
    assert due > FIRST_ANSWER.date().isoformat(), "FSRS put the delayed check on a later day"
    repo = after(repo, first, "c")

    day = datetime.fromisoformat(due)
    occurrence = f"due-review/github:github.com/alice/learning/{due}"
    delivery = plan_due_review(
        repo, parse_config(CONFIG).config, day.replace(hour=12), occurrence=occurrence, agent=RuleAgent()
    )
    issue = issue_event(delivery.issue_body(commit_id="d" * 40, branch="main", remote=None), number=12)
    repo = after(repo, delivery.plan, "e")
    check = repo.read_text(check_path) or ""

    second = plan_event(
        comment(issue, answer_in_mm(check), number=12), repo, now=day.replace(hour=19, tzinfo=UTC),
        agent=RuleAgent(),
    )  # fmt: skip
    review = next(w.content for w in second.writes if w.path == check_path)
    assert "- Result: `correct`" in review and "judged as quantities with units" in review
    gap = next(w.content for w in second.writes if w.path == gap_path)
    assert read_header(gap)["Mastery"] == "demonstrated"
    assert second.receipt is not None and "`learning` → `demonstrated`" in second.receipt.mastery
    memory = MEMORY.search(gap)
    assert memory is not None and memory.group("last").startswith(due), "FSRS remembers this review"
    scheduled = NEXT_DATE.search(gap)
    assert scheduled is not None and scheduled.group("day") > due, "and schedules the next check"
    assert "Next check: " + scheduled.group("day") in second.replies[0].text
