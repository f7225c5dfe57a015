"""Sameness benchmark: the deduplication decision over the labelled note pairs, accuracy per label.

Reads ``bench/judgement/pairs.jsonl`` (one pair a line: ``earlier``, ``later``, ``label`` of
``same``/``related``/``different``, ``lang``) and runs :func:`bot.records.sameness.judge` on each.
Prints, per label, how many pairs got their label, then the two figures the learner feels: how many
reworded repeats are linked (``same`` → same) and how many pairs that are not repeats would be
linked as duplicates, i.e. a note lost (anything else → same). Figures only: the pass line is in
``tests/unit/test_sameness.py``. ``--show`` lists every pair judged otherwise than labelled.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot.records.sameness import Sameness, judge

PAIRS = Path(__file__).with_name("pairs.jsonl")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--show", action="store_true", help="list the pairs judged otherwise than labelled")
    show = parser.parse_args().show
    pairs = [json.loads(line) for line in PAIRS.read_text(encoding="utf-8").splitlines() if line.strip()]
    totals: Counter[str] = Counter()
    right: Counter[str] = Counter()
    lost = 0
    for pair in pairs:
        verdict = judge(pair["later"], pair["earlier"]).verdict
        label = pair["label"]
        totals[label] += 1
        right[label] += verdict.value == label
        lost += label != Sameness.SAME and verdict is Sameness.SAME
        if show and verdict.value != label:
            print(f"  {pair['id']}: labelled {label}, judged {verdict.value} ({pair['why']})")
    languages = len({pair["lang"] for pair in pairs})
    print(f"sameness: {len(pairs)} pairs in {languages} languages")
    for label in Sameness:
        share = right[label] / totals[label] if totals[label] else 0.0
        print(f"  {label.value:<9} {right[label]:>3}/{totals[label]:<3} {share:.2f}")
    not_repeats = len(pairs) - totals[Sameness.SAME]
    print(f"  reworded repeats linked: {right[Sameness.SAME]}/{totals[Sameness.SAME]}")
    print(f"  not repeats linked as duplicates (notes lost): {lost}/{not_repeats}")


if __name__ == "__main__":
    main()
