"""Question: an explicit request for a task plans one review record in the organize commit."""

from __future__ import annotations

import pytest

from bot.dashboard.sections import reviews_section
from bot.handle import plan_event
from bot.intake.events import Forge
from bot.intake.rule_agent import RuleAgent
from bot.plan import Outcome, Plan
from bot.records.codec import read_header
from bot.review.question import (
    NO_QUESTION,
    NO_QUESTION_RECEIPT,
    QUESTIONS_GENERATED,
    asks_for_question,
    plan_question,
)
from bot.review.statements import sentences
from bot.snapshot import MemorySnapshot, OverlaySnapshot
from tests.support.learner import NOTE, NOW, issue_event, learner_repo

AGENT = RuleAgent()
MISTAKE = (
    "I looped with `for i in range(len(items) - 1)` and my report skipped the last item; "
    "range already stops before its end, so subtracting 1 dropped one element."
)
REQUEST = "Organize this programming mistake, give me one fresh debugging task, and save the useful result."
FACT = "Today I learned that the derivative of x^2 is 2x."
TRIANGLES = "subjects/mathematics/events/2026-11-27-scale-factor.md"
EARLIER = """# Scale factor

ID: `event-2026-11-27-scale-factor`
Date: 2026-11-27
Subject: mathematics

## Learner-provided event

> Similar triangles: the scale factor is 3, so a side of 4 cm becomes 12 cm.
"""
REVIEWS = "subjects/mathematics/reviews/"
SUCCESS_HEADING = "## Answer or success condition"


def plan(body: str, *, forge: Forge = Forge.GITHUB, snapshot: MemorySnapshot | None = None) -> Plan:
    # The label files every note under the fixture's one subject: recognition would otherwise ask where a
    # programming note goes in a repository that only has mathematics.
    event = issue_event(body, title="Loop skipped the last item", labels=("subject:mathematics",))
    if forge is Forge.LOCAL:
        event = event.model_copy(
            update={
                "forge": Forge.LOCAL,
                "repo": event.repo.model_copy(update={"forge": Forge.LOCAL, "private": None})
                if event.repo
                else None,
            }
        )
    return plan_event(event, snapshot or learner_repo(), now=NOW, agent=AGENT)


def reviews(result: Plan) -> list[str]:
    return [w.path for w in result.writes if w.path.startswith(REVIEWS)]


def content(result: Plan, path: str) -> str:
    return next(w.content for w in result.writes if w.path == path)


def success_condition(record: str) -> str:
    return record.split(SUCCESS_HEADING, 1)[1].split("\n## ", 1)[0].strip().lstrip("- ")


@pytest.mark.parametrize(
    "request_text",
    [
        REQUEST,
        "Quiz me on this.",
        "Can you test me tomorrow?",
        "Please give me a question about it.",
        "Give me an exercise like this.",
        "give me a new practice problem",
    ],
)
def test_request_phrases_plan_exactly_one_review(request_text: str) -> None:
    result = plan(f"{FACT}\n\n{request_text}")
    assert result.outcome is Outcome.COMMITTED
    assert len(reviews(result)) == 1
    assert result.receipt is not None and result.receipt.questions == QUESTIONS_GENERATED


@pytest.mark.parametrize(
    "body",
    [
        NOTE,
        f"My mistake: {MISTAKE}",
        f"{MISTAKE} The test failed and the exercise was hard; this question kept giving me a problem.",
        f"{MISTAKE} Don't quiz me, just save it.",
        f"My mistake: {MISTAKE} No need to give me a task.",
    ],
)
def test_plain_or_negated_notes_plan_no_review(body: str) -> None:
    assert not asks_for_question(body)
    result = plan(body)
    assert result.outcome is Outcome.COMMITTED
    assert reviews(result) == []
    assert result.receipt is not None and result.receipt.questions.startswith("none")


def test_review_record_is_planned_due_today_and_linked() -> None:
    result = plan(f"{MISTAKE}\n\n{REQUEST}")
    (path,) = reviews(result)
    event_path = next(w.path for w in result.writes if "/events/" in w.path)
    event_id = read_header(content(result, event_path))["ID"]
    record = content(result, path)
    header = read_header(record)
    assert path == f"{REVIEWS}review-2026-11-30-loop-skipped-the-last-item.md"
    assert header["ID"] == "review-2026-11-30-loop-skipped-the-last-item"
    assert header["Status"] == "planned"
    assert header["Due"] == "2026-11-30"
    assert header["Purpose"] == "transfer"
    assert event_id in header["Depends on (goal/gap/model/event IDs)"]
    assert f"(../events/{event_path.rsplit('/', 1)[1]})" in header["Grounded in"]
    assert "(../goals/main-goal.md)" in header["Goal link"]
    assert "## Why these questions now" in record
    assert success_condition(record)
    # Nothing in the debugging note can be keyed, so the one template task is left: a new program, new data.
    assert "small new program for a different purpose" in record


def test_reply_shows_question_and_why_but_not_the_success_condition() -> None:
    result = plan(f"{MISTAKE}\n\n{REQUEST}")
    (path,) = reviews(result)
    record = content(result, path)
    reply = result.replies[0].text
    question = record.split("## Questions", 1)[1].split("1. ", 1)[1].split("\n", 1)[0]
    assert question in reply
    assert "Why this task:" in reply
    assert success_condition(record) not in reply
    assert "Done without the note" not in reply
    assert "answer key and success condition are kept there" in reply


def test_dashboard_lists_the_review_as_due() -> None:
    result = plan(f"{MISTAKE}\n\n{REQUEST}")
    (path,) = reviews(result)
    dashboard = content(result, "dashboard.md")
    assert path in dashboard and "**due**" in dashboard
    after = OverlaySnapshot(learner_repo(), {w.path: w.content for w in result.writes})
    section = "\n".join(reviews_section(after, NOW.date()))
    assert f"({path})" in section and "| transfer |" in section


def test_receipt_files_equal_commit_writes_and_mastery_is_unchanged() -> None:
    result = plan(f"{MISTAKE}\n\n{REQUEST}")
    assert result.receipt is not None and result.commit is not None
    assert result.receipt.changed_files == result.changed_paths
    assert any(p.startswith(REVIEWS) for p in result.receipt.changed_files)
    assert result.receipt.mastery.startswith("unchanged")
    assert not any("knowledge-gaps" in p for p in result.changed_paths)


def test_local_mode_plans_the_same_review() -> None:
    hosted = plan(f"{MISTAKE}\n\n{REQUEST}")
    local = plan(f"{MISTAKE}\n\n{REQUEST}", forge=Forge.LOCAL)
    assert local.outcome is Outcome.COMMITTED
    assert reviews(local) == reviews(hosted)
    assert content(local, reviews(local)[0]) == content(hosted, reviews(hosted)[0])
    assert local.receipt is not None and local.receipt.questions == QUESTIONS_GENERATED


def test_record_only_override_plans_no_question() -> None:
    result = plan(f"{MISTAKE}\n\n{REQUEST} Record only.")
    assert reviews(result) == []


def test_second_request_on_the_same_day_gets_a_free_path() -> None:
    first = plan(f"{MISTAKE}\n\n{REQUEST}")
    snapshot = learner_repo(**{w.path: w.content for w in first.writes})
    second = plan(f"Another loop mistake: my while loop never ended.\n\n{REQUEST}", snapshot=snapshot)
    (path,) = reviews(second)
    assert path.endswith("-2.md") and path not in reviews(first)


def test_no_review_override_plans_no_question() -> None:
    assert reviews(plan(f"{MISTAKE}\n\n{REQUEST} No review.")) == []


@pytest.mark.parametrize("mode", ["preview", "manual"])
def test_a_pending_writeback_never_shows_the_answer_key(mode: str) -> None:
    """Regression: preview and manual modes showed every planned file in full, answer key included."""
    base = learner_repo()
    config = (base.read_text("gitlearnos.yml") or "").replace("safe-auto", mode)
    snapshot = learner_repo(**{"gitlearnos.yml": config})
    pending = plan(f"{MISTAKE}\n\n{REQUEST}", snapshot=snapshot)
    assert pending.commit is None
    committed = plan(f"{MISTAKE}\n\n{REQUEST}")
    (path,) = reviews(committed)
    key = success_condition(content(committed, path))
    reply = pending.replies[0].text
    assert path in reply, "the review record is still listed"
    assert key not in reply
    assert "not shown before you answer" in reply


@pytest.mark.parametrize(
    "plea",
    [
        "Help me improve, but give me one thing at a time.",
        "Can you help me get better at this?",
        "What should I practise next?",
        "what should i practice now",
    ],
)
def test_a_plea_for_help_improving_plans_exactly_one_question_and_says_why(plea: str) -> None:
    result = plan(f"{FACT}\n\n{plea}")
    (path,) = reviews(result)
    reply = result.replies[0].text
    assert "Why this task:** you asked for help improving, so one question (one thing at a time)" in reply
    assert plea not in content(result, path).split("## Questions", 1)[1], "the plea is not quoted as the note"


@pytest.mark.parametrize(
    "body",
    [
        f"My mistake: {MISTAKE} Don't help me improve this, just save it.",
        f"My mistake: {MISTAKE} No need to help me get better at it.",
        f"My mistake: {MISTAKE} I don't need you to help me improve.",
        f"My mistake: {MISTAKE} Reading the docs helped me improve.",
        f"My mistake: {MISTAKE} I know what I should practise.",
    ],
)
def test_negated_or_reported_help_is_no_plea(body: str) -> None:
    assert not asks_for_question(body)
    result = plan(body)
    assert result.outcome is Outcome.COMMITTED and reviews(result) == []


def answer_section(record: str) -> str:
    return record.split(SUCCESS_HEADING, 1)[1].split("\n## ", 1)[0]


def test_a_question_about_similar_triangles_is_built_from_the_earlier_note_with_a_stored_hidden_key() -> None:
    """Regression: "Give me one fresh question about similar triangles" got "Your note is `event-…`. Without
    looking at your note, explain the idea in your own words…", a template with nothing to check against."""
    snapshot = learner_repo(**{TRIANGLES: EARLIER})
    result = plan("Give me one fresh question about similar triangles", snapshot=snapshot)
    (path,) = reviews(result)
    record = content(result, path)
    question = record.split("## Questions", 1)[1].split("1. ", 1)[1].split("\n", 1)[0]
    assert question.startswith(
        "Same method, new numbers: Similar triangles: the scale factor is 4, so a side of 6 cm"
    )
    assert "- Question 1 expected answer: 24 cm" in answer_section(record), "4 × 6 cm, computed"
    assert "- Question 1 success condition: " in answer_section(record)
    header = read_header(record)
    assert "event-2026-11-27-scale-factor" in header["Depends on (goal/gap/model/event IDs)"]
    assert header["Purpose"] == "variation"
    reply = result.replies[0].text
    assert question in reply and "24 cm" not in reply and "expected answer" not in reply.casefold()
    assert "your earlier note `event-2026-11-27-scale-factor`" in reply
    assert "Your note is `event-" not in record and "explain the idea in your own words" not in record


def test_a_worked_example_in_the_note_gets_a_changed_numbers_case_with_a_computed_key() -> None:
    note = "In class: I solved 3x + 4 = 19, so x = 5. Give me a practice problem."
    result = plan(note)
    (path,) = reviews(result)
    record = content(result, path)
    assert "1. Solve for x, the same way as in your note: 4x + 6 = 22. Give the value of x." in record
    assert "- Question 1 expected answer: x = 4" in answer_section(record), "(22 - 6) / 4, solved with sympy"
    assert "x = 4" not in result.replies[0].text


@pytest.mark.parametrize(
    "note",
    [
        f"{FACT} Quiz me.",
        "My mistake: I chose by topic instead of the sentence's exact meaning. Help me improve.",
        "The formula for the area of a circle is pi r^2. Test me.",
        "Similar triangles keep the angle order. Give me a question.",
    ],
)
def test_no_question_quotes_a_learner_sentence_and_each_has_a_key(note: str) -> None:
    result = plan(note)
    (path,) = reviews(result)
    record = content(result, path)
    question = record.split("## Questions", 1)[1].split("1. ", 1)[1].split("\n", 1)[0]
    said = [s.casefold().rstrip(".") for s in sentences(note)]
    assert not any(s in question.casefold() for s in said), question
    assert "- Question 1 expected answer: " in answer_section(record)


def test_nothing_to_build_from_plans_no_question_and_says_so() -> None:
    planned = plan_question(
        learner_repo(), subject="mathematics", note="Give me one fresh question about similar triangles",
        title="similar triangles", day=NOW.date(), event_id="event-x",
        event_path="subjects/mathematics/events/x.md", goal_linked=True,
    )  # fmt: skip
    assert planned is None
    assert "No question this time" in NO_QUESTION and "does not make questions up" in NO_QUESTION
    result = plan("Give me one fresh question about similar triangles")
    assert result.outcome is Outcome.COMMITTED and reviews(result) == []


def test_the_reply_and_the_receipt_say_that_no_question_was_built() -> None:
    result = plan("Give me one fresh question about similar triangles")
    assert NO_QUESTION in result.replies[0].text
    assert result.receipt is not None and result.receipt.questions == NO_QUESTION_RECEIPT
