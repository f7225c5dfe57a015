"""The question record quotes the learner exactly, cites by identity only, and links a source once."""

from __future__ import annotations

from datetime import date

from bot.records.codec import section, unfence
from bot.records.questions import CitedPassage, link_from_source, question_ref, render_question

DAY = date(2026, 12, 3)
WORDS = "What does `my handout` say | about ``k``?"
SOURCE = "# Source: handout\n\nStatus: `active`\n\n## Reference and privacy\n\n- Title: handout\n"


def test_the_learners_words_survive_verbatim_and_passages_are_cited_by_identity() -> None:
    ref = question_ref("mathematics", DAY, WORDS, "github:alice/learning#9:issue")
    passage = CitedPassage(
        source_id="mathematics/h", doc_id="mathematics/h@abc", locator="h.md#L1-L3", version="abc"
    )
    record = render_question(
        ref, words=WORDS, asked=WORDS, event_key="k", day=DAY, status="ok", passages=[passage],
        sources=[("mathematics/h", "subjects/mathematics/sources/h.md")],
    )  # fmt: skip
    assert unfence(section(record, "Question as written")) == WORDS
    assert "| `mathematics/h` | `mathematics/h@abc` | `h.md#L1-L3` | `abc` | no |" in record
    assert "Answer status: `ok`" in record and ref.path.startswith(
        "subjects/mathematics/questions/2026-12-03-"
    )
    assert question_ref("mathematics", DAY, WORDS, "github:alice/learning#9:issue") == ref, "stable per event"


def test_a_source_links_its_question_once() -> None:
    ref = question_ref("mathematics", DAY, "Why?", "key")
    linked = link_from_source(SOURCE, ref, day=DAY, status="no-hit")
    assert f"](../../{ref.path.removeprefix('subjects/')}) (answer status `no-hit`)" in linked
    assert link_from_source(linked, ref, day=DAY, status="no-hit") == linked
