"""Transfer tasks built offline from a learner's worked example: a new kind of problem on the same idea.

Protocol "Review": under a goal saying ``Transfer required: yes``, only a transfer task answered right,
delayed and alone can show ``demonstrated`` (:mod:`bot.review.mastery`). New numbers in the same task
form (:mod:`bot.review.changed_numbers`) are no transfer, so each builder here changes the context, the
representation or the direction of the question, and computes the key from the new task itself:

* a scale-factor length problem ("AB = 3 cm, DE = 6 cm, BC = 5 cm, so EF = 10 cm", every number a
  length in one unit) becomes an area question with the factor to find: two similar shapes' areas and
  one side are given, the matching side is asked (the factor is the square root of the area ratio);
* a solved linear equation ("2x + 3 = 11") becomes a word problem whose equation the learner must set up;
* a stated derivative that sympy confirms ("the derivative of x^2 is 2x") becomes the slope of the
  tangent to a changed curve at a point.

A builder applies only where the note's own method checks out, exactly as the new-number builder
demands, and nothing is made up when none applies: the caller then says a transfer task is still owed.
Each variant is deterministic, so the same note always plans the same task and a later check takes the
next variant. A task is a :class:`bot.diagnose.pattern_models.TransferTask`, the type synthesis plans
for a promoted model, so both kinds of transfer task say what they change besides the numbers.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from fractions import Fraction

import sympy

from bot.diagnose.pattern_models import TransferTask
from bot.review.built_question import BuiltQuestion, shows
from bot.review.changed_numbers import (
    EQUATION,
    INTEGER,
    RESULT_MARKER,
    VARIANTS,
    converted_amount,
    expression_text,
    linear_solution,
    number_text,
    number_tokens,
    parsed_expression,
    stated_derivatives,
)
from bot.review.question_gen import GeneratedQuestion, GeneratedQuestions, QuestionContext, acceptable
from bot.review.statements import statements

GENERATOR = (
    "the offline rule agent (a transfer task built from the linked evidence's worked example: a new kind "
    "of problem on the same idea, its answer key computed and kept in the record)"
)
NOTHING_BUILT = (
    "no transfer task could be built from the linked evidence: it holds no scale-factor length problem, "
    "solved linear equation or checked derivative the offline rules can turn into a new kind of problem"
)
WITHOUT_NOTES = "Work it without your notes"
LENGTH = "[length]"

TransferBuilder = Callable[[str], Iterator[TransferTask]]


def _success(shown: str) -> str:
    return f"The final answer equals the expected answer, computed by the bot; {shown}, without notes."


def _length_unit(unit: str) -> bool:
    """True when pint reads ``unit`` as a length (cm, m, in …)."""
    return bool(unit) and converted_amount(Fraction(1), unit, "m") is not None


def _is_proportion(values: tuple[Fraction, ...], result: Fraction) -> bool:
    """True when ``result`` is one input times another divided by the third: a scale factor applied."""
    readings = ((0, 1, 2), (1, 0, 2), (2, 0, 1))
    return any(values[a] and values[b] * values[c] / values[a] == result for a, b, c in readings)


def scale_factor_areas(sentence: str) -> Iterator[TransferTask]:
    """A worked length proportion, asked back through areas: the factor must be found, then applied."""
    tokens = number_tokens(sentence)
    if len(tokens) != 4 or not RESULT_MARKER.search(sentence[tokens[2].end : tokens[3].start]):
        return
    units = {token.unit for token in tokens}
    values = tuple(token.value for token in tokens[:3])
    if len(units) != 1 or not _length_unit(unit := units.pop()):
        return
    if not _is_proportion(values, tokens[3].value):
        return
    side = min(values)
    for step in range(1, VARIANTS + 1):
        factor, small_side, small_area = 2 + step % 3, side + step, Fraction(5 + 2 * step)
        large_area = small_area * factor**2
        computed = sympy.sqrt(sympy.Rational(int(large_area), int(small_area))) * int(small_side)
        if not computed.is_Integer:
            continue
        key = f"{computed} {unit}"
        question = (
            f"Two similar shapes have areas {number_text(small_area)} {unit}² and {number_text(large_area)} "
            f"{unit}². One side of the smaller shape is {number_text(small_side)} {unit}. How long is the "
            f"matching side of the larger shape? Find the scale factor from the areas first. {WITHOUT_NOTES}."
        )
        if not shows(key, question):
            yield TransferTask(
                question,
                key,
                _success(f"the length scale factor {factor} is found as the square root of the area ratio"),
                "areas are given instead of lengths, so the scale factor must be found from their ratio "
                "before it is applied",
            )


def _shifted(text: str, step: int) -> str:
    """``text`` with each whole number moved by ``step`` times its position (deterministic new numbers)."""
    for index, number in reversed(list(enumerate(INTEGER.finditer(text)))):
        text = text[: number.start()] + str(int(number.group(0)) + step * (index + 1)) + text[number.end() :]
    return text


def equation_word_problem(sentence: str) -> Iterator[TransferTask]:
    """A solved linear equation, asked back as a situation in words whose equation the learner sets up."""
    for match in EQUATION.finditer(sentence):
        if linear_solution(match.group("left").strip(), match.group("right").strip()) is None:
            continue
        for step in range(1, VARIANTS + 1):
            rate, start, distance = 1 + step, 2 + step, 3 + 2 * step
            total = rate * distance + start
            unknown = sympy.Symbol("d")
            (solved,) = sympy.solve(sympy.Eq(rate * unknown + start, total), unknown)
            key = f"{solved} km"
            question = (
                f"A taxi ride costs {start} euros to start plus {rate} euros for every kilometre. One ride "
                f"cost {total} euros in total. Write the equation for the ride's length and solve it: how "
                f"many kilometres was the ride? {WITHOUT_NOTES}."
            )
            if not shows(str(solved), question):
                yield TransferTask(
                    question,
                    key,
                    _success(f"an equation such as {rate}d + {start} = {total} is set up and solved"),
                    "a situation in words instead of a written equation, so the equation must be set up "
                    "first",
                )
        return


def derivative_tangent_slope(sentence: str) -> Iterator[TransferTask]:
    """A stated derivative sympy confirms, asked back as the slope of a tangent to a changed curve."""
    for derivative in stated_derivatives(sentence):
        if not derivative.holds:
            continue  # the note's derivative does not check out: nothing to rebuild honestly
        unknown = derivative.unknown
        for step in range(1, VARIANTS + 1):
            curve, point = parsed_expression(_shifted(derivative.written, step)), step + 1
            if curve is None:
                return
            slope = sympy.diff(curve, unknown).subs(unknown, point)
            if not slope.is_Rational:
                continue
            key = number_text(Fraction(int(slope.p), int(slope.q)))
            question = (
                f"What is the slope of the tangent to the curve y = {expression_text(curve)} at the point "
                f"where {unknown} = {point}? {WITHOUT_NOTES}."
            )
            if not shows(key, question):
                yield TransferTask(
                    question,
                    key,
                    _success(f"the derivative is found and evaluated at {unknown} = {point}"),
                    "a tangent's slope at one point is asked instead of the derivative as a formula",
                )
        return


BUILDERS: tuple[TransferBuilder, ...] = (scale_factor_areas, equation_word_problem, derivative_tangent_slope)


def kind(task: TransferTask) -> str:
    """What the task asks for, as the selection reason says it."""
    return f"a transfer task ({task.changes})"


def transfer_candidates(texts: tuple[str, ...]) -> Iterator[BuiltQuestion]:
    """Every transfer task the statements of ``texts`` allow: per statement, then builder, then variant."""
    for statement in statements(texts):
        for build in BUILDERS:
            for task in build(statement.text):
                yield BuiltQuestion(kind(task), task.question, task.key, task.success)


def transfer_questions(context: QuestionContext) -> GeneratedQuestions:
    """One fresh transfer task from the gap's observations and the linked events, or why none.

    The core's guard (:func:`bot.review.question_gen.acceptable`) picks the first variant not asked before.
    """
    candidates = transfer_candidates((*context.gap_observations, *context.evidence))
    for built in candidates if context.max_questions > 0 else ():
        question = GeneratedQuestion(question=built.question, success=built.success, key=built.key)
        if acceptable(question, context):
            why = (
                f"built from the linked evidence's worked example as {built.kind}; the answer key stays in "
                "the record, and no question repeats the evidence's sentences, the demonstration or an "
                "earlier check"
            )
            return GeneratedQuestions(questions=(question,), why=why, generated_by=GENERATOR)
    return GeneratedQuestions(why=NOTHING_BUILT, generated_by=GENERATOR)
