"""Routing a note between several subjects by its field: what the learner sees is where it is filed.

Notes here are written for these tests (none is a benchmark row). Each case is one the subject word lists
leave open or get wrong, so the rules alone ask for the subject or file it elsewhere, and the field model
(``bot/intake/field_model.json``) places it; and the cases the model must still leave to the learner.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench.judgement import train_learning_model
from bot.intake.agent import LearnerInput, Recognition, Significance
from bot.intake.field_model import FieldModel, committed_field_model, train
from bot.intake.rule_agent import RuleAgent
from bot.intake.vetting import vetted


def recognize(body: str, subjects: tuple[str, ...], agent: RuleAgent | None = None) -> Recognition:
    """The recognition as the core files it (after its own check), through the rule agent's entry."""
    learner_input = LearnerInput(title="", body=body, known_subjects=subjects)
    return vetted((agent or RuleAgent()).recognize(learner_input))


ROUTED_BY_FIELD = [
    (
        ("medicine", "history"),
        "Lecture note: ACE inhibitors end in -pril (ramipril, lisinopril) and their typical side effect is a "
        "dry cough.",
        "medicine",
    ),
    (
        ("maths", "physics"),
        "Note from lab: a = Δv/Δt = (20 m/s − 5 m/s) / 3 s = 5 m/s², the trolley speeds up uniformly.",
        "physics",
    ),
    (
        ("maths", "physics"),
        "Worked example: F = m·a = 2 kg × 4 m/s² = 8 N pushing the box along the floor.",
        "physics",
    ),
]


@pytest.mark.parametrize(("subjects", "note", "subject"), ROUTED_BY_FIELD, ids=lambda v: str(v)[:30])
def test_a_note_is_filed_under_the_subject_its_field_names(
    subjects: tuple[str, ...], note: str, subject: str
) -> None:
    alone = recognize(note, subjects, RuleAgent(use_model=False))
    assert (alone.significance, alone.subject) != (Significance.DURABLE, subject), "the rules alone miss it"
    result = recognize(note, subjects)
    assert result.significance is Significance.DURABLE, result.reason
    assert result.subject == subject


@pytest.mark.parametrize(
    ("subjects", "note", "subject"),
    [
        (("keizai", "rekishi"), "需要が増えて供給が変わらないと価格が上がる。授業のメモ。", "keizai"),
        (
            ("ekonomika", "istoriya"),
            "Заметка: ВВП по расходам = C + I + G + NX, где NX это чистый экспорт.",
            "ekonomika",
        ),
        (("jingji", "lishi"), "笔记：边际成本等于边际收益时，企业利润最大。", "jingji"),
        (
            ("ses", "histoire"),
            "Définition : le PIB est la somme des valeurs ajoutées produites sur le territoire.",
            "ses",
        ),
    ],
    ids=lambda v: str(v)[:20],
)
def test_a_subject_folder_named_in_the_learners_language_or_romanised_is_found(
    subjects: tuple[str, ...], note: str, subject: str
) -> None:
    result = recognize(note, subjects)
    assert (result.significance, result.subject) == (Significance.DURABLE, subject), result.reason


def test_a_note_that_fits_two_subjects_still_asks_once() -> None:
    result = recognize(
        "In class I learned that velocity is the derivative of position.", ("maths", "physics")
    )
    assert result.significance is Significance.AMBIGUOUS and result.subject is None


def test_a_note_about_a_field_the_repository_lacks_is_never_filed_in_another() -> None:
    note = "Photosynthesis happens in chloroplasts: light turns carbon dioxide and water into glucose."
    result = recognize(note, ("art", "music"))
    assert result.significance is Significance.AMBIGUOUS and result.subject is None


@pytest.mark.parametrize(
    "note",
    [
        "qué calor hace hoy en Madrid, 40 grados, no puedo estudiar nada",
        "GANA 300€ al día desde casa sin experiencia, escríbeme por WhatsApp",
    ],
)
def test_weather_talk_and_adverts_are_never_stored(note: str) -> None:
    assert recognize(note, ("lengua", "matematicas")).significance is not Significance.DURABLE
    assert recognize(note, ("economia",)).significance is not Significance.DURABLE


def test_the_committed_field_model_loads_and_reads_fields() -> None:
    model = committed_field_model()
    assert model is not None
    probabilities = model.probabilities("photosynthesis in the chloroplast makes glucose")
    assert max(probabilities, key=probabilities.__getitem__) == "biology"
    assert sum(probabilities.values()) == pytest.approx(1.0)


def test_training_counts_what_each_field_uses() -> None:
    rows = [("the derivative of x", "mathematics"), ("derivative rules", "mathematics")]
    rows += [("the mitosis of a cell", "biology"), ("cell mitosis phases", "biology")]
    model = train(rows, min_df=2)
    assert model.probabilities("derivative")["mathematics"] > 0.5
    assert model.probabilities("mitosis")["biology"] > 0.5


@pytest.mark.parametrize("name", ["messages_heldout4.jsonl", "messages_heldout5.jsonl"])
def test_training_never_reads_a_sealed_set(
    name: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    sealed = tmp_path / name
    sealed.write_text("not to be read\n", encoding="utf-8")
    (tmp_path / "messages_dev5.jsonl").write_text("", encoding="utf-8")
    monkeypatch.setattr(train_learning_model.corpus, "HERE", tmp_path)
    monkeypatch.setattr(train_learning_model, "DEVELOPMENT", (name, "messages_dev5.jsonl"))
    assert train_learning_model.development_files() == [tmp_path / "messages_dev5.jsonl"]


@pytest.mark.parametrize(
    ("note", "subject"),
    [
        ("Chapitre 4 – La photosynthèse chez les plantes vertes", "biologie"),
        ("第3章 江戸幕府の政治と社会", "rekishi"),
        ("Kapitel 6: Säuren, Basen und der pH-Wert", "chemie"),
    ],
)
def test_a_chapter_heading_is_asked_about_not_stored(note: str, subject: str) -> None:
    assert recognize(note, (subject,)).significance is Significance.AMBIGUOUS


@pytest.mark.parametrize(
    ("note", "subjects", "subject"),
    [
        (
            "Le prof m'a corrigé : on dit « She has lived here since 2010 » et pas « She lives here since "
            "2010 », le present perfect avec since.",
            ("english", "spanish"),
            "english",
        ),
        (
            "Grammar note: 'Ich habe das Buch gelesen' uses haben, but 'Ich bin nach Hause gegangen' uses "
            "sein because it is movement.",
            ("german", "french"),
            "german",
        ),
    ],
    ids=("french-note-on-english", "english-note-on-german"),
)
def test_a_language_note_is_filed_under_the_language_it_quotes(
    note: str, subjects: tuple[str, ...], subject: str
) -> None:
    result = recognize(note, subjects)
    assert (result.significance, result.subject) == (Significance.DURABLE, subject), result.reason


def test_field_weights_name_each_field_once_and_read_back_the_same() -> None:
    rows = [("the derivative of x", "mathematics"), ("derivative rules", "mathematics")]
    rows += [("the mitosis of a cell", "biology"), ("cell mitosis phases", "biology")]
    model = train(rows, min_df=2)
    written = json.dumps(model.as_json())
    assert written.count('"biology"') == 1
    again = FieldModel.from_json(json.loads(written))
    assert again.probabilities("mitosis") == model.probabilities("mitosis")


def test_field_weights_in_the_older_form_still_read() -> None:
    model = FieldModel.from_json({"counts": {"mito": {"biology": 2}, "deri": {"mathematics": 2}}})
    assert max(model.probabilities("mitosis").items(), key=lambda item: item[1])[0] == "biology"
