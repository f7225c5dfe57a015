"""A gap's failure and cause wording is read in all eight supported languages (en es fr de pt zh ja ru).

On the ``attempt`` form (which an attempt that went right also uses) the failure words made a note a
failed attempt in English only, and the cause a learner states was heard only after "because": "porque
los lados parecían proporcionales" left the gap's cause ``unknown``. The words are per-language data in
:mod:`bot.organize.attempt_words`, matched with :mod:`bot.organize.mistake_words`' machinery. Unit cases
per language, then through the pipeline (:func:`bot.handle.plan_event` with the rule agent).
"""

from __future__ import annotations

import pytest

from bot.handle import plan_event
from bot.intake.rule_agent import RuleAgent
from bot.organize.attempt_words import says_attempt_failed, stated_cause
from bot.plan import Plan
from tests.support.learner import NOW, issue_event, learner_repo

# Written for this test, not taken from the word lists: attempts that went wrong, none of them saying
# "I made a mistake" (that is the mistake form's wording, heard without the label).
FAILED_ATTEMPT = {
    "en": "Scale factor exercise 3: my answer was incorrect.",
    "es": "Ejercicio 3 del factor de escala: mi respuesta era incorrecta.",
    "fr": "Exercice 3 sur le rapport : ma réponse était fausse.",
    "de": "Aufgabe 3 zum Streckfaktor: meine Antwort war falsch.",
    "pt": "Exercício 3 de escala: minha resposta estava errada.",
    "zh": "比例因子第3题：我的答案不对。",
    "ja": "相似比の第3問：答えが違った。",
    "ru": "Задание 3 на коэффициент подобия: мой ответ был неправильным.",
}
SUCCEEDED_ATTEMPT = {
    "en": "Scale factor exercise 3: all five came out right.",
    "es": "Ejercicio 3 del factor de escala: los cinco me salieron bien.",
    "fr": "Exercice 3 sur le rapport : les cinq sont justes.",
    "de": "Aufgabe 3 zum Streckfaktor: alle fünf waren richtig, noch mal geübt.",
    "pt": "Exercício 3 de escala: acertei os cinco.",
    "zh": "比例因子第3题：五道都做对了。",
    "ja": "相似比の第3問：五問とも正解だった。",
    "ru": "Задание 3 на коэффициент подобия: все пять решены верно.",
}
NEGATED_ATTEMPT = {
    "en": "Scale factor exercise 3: my answer was not wrong after all.",
    "de": "Aufgabe 3 zum Streckfaktor: meine Antwort war nicht falsch.",
}
CAUSED = {  # the note, and the cause the gap should quote as written
    "en": ("I chose BC/AB instead of DE/AB because the sides looked proportional.",
           "the sides looked proportional"),
    "es": ("Elegí BC/AB en vez de DE/AB porque los lados parecían proporcionales.",
           "los lados parecían proporcionales"),
    "fr": ("J'ai choisi BC/AB au lieu de DE/AB parce que les côtés semblaient proportionnels.",
           "les côtés semblaient proportionnels"),
    "de": ("Ich nahm BC/AB statt DE/AB, weil die Seiten proportional aussahen.",
           "die Seiten proportional aussahen"),
    "pt": ("Escolhi BC/AB em vez de DE/AB porque os lados pareciam proporcionais.",
           "os lados pareciam proporcionais"),
    "zh": ("我选了BC/AB而不是DE/AB，因为边看起来成比例。", "边看起来成比例"),
    "ja": ("辺が比例していると思ったので、DE/ABではなくBC/ABを選んだ。", "辺が比例している"),
    "ru": ("Я выбрал BC/AB вместо DE/AB, потому что стороны казались пропорциональными.",
           "стороны казались пропорциональными"),
}  # fmt: skip
NO_CAUSE = {
    "en": "My car was late, so I chose BC/AB instead of DE/AB.",
    "fr": "J'ai choisi BC/AB au lieu de DE/AB dans le car.",
    "ja": "なので、DE/ABではなくBC/ABを選んだ。",
}
FAILED_SIGNAL = "a failed attempt reported"
GAPS = "/knowledge-gaps/"


def planned(note: str, labels: tuple[str, ...] = ()) -> Plan:
    event = issue_event(note, title="Scale factor practice", labels=labels)
    return plan_event(event, learner_repo(), now=NOW, agent=RuleAgent())


def event_record(plan: Plan) -> str:
    (content,) = [w.content for w in plan.writes if "/events/" in w.path]
    return content


@pytest.mark.parametrize("note", FAILED_ATTEMPT.values(), ids=FAILED_ATTEMPT)
def test_failure_words_are_heard_in_each_language(note: str) -> None:
    assert says_attempt_failed(note)


@pytest.mark.parametrize("note", SUCCEEDED_ATTEMPT.values(), ids=SUCCEEDED_ATTEMPT)
def test_an_attempt_that_went_right_has_no_failure_words(note: str) -> None:
    assert not says_attempt_failed(note)


@pytest.mark.parametrize("note", NEGATED_ATTEMPT.values(), ids=NEGATED_ATTEMPT)
def test_a_negated_failure_word_is_none(note: str) -> None:
    assert not says_attempt_failed(note)


@pytest.mark.parametrize(("note", "cause"), CAUSED.values(), ids=CAUSED)
def test_the_stated_cause_is_read_in_each_language_as_written(note: str, cause: str) -> None:
    assert stated_cause(note) == cause


@pytest.mark.parametrize("note", NO_CAUSE.values(), ids=NO_CAUSE)
def test_no_cause_where_none_is_stated(note: str) -> None:
    assert stated_cause(note) is None


def test_a_long_cause_is_cut_at_160_characters() -> None:
    cause = stated_cause("I chose X instead of Y because " + "the sides looked alike " * 20 + ".")
    assert cause is not None and len(cause) == 160 and cause.startswith("the sides looked alike")


@pytest.mark.parametrize("note", FAILED_ATTEMPT.values(), ids=FAILED_ATTEMPT)
def test_an_attempt_form_that_went_wrong_opens_a_diagnosis_in_each_language(note: str) -> None:
    result = planned(note, labels=("attempt",))
    assert FAILED_SIGNAL in event_record(result)
    assert not [w for w in result.writes if GAPS in w.path]


@pytest.mark.parametrize("note", SUCCEEDED_ATTEMPT.values(), ids=SUCCEEDED_ATTEMPT)
def test_an_attempt_form_that_went_right_opens_nothing_in_each_language(note: str) -> None:
    result = planned(note, labels=("attempt",))
    assert FAILED_SIGNAL not in event_record(result)
    assert not [w for w in result.writes if GAPS in w.path]


@pytest.mark.parametrize(("note", "cause"), CAUSED.values(), ids=CAUSED)
def test_a_gap_keeps_the_learners_cause_in_each_language(note: str, cause: str) -> None:
    (gap,) = [w.content for w in planned(note).writes if GAPS in w.path]
    assert "- Diagnosis status: `learner-reported`" in gap
    assert f"- Likely blocker: the learner says: “{cause}”" in gap
