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
from bot.intake.events import EventKind, InboundEvent
from bot.intake.rule_agent import RuleAgent
from bot.plan import Plan
from bot.records.codec import read_header
from bot.review.due_review import plan_due_review
from bot.snapshot import MemorySnapshot
from tests.support.learner import CONFIG, issue_event, learner_repo
from tests.support.linked_review import files_after

SLIP = (
    "I got question 4 wrong: I used BC/AB instead of DE/AB. In class we had AB = 3 cm, DE = 6 cm, "
    "BC = 5 cm, so EF = 10 cm. Give me one fresh task."
)
ASKED = datetime(2026, 11, 27, 9, 0, tzinfo=UTC)
FIRST_ANSWER = datetime(2026, 11, 27, 18, 0, tzinfo=UTC)
KEY = re.compile(r"^- Question 1 expected answer(?: \(generated [\d-]+\))?: (?P<value>\d+) cm$", re.M)
MEMORY = re.compile(r"^- Spacing \(FSRS\): state=review .* last_review=(?P<last>\S+)$", re.M)
NEXT_DATE = re.compile(r"^- Next check date: (?P<day>\d{4}-\d{2}-\d{2}) \(FSRS interval", re.M)


def _after(snapshot: MemorySnapshot, plan: Plan, head: str) -> MemorySnapshot:
    return MemorySnapshot(files_after(snapshot, plan), head=head * 40)


def _only(plan: Plan, part: str) -> tuple[str, str]:
    (write,) = [w for w in plan.writes if part in w.path]
    return write.path, write.content


def _answer_in_mm(record: str) -> str:
    """The record's key (``N cm``) as the learner might write it: in millimetres, without notes."""
    key = KEY.search(record)
    assert key is not None, "every task the bot sets carries its key in the record"
    return f"Answer: {int(key.group('value')) * 10} mm\nI did it without my notes."


def _comment(opened: InboundEvent, words: str, *, number: int) -> InboundEvent:
    assert opened.thread is not None
    return issue_event(opened.thread.body, kind=EventKind.COMMENT_CREATED, comment=words, number=number)


def test_a_bot_set_task_answered_right_twice_a_day_apart_is_demonstrated_and_scheduled() -> None:
    repo = learner_repo()
    request = issue_event(SLIP, title="Scale factor slip")
    asked = plan_event(request, repo, now=ASKED, agent=RuleAgent())
    task_path, task = _only(asked, "/reviews/")
    gap_path, _ = _only(asked, "/knowledge-gaps/")
    repo = _after(repo, asked, "b")

    first = plan_event(
        _comment(request, _answer_in_mm(task), number=7), repo, now=FIRST_ANSWER, agent=RuleAgent()
    )
    assert first.operation == "answer"
    assert "- Result: `correct`" in next(w.content for w in first.writes if w.path == task_path)
    gap = next(w.content for w in first.writes if w.path == gap_path)
    assert read_header(gap)["Mastery"] == "learning", "same day: the delay gate holds"
    check_path, check = _only(first, "-check-")
    due = read_header(check)["Due"]
    assert due > FIRST_ANSWER.date().isoformat(), "FSRS put the delayed check on a later day"
    repo = _after(repo, first, "c")

    day = datetime.fromisoformat(due)
    occurrence = f"due-review/github:github.com/alice/learning/{due}"
    delivery = plan_due_review(
        repo, parse_config(CONFIG).config, day.replace(hour=12), occurrence=occurrence, agent=RuleAgent()
    )
    issue = issue_event(delivery.issue_body(commit_id="d" * 40, branch="main", remote=None), number=12)
    repo = _after(repo, delivery.plan, "e")
    check = repo.read_text(check_path) or ""

    second = plan_event(
        _comment(issue, _answer_in_mm(check), number=12), repo, now=day.replace(hour=19, tzinfo=UTC),
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
