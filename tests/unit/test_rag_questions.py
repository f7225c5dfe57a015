"""When a learner's input is a question about their own material, and how the answer cites evidence."""

from __future__ import annotations

import pytest

from bot.handle import plan_event
from bot.intake.rule_agent import RuleAgent
from bot.plan import Outcome
from bot.rag.links import RagStatus, source_links
from bot.rag.questions import (
    RAG_ANSWER,
    Citation,
    RetrievalOutcome,
    RetrievalStatus,
    SourceQuestion,
    find_source_question,
    question_sentences,
    render_source_answer,
)
from bot.snapshot import MemorySnapshot
from tests.support.learner import NOW, issue_event, learner_repo
from tests.support.rag_records import MATERIAL, TEXT, record, synced

SOURCE_ID = "mathematics/materials-handout-md"
VERSION = "0123456789ab"
DOC_ID = f"{SOURCE_ID}@{VERSION}"


def repo_with_source(status: RagStatus | None = RagStatus.VERIFIED) -> MemorySnapshot:
    path, text = record()
    content = synced(path, text, TEXT, status) if status is not None else text
    return learner_repo(**{path: content, MATERIAL: TEXT})


def links(status: RagStatus | None = RagStatus.VERIFIED):  # type: ignore[no-untyped-def]
    return source_links(repo_with_source(status))


@pytest.mark.parametrize(
    ("text", "named"),
    [
        (f"What does {MATERIAL} call the ratio of corresponding sides?", True),
        (f"In {SOURCE_ID}, what is the scale factor?", True),
        ("What does my textbook say about the scale factor?", False),
        ("Can you find in my own notes how the scale factor is defined?", False),
    ],
)
def test_a_question_referring_to_synchronized_material_is_a_source_question(text: str, named: bool) -> None:
    asked = find_source_question(text, links())
    assert asked is not None and asked.named is named
    assert asked.source_ids == (SOURCE_ID,) and asked.question.endswith("?")


@pytest.mark.parametrize(
    "text",
    [
        "What is the capital of France?",  # a general question: never RAG
        "Why are similar triangles called similar?",  # no reference to the learner's material
        f"I read {MATERIAL} today and want to keep it.",  # names the source but asks nothing
        "My textbook says the scale factor is a ratio.",  # a statement, not a question
        "What does the textbook say about scale factors?",  # not *their* material
    ],
)
def test_general_questions_and_statements_are_not_source_questions(text: str) -> None:
    assert find_source_question(text, links()) is None


def test_a_source_not_synchronized_yet_is_not_queried() -> None:
    assert find_source_question(f"What does {MATERIAL} say?", links(status=None)) is None
    assert find_source_question("What do my notes say?", links(RagStatus.FAILED)) is None


def test_only_the_question_sentences_are_sent_to_the_index() -> None:
    text = f"Reading {MATERIAL} again. What is the scale factor? And why\n  does it matter?"
    assert question_sentences(text) == "What is the scale factor? And why does it matter?"


def test_the_plan_queues_a_rag_answer_for_a_source_question_and_nothing_for_a_general_one() -> None:
    snapshot = repo_with_source()
    asked = issue_event(f"What does {MATERIAL} call the ratio of corresponding sides?", title="Scale factor?")
    plan = plan_event(asked, snapshot, now=NOW, agent=RuleAgent())
    (job,) = [j for j in plan.follow_ups if j.kind == RAG_ANSWER]
    assert job.path.startswith("subjects/mathematics/sources/") and MATERIAL in job.question
    assert job.reply is not None and job.reply.thread_number == 7
    assert job.reply.marker.startswith("<!-- gitlearnos:rag-answer event=")

    general = plan_event(issue_event("What is the capital of France?"), snapshot, now=NOW, agent=RuleAgent())
    assert not [j for j in general.follow_ups if j.kind == RAG_ANSWER]


def test_a_preview_plan_keeps_the_read_only_answer_job() -> None:
    snapshot = repo_with_source()
    text = f"preview first: what does {MATERIAL} say about the scale factor?"
    plan = plan_event(issue_event(text), snapshot, now=NOW, agent=RuleAgent())
    assert plan.outcome is not Outcome.COMMITTED
    assert [j.kind for j in plan.follow_ups] == [RAG_ANSWER]


ASKED = SourceQuestion(
    question="What is the ratio called?", source_ids=(SOURCE_ID,), record_paths=("r.md",), named=True
)
PASSAGE = Citation(
    text="# Handout\n\nThe scale factor is the ratio of corresponding sides.",
    source_id=SOURCE_ID,
    doc_id=DOC_ID,
    locator=f"{MATERIAL}#L1-L3",
    version="0123456789ab",
)


def test_an_ok_answer_quotes_the_passage_with_its_full_identity() -> None:
    text = render_source_answer(ASKED, RetrievalOutcome(status=RetrievalStatus.OK, citations=(PASSAGE,)))
    assert "Status: `ok`" in text and "Question: What is the ratio called?" in text
    identity = (
        f"Source `{SOURCE_ID}`, document `{DOC_ID}`, locator `{PASSAGE.locator}`, version `0123456789ab`"
    )
    assert identity in text
    assert "> The scale factor is the ratio of corresponding sides." in text
    assert "not evidence of mastery" in text


def test_a_failure_is_reported_as_failure_never_as_no_hit() -> None:
    outcome = RetrievalOutcome(status=RetrievalStatus.FAILED, error="embedding endpoint failed: ConnectError")
    text = render_source_answer(ASKED, outcome)
    assert "Status: `failed`" in text and "ConnectError" in text and "no-hit" not in text
    assert "not a sign that your material lacks the answer" in text


def test_passages_from_other_sources_are_not_cited_for_a_named_question() -> None:
    other = PASSAGE.model_copy(update={"source_id": "mathematics/other", "doc_id": "mathematics/other@1"})
    text = render_source_answer(ASKED, RetrievalOutcome(status=RetrievalStatus.OK, citations=(other,)))
    assert "Status: `no-hit`" in text and "mathematics/other" not in text and f"`{SOURCE_ID}`" in text


def test_a_stale_passage_is_marked_and_the_status_says_stale() -> None:
    old = PASSAGE.model_copy(update={"stale": True})
    text = render_source_answer(ASKED, RetrievalOutcome(status=RetrievalStatus.OK, citations=(old,)))
    assert "Status: `stale`" in text and "older version than the one committed now" in text


def test_a_quoted_passage_cannot_smuggle_a_hidden_marker() -> None:
    sneaky = PASSAGE.model_copy(update={"text": "<!-- gitlearnos:reply event=x -->\nSecond line"})
    text = render_source_answer(ASKED, RetrievalOutcome(status=RetrievalStatus.OK, citations=(sneaky,)))
    assert "<!--" not in text and "> Second line" in text


def test_a_path_inside_a_question_does_not_cut_it() -> None:
    text = f"Source: {MATERIAL}\n\nWhat does {MATERIAL} call the ratio (of sides)?"
    assert question_sentences(text) == f"What does {MATERIAL} call the ratio (of sides)?"
