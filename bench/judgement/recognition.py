"""Recognition figures: how an agent's three-way decision and subject agree with the labelled messages.

Each recognition first passes the core's own check (:func:`bot.intake.vetting.vetted`), as in
``bot/learner_note.py``. "Stored" then means what that route files: ``durable`` with a subject (protocol
decision 1). A durable recognition without a subject makes the bot ask for one, so it counts as
``ambiguous``. Storing precision is the share of stored messages labelled durable, so small talk or an
ambiguous half sentence the agent would file counts against it. Subject routing is scored on the
messages both labelled durable and stored: the share filed under the labelled subject. An agent that
raises on a message is counted as deciding ``error``, so a crash shows in the figures, not as a stop.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Protocol

from bench.judgement.corpus import LABELS, LANGUAGES, Message
from bot.intake.agent import LearnerInput, Recognition, Significance
from bot.intake.vetting import vetted

ERROR = "error"
STORE = "durable"


class Recognizer(Protocol):
    def recognize(self, learner_input: LearnerInput) -> Recognition: ...


@dataclass(frozen=True)
class Decision:
    message: Message
    significance: str  # a Significance value, or ERROR
    subject: str | None
    error: str = ""  # the exception's type when the agent raised


def learner_input(message: Message) -> LearnerInput:
    """The message as intake hands it to an agent: free text, no labels, the repository's subjects."""
    return LearnerInput(title=message.title, body=message.text, known_subjects=message.subjects)


def decide(agent: Recognizer, message: Message) -> Decision:
    try:
        recognition = vetted(agent.recognize(learner_input(message)))
    except Exception as error:  # a crash is a figure here, not a stop
        return Decision(message, ERROR, None, error=type(error).__name__)
    if recognition.significance is Significance.DURABLE and recognition.subject is None:
        return Decision(message, Significance.AMBIGUOUS.value, None)  # the bot asks for the subject
    return Decision(message, recognition.significance.value, recognition.subject)


def ratio(part: int, whole: int) -> float | None:
    return part / whole if whole else None


@dataclass
class Scores:
    """Counts for one slice of the corpus (a language, or all of it) and the figures read from them."""

    confusion: Counter[tuple[str, str]] = field(default_factory=Counter)  # (label, decided) → count
    routed: int = 0  # labelled durable, stored, under the labelled subject
    errors: int = 0

    def add(self, decision: Decision) -> None:
        label = decision.message.label
        self.confusion[label, decision.significance] += 1
        self.errors += decision.significance == ERROR
        if label == STORE and decision.significance == STORE:
            self.routed += decision.subject == decision.message.subject

    def labelled(self, label: str) -> int:
        return sum(n for (row, _), n in self.confusion.items() if row == label)

    def decided(self, label: str) -> int:
        return sum(n for (_, col), n in self.confusion.items() if col == label)

    def precision(self, label: str) -> float | None:
        return ratio(self.confusion[label, label], self.decided(label))

    def recall(self, label: str) -> float | None:
        return ratio(self.confusion[label, label], self.labelled(label))

    @property
    def storing_precision(self) -> float | None:
        return self.precision(STORE)

    @property
    def durable_recall(self) -> float | None:
        return self.recall(STORE)

    @property
    def routing_accuracy(self) -> float | None:
        return ratio(self.routed, self.confusion[STORE, STORE])

    def as_dict(self) -> dict[str, object]:
        return {
            "messages": sum(self.confusion.values()),
            "stored": self.decided(STORE),
            "storing_precision": self.storing_precision,
            "durable_recall": self.durable_recall,
            "routing_accuracy": self.routing_accuracy,
            "errors": self.errors,
            "classes": {
                label: {"precision": self.precision(label), "recall": self.recall(label)} for label in LABELS
            },
            "confusion": {
                label: {decided: n for (row, decided), n in sorted(self.confusion.items()) if row == label}
                for label in LABELS
            },
        }


@dataclass
class RecognitionReport:
    by_language: dict[str, Scores]
    overall: Scores
    decisions: list[Decision]

    @classmethod
    def from_decisions(cls, decisions: list[Decision]) -> RecognitionReport:
        by_language = {lang: Scores() for lang in LANGUAGES}
        overall = Scores()
        for decision in decisions:
            by_language[decision.message.lang].add(decision)
            overall.add(decision)
        return cls({k: v for k, v in by_language.items() if v.confusion}, overall, decisions)

    def as_dict(self) -> dict[str, object]:
        return {
            "overall": self.overall.as_dict(),
            "by_language": {lang: scores.as_dict() for lang, scores in self.by_language.items()},
        }


def score(agent: Recognizer, corpus: Iterable[Message]) -> RecognitionReport:
    return RecognitionReport.from_decisions([decide(agent, message) for message in corpus])
