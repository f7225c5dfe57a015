"""A learner who states the decision behind a mistake, in any supported language, gets one narrow gap
quoting it (protocol "Diagnose"); a negated choice is no such statement.

Through the pipeline (:func:`bot.handle.plan_event` with the rule agent). The wording was English-only,
so "elegí BC/AB en vez de DE/AB" was never heard as the learner's own judgment.
"""

from __future__ import annotations

import pytest

from bot.handle import plan_event
from bot.intake.rule_agent import RuleAgent
from bot.plan import Plan
from bot.records.codec import read_header
from tests.support.learner import NOW, issue_event, learner_repo

# (note, the learner's report the gap must quote), written for this test, not taken from the word lists.
STATED = {
    "en": (
        "In class I picked BC/AB rather than DE/AB as the ratio.",
        "I picked BC/AB rather than",
    ),
    "es": ("En el examen de geometría elegí BC/AB en vez de DE/AB para la razón.", "elegí BC/AB en vez de"),
    "fr": (
        "En classe, j'ai choisi BC/AB au lieu de DE/AB.",
        "j'ai choisi BC/AB au lieu de",
    ),
    "de": (
        "In der Geometriearbeit habe ich BC/AB statt DE/AB als Ähnlichkeitsverhältnis genommen.",
        "BC/AB statt DE/AB",
    ),
    "pt": ("Na prova de geometria escolhi BC/AB em vez de DE/AB para a razão.", "escolhi BC/AB em vez de"),
    "zh": ("几何考试时我用了BC/AB而不是DE/AB来算相似三角形的比例。", "我用了BC/AB而不是DE/AB"),
    "ja": ("幾何のテストで相似比にDE/ABではなくBC/ABを使った。", "DE/ABではなくBC/ABを使った"),
    "ru": ("На контрольной по геометрии я выбрал BC/AB вместо DE/AB для подобия.", "я выбрал BC/AB вместо"),
}
NAMED = {
    "es": ("Mi error fue dividir la sombra entre la altura en el problema de semejanza.", "Mi error fue"),
    "de": ("Mein Fehler war, die Seiten im Ähnlichkeitsverhältnis zu vertauschen.", "Mein Fehler war"),
    "zh": ("我的错误是把相似三角形的比例写反了。", "我的错误是"),
    "ru": ("Моя ошибка была в том, что я перепутал стороны в подобных треугольниках.", "Моя ошибка была"),
}


def gap_titles(plan: Plan) -> list[str]:
    return [read_header(w.content)["Title"] for w in plan.writes if "/knowledge-gaps/" in w.path]


def planned(note: str) -> Plan:
    return plan_event(issue_event(note, title="Geometry"), learner_repo(), now=NOW, agent=RuleAgent())


@pytest.mark.parametrize(("note", "report"), [*STATED.values(), *NAMED.values()], ids=[*STATED, *NAMED])
def test_a_stated_decision_opens_one_gap_quoting_it(note: str, report: str) -> None:
    (title,) = gap_titles(planned(note))
    assert report in title


@pytest.mark.parametrize(
    "note",
    [
        "No elegí BC/AB en vez de DE/AB; usé la razón correcta.",
        "Я не выбрал BC/AB вместо DE/AB, я взял правильное отношение.",
        "Ich habe nicht BC/AB statt DE/AB genommen.",
    ],
)
def test_a_negated_choice_is_not_quoted_as_a_mistake(note: str) -> None:
    assert not any("BC/AB" in title for title in gap_titles(planned(note)))
