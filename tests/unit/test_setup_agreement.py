"""Setup takes a natural yes (issue 19): "The default times are fine." no longer gets the same question again.

Driven through the setup operation as a thread: the learner answers every question up to the schedule,
then replies in their own words. Agreement in any of the eight languages commits the setup with the
default times; a refusal or a change request is not taken as yes, and the schedule question stays open.
"""

from __future__ import annotations

import pytest

from bot.config import parse_config
from bot.plan import Outcome, Plan
from tests.support.setup_thread import SCENARIO, Thread

AGREEMENTS = [
    "The default times are fine.",
    "yes",
    "Sure!",
    "ok",
    "Sounds good to me.",
    "That works.",
    "The defaults are fine.",
    "No problem, keep them.",
    "Sí, está bien.",
    "Oui, ça me va.",
    "Ja, passt.",
    "Sim, tudo bem.",
    "好的",
    "はい、大丈夫です。",
    "Да, хорошо.",
]
NOT_AGREEMENTS = [
    "no",
    "Make it 9am instead.",
    "Not those, please.",
    "Yes, but earlier in the morning.",
    "No, quiero otra hora.",
    "Non, plutôt le soir.",
    "Nein, lieber abends.",
    "Não, prefiro à noite.",
    "不行，改到晚上。",
    "いいえ、変えてください。",
    "Нет, лучше вечером.",
]


def at_the_schedule_question() -> Thread:
    thread = Thread(SCENARIO + "\nTime zone: Europe/Berlin")
    for _ in range(4):  # material, sources, rag storage, provider
        thread.say("skip")
    assert thread.questions[-1] == "schedule"
    return thread


def config_of(plan: Plan):  # type: ignore[no-untyped-def]
    return parse_config(next(w.content for w in plan.writes if w.path == "gitlearnos.yml")).config


@pytest.mark.parametrize("reply", AGREEMENTS)
def test_a_natural_yes_to_the_default_times_finishes_setup(reply: str) -> None:
    final = at_the_schedule_question().say(reply)
    assert final.outcome is Outcome.COMMITTED, final.replies[0].text
    config = config_of(final)
    assert config.automation.jobs["due-review"].local_time == "07:00"
    assert config.automation.jobs["maintenance"].local_time == "21:30"


@pytest.mark.parametrize("reply", NOT_AGREEMENTS)
def test_a_refusal_or_a_change_request_is_not_taken_as_yes(reply: str) -> None:
    thread = at_the_schedule_question()
    plan = thread.say(reply)
    assert plan.outcome is Outcome.SKIPPED and plan.writes == ()
    assert thread.questions[-1] == "schedule"


def test_after_a_no_the_learners_own_times_are_still_taken() -> None:
    thread = at_the_schedule_question()
    thread.say("no")
    final = thread.say("due-review 06:30")
    assert final.outcome is Outcome.COMMITTED
    assert config_of(final).automation.jobs["due-review"].local_time == "06:30"


def test_a_yes_to_a_suggested_source_boundary_takes_the_suggestion_not_the_word() -> None:
    thread = Thread(SCENARIO + "\nTime zone: Europe/Berlin")
    thread.say("The school textbook")
    assert thread.questions[-1] == "sources"
    thread.say("Sounds good.")
    assert thread.questions[-1] == "rag_storage"
    thread.say("sí")
    thread.say("skip")
    final = thread.say("fine")
    answers = config_of(final).setup.answers
    assert final.outcome is Outcome.COMMITTED
    assert answers.rag_storage.startswith("the bot's data directory")
    profile = next(w.content for w in final.writes if w.path == "learner-profile.md")
    assert "Sounds good" not in profile
