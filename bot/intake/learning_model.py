"""A small statistical reading of "is this a learning note?": character n-grams in a logistic model.

The cue rules (:mod:`bot.intake.significance`) are careful but literal: a learned fact stated without a
cue word, a definition ("X is Y"), a class note in note form, or a first-person account of a lesson
falls to "ask" because no list holds its words. This model reads the same text as overlapping character
n-grams (so it needs no word splitting and works the same for Chinese and Japanese) and gives the
probability that the message is a durable learning note. It is trained from the benchmark's development
message files only (``bench/judgement/train_learning_model.py``) and its weights are a committed data
file, ``learning_model.json``: nothing is downloaded, and the weights are read once, on first use, so
only the workers that recognize notes ever load them.

It never decides alone: the rule agent asks it only about a message the rules found *ambiguous* for want
of a cue, never about small talk, logistics, a heading, a half sentence or a bare pointer, and moves it
to durable only when the model is confident and a subject can still be routed (see
:mod:`bot.intake.rule_agent`).
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib.resources import files

from bot.intake.cue_match import fold

WEIGHTS = files("bot.intake").joinpath("learning_model.json")  # package data: the core opens no paths
N_GRAMS = (1, 2, 3, 4)
_DIGITS = re.compile(r"\d+")
_SPACE = re.compile(r"\s+")


def features(text: str) -> frozenset[str]:
    """The message's distinct character n-grams, folded like the cue words (accents, case), digits as one
    symbol and spaces collapsed, with a space at each end so word starts and ends count."""
    plain = " " + _SPACE.sub(" ", _DIGITS.sub("0", fold(text))).strip() + " "
    return frozenset(plain[i : i + n] for n in N_GRAMS for i in range(len(plain) - n + 1))


@dataclass(frozen=True)
class LearningModel:
    """Weights of a binary logistic model over n-gram presence, scaled by 1/sqrt(number of n-grams)."""

    bias: float
    weights: Mapping[str, float]

    def probability(self, text: str) -> float:
        """The model's probability that ``text`` is a durable learning note."""
        grams = features(text)
        if not grams:
            return 0.0
        scale = 1 / math.sqrt(len(grams))
        margin = self.bias + scale * sum(self.weights.get(gram, 0.0) for gram in grams)
        return 1 / (1 + math.exp(-max(-30.0, min(30.0, margin))))

    def as_json(self) -> dict[str, object]:
        return {"bias": self.bias, "n_grams": list(N_GRAMS), "weights": dict(sorted(self.weights.items()))}

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> LearningModel:
        weights = data.get("weights", {})
        bias = data.get("bias", 0.0)
        if not isinstance(weights, dict) or not isinstance(bias, int | float):
            raise ValueError("not a learning-model weights file")
        return cls(float(bias), {str(k): float(v) for k, v in weights.items()})


def train(
    rows: Iterable[tuple[str, bool]],
    *,
    epochs: int = 300,
    rate: float = 2.0,
    l2: float = 1e-3,
    min_df: int = 2,
) -> LearningModel:
    """Fit the model to ``(text, durable?)`` rows by gradient descent on the log loss, with L2; n-grams
    seen in fewer than ``min_df`` messages are dropped (they only memorize one sentence)."""
    samples = [(features(text), durable) for text, durable in rows]
    df: dict[str, int] = {}
    for grams, _ in samples:
        for gram in grams:
            df[gram] = df.get(gram, 0) + 1
    # Each message keeps its frequent n-grams, scaled by all of its n-grams, exactly as it is read later.
    kept = [
        ([g for g in sorted(grams) if df[g] >= min_df], 1 / math.sqrt(len(grams)) if grams else 0.0, durable)
        for grams, durable in samples
    ]
    weights: dict[str, float] = {}
    bias = 0.0
    for _ in range(epochs):
        gradient: dict[str, float] = {}
        bias_gradient = 0.0
        for present, scale, durable in kept:
            margin = bias + scale * sum(weights.get(g, 0.0) for g in present)
            error = 1 / (1 + math.exp(-max(-30.0, min(30.0, margin)))) - (1.0 if durable else 0.0)
            bias_gradient += error
            for gram in present:
                gradient[gram] = gradient.get(gram, 0.0) + error * scale
        count = max(1, len(kept))
        bias -= rate * bias_gradient / count
        for gram, value in gradient.items():
            weight = weights.get(gram, 0.0)
            weights[gram] = weight - rate * (value / count * 10 + l2 * weight)
    pruned = {gram: round(weight, 4) for gram, weight in weights.items() if abs(weight) >= 5e-4}
    return LearningModel(round(bias, 4), pruned)


@cache
def committed_model() -> LearningModel | None:
    """The committed weights, read on first use; None when the file is missing or unreadable, and the
    rule agent then decides by its rules alone."""
    try:
        return LearningModel.from_json(json.loads(WEIGHTS.read_text(encoding="utf-8")))
    except (OSError, ValueError):
        return None
