"""Every operation's receipt reads readiness from the repository it planned on (issue 19).

After a verified RAG ingest, the receipts of undo, a due review, an answer to it, a handoff request, a
teacher's feedback on it and an answer to a diagnostic probe each say knowledge-ready, as the note's
receipt does; before, they were built without the repository and said its RAG receipts were not read.
"""

from __future__ import annotations

from datetime import date, datetime

from bot.config import parse_config
from bot.handle import plan_event
from bot.intake.events import EventKind
from bot.intake.rule_agent import RuleAgent
from bot.plan import Plan
from bot.review.due_review import plan_due_review
from bot.review.question import plan_question
from bot.snapshot import CommitSummary, MemorySnapshot
from bot.trailers import TRAILER_OPERATION
from tests.support.handoff_pack import after, pr_event, repo
from tests.support.handoff_pack import plan as plan_handoff
from tests.support.learner import CONFIG, NOW, issue_event, learner_repo
from tests.support.linked_review import answer, delivered
from tests.support.rag_receipts import ingested_files

KNOWLEDGE_READY = "knowledge-ready: `mathematics/materials-handout-md` ingested and verified"
HANDOFF_REQUEST = "Prepare this for my teacher. Question: why must the vertices match?"


def setup_status(plan: Plan) -> str:
    assert plan.receipt is not None
    return plan.receipt.setup_status


def test_an_undo_receipt_says_knowledge_ready() -> None:
    record = "subjects/mathematics/events/2026-11-30-note.md"
    organize = CommitSummary(
        id="c" * 40, parent="b" * 40, subject="Record study note: x", author="GitLearnOS Bot",
        trailers=((TRAILER_OPERATION, "organize"),), paths=(record,),
    )  # fmt: skip
    files = {path: learner_repo().read_text(path) or "" for path in ("gitlearnos.yml",)}
    snapshot = MemorySnapshot(
        files | ingested_files() | {record: "# note\n"},
        head=organize.id,
        commits=(organize,),
        versions={(organize.id, record): "# note\n"},
    )
    event = issue_event(kind=EventKind.COMMENT_CREATED, comment="Please undo the last update.")
    assert setup_status(plan_event(event, snapshot, now=NOW, agent=RuleAgent())).startswith(KNOWLEDGE_READY)


def test_a_due_review_receipt_says_knowledge_ready() -> None:
    day = date(2026, 11, 30)
    question = plan_question(
        learner_repo(), subject="mathematics", note="Similar triangles: the angles keep their order.",
        title="angles", day=day, event_id="event-2026-11-30-angles",
        event_path="subjects/mathematics/events/2026-11-30-angles.md", goal_linked=True,
    )  # fmt: skip
    assert question is not None
    snapshot = learner_repo(**ingested_files(), **{question.path: question.content})
    due = plan_due_review(
        snapshot, parse_config(CONFIG).config, datetime(2026, 11, 30, 7, 0), occurrence="due-review/x",
        agent=RuleAgent(),
    )  # fmt: skip
    assert setup_status(due.plan).startswith(KNOWLEDGE_READY)


def test_a_handoff_and_the_teachers_feedback_receipts_say_knowledge_ready() -> None:
    ingested = repo(**ingested_files())
    request = plan_handoff(issue_event(HANDOFF_REQUEST), ingested)
    assert setup_status(request).startswith(KNOWLEDGE_READY)
    feedback = plan_handoff(pr_event("Fix the vertices first."), after(ingested, request))
    assert setup_status(feedback).startswith(KNOWLEDGE_READY)


def test_an_answers_receipt_says_knowledge_ready() -> None:
    snapshot, issue_body = delivered()
    files = {path: snapshot.read_text(path) or "" for path in snapshot.list_files("subjects")}
    ingested = learner_repo(**files, **ingested_files())
    assert setup_status(answer(ingested, issue_body)).startswith(KNOWLEDGE_READY)


def test_a_probe_answers_receipt_says_knowledge_ready() -> None:
    """The learner's answer to a diagnostic probe is receipted like a note, from the same repository."""
    complaint = "I cannot do this quadratic. I do not know how to find the maximum of `y = -2x^2 + 4x + 1`."
    opened = plan_event(issue_event(complaint, title="Quadratic maximum"), learner_repo(**ingested_files()),
                        now=NOW, agent=RuleAgent())  # fmt: skip
    files = ingested_files() | {w.path: w.content for w in opened.writes}
    reply = issue_event(complaint, title="Quadratic maximum", kind=EventKind.COMMENT_CREATED,
                        comment="It opens upward, so the vertex is the lowest point.")  # fmt: skip
    probe_answer = plan_event(reply, learner_repo(**files), now=NOW, agent=RuleAgent())
    assert probe_answer.receipt is not None and "probe answer recorded" in probe_answer.receipt.organized
    assert setup_status(probe_answer).startswith(KNOWLEDGE_READY)
