"""Recognition through the real pipeline: the notes issue 16 found misjudged, as a learner sees them now.

Each case goes through ``plan_event`` with the offline rule agent (and the Spanish note through the event
worker, real Git remote and GitHub faked at HTTP), and is judged by what the learner gets: a commit and
where its record lands, one question and nothing written, or silence and nothing written.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.handle import plan_event
from bot.intake.events import EventKind
from bot.intake.rule_agent import RuleAgent
from bot.plan import Outcome, Plan
from bot.snapshot import MemorySnapshot
from tests.support.event_worker import github as github  # noqa: PLC0414 - the fixture
from tests.support.event_worker import note_event, runtime
from tests.support.event_worker import remote as remote  # noqa: PLC0414 - the fixture
from tests.support.fake_github import FakeGitHubComments
from tests.support.git_remotes import bot_commits, git
from tests.support.learner import NOW, issue_event, learner_repo
from workers.events import handle_event

BIOLOGY_GOAL = "# Learning Goal\n\nStatus: `active`\nSubject: biology\n\n## Goal\n\n- Pass the cell unit.\n"
SPANISH = (
    "Hoy en clase aprendí que la derivada de una función constante es cero, y que la pendiente "
    "de una recta no cambia."
)


def two_subjects(**extra: str) -> MemorySnapshot:
    return learner_repo(**{"subjects/biology/goals/main-goal.md": BIOLOGY_GOAL}, **extra)


def plan(body: str, snapshot: MemorySnapshot | None = None, *, title: str = "Today") -> Plan:
    return plan_event(issue_event(body, title=title), snapshot or learner_repo(), now=NOW, agent=RuleAgent())


def event_record(result: Plan) -> str:
    (path,) = [p for p in result.changed_paths if "/events/" in p]
    return path


@pytest.mark.parametrize(
    "note",
    [
        "Today I learned that the derivative of x^2 is 2x, because the exponent comes down as a factor.",
        "I got question 4 wrong: I forgot to flip the inequality sign when I divided by a negative number.",
    ],
)
def test_a_clear_note_in_a_two_subject_repository_routes_by_content(note: str) -> None:
    result = plan(note, two_subjects())
    assert result.outcome is Outcome.COMMITTED
    assert event_record(result).startswith("subjects/mathematics/events/")
    assert "Which subject" not in result.replies[0].text


def test_a_biology_note_in_the_same_repository_routes_to_biology() -> None:
    result = plan("In class I learned that mitosis makes two identical cells.", two_subjects())
    assert event_record(result).startswith("subjects/biology/events/")


def test_a_note_naming_a_knowledge_point_routes_to_its_subject() -> None:
    """Neither field's word list knows "Punnett squares"; the repository's own knowledge point does."""
    point = {"subjects/biology/knowledge/genetics/punnett-squares.md": "# Punnett squares\n"}
    result = plan("In class I learned how to fill in Punnett squares.", two_subjects(**point))
    assert event_record(result).startswith("subjects/biology/events/")


def test_a_note_that_fits_both_subjects_asks_once_and_writes_nothing() -> None:
    snapshot = learner_repo(**{"subjects/physics/goals/main-goal.md": "# Goal\n"})
    result = plan("In class I learned that velocity is the derivative of position.", snapshot)
    assert result.outcome is Outcome.SKIPPED and result.writes == ()
    (reply,) = result.replies
    assert reply.text.count("?") == 1 and "mathematics, physics" in reply.text


def test_a_spanish_class_note_with_accents_is_recorded() -> None:
    result = plan(SPANISH, title="Derivadas")
    assert result.outcome is Outcome.COMMITTED
    record = result.writes[0].content
    assert "aprendí que la derivada" in record
    assert "Channel: `class`" in record


@pytest.mark.parametrize(
    ("title", "note"),
    [("Hello", "How are you doing today?"), ("Dinner", "How do I cook pasta?"), ("thx", "Thanks a lot!")],
)
def test_small_talk_and_everyday_questions_are_never_stored(title: str, note: str) -> None:
    result = plan(note, title=title)
    assert result.outcome is Outcome.SKIPPED
    assert result.writes == () and result.commit is None
    assert result.replies == (), "no repository talk in reply to small talk"


def test_a_request_to_be_taught_in_chinese_is_recorded_as_a_learning_intention_and_teaching_starts() -> None:
    result = plan("我没学过导数，你教我吧", title="导数")
    assert result.outcome is Outcome.COMMITTED
    record = next(w.content for w in result.writes if w.path == event_record(result))
    assert event_record(result).startswith("subjects/mathematics/events/")
    assert "## Learning intention" in record and "`anomaly`" in record
    (reply,) = result.replies
    assert "we start teaching" in reply.text and reply.text.count("?") == 1


@pytest.mark.parametrize(
    "note",
    [
        "Aujourd'hui en cours, j'ai appris que la dérivée d'une constante est nulle.",
        "I keep flipping the sign when I move terms to the other side of an equation.",
    ],
)
def test_notes_once_dropped_as_incidental_are_recorded(note: str) -> None:
    result = plan(note)
    assert result.outcome is Outcome.COMMITTED
    assert event_record(result).startswith("subjects/mathematics/events/")


def test_a_photo_and_a_question_about_its_step_is_an_implicit_learning_event() -> None:
    body = "![worked example](https://example.invalid/ws.jpg)\n\nWhy is step 3 valid?"
    result = plan(body, title="Why is step 3 valid?")
    assert result.outcome is Outcome.COMMITTED
    assert "`needs-transcription`" in result.writes[0].content


def test_a_comment_in_german_is_recorded_from_the_comment_text() -> None:
    comment = (
        "Meine Lehrerin hat erklärt, dass man beim Teilen durch eine negative Zahl das Vorzeichen umdreht."
    )
    event = issue_event(kind=EventKind.COMMENT_CREATED, comment=comment)
    result = plan_event(event, learner_repo(), now=NOW, agent=RuleAgent())
    assert result.outcome is Outcome.COMMITTED
    assert "Channel: `teacher`" in result.writes[0].content


def test_the_spanish_note_becomes_one_commit_and_one_receipt_through_the_worker(
    tmp_path: Path, redis_url: str, remote: Path, github: FakeGitHubComments
) -> None:
    """Regression: this note once got no commit and no reply at all."""
    outcome = handle_event(runtime(tmp_path, redis_url), note_event(remote, body=SPANISH, title="Derivadas"))
    assert outcome == "committed"
    (commit,) = bot_commits(remote)
    files = git(remote, "show", "--name-only", "--format=", commit).split()
    assert any(path.startswith("subjects/mathematics/events/") for path in files)
    (body,) = github.bodies(7)
    assert commit[:12] in body
