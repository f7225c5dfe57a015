"""Due review, delivery only: which planned questions go out, and that answers never do."""

from __future__ import annotations

from datetime import date, datetime

from bot.config import Authorization, Automation, LearnerConfig, parse_config
from bot.intake.rule_agent import RuleAgent
from bot.plan import Outcome
from bot.records.codec import read_header
from bot.review.due_review import (
    NOT_AUTHORIZED,
    NOTHING_DUE,
    QUIET_HOURS,
    DueReviewPlan,
    plan_due_review,
)
from bot.review.evidence import record_questions
from bot.review.question import ANSWER_HEADING, plan_question
from bot.snapshot import MemorySnapshot
from bot.trailers import TRAILER_EVENT, TRAILER_OPERATION
from tests.support.learner import CONFIG, learner_repo
from tests.support.linked_review import gap_linked_repo

CONFIG_MODEL = parse_config(CONFIG).config
MONDAY = date(2026, 11, 30)
MONDAY_0700 = datetime(2026, 11, 30, 7, 0)
KEY = "due-review/github:github.com/alice/learning/2026-11-30"
SUCCESS = "The answer matches the expected answer"


def review(day: date, title: str, *, delivered: bool = False) -> tuple[str, str]:
    """A real planned review record, as the Question operation writes it, due on ``day``."""
    planned = plan_question(
        learner_repo(),
        subject="mathematics",
        note=f"Similar triangles: {title} keeps the angle order.",
        title=title,
        day=day,
        event_id=f"event-{day.isoformat()}-{title}",
        event_path=f"subjects/mathematics/events/{day.isoformat()}-{title}.md",
        goal_linked=True,
    )
    content = planned.content
    if delivered:
        content = content.replace(f"Due: {day}", f"Due: {day}\nDelivered: {day} (scheduled due-review `x`)")
    return planned.path, content


def repo_with(*reviews: tuple[str, str]) -> MemorySnapshot:
    return learner_repo(**dict(reviews))


def run(
    snapshot: MemorySnapshot, *, now: datetime = MONDAY_0700, config: LearnerConfig = CONFIG_MODEL
) -> DueReviewPlan:
    return plan_due_review(snapshot, config, now, occurrence=KEY, agent=RuleAgent())


def with_max(count: int) -> LearnerConfig:
    return CONFIG_MODEL.model_copy(update={"automation": Automation(max_questions_per_due_run=count)})


def test_a_due_review_is_delivered_in_one_commit_that_keeps_it_planned() -> None:
    path, content = review(MONDAY, "angles")
    due = run(repo_with((path, content)))

    assert due.plan.outcome is Outcome.COMMITTED
    ((written,),) = [due.plan.writes]
    header = read_header(written.content)
    assert written.path == path
    assert header["Status"] == "planned", "a delivered question stays planned until attempted"
    assert header["Delivered"] == f"2026-11-30 (scheduled due-review `{KEY}`)"
    assert written.content.replace(f"\nDelivered: {header['Delivered']}", "") == content, (
        "nothing else changes"
    )
    assert due.plan.commit is not None
    assert (TRAILER_EVENT, KEY) in due.plan.commit.trailers
    assert (TRAILER_OPERATION, "due-review") in due.plan.commit.trailers


def test_the_issue_holds_the_question_and_why_but_never_the_answer_section() -> None:
    path, content = review(MONDAY, "angles")
    due = run(repo_with((path, content)))
    body = due.issue_body(commit_id="c" * 40, branch="main", remote="this repository")

    (question,) = record_questions(content)
    assert question in body
    assert (
        "**Why this is asked now:** you asked for a fresh question, so one is chosen from your note" in body
    )
    assert ANSWER_HEADING not in body and SUCCESS not in body
    assert SUCCESS in content, "the success condition stays in the record"
    assert f"<!-- gitlearnos:reply event={KEY} -->" in body
    assert "committed `cccccccccccc` on `main`" in body
    assert "background: the scheduled `due-review` occurrence" in body


def test_reviews_not_yet_due_are_not_delivered() -> None:
    due = run(repo_with(review(date(2026, 12, 1), "tomorrow")))
    assert due.skipped and due.plan.reason == NOTHING_DUE
    assert due.plan.writes == () and due.plan.commit is None and due.issue_text == ""


def test_nothing_due_is_a_skip_without_filler() -> None:
    due = run(learner_repo())
    assert due.skipped and due.plan.reason == NOTHING_DUE
    assert (due.plan.writes, due.plan.commit, due.items) == ((), None, ())


def test_an_already_delivered_review_is_never_delivered_again() -> None:
    due = run(repo_with(review(MONDAY, "angles", delivered=True)))
    assert due.skipped and due.plan.reason == NOTHING_DUE


def test_oldest_due_first_and_at_most_the_configured_number() -> None:
    reviews = [review(date(2026, 11, day), f"r{day}") for day in (30, 27, 28, 29)]
    due = run(repo_with(*reviews), config=with_max(2))

    assert [item.due.day for item in due.items] == [27, 28]
    assert len(due.plan.writes) == 2
    assert sum(len(item.questions) for item in due.items) == 2


def test_the_default_maximum_is_three_questions() -> None:
    reviews = [review(date(2026, 11, day), f"r{day}") for day in (23, 24, 25, 26)]
    assert len(run(repo_with(*reviews)).items) == 3


def test_a_record_holding_more_questions_than_allowed_sends_its_first_ones_and_says_so() -> None:
    path, content = review(MONDAY, "many")
    content = content.replace(
        "\n\n" + ANSWER_HEADING, "\n2. Second question.\n3. Third question.\n\n" + ANSWER_HEADING
    )
    due = run(repo_with((path, content)), config=with_max(2))

    (item,) = due.items
    assert item.questions[1] == "Second question." and len(item.questions) == 2
    assert "; questions 1–2 of 3)" in read_header(due.plan.writes[0].content)["Delivered"]
    assert "Third question." not in due.issue_text


def test_inside_quiet_hours_nothing_is_written_or_sent() -> None:
    path, content = review(MONDAY, "angles")
    due = run(repo_with((path, content)), now=datetime(2026, 11, 30, 22, 30))
    assert due.skipped and due.plan.reason == QUIET_HOURS
    assert due.plan.writes == () and due.issue_text == ""


def test_quiet_hours_end_exclusively_at_seven() -> None:
    path, content = review(MONDAY, "angles")
    assert run(repo_with((path, content)), now=datetime(2026, 11, 30, 6, 59)).skipped
    assert not run(repo_with((path, content)), now=MONDAY_0700).skipped


def test_template_blanks_are_not_questions_and_a_record_without_any_is_not_delivered() -> None:
    path, content = review(MONDAY, "blank")
    (question,) = record_questions(content)
    blank = content.replace(f"1. {question}", "1.\n2.\n3.")
    assert record_questions(blank) == ()
    assert run(repo_with((path, blank))).skipped


def test_only_planned_reviews_are_delivered() -> None:
    path, content = review(MONDAY, "angles")
    attempted = content.replace("Status: `planned`", "Status: `attempted`")
    assert run(repo_with((path, attempted))).skipped


def test_unattended_delivery_needs_push_authorization() -> None:
    config = CONFIG_MODEL.model_copy(update={"authorization": Authorization(push=False)})
    due = run(repo_with(review(MONDAY, "angles")), config=config)
    assert due.skipped and due.plan.reason == NOT_AUTHORIZED


def test_fresh_questions_from_the_linked_gap_go_into_the_record_and_out_without_their_keys() -> None:
    due = run(gap_linked_repo())

    (written,) = due.plan.writes
    questions = record_questions(written.content)
    assert len(questions) == 3, "the record's own question, then two generated within the maximum of 3"
    assert questions[0].startswith("Triangle ABC ~ DEF")
    # The event's worked example with new numbers (key computed: 8 × 8 ÷ 4), then its recorded slip.
    assert questions[1].startswith("Same method, new numbers: AB = 4 cm, DE = 8 cm, BC = 8 cm, so EF = ____")
    assert questions[2].startswith("Where you used BC/AB, what would have been right instead?")
    assert not any("used BC/AB instead of DE/AB" in q or "EF = 10 cm" in q for q in questions[1:])
    header = read_header(written.content)
    assert header["Status"] == "planned" and "2 generated at delivery" in header["Delivered"]
    keys = [line for line in written.content.splitlines() if line.startswith("- Question ")]
    assert [key.split(" ")[2] for key in keys] == ["2", "2", "3", "3"]
    assert "- Question 2 expected answer (generated 2026-11-30): 16 cm" in keys
    assert "- Question 3 expected answer (generated 2026-11-30): DE/AB" in keys
    assert "- Expected answer: 12 cm" in written.content and "Generated at delivery" in written.content
    body = due.issue_body(commit_id="c" * 40, branch="main", remote=None)
    assert all(f"{n}. {q}" in body for n, q in enumerate(questions, 1))
    assert "Fresh questions added now" in body and "gap-scale-factor" in body
    assert "12 cm" not in body and not any(key.split("): ", 1)[1] in body for key in keys)
    assert due.plan.receipt is not None
    assert "2 generated from the linked evidence by the offline rule agent" in due.plan.receipt.questions


def test_no_room_left_by_the_stored_questions_means_nothing_is_generated() -> None:
    due = run(gap_linked_repo(), config=with_max(1))
    (written,) = due.plan.writes
    assert len(record_questions(written.content)) == 1
    assert due.plan.receipt is not None and "none generated" in due.plan.receipt.questions


def test_a_skipped_run_generates_nothing() -> None:
    due = run(gap_linked_repo(), now=datetime(2026, 11, 30, 23, 0))
    assert due.skipped and due.plan.writes == ()
