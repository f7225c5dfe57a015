"""Question records: a learner's question about their own material, the evidence cited, the answer's status.

Issue 19: a question about the learner's material used to be answered in a comment and stored nowhere
(or, before that, filed as a study note). It is neither a note nor evidence of learning, but it is part
of the learner's history with the source: what they asked, which passages (source ID, document ID,
locator, version) the index returned, and whether that answer was ``ok``, ``no-hit`` or ``stale``. So it
gets a record of its own kind at ``subjects/<subject>/questions/<date>-<slug>-<key hash>.md``, linked
to each source record it cites (a bullet under :data:`QUESTIONS_HEADING` there), and the source records
link back. The learner's words are quoted verbatim, as every record quotes learner text.

Pure: :func:`render_question` and :func:`link_from_source` build texts; the rag worker commits them
(:mod:`bot.rag.question_record`).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from datetime import date

from pydantic import BaseModel, ConfigDict

from bot.records.codec import Schema, append_to_section, bullets, render, verbatim
from bot.text import slugify

QUESTIONS_HEADING = "Questions answered from this source"
QUESTION = Schema(
    kind="questions",
    fields=(
        ("ID", None), ("Kind", "`question` (about the learner's own material; not a study note)"),
        ("Subject", None), ("Asked", None), ("Event", None), ("Answer status", None),
        ("Cites (source IDs)", None),
    ),
    sections=(
        ("Question as written", None),
        ("Evidence cited", None),
        ("Answer", None),
        ("What this is not", "- Not a study note and not evidence of mastery: retrieved passages show "
         "what the material says, not what the learner can do."),
    ),
    tables=(("Evidence cited", ("Source ID", "Document ID", "Locator", "Version", "Stale")),),
)  # fmt: skip
NOT_ANSWERED = "not-answered"  # asked where no index is (local mode): recorded, nothing looked up
STATUS_MEANING = {
    NOT_ANSWERED: "not answered: no knowledge index here, so nothing was looked up",
    "ok": "passages were retrieved from the synchronized sources",
    "no-hit": "the synchronized sources searched returned no passage for this question",
    "stale": "the index lagged behind the committed material, so a passage may come from an older version",
}


class CitedPassage(BaseModel):
    """One passage the answer cited, by its traceable identity (never the passage text itself)."""

    model_config = ConfigDict(frozen=True)

    source_id: str
    doc_id: str
    locator: str
    version: str
    stale: bool = False


class QuestionRef(BaseModel):
    """Where a question record lives and the ID it is known by."""

    model_config = ConfigDict(frozen=True)

    question_id: str
    subject: str

    @property
    def path(self) -> str:
        return f"subjects/{self.subject}/questions/{self.question_id.split('/', 1)[1]}.md"


def question_ref(subject: str, day: date, question: str, event_key: str) -> QuestionRef:
    """A stable ID for the question of ``event_key``: the same event always names the same record."""
    digest = hashlib.sha256(event_key.encode()).hexdigest()[:8]
    slug = slugify(question, max_length=40, fallback="question")
    return QuestionRef(question_id=f"{subject}/{day.isoformat()}-{slug}-{digest}", subject=subject)


def _cell(value: str) -> str:
    return f"`{value.replace('|', '/').replace('`', '')}`"


def render_question(
    ref: QuestionRef,
    *,
    words: str,
    asked: str,
    event_key: str,
    day: date,
    status: str,
    passages: Sequence[CitedPassage],
    sources: Sequence[tuple[str, str]],
) -> str:
    """The question record: the learner's words verbatim, the passages cited and the answer's status.

    ``sources`` are the (source ID, record path) pairs the answer cites (for a ``no-hit``: those it
    searched); each is linked relative to this record.
    """
    cites = ", ".join(f"[`{source_id}`](../../../{path})" for source_id, path in sources) or "none"
    rows = tuple(
        f"| {_cell(p.source_id)} | {_cell(p.doc_id)} | {_cell(p.locator)} | {_cell(p.version)} | "
        f"{'yes' if p.stale else 'no'} |"
        for p in passages
    )
    fields = {
        "ID": f"`{ref.question_id}`", "Subject": ref.subject, "Asked": day.isoformat(),
        "Event": f"`{event_key}`", "Answer status": f"`{status}`", "Cites (source IDs)": cites,
    }  # fmt: skip
    looked_up = status != NOT_ANSWERED
    answer = bullets({
        "Status": f"`{status}`: {STATUS_MEANING.get(status, status)}",
        "Question sent to the index" if looked_up else "Question (not looked up)": asked,
        "Answered in": "the issue thread's RAG answer comment (excerpts quoted there, not here)"
        if looked_up else "nowhere: no knowledge index here",
    })  # fmt: skip
    evidence = None if rows else "- No passage was cited."
    sections = {"Question as written": verbatim(words), "Evidence cited": evidence, "Answer": answer}
    return render(QUESTION, f"Question: {asked[:100]}", fields, sections, {"Evidence cited": rows})


def link_from_source(source_text: str, ref: QuestionRef, *, day: date, status: str) -> str:
    """The source record with a link to the question record (unchanged when it already links it)."""
    if ref.question_id in source_text:
        return source_text
    line = (
        f"- {day.isoformat()}: [`{ref.question_id}`](../../{ref.path.removeprefix('subjects/')}) "
        f"(answer status `{status}`)"
    )
    return append_to_section(source_text, QUESTIONS_HEADING, (line,), create=True)
