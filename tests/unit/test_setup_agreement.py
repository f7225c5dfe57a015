"""Setup takes a natural yes (issue 19): "The default times are fine." no longer gets the same question again.

Driven through the setup operation as a thread: the learner answers every question up to the schedule,
then replies in their own words. Agreement in any of the eight languages commits the setup with the
default times; a change in plain words ("7 am instead", "lieber um 6 Uhr morgens", "早上6点") sets that
time and commits; a refusal without a time is not taken as yes, and the schedule question stays open.
A fact already given, even in a plain sentence, is never asked for again.
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
    "fine",
    "keep the defaults",
    "Leave them as they are.",
    "Así está bien.",
    "Très bien.",
    "Lass es so.",
    "Deixe assim.",
    "就这样吧",
    "そのままでお願いします",
    "Оставьте как есть.",
    "Пойдёт.",
]
CHANGES = [
    ("7 am instead", "due-review", "07:00"),
    ("6 am instead, please.", "due-review", "06:00"),
    ("Make it 9am instead.", "due-review", "09:00"),
    ("No, 8 pm instead.", "maintenance", "20:00"),
    ("Mejor a las 6 de la mañana.", "due-review", "06:00"),
    ("Plutôt 6h30.", "due-review", "06:30"),
    ("Plutôt à 20 heures.", "maintenance", "20:00"),
    ("Lieber um 6 Uhr morgens.", "due-review", "06:00"),
    ("Prefiro às 6 da manhã.", "due-review", "06:00"),
    ("改到早上6点", "due-review", "06:00"),
    ("朝6時にしてください", "due-review", "06:00"),
    ("Лучше в 6 утра.", "due-review", "06:00"),
    ("Лучше в 8 вечера.", "maintenance", "20:00"),
]
NOT_AGREEMENTS = [
    "no",
    "Make it later.",
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


@pytest.mark.parametrize(("reply", "job", "time"), CHANGES)
def test_a_change_in_plain_words_sets_that_time_and_keeps_the_other(reply: str, job: str, time: str) -> None:
    final = at_the_schedule_question().say(reply)
    assert final.outcome is Outcome.COMMITTED, final.replies[0].text
    jobs = config_of(final).automation.jobs
    other = "maintenance" if job == "due-review" else "due-review"
    assert jobs[job].local_time == time
    assert jobs[other].local_time == {"due-review": "07:00", "maintenance": "21:30"}[other]
    assert time in final.replies[0].text  # the reply states the time taken, so a wrong reading shows


def test_times_said_in_a_sentence_are_not_asked_for_again() -> None:
    thread = Thread(SCENARIO + " I'm in Europe/Berlin; due review at 6:30 and maintenance at 20:00 suit me.")
    for _ in range(3):  # material, sources, rag storage
        thread.say("skip")
    final = thread.say("skip")  # provider: the last open question
    assert "schedule" not in thread.questions and final.outcome is Outcome.COMMITTED
    jobs = config_of(final).automation.jobs
    assert (jobs["due-review"].local_time, jobs["maintenance"].local_time) == ("06:30", "20:00")


def test_a_yes_to_an_open_question_takes_its_default_and_is_never_stored_as_an_answer() -> None:
    thread = Thread(SCENARIO)
    thread.say("Sounds good.")  # material: "defaults" is proposed
    thread.say("skip")
    thread.say("skip")
    thread.say("ok")  # provider: none is proposed
    assert thread.questions[-1] == "time_zone"
    thread.say("Sure!")  # a yes is no time zone: asked again, not rejected as a name
    assert thread.questions[-2:] == ["time_zone", "time_zone"]
    assert "is not a time-zone name" not in thread.plans[-1].replies[0].text
    thread.say("Europe/Berlin")
    final = thread.say("fine")
    assert final.outcome is Outcome.COMMITTED
    assert config_of(final).setup.answers.material == "none named yet"
    profile = next(w.content for w in final.writes if w.path == "learner-profile.md")
    assert "Sounds good" not in profile and "ok" not in profile.split()
