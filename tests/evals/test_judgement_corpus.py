"""The judgement benchmark's corpus is well formed and its script prints figures on it (issue 16, item 7).

These tests hold the corpus to its schema and sizes and the script to its figures' definitions; they
set no threshold on the bot's judgement, which is being rewritten (the figures are the report for that).
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from bench.judgement import corpus, evaluation, questions, recognition, run, scripted_model
from bench.judgement.corpus import LABELS, LANGUAGES, VERDICTS, AnswerPair, CorpusError
from bot.intake.agent import LearnerInput, Recognition, Significance

MESSAGES = corpus.messages()
ANSWERS = corpus.answers()
QUESTIONS = corpus.questions()


def test_the_messages_cover_every_language_and_class_in_the_promised_numbers() -> None:
    counts = Counter(m.lang for m in MESSAGES)
    assert len(MESSAGES) >= 320
    assert counts["en"] >= 60
    assert all(counts[lang] >= 40 for lang in LANGUAGES)
    classes = Counter((m.lang, m.label) for m in MESSAGES)
    assert all(classes[lang, label] >= 8 for lang in LANGUAGES for label in LABELS)


def test_the_answer_pairs_cover_every_verdict_and_kind() -> None:
    assert len(ANSWERS) >= 220
    assert {a.verdict for a in ANSWERS} == set(VERDICTS)
    assert {a.kind for a in ANSWERS} == {"quantity", "expression", "number", "choice", "set", "list", "text"}
    assert len(QUESTIONS) >= 20
    assert all(any(getattr(q, flag) for q in QUESTIONS) for flag in questions.FLAGS)


def test_no_row_is_counted_twice() -> None:
    assert corpus.duplicates((m.lang, m.title, m.text) for m in MESSAGES) == []
    assert corpus.duplicates((a.key, a.answer) for a in ANSWERS) == []
    assert corpus.duplicates((q.evidence, q.question) for q in QUESTIONS) == []


@pytest.mark.parametrize(
    ("text", "label", "subject"),
    [
        ("Today I learned that the derivative of x^2 is 2x", "durable", "mathematics"),
        ("I got question 4 wrong: I forgot to flip the inequality sign", "durable", "mathematics"),
        ("How are you doing today?", "incidental", None),
        ("How do I cook pasta?", "incidental", None),
        ("我没学过导数，你教我吧", "durable", "mathematics"),
        ("I keep flipping the sign when I move terms", "durable", "mathematics"),
    ],
)
def test_the_issues_own_examples_are_in_the_corpus(text: str, label: str, subject: str | None) -> None:
    (row,) = [m for m in MESSAGES if m.text == text]
    assert (row.label, row.subject) == (label, subject)


def test_the_issues_answer_examples_are_judged_correct_against_12_cm() -> None:
    labelled = {a.answer: a.verdict for a in ANSWERS if a.key == "12 cm"}
    assert {labelled[a] for a in ("Answer: 12cm", "YZ = 12 cm", "12")} == {"correct"}


def test_a_row_with_an_unknown_field_or_a_subject_outside_the_repository_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "messages.jsonl"
    row = {"lang": "en", "text": "x", "label": "durable", "subject": "mathematics", "subjects": ["biology"]}
    path.write_text(json.dumps(row) + "\n")
    with pytest.raises(CorpusError, match=r"messages\.jsonl:1"):
        corpus.messages(path)
    path.write_text(json.dumps({**row, "subjects": ["mathematics"], "lable": "x"}) + "\n")
    with pytest.raises(CorpusError):
        corpus.messages(path)


def test_the_script_prints_a_row_per_language_and_every_section_on_a_slice() -> None:
    rows = corpus.per_language(MESSAGES, 3)
    figures = run.measure(rows, ANSWERS[:12], QUESTIONS[:5], noise_percent=5)
    text = figures.as_text(misses=True)
    table_rows = [line.split()[0] for line in text.splitlines() if line[:4].strip() in LANGUAGES]
    assert table_rows == [*LANGUAGES, *LANGUAGES]  # the rule agent's table, then the scripted model's
    for heading in ("Recognition — rule agent", "chat-model agent", "Answer evaluation", "Question checks"):
        assert heading in text
    data = json.loads(json.dumps(figures.as_dict()))
    assert data["recognition"]["rule_agent"]["overall"]["messages"] == len(rows)
    assert set(data["scripted_model"]["calls"]) == {"reading", "verdict"}  # every call one the script answers
    assert data["evaluation"]["product"]["pairs"] == data["evaluation"]["scripted_model"]["pairs"] == 12


def test_the_command_line_prints_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert run.main(["--json", "--noise", "0", "--per-language", "2"]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["recognition"]["rule_agent"]["overall"]["messages"] == 2 * len(LANGUAGES)
    assert printed["evaluation"]["product"]["pairs"] == len(ANSWERS)
    assert printed["evaluation"]["scripted_model"]["false_correct"] == 0  # no label turned, none wrong


class StoreEverything:
    """An agent that files every message under the repository's first subject."""

    def recognize(self, learner_input: LearnerInput) -> Recognition:
        return Recognition(significance=Significance.DURABLE, subject=learner_input.known_subjects[0])


class FilesUnder:
    """An agent that calls every message durable and proposes one subject (or none) for it."""

    def __init__(self, subject: str | None) -> None:
        self.subject = subject

    def recognize(self, learner_input: LearnerInput) -> Recognition:
        return Recognition(significance=Significance.DURABLE, subject=self.subject)


@pytest.mark.parametrize("subject", [None, "../../etc"])
def test_durable_without_a_subject_the_core_accepts_is_asked_about_not_stored(subject: str | None) -> None:
    report = recognition.score(FilesUnder(subject), MESSAGES[:6])
    assert report.overall.decided("durable") == 0
    assert report.overall.decided("ambiguous") == 6


class Crashing:
    def recognize(self, learner_input: LearnerInput) -> Recognition:
        raise RuntimeError("boom")


def test_storing_precision_counts_everything_filed_and_routing_only_labelled_durable_rows() -> None:
    report = recognition.score(StoreEverything(), MESSAGES)
    durable = [m for m in MESSAGES if m.label == "durable"]
    assert report.overall.storing_precision == len(durable) / len(MESSAGES)
    assert report.overall.durable_recall == 1.0
    first_subject = sum(m.subject == m.subjects[0] for m in durable)
    assert report.overall.routing_accuracy == first_subject / len(durable)


def test_an_agent_that_crashes_shows_as_errors_instead_of_stopping_the_run() -> None:
    report = recognition.score(Crashing(), MESSAGES[:4])
    assert report.overall.errors == 4
    assert report.overall.decided("durable") == 0


def test_a_judge_that_always_says_correct_is_charged_every_false_correct() -> None:
    report = evaluation.score(ANSWERS, judge=lambda _answer, _key: ("correct", "always"))
    assert len(report.false_correct) == sum(a.verdict != "correct" for a in ANSWERS)
    assert report.accuracy == sum(a.verdict == "correct" for a in ANSWERS) / len(ANSWERS)


def test_the_product_evaluator_is_reached_through_the_adapter() -> None:
    verdict, basis = evaluation.judge_answer("Answer: 12 cm", "12 cm")
    assert verdict in VERDICTS and basis
    assert evaluation.score([AnswerPair(key="B", answer="", verdict="cannot-tell", kind="choice")]).judged


def test_the_scripted_model_turns_the_same_few_labels_every_run() -> None:
    turned = [m for m in MESSAGES if scripted_model.turned(m, 5)]
    assert turned == [m for m in MESSAGES if scripted_model.turned(m, 5)]
    assert 0 < len(turned) < len(MESSAGES) // 10
    assert all(scripted_model.scripted_label(m, 0) == m.label for m in MESSAGES)
    assert all(scripted_model.scripted_label(m, 100) != m.label for m in MESSAGES)
    assert all(scripted_model.scripted_verdict(a, 100) != a.verdict for a in ANSWERS)


def test_the_question_check_catches_a_question_that_states_its_key() -> None:
    flags = questions.check_question(
        "EF = 12 cm because the scale factor is 2.", "The scale factor is 2, so EF = 12 cm. Why?", "12 cm"
    )
    assert flags == questions.QuestionFlags(leaks_key=True, repeats_note=False, generic=False)


def test_the_question_check_calls_a_template_that_fits_any_note_generic() -> None:
    (template,) = [q for q in QUESTIONS if q.question.startswith("Your note is `event-")]
    assert template.generic
    assert questions.check_question(template.evidence, template.question, template.key).generic


HELD_OUT = corpus.messages(run.HELD_OUT)


def test_the_held_out_messages_cover_every_language_class_and_many_subjects() -> None:
    assert len(HELD_OUT) >= 160
    assert all(Counter(m.lang for m in HELD_OUT)[lang] >= 20 for lang in LANGUAGES)
    classes = Counter((m.lang, m.label) for m in HELD_OUT)
    assert all(classes[lang, label] >= 5 for lang in LANGUAGES for label in LABELS)
    filed_under = {m.subject for m in HELD_OUT if m.subject}
    assert {
        "mathematics",
        "physics",
        "chemistry",
        "biology",
        "programming",
        "music",
        "economics",
    } <= filed_under


def test_the_held_out_set_shares_no_message_with_the_development_corpus() -> None:
    assert corpus.duplicates((m.lang, m.title, m.text) for m in HELD_OUT) == []
    seen = {m.text.strip().casefold() for m in MESSAGES}
    assert [m.text for m in HELD_OUT if m.text.strip().casefold() in seen] == []


FRESH_HELD_OUT = corpus.messages(run.HELD_OUT.with_name("messages_heldout2.jsonl"))


def test_the_fresh_held_out_set_has_its_promised_classes_in_every_language() -> None:
    """The second held-out set (the first is spent): 13 durable, 9 incidental, 8 ambiguous per language."""
    classes = Counter((m.lang, m.label) for m in FRESH_HELD_OUT)
    promised = {"durable": 13, "incidental": 9, "ambiguous": 8}
    assert {key: classes[key] for key in classes} == {
        (lang, label): count for lang in LANGUAGES for label, count in promised.items()
    }


def test_the_fresh_held_out_set_shares_no_message_with_the_earlier_files() -> None:
    assert corpus.duplicates((m.lang, m.title, m.text) for m in FRESH_HELD_OUT) == []
    seen = {m.text.strip().casefold() for m in (*MESSAGES, *HELD_OUT)}
    assert [m.text for m in FRESH_HELD_OUT if m.text.strip().casefold() in seen] == []


def test_the_command_line_scores_recognition_on_the_messages_file_it_is_given(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "slice.jsonl"
    rows = corpus.per_language(HELD_OUT, 2)
    path.write_text("".join(m.model_dump_json() + "\n" for m in rows), encoding="utf-8")
    assert run.main(["--json", "--messages", str(path)]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed["recognition"]["rule_agent"]["overall"]["messages"] == len(rows) == 2 * len(LANGUAGES)
    assert printed["recognition"]["scripted_model"]["overall"]["messages"] == len(rows)


DEV3 = corpus.messages(run.HELD_OUT.with_name("messages_dev3.jsonl"))
THIRD_HELD_OUT = corpus.messages(run.HELD_OUT.with_name("messages_heldout3.jsonl"))
FOURTH_HELD_OUT = corpus.messages(run.HELD_OUT.with_name("messages_heldout4.jsonl"))
DEV5 = corpus.messages(run.HELD_OUT.with_name("messages_dev5.jsonl"))
FIFTH_HELD_OUT = corpus.messages(run.HELD_OUT.with_name("messages_heldout5.jsonl"))
DEV6 = corpus.messages(run.HELD_OUT.with_name("messages_dev6.jsonl"))


@pytest.mark.parametrize(
    ("rows", "english", "other"),
    [
        (DEV3, 50, 30),
        (THIRD_HELD_OUT, 56, 32),
        (FOURTH_HELD_OUT, 52, 36),
        (DEV5, 52, 36),
        (FIFTH_HELD_OUT, 52, 36),
        (DEV6, 52, 36),
    ],
    ids=["dev3", "heldout3", "heldout4", "dev5", "heldout5", "dev6"],
)
def test_the_newer_sets_have_every_class_in_every_language(
    rows: list[corpus.Message], english: int, other: int
) -> None:
    """Each newer file holds its promised size per language, every class in each."""
    sizes = Counter(m.lang for m in rows)
    assert sizes == {lang: english if lang == "en" else other for lang in LANGUAGES}
    assert {(lang, label) for lang in LANGUAGES for label in ("durable", "incidental", "ambiguous")} <= {
        (m.lang, m.label) for m in rows
    }


def test_no_held_out_text_appears_in_a_development_file() -> None:
    """A held-out row whose text development (or the learning model's training) has seen is not held out.

    Development files may share short stock phrases among themselves; the sealed file may not share a text
    with any of them. heldout2 and heldout3 are spent (measured, then read), so they count as development.
    """
    development = (*MESSAGES, *HELD_OUT, *DEV3, *FRESH_HELD_OUT, *THIRD_HELD_OUT, *DEV5, *DEV6)
    seen = {m.text.strip().casefold() for m in development}
    assert corpus.duplicates((m.lang, m.title, m.text) for m in FOURTH_HELD_OUT) == []
    assert sum(m.text.strip().casefold() in seen for m in FOURTH_HELD_OUT) == 0


def test_the_fifth_held_out_set_has_its_promised_classes_in_every_language() -> None:
    """heldout5: 23 durable, 16 incidental, 13 ambiguous in English; 16, 11 and 9 in each other language."""
    classes = Counter((m.lang, m.label) for m in FIFTH_HELD_OUT)
    promised = {"durable": (23, 16), "incidental": (16, 11), "ambiguous": (13, 9)}
    assert dict(classes) == {
        (lang, label): counts[0] if lang == "en" else counts[1]
        for lang in LANGUAGES
        for label, counts in promised.items()
    }


def test_no_fifth_held_out_text_appears_in_a_development_file_or_the_other_sealed_set() -> None:
    """heldout5 shares no text with any development file, nor with heldout4, the other sealed set."""
    development = (*MESSAGES, *HELD_OUT, *DEV3, *FRESH_HELD_OUT, *THIRD_HELD_OUT, *DEV5, *DEV6)
    seen = {m.text.strip().casefold() for m in (*development, *FOURTH_HELD_OUT)}
    assert corpus.duplicates((m.lang, m.title, m.text) for m in FIFTH_HELD_OUT) == []
    assert sum(m.text.strip().casefold() in seen for m in FIFTH_HELD_OUT) == 0


def test_the_sixth_development_set_has_its_promised_classes_in_every_language() -> None:
    """dev6: 23 durable, 16 incidental, 13 ambiguous in English; 16, 11 and 9 in each other language."""
    classes = Counter((m.lang, m.label) for m in DEV6)
    promised = {"durable": (23, 16), "incidental": (16, 11), "ambiguous": (13, 9)}
    assert dict(classes) == {
        (lang, label): counts[0] if lang == "en" else counts[1]
        for lang in LANGUAGES
        for label, counts in promised.items()
    }
    assert corpus.duplicates((m.lang, m.title, m.text) for m in DEV6) == []


def test_no_sealed_text_appears_in_the_sixth_development_set() -> None:
    """dev6 may be read while rules change, so no text of heldout4 or heldout5 may be in it."""
    sealed = {m.text.strip().casefold() for m in (*FOURTH_HELD_OUT, *FIFTH_HELD_OUT)}
    assert sum(m.text.strip().casefold() in sealed for m in DEV6) == 0
