"""The harness's own readers (records, receipt fields, occurrences) on texts shaped like the protocol's
templates, and agreeing with what the bot really writes, so an independent judge is also a correct one."""

from __future__ import annotations

from datetime import date, datetime

from bot.receipt import Receipt
from bot.records.codec import verbatim
from evals.harness import records
from evals.harness.receipt import ReceiptField, parse_receipt
from evals.scenarios.s15_recurring_automation import expected_next_runs, latest_daily, next_daily

REVIEW = """# Targeted Question Set and Review

ID: `review-scale-factor`
Status: `planned`
Purpose: `transfer`
Gap link: `gap-scale-factor` (subjects/mathematics/knowledge-gaps/scale-factor.md)

## Questions

Keep answers hidden before an attempt unless policy says otherwise.

1. A triangle has sides 3, 4 and 5; a similar one has shortest side 6. How long is its longest side?
2)  Why must corresponding vertices be fixed first?
3.

## Learner answer

````text
It is 10 ``` because 5 x 2
````

## Feedback and evidence

- Result: `correct`
"""


def test_the_header_is_read_from_the_template_shape() -> None:
    head = records.header(REVIEW)
    assert head["Title"] == "Targeted Question Set and Review"
    assert head["ID"] == "review-scale-factor" and head["Status"] == "planned"
    assert head["Gap link"].startswith("gap-scale-factor`")
    assert "Keep answers hidden before an attempt unless policy says otherwise." not in head.values()
    assert "Result" not in head, "a section's list item is not a header line"


def test_sections_questions_and_fenced_words() -> None:
    assert records.section(REVIEW, "Feedback and evidence").strip() == "- Result: `correct`"
    assert records.section(REVIEW, "Feedback") == "", "a heading is matched whole, not by prefix"
    assert records.questions(REVIEW) == (
        "A triangle has sides 3, 4 and 5; a similar one has shortest side 6. How long is its longest side?",
        "Why must corresponding vertices be fixed first?",
    )
    assert records.fenced(records.section(REVIEW, "Learner answer")) == "It is 10 ``` because 5 x 2"
    assert records.fenced("- no block here") is None


def test_the_bot_s_verbatim_block_reads_back_exactly() -> None:
    words = "my answer:\n```\nx = 2\n```"
    assert records.fenced(f"## Learner answer\n\n{verbatim(words)}\n") == words


def test_every_field_of_a_rendered_bot_receipt_the_protocol_names_is_read() -> None:
    receipt = Receipt(
        setup_status="core-ready", mode="safe-auto", subject="mathematics", organized="one event",
        questions="none", changed_files=("subjects/mathematics/events/e.md",), evidence="e",
        rag_synchronization="not-required", mastery="unknown", automation_actually_completed="none",
        next_action="review tomorrow", undo="git revert abc",
    )  # fmt: skip
    text = "\n".join(f"- **{field.value}:** {value}" for field, value in receipt.lines())
    found = parse_receipt(text)
    assert set(found) == set(ReceiptField), "every protocol field the harness knows is in the bot's receipt"
    assert found[ReceiptField.CHANGED_FILES] == "`subjects/mathematics/events/e.md`"


def test_occurrences_are_plain_wall_clock_arithmetic() -> None:
    assert latest_daily(datetime(2026, 3, 2, 6, 59), "07:00") == date(2026, 3, 1)
    assert latest_daily(datetime(2026, 3, 2, 7, 0), "07:00") == date(2026, 3, 2)
    assert next_daily(datetime(2026, 3, 2, 7, 0), "07:00") == datetime(2026, 3, 3, 7, 0)
    assert next_daily(datetime(2026, 12, 31, 22, 0), "21:30") == datetime(2027, 1, 1, 21, 30)
    runs = expected_next_runs(datetime(2026, 3, 2, 21, 30, 30), since=datetime(2026, 3, 2, 21, 29, 50))
    assert runs["maintenance"] == {"2026-03-02 21:30 Europe/Berlin", "2026-03-03 21:30 Europe/Berlin"}
    assert runs["due-review"] == {"2026-03-03 07:00 Europe/Berlin"}
