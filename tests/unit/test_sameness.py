"""The sameness decision over the labelled pairs, and the features it reads, as a learner's notes show them.

The pass line over ``bench/judgement/pairs.jsonl``: no pair that is not a repeat is judged the same
(that note would be lost behind "already recorded"), at least 0.9 of the reworded repeats are linked,
and at least 0.9 of the related and of the different pairs get their own label.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from bot.records.sameness import Sameness, judge

PAIRS = [
    json.loads(line)
    for line in (Path(__file__).parents[2] / "bench/judgement/pairs.jsonl").read_text("utf-8").splitlines()
    if line.strip()
]


def test_the_corpus_has_enough_pairs_in_several_languages() -> None:
    labels = Counter(pair["label"] for pair in PAIRS)
    assert len(PAIRS) >= 60 and len({pair["lang"] for pair in PAIRS}) >= 6
    assert all(labels[label.value] >= 10 for label in Sameness)


def test_no_note_that_is_not_a_repeat_is_linked_as_a_duplicate() -> None:
    lost = [
        p["id"] for p in PAIRS if p["label"] != "same" and judge(p["later"], p["earlier"]).verdict == "same"
    ]
    assert lost == []


@pytest.mark.parametrize("label", list(Sameness))
def test_each_label_is_met_on_at_least_nine_pairs_in_ten(label: Sameness) -> None:
    pairs = [p for p in PAIRS if p["label"] == label.value]
    met = sum(judge(p["later"], p["earlier"]).verdict is label for p in pairs)
    assert met / len(pairs) >= 0.9


@pytest.mark.parametrize(
    ("old", "new", "named"),
    [
        (
            "Worked example: 2x + 3 = 11, so x = 4.",
            "Worked example: 2x + 5 = 13, so x = 4.",
            "numbers 11, 3 → 13, 5",
        ),
        ("A 3 cm by 4 cm rectangle.", "A 3 mm by 4 mm rectangle.", "numbers 3 cm, 4 cm → 3 mm, 4 mm"),
        ("I got 12 and it was right.", "I got 12 and it was wrong.", "outcome right → wrong"),
        ("The loop runs three times.", "The loop runs four times.", "numbers 3 → 4"),
        (
            "Every continuous function is differentiable.",
            "Not every continuous function is differentiable.",
            "the claim is now denied",
        ),
        (
            "The treaty was signed by France and Spain.",
            "The treaty was signed by France and Portugal.",
            "names spain → portugal",
        ),
    ],
)
def test_what_tells_two_notes_apart_is_said(old: str, new: str, named: str) -> None:
    judgement = judge(new, old)
    assert judgement.verdict is Sameness.RELATED
    assert named in judgement.describe()


def test_a_typo_fix_is_the_same_note_and_says_it_changed_only_the_wording() -> None:
    judgement = judge("Similar triangles have equal angles.", "Similar triangels have equal angles.")
    assert judgement.verdict is Sameness.SAME and judgement.describe() == "the wording only"


def test_two_notes_citing_one_source_are_not_the_same_note() -> None:
    """Regression (scenario 13): the shared ``Source:`` line outweighed two different short statements."""
    source = "\n\nSource: materials/similarity.md\n"
    judgement = judge("Perimeters scale with k." + source, "The chapter." + source)
    assert judgement.verdict is not Sameness.SAME


def test_one_remark_on_two_sources_is_two_notes() -> None:
    """Regression: "I read this in my handout" filed for two handouts was linked as one note."""
    remark = "Today I read about this in my handout and want to keep it.\n\nSource: "
    judgement = judge(remark + "handouts/thales.pdf\n", remark + "handouts/similar.pdf\n")
    assert judgement.verdict is Sameness.RELATED
    assert judgement.describe().startswith("source handouts/similar.pdf → handouts/thales.pdf")


def test_one_frame_around_other_content_words_is_another_note() -> None:
    """Regression: notes sharing a sentence frame but trading most of their content words were 'the same'
    (every note after the first was lost behind 'already recorded')."""
    frame = (
        "In class I learned how {} relate to similar triangles. Save this and connect it to my geometry work."
    )
    first = frame.format("altitudes, medians, bisectors, circumcentres, incentres and orthocentres")
    second = frame.format("perimeters, areas, volumes, surfaces, diagonals and tangents")
    assert judge(second, first).verdict is not Sameness.SAME


@pytest.mark.timeout(60)  # a hang guard, not a speed figure: the quadratic search took minutes here
def test_a_long_unbroken_note_is_judged() -> None:
    """Regression: the formula search retried inside every long word (a pasted data URI took minutes)."""
    pasted = "data:image/png;base64," + "A" * 64_000
    assert judge(pasted + "B", pasted).verdict is Sameness.SAME
