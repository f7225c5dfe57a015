"""Recognition by the shape of a message, in eight languages: what is never stored, what asks, what is kept.

Issue 16, item 1: incidental input is never stored, likely-but-unclear input asks once (never a silent
drop, never a silent store). The examples are written here, not taken from the benchmark's corpus, so
they check that the mechanisms (headings, pointers, hedges, bare values, cut-off thoughts, requests for a
task, statements of fact) carry to text nobody tuned on.
"""

from __future__ import annotations

import pytest

from bot.intake.agent import LearnerInput, Recognition, Significance
from bot.intake.content_signals import Signal, content_signals
from bot.intake.rule_agent import RuleAgent

SUBJECTS = ("mathematics", "biology")


def recognize(body: str, subjects: tuple[str, ...] = SUBJECTS) -> Recognition:
    return RuleAgent().recognize(LearnerInput(title="", body=body, known_subjects=subjects))


@pytest.mark.parametrize(
    "note",
    [
        "Unit 3: the French Revolution",
        "Kapitel 2: Zellbiologie",
        "Lección 5: la célula",
        "光合作用",
        "6,67 N",
        "9.8 m/s²",
    ],
)
def test_a_heading_a_topic_or_a_bare_value_asks_and_is_never_stored(note: str) -> None:
    result = recognize(note, ("biology", "history", "physics"))
    assert result.significance is Significance.AMBIGUOUS, result.reason


@pytest.mark.parametrize(
    "note",
    [
        "check the picture",
        "ver foto adjunta",
        "voir la photo",
        "Bild im Anhang",
        "olha a foto",
        "见附件",
        "画像を送ります",
        "см. фото",
        "siehe Buch S. 12",
    ],
)
def test_a_message_that_only_points_at_a_photo_or_a_page_asks_instead_of_being_dropped(note: str) -> None:
    assert recognize(note).significance is Significance.AMBIGUOUS


@pytest.mark.parametrize(
    "note",
    [
        "ok, I guess I understand it now",
        "je crois que j'ai compris",
        "ich glaube, ich hab's verstanden",
        "кажется, я понимаю",
        "2,718",
        "-9.8",
        "the bit from Monday about",
        "la partie sur",
        "das Thema mit dem",
        "то, что было про",
    ],
)
def test_a_hedged_claim_a_bare_value_or_a_thought_cut_off_asks(note: str) -> None:
    assert recognize(note).significance is Significance.AMBIGUOUS


@pytest.mark.parametrize(
    ("note", "subject"),
    [
        ("Quiz me on photosynthesis", "biology"),
        ("Hazme una pregunta sobre las fracciones", "mathematics"),
        ("Pose-moi une question sur les vecteurs", "mathematics"),
        ("Gib mir eine Aufgabe zu Brüchen", "mathematics"),
        ("Me faz uma pergunta sobre frações", "mathematics"),
        ("给我出一道关于分数的题", "mathematics"),
        ("分数の問題を出してください", "mathematics"),
        ("Задай мне вопрос про дроби", "mathematics"),
    ],
)
def test_a_request_for_a_task_on_a_named_topic_is_a_learning_intention_recorded(
    note: str, subject: str
) -> None:
    result = recognize(note)
    assert (result.significance, result.subject) == (Significance.DURABLE, subject), result.reason


@pytest.mark.parametrize(
    "note",
    ["Quiz me please", "Hazme una pregunta", "Задай мне вопрос"],
)
def test_a_request_for_a_task_with_no_topic_asks(note: str) -> None:
    assert recognize(note).significance is Significance.AMBIGUOUS


@pytest.mark.parametrize(
    "note",
    [
        "Le Rhône prend sa source dans les Alpes suisses.",
        "Der Rhein fließt von den Alpen bis zur Nordsee.",
        "O Brasil tem cinco regiões e a capital é Brasília.",
    ],
)
def test_a_statement_of_fact_no_word_list_places_asks_instead_of_being_dropped(note: str) -> None:
    assert recognize(note).significance is Significance.AMBIGUOUS


@pytest.mark.parametrize(
    "note",
    [
        "My sister moved to Berlin last year.",
        "thanks, got it",
        "How much does a phone charger cost?",
        "Os animais do zoológico são fofos.",
    ],
)
def test_the_learners_day_and_small_talk_stay_incidental_or_at_most_ask(note: str) -> None:
    assert recognize(note).significance is not Significance.DURABLE


def test_prices_in_an_economics_note_are_content_not_shopping() -> None:
    note = "Notes: inflation is a general rise in prices, measured by the consumer price index."
    result = recognize(note, ("economics",))
    assert (result.significance, result.subject) == (Significance.DURABLE, "economics"), result.reason


def test_a_shopping_question_that_names_a_price_is_still_incidental() -> None:
    assert recognize("What is the price of the new phone?", ("economics",)).significance is (
        Significance.INCIDENTAL
    )


@pytest.mark.parametrize(
    "note",
    [
        "def area(r): return 3.14 * r * r gives the area of a circle",
        "In C, int main(void) is where the program starts",
        'printf("%d", x); prints an integer',
        "console.log(items.length) shows how many items the list has",
    ],
)
def test_code_pasted_as_prose_is_code(note: str) -> None:
    assert Signal.CODE in content_signals(note)


@pytest.mark.parametrize(
    "note", ["I paid 3.50 at the store.", "Mr. Smith (the teacher) said hi", "f(x) = 2x"]
)
def test_prices_names_and_formulas_are_not_code(note: str) -> None:
    assert Signal.CODE not in content_signals(note)
