"""Kinds of message at the storing boundary that the rule agent must never file silently: a step cut off
in Chinese or Japanese, a plan to revise a topic, a tutoring advert with a phone number, a classroom
joke's setup, a reminder of what to bring to a class; and the notes beside them that are still stored."""

from __future__ import annotations

import pytest

from bot.intake.agent import LearnerInput, Recognition, Significance
from bot.intake.rule_agent import RuleAgent


def recognize(body: str, subjects: tuple[str, ...]) -> Recognition:
    return RuleAgent().recognize(LearnerInput(title="", body=body, known_subjects=subjects))


@pytest.mark.parametrize(
    ("note", "subjects"),
    [
        ("把方程两边都减去5，然后", ("shuxue",)),
        ("先算括号里的8减2，接着", ("shuxue",)),
        ("両辺に3を足して、それから", ("sugaku",)),
    ],
)
def test_a_step_cut_off_in_chinese_or_japanese_is_asked_about(note: str, subjects: tuple[str, ...]) -> None:
    recognition = recognize(note, subjects)
    assert recognition.significance is Significance.AMBIGUOUS


@pytest.mark.parametrize(
    "note",
    ["primero resto 4 a los dos lados y luego", "сначала делю обе части на 3, а потом"],
)
def test_a_step_cut_off_on_then_is_asked_about_not_dropped(note: str) -> None:
    assert recognize(note, ("math",)).significance is Significance.AMBIGUOUS


@pytest.mark.parametrize(
    "note",
    [
        "Je compte revoir l'offre et la demande et le PIB samedi matin.",
        "В воскресенье хочу повторить инфляцию и безработицу.",
        "I plan to revise supply and demand and inflation on Saturday.",
        "Voy a repasar la oferta y la demanda y el PIB el sábado.",
    ],
)
def test_a_plan_to_revise_two_topics_is_not_stored(note: str) -> None:
    recognition = recognize(note, ("economics", "law"))
    assert recognition.significance is not Significance.DURABLE


@pytest.mark.parametrize(
    "note",
    [
        "¡Clases particulares de biología y química para selectividad! Primera clase gratis. "
        "Llama al 611 222 333.",
        "Cours particuliers de chimie et de biologie, premier cours gratuit ! Appelez le 06 12 34 56 78.",
    ],
)
def test_a_tutoring_advert_with_a_phone_number_is_not_stored(note: str) -> None:
    assert recognize(note, ("quimica", "biologia")).significance is Significance.INCIDENTAL


@pytest.mark.parametrize(
    "note",
    [
        "¿Qué le dijo un protón a un neutrón? Tú no tienes carga, estás neutral.",
        "What did the photon say to the electron? I'm travelling light, you carry the charge.",
    ],
)
def test_a_joke_setup_with_subject_words_is_not_stored(note: str) -> None:
    assert recognize(note, ("physics",)).significance is not Significance.DURABLE


def test_a_reminder_of_what_to_bring_to_a_lab_is_not_stored() -> None:
    note = "Chemistry practical is 9 am Thursday, don't forget your goggles and the titration worksheet."
    assert recognize(note, ("chemistry", "biology")).significance is not Significance.DURABLE


@pytest.mark.parametrize(
    ("note", "subjects", "subject"),
    [
        ("先把两边同时减去5，得到 2x = 6，所以 x = 3。", ("shuxue",), "shuxue"),
        (
            "Aprendí que en la oferta y la demanda el precio de equilibrio iguala lo que se ofrece y lo que "
            "se demanda.",
            ("economics", "law"),
            "economics",
        ),
    ],
)
def test_a_finished_note_beside_them_is_still_stored(
    note: str, subjects: tuple[str, ...], subject: str
) -> None:
    recognition = recognize(note, subjects)
    assert (recognition.significance, recognition.subject) == (Significance.DURABLE, subject)


@pytest.mark.parametrize(
    "note",
    [
        "Negligence needs a duty of care, a breach of it and damage caused by the breach; the plaintiff "
        "has the burden of proof.",
        "Un contrato celebrado por un menor sin permiso de sus padres es anulable por sus representantes.",
        "Notwehr: Wer einen gegenwärtigen rechtswidrigen Angriff abwehrt, handelt nicht rechtswidrig, "
        "auch wenn er dabei jemanden verletzt.",
        "笔记：限制民事行为能力人签的合同，要经过法定代理人同意才有效，买零食这种小事除外。",
        "Ответчик не обязан доказывать свою невиновность: бремя доказывания лежит на истце.",
    ],
)
def test_a_law_note_is_stored_under_law(note: str) -> None:
    recognition = recognize(note, ("law", "economics"))
    assert (recognition.significance, recognition.subject) == (Significance.DURABLE, "law")


def test_poka_meaning_until_is_no_goodbye() -> None:
    note = (
        "Конспект: обвиняемый не считается виновным, пока суд не вынес приговор; сомнения толкуются "
        "в его пользу."
    )
    assert recognize(note, ("law", "economics")).significance is not Significance.INCIDENTAL


@pytest.mark.parametrize(
    "note",
    [
        "oh right, I think it clicked now",
        "Ah, maintenant je capte, je crois",
        "Hmm, ich glaube, jetzt hab ich's kapiert",
        "Ага, вроде теперь дошло",
        "へえ、なるほど",
    ],
)
def test_a_bare_claim_of_understanding_is_asked_about_not_dropped(note: str) -> None:
    assert recognize(note, ("physics",)).significance is Significance.AMBIGUOUS


def test_a_thanks_for_an_explanation_is_still_a_reply_in_passing() -> None:
    assert recognize("ok got it, thanks!", ("physics",)).significance is Significance.INCIDENTAL
