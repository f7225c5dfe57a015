"""A learner who says they got something wrong without the decision behind it, in any supported language,
opens a diagnosis of a failed attempt (protocol "Diagnose", scenario 17), not a gap; a negated failure
("no me equivoqué") opens none.

Through the pipeline (:func:`bot.handle.plan_event` with the rule agent). The failure wording was English
only, so "me equivoqué otra vez en la razón" was never read as a failed attempt.
"""

from __future__ import annotations

import pytest

from bot.handle import plan_event
from bot.intake.rule_agent import RuleAgent
from bot.plan import Plan
from tests.support.learner import NOW, issue_event, learner_repo

# Written for this test, not taken from the word lists.
FAILED = {
    "en": "In the geometry quiz I got the second ratio wrong again.",
    "es": "En el examen de geometría me equivoqué otra vez con la razón.",
    "fr": "Au contrôle de géométrie, je me suis encore trompée sur le rapport.",
    "de": "In der Geometriearbeit habe ich das Verhältnis wieder falsch aufgestellt.",
    "pt": "Na prova de geometria errei de novo a razão de semelhança.",
    "zh": "几何测验里相似比我又做错了。",
    "ja": "幾何のテストで相似比をまた間違えました。",
    "ru": "На контрольной по геометрии я опять ошиблась в отношении сторон.",
}
NEGATED = {
    "es": "En el examen de geometría no me equivoqué con la razón.",
    "de": "In der Geometriearbeit habe ich das Verhältnis nicht falsch aufgestellt.",
    "pt": "Na prova de geometria eu não errei a razão de semelhança.",
    "ru": "На контрольной по геометрии я не ошиблась в отношении сторон.",
}
FAILED_SIGNAL = "a failed attempt reported"


def planned(note: str) -> Plan:
    return plan_event(issue_event(note, title="Geometry"), learner_repo(), now=NOW, agent=RuleAgent())


def event(plan: Plan) -> str:
    (content,) = [w.content for w in plan.writes if "/events/" in w.path]
    return content


@pytest.mark.parametrize("note", FAILED.values(), ids=FAILED)
def test_a_failure_without_its_decision_opens_a_diagnosis_not_a_gap(note: str) -> None:
    result = planned(note)
    assert FAILED_SIGNAL in event(result) and "## Competing hypotheses" in event(result)
    assert not [w for w in result.writes if "/knowledge-gaps/" in w.path]


@pytest.mark.parametrize("note", NEGATED.values(), ids=NEGATED)
def test_a_negated_failure_is_no_failed_attempt(note: str) -> None:
    assert FAILED_SIGNAL not in event(planned(note))
