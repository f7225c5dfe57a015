"""A review record's linked evidence, read for question generation, and the generated questions written back.

A due review links a goal, a gap and events (its ``Depends on`` and ``Gap link`` headers); the
subject's other reviews hold the recent questions. :func:`question_context` reads exactly those, so
the generator (rules or a model) works from the repository's evidence and nothing else.
:func:`with_generated` adds the generated questions to the record after its own ones, their success
conditions and answer keys to the answer section (``- Question N success condition (generated D): …``
and ``- Question N expected answer (generated D): …``, marked as generated, so answer writeback knows
which question each key belongs to) and the selection basis to the "why" section; nothing else in
the record changes. The record's stored keys go into the context as answers a fresh question must
not show.
"""

from __future__ import annotations

import re
from datetime import date

from bot.records.codec import append_to_section, section, table_rows
from bot.records.files import Record, goal_path, goal_statement, read_note, records
from bot.review.answer_record import ANSWER_CHANNEL
from bot.review.question import ANSWER_HEADING
from bot.review.question_gen import GeneratedQuestions, QuestionContext
from bot.snapshot import RepoSnapshot
from bot.text import one_line

QUESTIONS = "Questions"
WHY = "Why these questions now"
ANSWERS = ANSWER_HEADING.removeprefix("## ")
NUMBERED = re.compile(r"^\s*\d+[.)]\s+(?P<text>\S.*?)\s*$")
EVENT_ID = re.compile(r"event-[\w.-]+")
CHANNEL_COLUMN, OBSERVATION_COLUMN = 1, 2  # the gap template's "Channel", "Observation or learner report"
# How a generated question's success condition is written; answer writeback counts these.
GENERATED_SUCCESS = re.compile(r"^- Question (?P<n>\d+) success condition \(generated", re.M)
# A stored answer key: "- Expected answer: 12 cm", "- Question 2 expected answer (generated …): 16 cm".
STORED_KEY = re.compile(
    r"^-\s*(?:Question\s+\d+\s+)?expected\s+answer[^:\n]*:\s*(?P<key>\S.*?)\s*$", re.I | re.M
)


def record_questions(text: str) -> tuple[str, ...]:
    """The numbered, non-empty questions of a record's ``## Questions`` section (template blanks skipped)."""
    body = section(text, QUESTIONS).split(ANSWER_HEADING, 1)[0]
    found = (NUMBERED.match(line) for line in body.splitlines())
    return tuple(m.group("text") for m in found if m is not None)


def generated_count(text: str) -> int:
    """How many of the record's questions were generated at delivery (they come after its own)."""
    return len(GENERATED_SUCCESS.findall(section(text, ANSWERS)))


def stored_keys(text: str) -> tuple[str, ...]:
    """The answer keys a record's answer section states, in order."""
    return tuple(m.group("key") for m in STORED_KEY.finditer(section(text, ANSWERS)))


def linked_gap(record: Record, snapshot: RepoSnapshot) -> Record | None:
    """The gap record the review's ``Gap link`` names (by ID or file name), if it exists."""
    link = record.header.get("Gap link", "")
    for gap in records(snapshot, "knowledge-gaps"):
        if gap.label in link or gap.path.rsplit("/", 1)[-1] in link:
            return gap
    return None


def linked_model(record: Record, snapshot: RepoSnapshot) -> Record | None:
    """The model record the review is ``Grounded in`` (a model's transfer task), if it exists."""
    grounds = record.header.get("Grounded in", "")
    for model in records(snapshot, "models"):
        if model.subject == record.subject and f"../models/{model.path.rsplit('/', 1)[-1]})" in grounds:
            return model
    return None


def _observations(gap: Record) -> tuple[str, ...]:
    """The gap's observed problems: its evidence table's observation cells, then its stated problem.

    Rows answer writeback added (channel :data:`ANSWER_CHANNEL`) hold a result and a mastery change, not
    a problem, so they are never quoted into a question.
    """
    cells = [
        row[OBSERVATION_COLUMN]
        for row in table_rows(gap.text, "Evidence")
        if len(row) > OBSERVATION_COLUMN and row[CHANNEL_COLUMN] != ANSWER_CHANNEL
    ]
    problem = section(gap.text, "Observable problem").strip()
    return tuple(cell for cell in (*cells, problem) if cell)


def _learner_text(event: Record) -> str:
    return " ".join(line for line in read_note(event.text).splitlines() if line)


def _goal(snapshot: RepoSnapshot, subject: str) -> str:
    return one_line(goal_statement(snapshot.read_text(goal_path(subject)) or ""), limit=200)


def question_context(record: Record, snapshot: RepoSnapshot, *, max_questions: int) -> QuestionContext:
    """The goal, gap, events and recent questions a due review links to."""
    wanted = set(EVENT_ID.findall(record.header.get("Depends on (goal/gap/model/event IDs)", "")))
    evidence = tuple(
        text for event in records(snapshot, "events")
        if event.subject == record.subject and event.label in wanted and (text := _learner_text(event))
    )  # fmt: skip
    recent = tuple(
        question
        for other in records(snapshot, "reviews")
        if other.subject == record.subject and other.path != record.path
        for question in record_questions(other.text)
    )
    gap = linked_gap(record, snapshot)
    return QuestionContext(
        subject=record.subject,
        review_id=record.label,
        goal=_goal(snapshot, record.subject),
        gap_id=gap.label if gap else "",
        gap_observations=_observations(gap) if gap else (),
        evidence=evidence,
        recent_questions=recent,
        planned_questions=record_questions(record.text),
        hidden_answers=stored_keys(record.text),
        max_questions=max_questions,
    )


def with_generated(text: str, generated: GeneratedQuestions, *, first_number: int, day: date) -> str:
    """``text`` with the generated questions numbered from ``first_number``, keys and basis added."""
    if not generated.questions:
        return text
    numbers = range(first_number, first_number + len(generated.questions))
    questions = tuple(f"{n}. {q.question}" for n, q in zip(numbers, generated.questions, strict=True))
    stamp = f"(generated {day.isoformat()})"
    keys = tuple(
        line
        for n, q in zip(numbers, generated.questions, strict=True)
        for line in (
            f"- Question {n} success condition {stamp}: {q.success}",
            *((f"- Question {n} expected answer {stamp}: {q.key}",) if q.key else ()),
        )
    )
    basis = f"- Generated at delivery ({day.isoformat()}, by {generated.generated_by}): {generated.why}."
    text = append_to_section(text, QUESTIONS, questions)
    text = append_to_section(text, ANSWERS, keys)
    return append_to_section(text, WHY, (basis,))
