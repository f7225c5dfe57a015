"""Which field of study a note is about, read statistically: character n-grams in a naive Bayes model.

The subject word lists (:mod:`bot.intake.subject_words`) route a note by the terms it uses; a note whose
words no list holds ("VO2 max … ml/kg/min", "鸦片战争 … 南京条约"), or whose terms two of the
repository's subjects share, is left to the learner to place. This model reads the same text as the
learning model does (:func:`bot.intake.learning_model.features`: overlapping character n-grams, so it
works the same for every script) and gives the probability of each *field* (``mathematics``,
``physics``, ``history``, ``languages``, ``medicine``, …: the fields of :data:`NAMES`, languages as one
field). It is trained from the benchmark's development message files (the durable rows' subjects) and the
subject word lists themselves, so a field's terms teach it in every language the lists know
(``bench/judgement/train_learning_model.py``). Its weights are package data, ``field_model.json``, read
once on first use.

It never routes alone: :mod:`bot.intake.subject_routing` asks it only to choose between the repository's
subjects the rules left open, and follows it only when it is confident.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib.resources import files

from bot.intake.learning_model import features

WEIGHTS = files("bot.intake").joinpath("field_model.json")  # package data: the core opens no paths
SMOOTHING = 0.1
# The log-likelihoods of a text's n-grams are summed and divided by this power of their number, so a long
# note is not read as certain just for being long (naive Bayes counts every overlapping n-gram as news).
TEMPER = 0.5


@dataclass(frozen=True)
class FieldModel:
    """Per n-gram, how many of each field's documents hold it: a multinomial naive Bayes model with a
    uniform prior (the word lists make some fields' documents many and short, which says nothing about
    how often learners write about them)."""

    counts: Mapping[str, Mapping[str, int]]  # n-gram → field → documents holding it
    totals: Mapping[str, int] = field(init=False)  # field → n-gram occurrences, all n-grams together

    def __post_init__(self) -> None:
        totals: Counter[str] = Counter()
        for by_field in self.counts.values():
            totals.update(by_field)
        object.__setattr__(self, "totals", dict(totals))

    def probabilities(self, text: str) -> dict[str, float]:
        """Each field's probability that ``text`` is about it (summing to 1); empty for an empty model."""
        if not self.totals:
            return {}
        grams = [gram for gram in features(text) if gram in self.counts]
        scale = 1 / max(1, len(grams)) ** TEMPER
        unseen = SMOOTHING * len(self.counts)
        logits = {
            name: scale
            * sum(math.log((self.counts[gram].get(name, 0) + SMOOTHING) / (total + unseen)) for gram in grams)
            for name, total in self.totals.items()
        }
        top = max(logits.values())
        exp = {name: math.exp(logit - top) for name, logit in logits.items()}
        norm = sum(exp.values())
        return {name: value / norm for name, value in exp.items()}

    def as_json(self) -> dict[str, object]:
        """The counts with each field named once: ``fields`` lists the names, and each n-gram's counts are
        a flat list of (field index, count) pairs (the names repeated per n-gram made most of the file)."""
        names = sorted(self.totals)
        index = {name: i for i, name in enumerate(names)}
        counts = {
            gram: [value for name, n in sorted(by.items()) for value in (index[name], n)]
            for gram, by in sorted(self.counts.items())
        }
        return {"fields": names, "counts": counts}

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> FieldModel:
        counts, names = data.get("counts"), data.get("fields")
        if not isinstance(counts, dict):
            raise ValueError("not a field-model weights file")
        if names is None:  # the older form: n-gram → {field: count}
            return cls({str(g): {str(f): int(n) for f, n in by.items()} for g, by in counts.items()})
        if not isinstance(names, list):
            raise ValueError("not a field-model weights file")
        fields = [str(name) for name in names]
        return cls(
            {
                str(g): {fields[int(pairs[i])]: int(pairs[i + 1]) for i in range(0, len(pairs), 2)}
                for g, pairs in counts.items()
            }
        )


def train(rows: Iterable[tuple[str, str]], *, min_df: int = 3) -> FieldModel:
    """Count ``(text, field)`` rows; n-grams seen in fewer than ``min_df`` documents are dropped (they only
    memorize one sentence), and so are those every field uses alike (they carry no evidence)."""
    fields: set[str] = set()
    counts: dict[str, Counter[str]] = {}
    for text, name in rows:
        fields.add(name)
        for gram in features(text):
            counts.setdefault(gram, Counter())[name] += 1
    kept = {
        gram: dict(sorted(by.items()))
        for gram, by in counts.items()
        if sum(by.values()) >= min_df and len(by) < len(fields)
    }
    return FieldModel(kept)


@cache
def committed_field_model() -> FieldModel | None:
    """The committed weights, read on first use; None when the file is missing or unreadable, and routing
    then goes by the word lists alone."""
    try:
        return FieldModel.from_json(json.loads(WEIGHTS.read_text(encoding="utf-8")))
    except (OSError, ValueError):
        return None
