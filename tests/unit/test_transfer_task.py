"""The offline transfer-task builders: from a worked example that checks out, a new kind of problem (areas
instead of lengths, words instead of an equation, a tangent's slope instead of a derivative formula), with
the key the bot computed from the task's own numbers and never shown in the question; nothing when the
note's method does not check out."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest
import sympy
from sympy.parsing.sympy_parser import (
    convert_xor,
    implicit_multiplication_application,
    parse_expr,
    standard_transformations,
)

from bot.review.question_gen import QuestionContext
from bot.review.transfer_task import (
    NOTHING_BUILT,
    derivative_tangent_slope,
    equation_word_problem,
    scale_factor_areas,
    transfer_questions,
)

SCALE = "The teacher showed: AB = 3 cm, DE = 6 cm, BC = 5 cm, so EF = 10 cm."
NUMBERS = re.compile(r"\d+")


def test_a_scale_factor_length_problem_becomes_an_area_question_with_the_factor_to_find() -> None:
    task = next(scale_factor_areas(SCALE))
    assert task.question.startswith("Two similar shapes have areas")
    small, large, side = (int(n) for n in NUMBERS.findall(task.question.replace("²", ""))[:3])
    assert Fraction(task.key.removesuffix(" cm")) == side * sympy.sqrt(Fraction(large, small))
    assert task.key.endswith(" cm") and task.key not in task.question
    assert "areas" in task.changes


@pytest.mark.parametrize(
    "sentence",
    [
        "AB = 3 cm, DE = 6 cm, BC = 5 cm, so EF = 11 cm.",  # the note's numbers do not make a proportion
        "3 apples cost 6 €, so 5 apples cost 10 €.",  # a proportion, but no lengths: no similar shapes
        "AB = 3 cm, DE = 6 m, BC = 5 cm, so EF = 10 cm.",  # mixed units
    ],
)
def test_no_area_question_when_the_note_is_no_length_proportion(sentence: str) -> None:
    assert list(scale_factor_areas(sentence)) == []


def test_a_solved_linear_equation_becomes_a_word_problem_whose_equation_is_set_up() -> None:
    task = next(equation_word_problem("I solved 2x + 3 = 11 and got x = 4."))
    start, rate, total = (int(n) for n in NUMBERS.findall(task.question)[:3])
    assert "=" not in task.question, "the learner writes the equation"
    assert Fraction(task.key.removesuffix(" km")) == Fraction(total - start, rate)
    assert task.key.removesuffix(" km") not in NUMBERS.findall(task.question)


def test_no_word_problem_without_a_linear_equation() -> None:
    assert list(equation_word_problem("x^2 = 9 gives x = 3 or x = -3.")) == []


def test_a_stated_derivative_becomes_the_slope_of_a_tangent_at_a_point() -> None:
    task = next(derivative_tangent_slope("The derivative of x^2 + 3x is 2x + 3."))
    curve = re.search(r"y = (?P<curve>.+?) at the point where x = (?P<point>\d+)", task.question)
    assert curve is not None
    x = sympy.Symbol("x")
    function = parse_expr(
        curve["curve"],
        transformations=(*standard_transformations, implicit_multiplication_application, convert_xor),
    )
    assert sympy.Integer(task.key) == sympy.diff(function, x).subs(x, int(curve["point"]))
    assert "derivative of" not in task.question


@pytest.mark.parametrize(
    "sentence",
    [
        "The derivative of x^3 is 2x.",  # refuted by sympy: the learner's slip, not a method
        "The derivative of sin(x) is cos(x).",  # every slope irrational: no short exact key
    ],
)
def test_no_tangent_question_from_a_wrong_or_unkeyable_derivative(sentence: str) -> None:
    assert list(derivative_tangent_slope(sentence)) == []


def test_the_next_transfer_task_is_a_variant_not_asked_before() -> None:
    context = QuestionContext(subject="mathematics", review_id="review-x", evidence=(SCALE,))
    first = transfer_questions(context)
    (asked,) = first.questions
    later = transfer_questions(context.model_copy(update={"recent_questions": (asked.question,)}))
    (fresh,) = later.questions
    assert fresh.question != asked.question and fresh.key != asked.key
    assert "a transfer task (areas are given instead of lengths" in first.why


def test_no_transfer_task_is_made_up_when_no_builder_applies() -> None:
    context = QuestionContext(
        subject="mathematics", review_id="review-x", evidence=("Photosynthesis makes glucose from light.",)
    )
    built = transfer_questions(context)
    assert built.questions == () and built.why == NOTHING_BUILT
