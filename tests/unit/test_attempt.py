"""Reading an answer: independence and support, failure classes and conservative evaluation."""

from __future__ import annotations

import pytest

from bot.records.codec import add_table_row, replace_section, set_header, unfence, verbatim
from bot.review.attempt import (
    NOT_EVALUATED,
    FailureClass,
    Independence,
    Result,
    evaluate,
    failure_classes,
    learner_judgment,
    read_support,
)


@pytest.mark.parametrize(
    ("answer", "independence", "support_part"),
    [
        ("Answer: 12. I did it without my notes.", Independence.YES, ""),
        ("I looked at my notes for the formula. Answer: 12", Independence.NO, "looked at my notes"),
        ("I did it on my own, but with a hint from my teacher.", Independence.PARTLY, "with a hint"),
        ("Answer: 12", Independence.UNKNOWN, ""),
        ("I did not look at my notes. Answer: 12", Independence.YES, ""),
        ("I asked my tutor when I got stuck.", Independence.NO, "asked my tutor"),
    ],
)
def test_independence_and_support_come_only_from_the_learners_words(
    answer: str, independence: Independence, support_part: str
) -> None:
    support = read_support(answer)
    assert support.independence is independence
    assert support_part in " ".join(support.used)
    if not support_part:
        assert support.used == ()


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        ("I forgot the formula for the area.", {FailureClass.MISSING_INFORMATION}),
        ("I got stuck after the second step.", {FailureClass.BROKEN_REASONING_LINK}),
        ("I mixed up similar and congruent.", {FailureClass.CONFUSED_DISTINCTION}),
        ("I chose by topic instead of the sentence's exact meaning.", {FailureClass.CONFUSED_DISTINCTION}),
        ("Careless sign error in the last line.", {FailureClass.EXECUTION_ERROR}),
        ("Answer: 14", set()),  # nothing said: no class, the diagnosis stays unknown
    ],
)
def test_failure_classes_need_explicit_words(answer: str, expected: set[FailureClass]) -> None:
    found = dict(failure_classes(answer))
    assert set(found) == expected
    assert all(quote in answer for quote in found.values()), "each class quotes the learner"


def test_the_learners_judgment_is_kept_in_their_words() -> None:
    answer = "Answer: B. I think the verb agrees with the nearer noun. No notes."
    assert learner_judgment(answer) == "I think the verb agrees with the nearer noun."
    assert learner_judgment("Answer: 12") == ""


ANSWER_KEY = "\n- Expected answer: 12 cm\n"
SUCCESS_ONLY = "\n- Done without the note: the explanation states the idea in the learner's own words.\n"


@pytest.mark.parametrize(
    ("answer", "section", "number", "result"),
    [
        ("Answer: 12 CM.", ANSWER_KEY, None, Result.CORRECT),
        ("12 cm", ANSWER_KEY, None, Result.CORRECT),  # a one-line reply is its own final answer
        ("Answer: 14 cm", ANSWER_KEY, None, Result.INCORRECT),
        ("1. 12 cm\n2. something else", ANSWER_KEY, 1, Result.CORRECT),
        ("I think it is about 12 cm\nbecause the sides scale by 2.", ANSWER_KEY, None, Result.NOT_ASSESSED),
        ("Answer: anything", SUCCESS_ONLY, None, Result.NOT_ASSESSED),  # no key: never invent correctness
        ("Answer: not 12 cm", ANSWER_KEY, None, Result.INCORRECT),
    ],
)
def test_evaluation_needs_a_key_and_a_final_answer(
    answer: str, section: str, number: int | None, result: Result
) -> None:
    evaluation = evaluate(answer, section, number=number)
    assert evaluation.result is result
    if result is Result.NOT_ASSESSED:
        assert evaluation.basis.startswith(NOT_EVALUATED)


WORDS_WITH_FENCES = "Answer: `x = 3`\n\n```\nprint(x)\n```\n> quoted line\n  indented ## not a heading"


def test_verbatim_blocks_keep_every_character() -> None:
    block = verbatim(WORDS_WITH_FENCES)
    assert unfence(f"text before\n\n{block}\n\nafter") == WORDS_WITH_FENCES


RECORD = (
    "# T\n\nID: `r`\nStatus: `planned`\nDue: 2026-11-30\n\n"
    "## A\n\n- a\n\n## B\n\n| x |\n|---|\n| 1 |\n\n## C\n\n- c\n"
)


def test_record_edits_touch_only_what_they_name() -> None:
    edited = set_header(RECORD, "Status", "`attempted`")
    edited = set_header(edited, "Attempted", "2026-11-30", after="Status")
    assert "Status: `attempted`\nAttempted: 2026-11-30\nDue:" in edited
    replaced = replace_section(edited, "A", "- new")
    assert "## A\n\n- new\n\n## B" in replaced and replaced.endswith("## C\n\n- c\n")
    assert replace_section(RECORD, "New", "- n", before="C").count("## New\n\n- n\n\n## C") == 1
    assert "| 1 |\n| 2 |\n\n## C" in add_table_row(RECORD, "B", "| 2 |")
