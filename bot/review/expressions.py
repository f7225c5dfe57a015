"""Algebraic and numeric equivalence (sympy), with the learner's text parsed safely.

``2(x+1)`` and ``2x + 2`` are the same answer; ``x^2`` is a power; ``2xy`` is ``2·x·y``; ``x = 8`` and
``8 = x`` state the same solution. Decisions, and why:

* Parsing is sympy's ``parse_expr`` restricted to what an answer needs: only digits, letters,
  ``+ - * / ^ ( ) =`` and spaces pass a character check; names are single letters, the usual functions
  (``sin``, ``sqrt``, ``ln`` …), ``pi``, ``e`` and Greek letter names, or short runs of the key's own
  letters (``ad`` when the key uses ``a`` and ``d``); the evaluation namespace holds only the sympy
  constructors the parser emits, with no builtins. Nothing else is ever evaluated.
* Work is bounded before anything is computed: at most :data:`MAX_CHARS` characters, a parse tree of at
  most :data:`MAX_NODES` nodes, numeric powers up to :data:`MAX_EXPONENT` and integers up to
  :data:`MAX_DIGITS` digits (``9^9^9`` is refused unevaluated), and equivalence is tested numerically,
  never by ``simplify``, whose time is unbounded.
* Equivalence: the same expression, or equal at every one of several fixed sample points (negative
  and positive, so ``sqrt(x^2)`` is not ``x``) to within float noise. A clear difference at a point is
  ``incorrect``; too few points where both sides are defined, or a difference in the noise band,
  cannot be told. Equations compare as ``left − right`` up to a constant factor.
"""

from __future__ import annotations

import cmath
import re
from dataclasses import dataclass
from typing import Any

import sympy
from sympy.parsing.sympy_parser import (
    convert_xor,
    implicit_multiplication_application,
    parse_expr,
    standard_transformations,
)

from bot.intake.judgements import Verdict

MAX_CHARS = 160
MAX_NODES = 150
MAX_EXPONENT = 64
MAX_DIGITS = 30
TRANSFORMATIONS = (*standard_transformations, implicit_multiplication_application, convert_xor)
FUNCTIONS: dict[str, Any] = {
    "sin": sympy.sin, "cos": sympy.cos, "tan": sympy.tan, "sec": sympy.sec, "csc": sympy.csc,
    "cot": sympy.cot, "asin": sympy.asin, "acos": sympy.acos, "atan": sympy.atan, "arcsin": sympy.asin,
    "arccos": sympy.acos, "arctan": sympy.atan, "sinh": sympy.sinh, "cosh": sympy.cosh,
    "tanh": sympy.tanh, "exp": sympy.exp, "log": sympy.log, "ln": sympy.log, "sqrt": sympy.sqrt,
    "abs": sympy.Abs, "pi": sympy.pi, "e": sympy.E,
}  # fmt: skip
GREEK = frozenset("alpha beta gamma delta epsilon theta phi omega mu sigma tau rho".split())
CONSTRUCTORS: dict[str, Any] = {
    "__builtins__": {},
    **{c.__name__: c for c in (sympy.Integer, sympy.Float, sympy.Rational, sympy.Symbol)},
    **{c.__name__: c for c in (sympy.Add, sympy.Mul, sympy.Pow)},
}
ALLOWED = re.compile(r"^[A-Za-z0-9.+\-*/^()= ]+$")
NAME = re.compile(r"[A-Za-z]+")
LOOSE_DOT = re.compile(r"(?<!\d)\.|\.(?!\d)")
# "n(n+1)": a single letter before a bracket is a product, not a call (no function has a one-letter name).
LETTER_BRACKET = re.compile(r"(?<![A-Za-z])(?P<letter>[A-Za-z])\s*\(")
# Sample values: irrational-looking, both signs, none a root of anything simple.
POINTS = (0.5772, -1.3029, 2.2361, -0.6931, 1.4142, 3.1623, -2.7183)
MIN_POINTS = 4
TINY = 1e-300  # where both sides are zero, the gap is zero
SAME, DIFFERENT = 1e-14, 1e-6  # relative: 30-digit evaluation noise, and a difference no rounding explains


@dataclass(frozen=True)
class Equation:
    left: Any
    right: Any


def _names_allowed(text: str, known: frozenset[str]) -> bool:
    for match in NAME.finditer(text):
        name = match.group(0)
        before = text[match.start() - 1] if match.start() else " "
        short_run = len(name) <= 3 and (set(name) <= known or before.isdigit() or before == ")")
        if not (len(name) == 1 or name in FUNCTIONS or name in GREEK or short_run):
            return False
    return True


def _bounded(tree: Any) -> bool:
    nodes = list(sympy.preorder_traversal(tree))
    if len(nodes) > MAX_NODES:
        return False
    for node in nodes:
        if isinstance(node, sympy.Integer) and len(str(abs(int(node)))) > MAX_DIGITS:
            return False
        numeric_power = isinstance(node, sympy.Pow) and not node.exp.free_symbols
        if numeric_power and (not isinstance(node.exp, sympy.Number) or abs(float(node.exp)) > MAX_EXPONENT):
            return False
    return True


def _parse_side(text: str, *, evaluate: bool) -> Any:
    return parse_expr(
        text,
        local_dict=dict(FUNCTIONS),
        global_dict=dict(CONSTRUCTORS),
        transformations=TRANSFORMATIONS,
        evaluate=evaluate,
    )


def _parse_expression(text: str) -> Any:
    try:
        if not _bounded(_parse_side(text, evaluate=False)):
            return None
        parsed = _parse_side(text, evaluate=True)
    except Exception:  # sympy raises many kinds on malformed input; any of them means "not an expression"
        return None
    return parsed if isinstance(parsed, sympy.Expr) else None


def parse(text: str, known: frozenset[str] = frozenset()) -> Any:
    """``text`` as a sympy expression or :class:`Equation`; None when it is not one (or too big).

    ``known``: the letters the key uses, so a run of them (``ad``) reads as their product.
    """
    text = text.strip()
    if not text or len(text) > MAX_CHARS or not ALLOWED.match(text) or LOOSE_DOT.search(text):
        return None
    if "__" in text or not _names_allowed(text, known):
        return None
    sides = LETTER_BRACKET.sub(r"\g<letter>*(", text).split("=")
    if len(sides) > 2:
        return None
    parsed = [_parse_expression(side) for side in sides]
    if any(side is None for side in parsed):
        return None
    return Equation(*parsed) if len(parsed) == 2 else parsed[0]


def letters(parsed: Any) -> frozenset[str]:
    """The variable names an expression or equation uses."""
    parts = (parsed.left, parsed.right) if isinstance(parsed, Equation) else (parsed,)
    return frozenset(str(s) for part in parts for s in part.free_symbols)


def numeric_value(text: str) -> float | None:
    """The real value of a numeric expression (``3/4``, ``9pi``, ``sqrt(2)``); None otherwise."""
    parsed = parse(text)
    if parsed is None or isinstance(parsed, Equation) or parsed.free_symbols:
        return None
    value = _evaluate(parsed, {})
    return value.real if value is not None and abs(value.imag) <= SAME * max(1.0, abs(value)) else None


def _evaluate(expr: Any, values: dict[Any, float]) -> complex | None:
    try:
        result = complex(expr.evalf(30, subs=values))
    except (TypeError, ValueError, ZeroDivisionError, OverflowError, AttributeError):
        return None
    return result if cmath.isfinite(result) else None


def _assignments(symbols: list[Any]) -> list[dict[Any, float]]:
    return [
        {symbol: POINTS[(i + j) % len(POINTS)] + 0.1 * j for j, symbol in enumerate(symbols)}
        for i in range(len(POINTS) if symbols else 1)
    ]


def _compare(key: Any, answer: Any, *, up_to_factor: bool = False) -> tuple[Verdict, str]:
    """Numeric comparison over the sample points (``up_to_factor``: any constant nonzero ratio)."""
    symbols = sorted(key.free_symbols | answer.free_symbols, key=str)
    pairs = []
    for values in _assignments(symbols):
        k, a = _evaluate(key, values), _evaluate(answer, values)
        if k is not None and a is not None and not (up_to_factor and abs(k) < SAME):
            pairs.append((k, a))
    if len(pairs) < (MIN_POINTS if symbols else 1):
        return Verdict.CANNOT_TELL, "it could not be evaluated at enough points to compare with the key"
    if up_to_factor:
        ratios = [a / k for k, a in pairs]
        pairs = [(ratios[0], r) for r in ratios] if abs(ratios[0]) > SAME else [(1.0, 0.0)]
    gaps = [abs(k - a) / max(abs(k), abs(a), TINY) for k, a in pairs]  # relative, so 1.6e-19 ≠ 1.7e-19
    where = f" at {len(pairs)} sample points" if symbols else ""
    if max(gaps) <= SAME:
        return Verdict.CORRECT, f"it is equal to the key{where}"
    if max(gaps) > DIFFERENT:
        return Verdict.INCORRECT, "it differs from the key" + (" at a sample point" if symbols else "")
    return Verdict.CANNOT_TELL, "it differs from the key by less than rounding could explain"


def equivalent(key: Any, answer: Any) -> tuple[Verdict, str]:
    """Whether ``answer`` states what ``key`` does (expressions, or equations up to a factor)."""
    if isinstance(key, Equation) and isinstance(key.left, sympy.Symbol) and not key.right.has(key.left):
        solved = key.right  # "x = 8": the answer may give the value, or the same assignment
        if isinstance(answer, Equation) and answer.left == key.left and not answer.right.has(key.left):
            return _judged(solved, answer.right)
        if not isinstance(answer, Equation):
            return _judged(solved, answer)
    if isinstance(key, Equation) and isinstance(answer, Equation):
        return _compare(key.left - key.right, answer.left - answer.right, up_to_factor=True)
    if isinstance(key, Equation) or isinstance(answer, Equation):
        return Verdict.CANNOT_TELL, "one side is an equation and the other an expression"
    return _judged(key, answer)


def _judged(key: Any, answer: Any) -> tuple[Verdict, str]:
    if key == answer:
        return Verdict.CORRECT, "it is the key's expression"
    verdict, reason = _compare(key, answer)
    foreign = answer.free_symbols - key.free_symbols
    if foreign and verdict is not Verdict.CORRECT:
        names = ", ".join(sorted(map(str, foreign)))
        return Verdict.CANNOT_TELL, f"it uses variables the key does not ({names})"
    return verdict, reason
