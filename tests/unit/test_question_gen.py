"""Question generation from linked evidence: the offline builders, their keys, and the core's guard."""

from __future__ import annotations

import re

import pytest
import sympy

from bot.review.question_gen import (
    NOTHING_BUILT,
    GeneratedQuestion,
    GeneratedQuestions,
    QuestionContext,
    fresh_only,
    rule_questions,
)
from bot.review.statements import sentences

DEMONSTRATION = "The teacher showed: AB = 3 cm, DE = 6 cm, BC = 5 cm, so EF = 10 cm."
OBSERVATION = "used BC/AB instead of DE/AB"
RECENT = "Which sides of ABC and DEF correspond when the angles at A and D are equal?"
STORED = "Triangle PQR ~ XYZ with PQ = 4 cm, XY = 8 cm and QR = 6 cm. How long is YZ?"


def context(**changes: object) -> QuestionContext:
    base = QuestionContext(
        subject="mathematics",
        review_id="review-scale-factor-transfer",
        gap_id="gap-scale-factor",
        gap_observations=(OBSERVATION,),
        evidence=(f"{DEMONSTRATION} I had used BC/AB instead of DE/AB.",),
        recent_questions=(RECENT,),
        planned_questions=(STORED,),
        hidden_answers=("12 cm",),
    )
    return base.model_copy(update=changes)


def evidence_sentences(c: QuestionContext) -> list[str]:
    return [s.casefold().rstrip(".") for text in (*c.gap_observations, *c.evidence) for s in sentences(text)]


def test_the_worked_example_comes_back_with_new_numbers_and_a_computed_key() -> None:
    worked, slip = rule_questions(context()).questions
    assert worked.question.startswith(
        "Same method, new numbers: AB = 4 cm, DE = 8 cm, BC = 8 cm, so EF = ____"
    )
    assert worked.key == "16 cm", "EF = DE × BC ÷ AB, the note's own relation, on the new numbers"
    assert slip.question.startswith("Where you used BC/AB, what would have been right instead?")
    assert slip.key == "DE/AB"


def test_no_built_question_quotes_an_evidence_sentence_the_demonstration_or_its_key() -> None:
    c = context()
    generated = rule_questions(c)
    assert len(generated.questions) == 2
    for q in generated.questions:
        asked = q.question.casefold()
        assert not any(said in asked for said in evidence_sentences(c))
        assert "10 cm" not in q.question and "12 cm" not in q.question and q.key not in q.question
        assert "expected answer" in q.success
    assert "gap-scale-factor" in generated.why and "answer key" in generated.generated_by
    assert "16 cm" not in generated.why and "DE/AB" not in generated.why, "the why never gives a key away"


@pytest.mark.parametrize(
    ("evidence", "question", "key"),
    [
        ("Scale factor 3 so side 4 cm becomes 12 cm.", "Scale factor 4 so side 6 cm becomes ____", "24 cm"),
        ("I solved 2x + 3 = 11 so x = 4.", "3x + 5 = 14", "x = 3"),
        ("Today I learned that 5 km is 5000 m.", "Convert 8 km to m", "8000 m"),
        ("In the shop 20% of 50 kg is 10 kg.", "25% of 52 kg is ____", "13 kg"),
        ("Today I learned that the derivative of x^2 is 2x.", "the derivative of x^3?", "3x^2"),
        ("The derivative of 3x^2 + 5x is 6x + 5.", "the derivative of 4x^4 + 8x?", "16x^3 + 8"),
    ],
)
def test_computable_worked_examples_get_a_changed_numbers_case(
    evidence: str, question: str, key: str
) -> None:
    (built, *_) = rule_questions(context(gap_id="", gap_observations=(), evidence=(evidence,))).questions
    assert question in built.question and built.key == key


def test_the_computed_key_of_an_equation_solves_the_new_equation() -> None:
    (built, *_) = rule_questions(
        context(gap_id="", gap_observations=(), evidence=("So 4x - 2 = 10.",))
    ).questions
    equation = re.search(r": (.+?)\. Give", built.question)
    assert equation is not None
    left, right = (sympy.sympify(side) for side in equation[1].replace("x", "*x").split(" = "))
    value = sympy.Rational(built.key.removeprefix("x = "))
    assert left.subs("x", value) == right


def test_stated_facts_become_cloze_and_recall_questions_with_the_notes_words_as_key() -> None:
    evidence = (
        "Today I learned that the capital of Peru is Lima, because the Spanish founded it there. "
        "The formula for the area of a circle is pi r^2."
    )
    generated = rule_questions(context(gap_id="", gap_observations=(), evidence=(evidence,)))
    pairs = {(q.question, q.key) for q in generated.questions}
    assert ("Fill in the blank: The capital of Peru is ____.", "Lima") in pairs
    assert (
        "What is the formula for the area of a circle? Answer without looking at your note.",
        "pi r^2",
    ) in pairs


@pytest.mark.parametrize("wrong", ["The derivative of x^3 is 2x.", "Today I learned that 5 km is 500 m."])
def test_a_statement_that_does_not_check_out_is_never_a_key(wrong: str) -> None:
    generated = rule_questions(context(gap_id="", gap_observations=(), evidence=(wrong,)))
    assert generated.questions == (), "neither rebuilt nor blanked: its words would be a wrong key"


@pytest.mark.parametrize(
    ("evidence", "question", "key"),
    [
        (
            "The French Revolution began in 1789; the storming of the Bastille was on 14 July.",
            "Fill in the blank: … storming of the Bastille was on 14 ____.",
            "July",
        ),
        ("pH < 7 acide, pH = 7 neutre.", "Fill in the blank: pH < 7 acide, pH = ____.", "7 neutre"),
        (
            "Vimos la mitosis con el microscopio ![foto](https://x.invalid/m.png)",
            "con el ____.",
            "microscopio",
        ),
    ],
)
def test_a_cloze_keeps_only_a_short_stretch_of_the_note_around_its_blank(
    evidence: str, question: str, key: str
) -> None:
    (built, *_) = rule_questions(context(gap_id="", gap_observations=(), evidence=(evidence,))).questions
    assert question in built.question and built.key == key


@pytest.mark.parametrize(
    "evidence",
    ["Please teach me how to find the area of a trapezoid.", "My notes: ![page](https://x.invalid/p.png)"],
)
def test_requests_and_images_are_no_facts_to_blank(evidence: str) -> None:
    assert rule_questions(context(gap_id="", gap_observations=(), evidence=(evidence,))).questions == ()


def test_nothing_buildable_means_no_questions_and_the_why_says_so() -> None:
    generated = rule_questions(context(gap_observations=(), evidence=("I keep flipping the sign.",)))
    assert generated.questions == () and generated.why == NOTHING_BUILT


def test_the_room_left_caps_the_questions() -> None:
    assert len(rule_questions(context(max_questions=1)).questions) == 1
    assert rule_questions(context(max_questions=0)).questions == ()


def test_the_guard_drops_repeats_quotes_and_questions_that_show_a_key() -> None:
    written = GeneratedQuestions(
        questions=(
            GeneratedQuestion(question=f"Again: {RECENT}", success="AB with DE"),
            GeneratedQuestion(question="Check: AB = 3 cm, DE = 6 cm, BC = 5 cm, so EF = 10 cm?", success="x"),
            GeneratedQuestion(question=f"Why was it wrong that you {OBSERVATION}?", success="quotes the gap"),
            GeneratedQuestion(question="KL = 5, MN = 15, LM = 4: is NO = 12?", success="s", key="12"),
            GeneratedQuestion(question="A triangle with sides twice as long as 6 cm: 12 cm?", success="s"),
            GeneratedQuestion(question="A new triangle: KL = 5, MN = 15, LM = 4. Find NO.", success="12"),
        ),
        why="w",
    )
    kept = fresh_only(written, context())
    assert [q.success for q in kept.questions] == ["12"]


def test_a_later_check_gets_new_numbers_not_the_case_already_asked() -> None:
    first = rule_questions(context())
    asked = tuple(q.question for q in first.questions)
    later = rule_questions(context(recent_questions=(RECENT, *asked), planned_questions=()))
    (worked,) = (q for q in later.questions if q.question.startswith("Same method"))
    assert worked.question not in asked and worked.key == "22 cm", "AB 5, DE 10, BC 11: EF = 10 × 11 ÷ 5"
    assert all(q.question not in asked for q in later.questions)


def test_the_stored_answers_never_reach_a_model_prompt() -> None:
    assert "12 cm" not in context().model_dump_json()
