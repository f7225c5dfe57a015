"""What a promoted model says for each kind of repeated slip, and the fresh transfer task it plans.

The content is the pattern, written once per kind of slip in our own words: what should make the learner
think of it, the decisions an answer passes through, the conclusions it supports and where they stop, and
the traps. It never holds a learner's problem or solution (those stay in the linked events), so a model
cannot be a copied worked answer. Each kind's transfer task changes the context and the decision asked
for, not only the numbers, and carries its key, which is stored in the review record and never shown.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TransferTask:
    """A fresh task for the pattern: the question, its expected answer and what success shows."""

    question: str
    key: str
    success: str
    changes: str  # what differs from the observed problems besides the numbers


@dataclass(frozen=True)
class PatternModel:
    """The reusable content of one kind of slip."""

    title: str
    one_sentence: str
    cues: tuple[str, ...]
    answer_structure: tuple[str, ...]
    conclusions: tuple[tuple[str, str], ...]  # (conclusion, its conditions or limits)
    limits: tuple[str, ...]
    traps: tuple[str, ...]
    reaction: str
    transfer: TransferTask


MODELS: dict[str, PatternModel] = {
    "missed-condition": PatternModel(
        title="Check the condition the task does not repeat",
        one_sentence="Some answers must satisfy a condition the task leaves implicit (a root, a logarithm, a "
        "denominator, a length), so write the condition first and test every candidate against it.",
        cues=(
            "the unknown sits under a square root, inside a logarithm or in a denominator",
            "the unknown stands for a length, a count, a time or another quantity with a natural range",
            "solving produced more than one candidate value",
        ),
        answer_structure=(
            "Before solving, write the allowed set of the unknown in one line.",
            "Solve as usual and list every candidate value.",
            "Test each candidate against the allowed set, not only against the transformed equation.",
            "State which candidates are kept and name the condition that removes the others.",
        ),
        conclusions=(
            ("a candidate outside the allowed set is not a solution", "holds whatever method found it"),
            (
                "squaring both sides or combining logarithms can add candidates",
                "only for steps that are not reversible; reversible steps add none",
            ),
        ),
        limits=(
            "not needed when every step was reversible and no quantity has a natural range",
            "the allowed set comes from the task's own quantities; it is not a memorised list",
        ),
        traps=(
            "checking a candidate in a later, transformed line instead of the original task",
            "writing the condition after solving and then forgetting to apply it",
        ),
        reaction="When I see a root, a logarithm, a denominator or a length, I will write its condition "
        "before I solve and test every candidate against it.",
        transfer=TransferTask(
            question="A square has side (x − 3) cm and area 4 cm². Before solving, write the condition the "
            "side must meet; then give every value of x that fits and say why any other candidate is "
            "rejected.",
            key="x = 5 (the side needs x > 3, which rejects x = 1)",
            success="the condition x > 3 is written before solving, both candidates are found, and x = 1 "
            "is rejected by naming the condition",
            changes="a geometric context instead of an equation given as such, and the decision asked for "
            "is which candidate survives",
        ),
    ),
    "wrong-ratio": PatternModel(
        title="Match the ratio's sides before computing it",
        one_sentence="A ratio between two figures or quantities is only right when its terms correspond, "
        "so pair the matching parts first and keep the same order on both sides.",
        cues=(
            "two similar figures, a scale drawing, a map or a shadow problem",
            "the task asks for a scale factor, a proportion or a missing length",
        ),
        answer_structure=(
            "Name which part of the first figure matches which part of the second.",
            "Write the ratio with the same figure on top in every fraction.",
            "Compute, then check that the result is larger or smaller as the picture requires.",
        ),
        conclusions=(
            ("corresponding parts give one constant ratio", "only when the figures are similar"),
            ("the order of the ratio decides whether the factor enlarges or reduces", "for every pair"),
        ),
        limits=("a ratio of non-corresponding parts says nothing about similarity",),
        traps=(
            "pairing sides by their position on the page instead of by the matching angles",
            "flipping the order of the ratio between the two fractions",
        ),
        reaction="When I see two similar figures, I will pair the matching sides before I write any ratio.",
        transfer=TransferTask(
            question="At the same moment a 1.8 m post casts a 2.4 m shadow and a tree casts a 10 m shadow. "
            "Say which two lengths go together in each ratio, then find the tree's height.",
            key="7.5 m (height over shadow is 1.8/2.4 for both)",
            success="the pairing height-with-height and shadow-with-shadow is stated before computing, and "
            "the height is 7.5 m",
            changes="a shadow context with no drawn triangles, and the decision asked for is the pairing",
        ),
    ),
    "sign-flip": PatternModel(
        title="Track the sign through every step",
        one_sentence="A sign changes only at known steps (multiplying or dividing by a negative, moving a "
        "term across, expanding a minus), so mark those steps and check the sign there.",
        cues=(
            "a negative coefficient, a subtraction in front of a bracket, or an inequality",
            "a term moves to the other side",
        ),
        answer_structure=(
            "Mark each step that can change a sign before carrying it out.",
            "Carry out the step and write the new sign explicitly.",
            "Check the result with one value substituted into the original line.",
        ),
        conclusions=(
            ("dividing an inequality by a negative number reverses it", "only for negative divisors"),
        ),
        limits=("adding or subtracting the same number never changes an inequality's direction",),
        traps=("dropping the minus of a bracket on its second term", "reversing an inequality twice"),
        reaction="When I see a negative coefficient or a minus before a bracket, I will mark the step where "
        "the sign can change and check it there.",
        transfer=TransferTask(
            question="Solve −3x + 7 > 1, and say at which step the direction of the inequality changes.",
            key="x < 2 (the direction turns when dividing by −3)",
            success="x < 2, with the reversal placed at the division by −3",
            changes="an inequality instead of an equation; the decision asked for is where the sign turns",
        ),
    ),
    "forgot-unit": PatternModel(
        title="Carry units through the calculation",
        one_sentence="A number without its unit is not an answer, so write units at every step and convert "
        "them before combining quantities.",
        cues=("quantities given in different units", "the answer is asked for in a named unit"),
        answer_structure=(
            "Write every given quantity with its unit.",
            "Convert to the units the answer asks for before combining.",
            "Compute with the units written, and check the unit of the result.",
        ),
        conclusions=(("quantities combine only in matching units", "for sums and differences"),),
        limits=("pure numbers such as ratios of equal units have no unit",),
        traps=("converting one quantity and forgetting the other", "reporting the answer in the wrong unit"),
        reaction="When I see mixed units, I will convert them before I combine anything.",
        transfer=TransferTask(
            question="A cyclist covers 150 km in 2 h 30 min. Give the average speed in metres per second, "
            "with the unit conversions written out.",
            key="about 16.7 m/s (150 000 m in 9 000 s)",
            success="both conversions are written and the speed is about 16.7 m/s",
            changes="a speed in other units than the problem's, and the decision asked for is the conversion",
        ),
    ),
    "calculation-slip": PatternModel(
        title="Check each calculation step against an estimate",
        one_sentence="When the method is sound and the arithmetic slips, an estimate made first catches the "
        "slip before the answer is written.",
        cues=("a long calculation with several arithmetic steps",),
        answer_structure=(
            "Estimate the size of the answer before calculating.",
            "Calculate one step per line.",
            "Compare the result with the estimate and recheck the step that differs.",
        ),
        conclusions=(("an answer far from its estimate holds a slip", "when the estimate was sound"),),
        limits=("an estimate cannot catch a slip smaller than its own precision",),
        traps=("doing two operations in one line", "copying a number wrongly from the line above"),
        reaction="When I see a multi-step calculation, I will estimate first and compare at the end.",
        transfer=TransferTask(
            question="Estimate 49 × 21 to the nearest hundred first, then compute it exactly and say whether "
            "the two agree.",
            key="estimate 1 000, exact 1 029",
            success="an estimate near 1 000 is written before the exact 1 029, and the two are compared",
            changes="a comparison with an estimate is asked for, not only the result",
        ),
    ),
}
