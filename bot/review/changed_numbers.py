"""A worked example from the learner's note, set again with new numbers and its answer key computed.

The offline rules understand no method, so they only rebuild a worked example whose method they can
verify from the note itself:

* a linear equation in one unknown ("2x + 3 = 11"): new coefficients, solved with sympy;
* a unit conversion ("5 km is 5000 m"): a new amount, converted with pint;
* a stated derivative ("the derivative of x^2 is 2x", checked with sympy): new numbers in the function,
  differentiated with sympy;
* a small calculation whose result follows from its numbers by one simple relation (a product, a sum,
  a difference, a ratio, a proportion ``b × c ÷ a``, a percentage): "AB = 3 cm, DE = 6 cm, BC = 5 cm,
  so EF = 10 cm" holds only for ``EF = DE × BC ÷ AB``, so new lengths get a computed ``EF``.

The relation must hold exactly for the note's numbers, and when two relations hold that disagree on
the new numbers the method is ambiguous and nothing is built: no case is better than a wrong key.
New numbers are chosen deterministically (the same note always gives the same case; a later check
takes the next variant), so that the result is a short exact number that appears nowhere in the case.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, partial
from tokenize import TokenError

import pint
import sympy
from sympy.parsing.sympy_parser import (
    convert_xor,
    implicit_multiplication_application,
    parse_expr,
    standard_transformations,
)

from bot.review.built_question import BuiltQuestion, shows

KIND = "the note's worked method on new numbers, with the answer computed by the bot"
VARIANTS = 8  # new-number cases tried per worked example; a later check takes the next one not asked
BLANK = "____"
INSTRUCTION = "Work it without your notes and give the final answer"
# A number token: not part of a word, a power, a date or a time ("x2", "x^2", "2026-11-30", "7:30").
NUMBER = re.compile(r"(?<![\w.^:/-])(?P<value>\d+(?:\.\d+)?)(?![\d.]*[:-]\d)(?P<pct>\s?%)?")
UNITS = frozenset(
    "mm cm m km in ft yd mi mg g kg t lb oz ml l L s ms min h hr km/h m/s mph °C °F K N J W kW V Pa kPa "
    "cm² m² cm2 m2 cm³ m³ $ € £ degrees mol A mA Ω kΩ Hz kHz".split()
)
UNIT_AFTER = re.compile(r"\s?(?P<unit>[A-Za-zµ°²³/$€£]+[²³2]?)")
RESULT_MARKER = re.compile(
    r"\b(?:so|then|gives?|gave|becomes?|became|is|are|was|equals?|makes?|therefore|hence|leaves?|get|got)\b"
    r"|=|→|->",
    re.I,
)
EQUATION_PART = r"(?:\d+(?:\.\d+)?|(?<![A-Za-z])[a-z](?![A-Za-z])|[-+*/^()]|[ \t])+"
EQUATION = re.compile(rf"(?P<left>{EQUATION_PART})=(?P<right>{EQUATION_PART})")
INTEGER = re.compile(r"\d+")
CONVERSION = re.compile(
    r"(?<![\w.])(?P<amount>\d+(?:\.\d+)?)\s?(?P<source>[A-Za-zµ°²³/]+)\s*"
    r"(?:=|is|are|equals?|makes?|gives?)\s*(?P<target_amount>\d+(?:\.\d+)?)\s?(?P<target>[A-Za-zµ°²³/]+)",
)
DERIVATIVE = re.compile(
    r"\bderivative\s+of\s+(?P<function>[\w^*/+() -]+?)\s+(?:is|=|equals)\s+(?P<derivative>[\w^*/+() -]+?)"
    r"\s*(?:[,.;]|\s+(?:because|since|as|so)\b|$)",
    re.I,
)
COEFFICIENT_STAR = re.compile(r"(?<=\d)\*(?=[a-z(])")
NAMED = re.compile(r"\b[A-Z][A-Za-z0-9]{0,3}\s*=\s*$")
TRANSFORMS = (*standard_transformations, implicit_multiplication_application, convert_xor)


def number_text(value: Fraction) -> str:
    """``value`` as a reader writes it: ``16``, ``2.5``, or ``7/3`` when no short decimal is exact."""
    if value.denominator == 1:
        return str(value.numerator)
    for places in range(1, 5):
        scaled = value * 10**places
        if scaled.denominator == 1:
            return f"{value.numerator / value.denominator:.{places}f}"
    return f"{value.numerator}/{value.denominator}"


def _short(value: Fraction) -> bool:
    return value > 0 and (value * 100).denominator == 1


@dataclass(frozen=True)
class Token:
    """One number in the sentence: its span, value, whether it is a percentage, and its unit if any."""

    start: int
    end: int  # the end of the number (and its % sign), not of its unit
    value: Fraction
    percent: bool
    unit: str
    unit_end: int


def number_tokens(sentence: str) -> list[Token]:
    found = []
    for match in NUMBER.finditer(sentence):
        after = sentence[match.end() :]
        unit, length = ("", 0) if match.group("pct") else _unit(after)
        if after[:1].isalpha() and not unit:
            continue  # a coefficient ("2x") or a word ("3rd"), not a quantity
        value = Fraction(match.group("value"))
        end = match.end()
        found.append(Token(match.start(), end, value, bool(match.group("pct")), unit, end + length))
    return found


def _unit(after: str) -> tuple[str, int]:
    """The unit right after a number, and the length it takes there; empty when none is known."""
    match = UNIT_AFTER.match(after)
    if match and match.group("unit") in UNITS:
        return match.group("unit"), len(match.group(0))
    return "", 0


Relation = Callable[[tuple[Fraction, ...]], Fraction]
HUNDRED = Fraction(100)


def _sum(v: tuple[Fraction, ...]) -> Fraction:
    return sum(v, Fraction(0))


def _product(v: tuple[Fraction, ...]) -> Fraction:
    result = Fraction(1)
    for value in v:
        result *= value
    return result


def _difference(first: int, second: int, v: tuple[Fraction, ...]) -> Fraction:
    return v[first] - v[second]


def _ratio(top: int, bottom: int, v: tuple[Fraction, ...]) -> Fraction:
    return v[top] / v[bottom]


def _proportion(a: int, b: int, c: int, v: tuple[Fraction, ...]) -> Fraction:
    return v[b] * v[c] / v[a]


def _percent(p: int, x: int, change: int, v: tuple[Fraction, ...]) -> Fraction:
    """``change`` 0: p% of x; 1: x increased by p%; -1: x decreased by p%."""
    share = v[x] * v[p] / HUNDRED
    return share if change == 0 else v[x] + change * share


def _relations(inputs: tuple[Token, ...]) -> list[tuple[str, Relation]]:
    """The simple relations a result can have to these inputs, each with how it is read."""
    found: list[tuple[str, Relation]] = [
        (f"the sum of the {len(inputs)} numbers", _sum),
        (f"the product of the {len(inputs)} numbers", _product),
    ]
    if len(inputs) == 2:
        found += [
            ("the first number minus the second", partial(_difference, 0, 1)),
            ("the second number minus the first", partial(_difference, 1, 0)),
            ("the first number divided by the second", partial(_ratio, 0, 1)),
            ("the second number divided by the first", partial(_ratio, 1, 0)),
        ]
        for p, x in ((0, 1), (1, 0)):
            if inputs[p].percent and not inputs[x].percent:
                found += [
                    ("the percentage of the amount", partial(_percent, p, x, 0)),
                    ("the amount increased by the percentage", partial(_percent, p, x, 1)),
                    ("the amount decreased by the percentage", partial(_percent, p, x, -1)),
                ]
    else:
        found += [
            (f"number {b + 1} times number {c + 1} divided by number {a + 1} (a proportion)",
             partial(_proportion, a, b, c))
            for a, b, c in ((0, 1, 2), (1, 0, 2), (2, 0, 1))
        ]  # fmt: skip
    return found


def _variant(inputs: tuple[Token, ...], step: int) -> tuple[Fraction, ...]:
    """New input values, deterministic in ``step``: each moves by a different amount, percentages by 5s."""
    new = []
    for index, token in enumerate(inputs):
        places = Fraction(1, 10 ** len(number_text(token.value).partition(".")[2]))
        unit = 5 if token.percent and token.value % 5 == 0 else 1
        new.append(token.value + step * (index + 1) * unit * places)
    return tuple(new)


def _case_from_relation(sentence: str) -> Iterator[BuiltQuestion]:
    tokens = number_tokens(sentence)
    if not 3 <= len(tokens) <= 4:
        return
    *ins, result = tokens
    inputs = tuple(ins)
    if not RESULT_MARKER.search(sentence[inputs[-1].end : result.start]):
        return
    values = tuple(t.value for t in inputs)
    try:
        holding = [(how, rule) for how, rule in _relations(inputs) if rule(values) == result.value]
    except ZeroDivisionError:
        return
    if not holding:
        return
    for step in range(1, VARIANTS + 1):
        new = _variant(inputs, step)
        answers = {rule(new) for _, rule in holding}
        if len(answers) != 1:
            return  # two readings of the method disagree: the key would be a guess
        answer = answers.pop()
        if not _short(answer) or answer in (*new, *values):
            continue
        text = sentence
        unit = f" {result.unit}" if result.unit else ""
        pieces = [(result.start, result.unit_end, BLANK)]
        pieces += [
            (t.start, t.end, number_text(v) + ("%" if t.percent else ""))
            for t, v in zip(inputs, new, strict=True)
        ]
        for start, end, replacement in sorted(pieces, reverse=True):
            text = text[:start] + replacement + text[end:]
        text = text[_case_start(sentence, inputs[0]) :]
        key = f"{number_text(answer)}{unit}"
        question = f"Same method, new numbers: {text.rstrip('.!。')}. {INSTRUCTION} (the blank)."
        if not shows(key, question):
            yield BuiltQuestion(KIND, question, key, _success(f"the result is {holding[0][0]}"))


def _case_start(sentence: str, first: Token) -> int:
    """Where the worked case begins: at "AB = 3 cm" when the numbers are named, past "In class we had"."""
    named = NAMED.search(sentence[: first.start])
    return named.start() if named else 0


def _success(method: str) -> str:
    return (
        f"The final answer equals the expected answer, which the bot computed with the note's own method "
        f"({method}); the working is shown and done without notes."
    )


def parsed_expression(text: str) -> sympy.Expr | None:
    try:
        expression = parse_expr(text.replace("^", "**"), transformations=TRANSFORMS, evaluate=True)
    except (SyntaxError, TypeError, ValueError, sympy.SympifyError, AttributeError, TokenError):
        return None
    return expression if isinstance(expression, sympy.Expr) else None


def linear_solution(left: str, right: str) -> tuple[sympy.Symbol, Fraction] | None:
    """The unknown and its one solution when ``left = right`` is a linear equation in one unknown."""
    first, second = parsed_expression(left), parsed_expression(right)
    if first is None or second is None:
        return None
    equation = sympy.expand(first - second)
    unknowns = equation.free_symbols
    if len(unknowns) != 1:
        return None
    (unknown,) = unknowns
    bare = unknown in (first, second) and (first.is_number or second.is_number)
    if bare or sympy.Poly(equation, unknown).degree() != 1:
        return None
    (solution,) = sympy.solve(equation, unknown)
    if not solution.is_Rational:
        return None
    return unknown, Fraction(int(solution.p), int(solution.q))


def _case_from_equation(sentence: str) -> Iterator[BuiltQuestion]:
    for match in EQUATION.finditer(sentence):
        left, right = match.group("left").strip(), match.group("right").strip()
        if not left or not right or linear_solution(left, right) is None:
            continue
        written = f"{left} = {right}"
        numbers = list(INTEGER.finditer(written))
        for step in range(1, VARIANTS + 1):
            new = written
            for index, number in reversed(list(enumerate(numbers))):
                changed = int(number.group(0)) + step * (index + 1)
                new = new[: number.start()] + str(changed) + new[number.end() :]
            solved = linear_solution(*new.split(" = ", 1))
            if solved is None or solved[1].denominator != 1:
                continue
            unknown, value = solved
            key = f"{unknown} = {number_text(value)}"
            question = (
                f"Solve for {unknown}, the same way as in your note: {new}. Give the value of {unknown}."
            )
            if not shows(number_text(value), new):
                yield BuiltQuestion(
                    KIND, question, key, _success("solving the linear equation, checked with sympy")
                )
        return


@cache
def _units() -> pint.UnitRegistry:  # type: ignore[type-arg]
    return pint.UnitRegistry()


def converted_amount(amount: Fraction, source: str, target: str) -> Fraction | None:
    registry = _units()
    try:
        value = registry.Quantity(float(amount), source).to(target).magnitude
    except (pint.errors.PintError, AttributeError, TypeError, ValueError, AssertionError):
        return None
    return Fraction(value).limit_denominator(10_000)


def _case_from_conversion(sentence: str) -> Iterator[BuiltQuestion]:
    for match in CONVERSION.finditer(sentence):
        source, target = match.group("source"), match.group("target")
        if source == target or source not in UNITS or target not in UNITS:
            continue
        stated = Fraction(match.group("target_amount"))
        converted = converted_amount(Fraction(match.group("amount")), source, target)
        if converted is None or abs(converted - stated) > stated / 10_000:
            continue  # the note's numbers do not convert that way: nothing to rebuild honestly
        for step in range(1, VARIANTS + 1):
            amount = Fraction(match.group("amount")) + step * 2 + 1
            answer = converted_amount(amount, source, target)
            if answer is None or not _short(answer):
                continue
            key = f"{number_text(answer)} {target}"
            question = f"Convert {number_text(amount)} {source} to {target}, without your notes."
            yield BuiltQuestion(
                KIND, question, key, _success(f"converting {source} to {target}, checked with pint")
            )
        return


def expression_text(expression: sympy.Expr) -> str:
    """``expression`` as a learner writes it: ``5x^4``, not ``5*x**4``."""
    return COEFFICIENT_STAR.sub("", str(expression).replace("**", "^"))


@dataclass(frozen=True)
class StatedDerivative:
    """A derivative a sentence states of a function in one unknown, and whether sympy confirms it."""

    written: str  # the function as the learner wrote it
    unknown: sympy.Symbol
    holds: bool


def stated_derivatives(sentence: str) -> Iterator[StatedDerivative]:
    """Each "the derivative of f is g" in ``sentence`` that parses, with sympy's verdict on it."""
    for match in DERIVATIVE.finditer(sentence):
        function, stated = (
            parsed_expression(match.group("function")),
            parsed_expression(match.group("derivative")),
        )
        if function is None or stated is None or len(function.free_symbols) != 1:
            continue
        (unknown,) = function.free_symbols
        holds = sympy.simplify(sympy.diff(function, unknown) - stated) == 0
        yield StatedDerivative(match.group("function").strip(), unknown, holds)


def _case_from_derivative(sentence: str) -> Iterator[BuiltQuestion]:
    for derivative in stated_derivatives(sentence):
        if not derivative.holds:
            continue  # the note's derivative does not check out: nothing to rebuild honestly
        written, unknown = derivative.written, derivative.unknown
        numbers = list(INTEGER.finditer(written))
        for step in range(1, VARIANTS + 1):
            new = written
            for index, number in reversed(list(enumerate(numbers))):
                changed = int(number.group(0)) + step * (index + 1)
                new = new[: number.start()] + str(changed) + new[number.end() :]
            parsed = parsed_expression(new)
            if parsed is None or not numbers:
                return
            key = expression_text(sympy.expand(sympy.diff(parsed, unknown)))
            question = f"What is the derivative of {new}? {INSTRUCTION}."
            yield BuiltQuestion(KIND, question, key, _success("differentiating the new function, with sympy"))
        return


def checks_out_false(sentence: str) -> bool:
    """True when ``sentence`` states a derivative or a unit conversion that sympy or pint refutes.

    Such a sentence is the learner's slip, not a fact: no question may take its words as a key.
    """
    if any(not derivative.holds for derivative in stated_derivatives(sentence)):
        return True
    for match in CONVERSION.finditer(sentence):
        source, target = match.group("source"), match.group("target")
        if source != target and source in UNITS and target in UNITS:
            converted = converted_amount(Fraction(match.group("amount")), source, target)
            stated = Fraction(match.group("target_amount"))
            if converted is not None and abs(converted - stated) > stated / 10_000:
                return True
    return False


def changed_number_cases(sentence: str) -> Iterator[BuiltQuestion]:
    """New-number cases of the worked example in ``sentence``, best first; none when no method is sure."""
    for build in (_case_from_derivative, _case_from_equation, _case_from_conversion, _case_from_relation):
        cases = list(build(sentence))
        if cases:
            yield from cases
            return
