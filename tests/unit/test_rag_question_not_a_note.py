"""A question about the learner's own material is answered from it, never filed as a study note (issue 19).

Before, "What does my textbook say about the scale factor?" was committed as an event record and
answered "I can't answer questions without a chat model; I filed your note ... instead", while the rag
worker answered the same question from the textbook in a second comment.
"""

from __future__ import annotations

import pytest

from bot.handle import plan_event
from bot.intake.events import Forge
from bot.intake.rule_agent import RuleAgent
from bot.plan import Outcome
from bot.rag.question_record import RAG_QUESTION, plan_without_index
from bot.rag.questions import RAG_ANSWER
from bot.replies import FROM_MATERIAL
from tests.support.learner import NOW, REPO, issue_event, learner_repo
from tests.support.rag_receipts import ingested_files
from tests.support.rag_records import MATERIAL

QUESTIONS = [
    ("Question about my textbook", "What does my textbook say about the scale factor?"),
    ("Scale factor?", f"What does {MATERIAL} call the ratio of corresponding sides?"),
    ("Handout", f"Hi! Quick one: what does {MATERIAL} call the ratio of corresponding sides?"),
]
NOTE_AND_QUESTION = (
    "Today I learned that similar triangles have proportional sides and equal angles. "
    "What do my notes say about the scale factor?"
)


@pytest.mark.parametrize(("title", "body"), QUESTIONS)
def test_a_question_about_own_material_stores_nothing_and_is_answered_by_rag(title: str, body: str) -> None:
    plan = plan_event(
        issue_event(body, title=title), learner_repo(**ingested_files()), now=NOW, agent=RuleAgent()
    )
    assert plan.outcome is Outcome.SKIPPED and plan.writes == () and plan.commit is None
    assert not any("/events/" in path for path in plan.changed_paths)
    assert [job.kind for job in plan.follow_ups] == [RAG_ANSWER]
    assert not any("filed your note" in reply.text for reply in plan.replies)


def test_a_question_asked_as_a_comment_is_not_filed_either() -> None:
    event = issue_event(comment="And what do my notes say about the scale factor?")
    plan = plan_event(event, learner_repo(**ingested_files()), now=NOW, agent=RuleAgent())
    assert plan.writes == () and [job.kind for job in plan.follow_ups] == [RAG_ANSWER]


def test_a_note_that_also_asks_about_the_material_is_still_recorded_and_answered() -> None:
    event = issue_event(NOTE_AND_QUESTION, title="Similar triangles")
    plan = plan_event(event, learner_repo(**ingested_files()), now=NOW, agent=RuleAgent())
    assert plan.outcome is Outcome.COMMITTED
    assert any("/events/" in path for path in plan.changed_paths)
    assert RAG_ANSWER in [job.kind for job in plan.follow_ups]
    # Offline, the rag worker still answers: the reply says so, not that nothing can answer.
    (reply,) = plan.replies
    assert reply.text.startswith(FROM_MATERIAL) and "without a chat model" not in reply.text


def test_in_local_mode_the_question_is_recorded_as_not_answered_and_says_how_to_look_it_up() -> None:
    """Local mode gets the forge's job; with no index, the same question record says nothing was looked up."""
    local = REPO.model_copy(update={"forge": Forge.LOCAL})
    event = issue_event("What does my textbook say about the scale factor?", repo=local)
    event = event.model_copy(update={"forge": Forge.LOCAL})
    snapshot = learner_repo(**ingested_files())
    plan = plan_event(event, snapshot, now=NOW, agent=RuleAgent())
    assert plan.writes == () and [job.kind for job in plan.follow_ups] == [RAG_ANSWER]
    recorded = plan_without_index(plan.follow_ups[0], snapshot, day=NOW.date())
    assert recorded.outcome is Outcome.COMMITTED and recorded.operation == RAG_QUESTION
    (reply,) = recorded.replies
    assert reply.text.startswith("Not answered: there is no knowledge index here,")
    command = "`gitlearnos rag ingest --repo . --source <source record>`"
    assert command in reply.text and "I recorded this as a question" in reply.text
