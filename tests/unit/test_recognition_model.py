"""The rule agent's learning model: what it lifts to durable, what the rules still veto, and its training.

Notes here are written for these tests (none is a benchmark row): statements of learned content that no
cue word or subject-word list knows, which the rules alone ask about or drop, and the everyday messages
the model must never make durable.
"""

from __future__ import annotations

import pytest

from bot.intake.agent import LearnerInput, Recognition, Significance
from bot.intake.learning_model import committed_model, features, train
from bot.intake.rule_agent import RuleAgent

LEARNED = [
    # "Negligence", "tort" and "duty of care" are now on the law word list; easements are not.
    (
        "law",
        "Easements in land law: a right over a neighbour's land, such as a right of way, that passes with "
        "the land when it is sold.",
    ),
    ("french", "Subjonctif après « il faut que » : il faut que tu viennes, pas il faut que tu viens."),
    ("english", "Apostrophes: it's means it is, its is possessive. I mixed them up again in my essay."),
]
EVERYDAY = [
    "How are you doing today?",
    "Happy birthday!! hope you have a great day and lots of cake",
    "Check out this great offer for cheap textbooks at http://shop.example.invalid right now",
    "Can we meet at 5 to go over the homework? Bring snacks lol",
]


def recognize(body: str, subject: str, agent: RuleAgent | None = None) -> Recognition:
    learner_input = LearnerInput(title="", body=body, known_subjects=(subject,))
    return (agent or RuleAgent()).recognize(learner_input)


def test_the_committed_weights_load_and_give_a_probability() -> None:
    model = committed_model()
    assert model is not None and model.weights
    assert 0.0 <= model.probability("anything at all") <= 1.0


@pytest.mark.parametrize(("subject", "note"), LEARNED, ids=lambda v: v[:30])
def test_a_learned_statement_no_word_list_knows_is_stored_with_the_model(subject: str, note: str) -> None:
    alone = recognize(note, subject, RuleAgent(use_model=False))
    assert alone.significance is not Significance.DURABLE, "the rules alone do not store it"
    result = recognize(note, subject)
    assert result.significance is Significance.DURABLE, result.reason
    assert result.subject == subject


@pytest.mark.parametrize("note", EVERYDAY, ids=lambda v: v[:30])
def test_everyday_messages_are_never_made_durable(note: str) -> None:
    assert recognize(note, "mathematics").significance is not Significance.DURABLE


def test_a_request_for_a_task_on_a_topic_is_a_learning_intention() -> None:
    result = recognize("Stell mir bitte eine Frage zur Lorentzkraft im Magnetfeld", "physik")
    assert result.significance is Significance.DURABLE and result.subject == "physik"


def test_a_bare_request_for_a_task_is_still_asked_about() -> None:
    assert recognize("Quiz me", "physics").significance is Significance.AMBIGUOUS


def test_training_separates_notes_from_talk_in_any_script() -> None:
    rows = [
        ("the derivative of x squared is 2x", True),
        ("导数的定义是极限", True),
        ("the integral of 2x is x squared", True),
        ("hello how are you", False),
        ("你好，今天天气不错", False),
        ("hello, nice weather today", False),
    ] * 3
    model = train(rows, epochs=100)
    note, talk = model.probability("the derivative of 3x is 3"), model.probability("hello, how are you today")
    assert note > 0.5 > talk
    assert "导数" in features("导数的定义")
