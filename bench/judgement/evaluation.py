"""Answer-evaluation figures: the product's evaluator against the labelled answer/key pairs.

:func:`judge_answer` is the one place that calls the product, so pointing the benchmark at a new
evaluator is a change to that function alone. Its verdicts are read on the corpus's scale: ``partial``
is not ``correct`` (an incomplete answer must not raise mastery), so it counts as ``incorrect``; a
result that assesses nothing is ``cannot-tell``. A false ``correct`` — a pair labelled incorrect or
cannot-tell that the evaluator calls correct — is the error that matters most: it would let mastery
rise on a wrong answer, so it is counted on its own.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from bench.judgement.corpus import VERDICTS, AnswerPair, Verdict
from bot.intake.judgements import Verdict as JudgedVerdict
from bot.review.attempt import Result, evaluate

ERROR = "error"
EVALUATOR = f"{evaluate.__module__}.{evaluate.__name__}"
VERDICT_OF: dict[Result, Verdict] = {
    Result.CORRECT: "correct",
    Result.PARTIAL: "incorrect",
    Result.INCORRECT: "incorrect",
    Result.NOT_ASSESSED: "cannot-tell",
}
# An agent's rubric verdict (the chat model's ``judge_answer``) is already on the corpus's scale.
VERDICT_OF_JUDGE: dict[JudgedVerdict, Verdict] = {
    JudgedVerdict.CORRECT: "correct",
    JudgedVerdict.INCORRECT: "incorrect",
    JudgedVerdict.CANNOT_TELL: "cannot-tell",
}


def judge_answer(answer: str, key: str) -> tuple[Verdict, str]:
    """The product evaluator's verdict and its stated basis, with the key as a record states it."""
    evaluation = evaluate(answer, f"- Expected answer: {key}")
    return VERDICT_OF[evaluation.result], evaluation.basis


Judge = Callable[[str, str], tuple[Verdict, str]]


@dataclass(frozen=True)
class Judged:
    pair: AnswerPair
    verdict: str  # a Verdict, or ERROR
    basis: str

    @property
    def false_correct(self) -> bool:
        return self.verdict == "correct" and self.pair.verdict != "correct"


@dataclass
class EvaluationReport:
    judged: list[Judged]
    confusion: Counter[tuple[str, str]] = field(default_factory=Counter)  # (label, judged) → count

    def __post_init__(self) -> None:
        self.confusion.update((j.pair.verdict, j.verdict) for j in self.judged)

    @property
    def accuracy(self) -> float | None:
        right = sum(j.verdict == j.pair.verdict for j in self.judged)
        return right / len(self.judged) if self.judged else None

    @property
    def false_correct(self) -> list[Judged]:
        return [j for j in self.judged if j.false_correct]

    def accuracy_by_kind(self) -> dict[str, float]:
        totals: Counter[str] = Counter(j.pair.kind for j in self.judged)
        right: Counter[str] = Counter(j.pair.kind for j in self.judged if j.verdict == j.pair.verdict)
        return {kind: right[kind] / n for kind, n in sorted(totals.items())}

    def as_dict(self) -> dict[str, object]:
        return {
            "pairs": len(self.judged),
            "accuracy": self.accuracy,
            "false_correct": len(self.false_correct),
            "errors": sum(j.verdict == ERROR for j in self.judged),
            "accuracy_by_kind": self.accuracy_by_kind(),
            "confusion": {
                label: {judged: n for (row, judged), n in sorted(self.confusion.items()) if row == label}
                for label in VERDICTS
            },
        }


def judge_one(judge: Judge, pair: AnswerPair) -> Judged:
    try:
        verdict, basis = judge(pair.answer, pair.key)
    except Exception as error:  # a crash is a figure here, not a stop
        return Judged(pair, ERROR, type(error).__name__)
    return Judged(pair, verdict, basis)


def score(pairs: Iterable[AnswerPair], judge: Judge = judge_answer) -> EvaluationReport:
    return EvaluationReport([judge_one(judge, pair) for pair in pairs])
