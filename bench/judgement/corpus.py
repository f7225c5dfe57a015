"""The labelled corpus's rows and how they are read: one pydantic model per file, unknown fields refused.

A typo in a label or a field name would silently skew every figure, so each row is validated on load
and a file that does not parse stops the benchmark with the line it failed on.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

HERE = Path(__file__).resolve().parent
MESSAGES = HERE / "messages.jsonl"
ANSWERS = HERE / "answers.jsonl"
QUESTIONS = HERE / "questions.jsonl"

Language = Literal["en", "es", "fr", "de", "pt", "zh", "ja", "ru"]
LANGUAGES: tuple[Language, ...] = ("en", "es", "fr", "de", "pt", "zh", "ja", "ru")
Label = Literal["durable", "incidental", "ambiguous"]
LABELS: tuple[Label, ...] = ("durable", "incidental", "ambiguous")
Verdict = Literal["correct", "incorrect", "cannot-tell"]
VERDICTS: tuple[Verdict, ...] = ("correct", "incorrect", "cannot-tell")
Kind = Literal["quantity", "expression", "number", "choice", "set", "list", "text"]

Row = TypeVar("Row", bound=BaseModel)


class Message(BaseModel):
    """One learner message, the repository's subjects when it arrived, and what the bot should make of it.

    ``subject`` is the subject a durable message belongs to, always one of ``subjects``; it is null for
    incidental and ambiguous messages (nothing should be filed, so there is nowhere to route).
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    lang: Language
    title: str = ""
    text: str = Field(min_length=1)
    label: Label
    subject: str | None
    subjects: tuple[str, ...] = Field(min_length=1)
    note: str = ""

    @model_validator(mode="after")
    def _subject_fits_label(self) -> Message:
        if (self.subject is None) != (self.label != "durable"):
            raise ValueError("a durable message names its subject; other messages name none")
        if self.subject is not None and self.subject not in self.subjects:
            raise ValueError(f"subject {self.subject!r} is not one of the repository's {self.subjects}")
        return self


class AnswerPair(BaseModel):
    """A record's expected answer (``key``), a learner's answer to it, and the verdict a teacher gives."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    key: str = Field(min_length=1)
    answer: str
    verdict: Verdict
    kind: Kind
    note: str = ""


class QuestionCase(BaseModel):
    """A learner's note, a question generated from it with its answer key, and what is wrong with it.

    ``leaks_key``: the question's text gives the answer away. ``repeats_note``: the question copies the
    note instead of asking something new (the learner could answer by recognition, not recall).
    ``generic``: a template that would fit any note and asks about none of this one's content (issue
    16's "Your note is `event-…`. Without looking at your note, explain the idea…"); such a question
    often has no key (``key`` empty), so no answer to it could be evaluated.
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    lang: Language
    evidence: str = Field(min_length=1)
    question: str = Field(min_length=1)
    key: str
    leaks_key: bool
    repeats_note: bool
    generic: bool
    note: str = ""


class CorpusError(ValueError):
    """A corpus line that is not a valid row; the message names the file and line."""


def read_rows(path: Path, model: type[Row]) -> list[Row]:
    rows = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            rows.append(model.model_validate_json(line))
        except ValidationError as error:
            raise CorpusError(f"{path.name}:{number}: {error}") from error
    return rows


def messages(path: Path = MESSAGES) -> list[Message]:
    return read_rows(path, Message)


def answers(path: Path = ANSWERS) -> list[AnswerPair]:
    return read_rows(path, AnswerPair)


def questions(path: Path = QUESTIONS) -> list[QuestionCase]:
    return read_rows(path, QuestionCase)


def per_language(rows: Iterable[Message], limit: int) -> list[Message]:
    """The first ``limit`` messages of each language, in corpus order (a quick look while iterating)."""
    taken: Counter[str] = Counter()
    picked = []
    for row in rows:
        if taken[row.lang] < limit:
            taken[row.lang] += 1
            picked.append(row)
    return picked


def duplicates(keys: Iterable[tuple[str, ...]]) -> list[tuple[str, ...]]:
    """Keys that occur more than once, in first-seen order (a duplicated row would count twice)."""
    seen: set[tuple[str, ...]] = set()
    repeated: list[tuple[str, ...]] = []
    for key in keys:
        if key in seen and key not in repeated:
            repeated.append(key)
        seen.add(key)
    return repeated
