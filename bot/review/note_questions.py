"""Questions built from a learner's own evidence, offline: which builder applies to which sentence.

The evidence's statements (:mod:`bot.review.statements`) are tried with every builder, the most
demanding first: a worked example set again with new numbers (:mod:`bot.review.changed_numbers`),
then what should have been done instead of a recorded slip, a stated formula or definition to
recall, a stated fact with its complement blanked, and last any short statement with its last key
term blanked (:mod:`bot.review.recall_cloze`). A demonstration is only
ever set again with new numbers. Each sentence gives at most one question per builder, two
questions never share a key, and the first questions taken are of different kinds, so two questions
check two different things.

``accept`` is the caller's guard (nothing asked before, no learner sentence, no key shown); a
builder's later variants (the next new numbers) are tried when its first is refused, so a later
check of the same worked example gets a new case. No builder applies: nothing is returned, and the
caller says so; no question is ever made up to fill the space.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence

from bot.review.built_question import BuiltQuestion, folded
from bot.review.changed_numbers import changed_number_cases, checks_out_false
from bot.review.recall_cloze import cloze_question, recall_question, slip_question, term_cloze
from bot.review.statements import Statement, statements

Builder = Callable[[str], Iterable[BuiltQuestion]]


def _once(build: Callable[[str], BuiltQuestion | None]) -> Builder:
    return lambda sentence: () if (built := build(sentence)) is None else (built,)


# (builder, whether it may use a demonstration), in the order questions are preferred.
BUILDERS: tuple[tuple[Builder, bool], ...] = (
    (changed_number_cases, True),
    (_once(slip_question), False),
    (_once(recall_question), False),
    (_once(cloze_question), False),
    (_once(term_cloze), False),
)


def _candidates(
    found: Sequence[Statement], accept: Callable[[BuiltQuestion], bool]
) -> Iterator[BuiltQuestion]:
    """Per builder and statement, the first variant ``accept`` allows, builders in order of preference.

    A sentence set again with new numbers is used for nothing else: its numbers belong to that one
    example, so blanking one of them ("the scale factor is ____") would ask for a detail, not a fact.
    A sentence sympy or pint refutes ("the derivative of x^3 is 2x") is used for nothing at all.
    """
    worked = {statement for statement in found if checks_out_false(statement.text)}
    for build, on_demonstrations in BUILDERS:
        for statement in found:
            if statement in worked or (statement.demonstration and not on_demonstrations):
                continue
            chosen = next((q for q in build(statement.text) if accept(q)), None)
            if chosen is not None:
                worked.update((statement,) if build is changed_number_cases else ())
                yield chosen


def built_questions(
    texts: Iterable[str], *, accept: Callable[[BuiltQuestion], bool], limit: int
) -> tuple[BuiltQuestion, ...]:
    """Up to ``limit`` questions from ``texts``, of different kinds first; one question per key."""
    unique: dict[str, BuiltQuestion] = {}
    for question in _candidates(statements(texts), accept):
        unique.setdefault(folded(question.key), question)
    firsts: list[BuiltQuestion] = []
    others: list[BuiltQuestion] = []
    for question in unique.values():
        (others if any(q.kind == question.kind for q in firsts) else firsts).append(question)
    return tuple([*firsts, *others][: max(limit, 0)])
