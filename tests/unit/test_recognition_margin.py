"""Storing needs a margin of evidence: adverts, jokes, plans to study, a topic named in passing and a
thought cut off are never filed silently, while a note that says what was learned still is."""

from __future__ import annotations

import pytest

from bot.intake.agent import LearnerInput, Recognition, Significance
from bot.intake.rule_agent import RuleAgent

SUBJECTS = ("biology", "chemistry", "economics", "physics")


def recognize(body: str, subjects: tuple[str, ...] = SUBJECTS) -> Recognition:
    return RuleAgent().recognize(LearnerInput(title="", body=body, known_subjects=subjects))


@pytest.mark.parametrize(
    "note",
    [
        "PROMO: biology flashcards for your finals, only $4.99, dm me",
        "OFERTA: resúmenes de química orgánica por 5 €, escríbeme",
        "Nur heute: Physik-Skripte zum halben Preis! Jetzt Angebot sichern!",
        "Скидка 50% на курс по биологии, пиши в личку, всего 990 руб",
        "限时优惠！化学笔记打包只要 9.9 元",
    ],
)
def test_an_advert_naming_a_subject_is_not_a_note(note: str) -> None:
    assert recognize(note).significance is Significance.INCIDENTAL


@pytest.mark.parametrize(
    "note",
    [
        "明天再复习化学吧，今天太累了",
        "Tomorrow I revise chemistry, tonight I rest",
        "Mañana repaso biología, hoy no puedo más",
    ],
)
def test_a_plan_to_study_a_subject_is_not_stored(note: str) -> None:
    assert recognize(note).significance is not Significance.DURABLE


@pytest.mark.parametrize(
    "note",
    [
        "my chemistry teacher said my grades follow the law of gravity lol",
        "化学の先生に「君の反応は遅いね」と言われた笑",
        "jaja el profe de biología dijo que somos mitocondrias sin energía",
    ],
)
def test_a_joke_about_a_subject_is_not_stored(note: str) -> None:
    assert recognize(note).significance is not Significance.DURABLE


@pytest.mark.parametrize(
    "note",
    ["Studied mitosis today", "I finally understood photosynthesis", "Heute Mitose gelernt"],
)
def test_a_topic_learned_in_passing_is_asked_about(note: str) -> None:
    assert recognize(note).significance is Significance.AMBIGUOUS


@pytest.mark.parametrize(
    "note",
    ["und wenn die Zelle sich teilt, dann", "so when the enzyme binds the substrate and then"],
)
def test_a_thought_cut_off_is_asked_about(note: str) -> None:
    assert recognize(note).significance is Significance.AMBIGUOUS


@pytest.mark.parametrize(
    "note",
    [
        "Notes: mitosis gives two identical daughter cells, meiosis four different ones.",
        "Today I learned that enzymes lower the activation energy of a reaction.",
        "I keep confusing mitosis and meiosis",
        "Free fall: every body falls with g = 9.8 m/s², whatever its mass.",
    ],
)
def test_a_note_that_says_what_was_learned_is_still_stored(note: str) -> None:
    assert recognize(note).significance is Significance.DURABLE


@pytest.mark.parametrize(
    ("note", "subjects"),
    [
        (
            "Spanish: ser vs estar. 'estoy aburrido = I'm bored' but 'soy aburrido = I'm boring'.",
            ("spanish", "history"),
        ),
        (
            "Penal: a legítima defesa vale só contra agressão injusta, atual ou iminente (art. 25 do CP).",
            ("direito",),
        ),
    ],
)
def test_small_talk_words_in_a_quoted_example_or_another_language_are_no_small_talk(
    note: str, subjects: tuple[str, ...]
) -> None:
    assert recognize(note, subjects).significance is not Significance.INCIDENTAL


@pytest.mark.parametrize("folder", ["nihonshi", "sekaishi", "日本史"])
def test_a_romanised_or_own_script_history_folder_takes_a_history_note(folder: str) -> None:
    note = "江戸幕府は1603年に徳川家康が開いた。鎖国は1639年から続いた。"
    recognition = recognize(note, (folder, "eigo"))
    assert (recognition.significance, recognition.subject) == (Significance.DURABLE, folder)


@pytest.mark.parametrize(
    "note",
    [
        "Locke: im Naturzustand sind alle Menschen frei; der Gesellschaftsvertrag schützt das Eigentum.",
        "Para Sócrates, só sei que nada sei: a sabedoria começa quando reconhecemos a nossa ignorância.",
    ],
)
def test_a_philosophy_note_goes_to_the_philosophy_folder(note: str) -> None:
    recognition = recognize(note, ("philosophie", "deutsch", "history"))
    assert recognition.subject == "philosophie"


def test_a_german_difficulty_with_nicht_at_the_end_is_heard() -> None:
    note = "Ich verstehe den Unterschied zwischen Mitose und Meiose bei der Zellteilung immer noch nicht"
    assert recognize(note).significance is Significance.DURABLE


@pytest.mark.parametrize(
    "note",
    [
        "Mitochondrien, Ribosomen, Golgi-Apparat, endoplasmatisches Retikulum",
        "Revisar: enlaces covalentes e iónicos, electronegatividad",
        "光合作用的笔记见图片",
        "my notes from biology, see the photo",
        "I think I get it now, the derivative thing",
        "Ich glaube, jetzt hab ich die Zellatmung verstanden",
    ],
)
def test_a_list_of_topics_a_pointer_or_a_hedge_is_asked_about_not_stored(note: str) -> None:
    assert recognize(note, ("biology", "chemistry", "mathematics")).significance is Significance.AMBIGUOUS


def test_a_word_that_only_starts_like_photo_is_no_pointer() -> None:
    note = "Photosynthesis: 6 CO2 + 6 H2O → C6H12O6 + 6 O2, in the chloroplasts"
    assert recognize(note).significance is Significance.DURABLE
