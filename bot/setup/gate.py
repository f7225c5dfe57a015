"""The protocol's setup gate: which facts a new learner repository needs, read from what was said.

The gate is goal, subject, current material, source boundary, RAG storage and
model/provider constraints, plus the IANA time zone and the recurring times the
bot cannot infer from an issue. Facts come from the learner's own words only
(:mod:`bot.setup.text` does the reading); the next question is always the first
missing fact in :data:`ORDER`, so a fact already given is never asked again.
Optional facts take a stated default when the learner says "skip" (that fact)
or "defaults" (every optional fact still open); a question that proposes a value
also takes a plain yes in any supported language ("sounds good", "sí", "好的"), never
a no; a change in plain words ("7 am instead") sets that time. Required ones are asked until
answered, and a bare yes is never taken as their value. The words are data in :mod:`bot.setup.lexicon`.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict

from bot.config import Mode
from bot.intake.conversation import Turn
from bot.setup.text import (
    DEFAULTS,
    SKIP,
    Schedule,
    agrees,
    answer_text,
    free_facts,
    labelled_facts,
    parse_schedule,
    parse_subject,
    refuses,
    requested_mode,
    schedule_change,
    schedule_times,
    unquoted,
    valid_time_zone,
)
from bot.text import one_line


class Fact(StrEnum):
    SUBJECT = "subject"
    GOAL = "goal"
    MATERIAL = "material"
    SOURCES = "sources"
    RAG_STORAGE = "rag_storage"
    PROVIDER = "provider"
    TIME_ZONE = "time_zone"
    SCHEDULE = "schedule"


ORDER = tuple(Fact)
DEFAULT_VALUES: dict[Fact, str] = {
    Fact.MATERIAL: "none named yet",
    Fact.SOURCES: "only what you file in this repository; large originals stay outside Git",
    Fact.RAG_STORAGE: "the bot's data directory, outside Git (one folder per repository)",
    Fact.PROVIDER: "none: local only, no learner content goes to an external model provider",
}
OPTIONAL = frozenset({*DEFAULT_VALUES, Fact.SCHEDULE})

QUESTIONS: dict[Fact, str] = {
    Fact.SUBJECT: "Which subject do you want to start with (one or two words, e.g. `mathematics`)?",
    Fact.GOAL: "What do you want to achieve in {subject}, in one sentence?",
    Fact.MATERIAL: (
        "What are you working from right now (a textbook, a course, worksheets)? "
        "Say \u201cnone yet\u201d if nothing, or \u201cdefaults\u201d to take my suggestion "
        "for this and the other optional settings."
    ),
    Fact.SOURCES: (
        "Which sources may I use and later index for you? My suggestion: "
        + DEFAULT_VALUES[Fact.SOURCES]
        + " (reply \u201cskip\u201d to take it)."
    ),
    Fact.RAG_STORAGE: (
        "Where should the search index of your material live? My suggestion: "
        + DEFAULT_VALUES[Fact.RAG_STORAGE]
        + " (reply \u201cskip\u201d to take it)."
    ),
    Fact.PROVIDER: (
        "Any limits on model providers for your data, for example \u201clocal only\u201d or a provider "
        "you must not use? Reply \u201cskip\u201d for none: nothing is sent to an external model."
    ),
    Fact.TIME_ZONE: (
        "Which time zone are you in, as an IANA name such as `Europe/Berlin`, `America/New_York` or `UTC`?"
    ),
    Fact.SCHEDULE: (
        "Shall I keep the default times: due-review questions at 07:00, maintenance at 21:30, "
        "quiet hours 22:00\u201307:00 (reply \u201cyes\u201d), or give others like `due-review 06:30`?"
    ),
}
INVALID_TIME_ZONE = (
    "\u201c{given}\u201d is not a time-zone name I can use. Which time zone are you in, written as "
    "`Area/City` like `Europe/Berlin`, or `UTC`?"
)


class SetupFacts(BaseModel):
    """Everything the gate has collected; an empty string (or ``None``) means not given yet."""

    model_config = ConfigDict(frozen=True)

    subject: str = ""
    goal: str = ""
    material: str = ""
    sources: str = ""
    rag_storage: str = ""
    provider: str = ""
    time_zone: str = ""
    schedule: Schedule | None = None
    mode: Mode = Mode.SAFE_AUTO
    defaulted: frozenset[Fact] = frozenset()
    rejected_time_zone: str = ""

    def has(self, fact: Fact) -> bool:
        return self.schedule is not None if fact is Fact.SCHEDULE else bool(getattr(self, fact.value))

    @property
    def missing(self) -> Fact | None:
        return next((fact for fact in ORDER if not self.has(fact)), None)

    def summary(self) -> str:
        """What is known so far, in question order (for the reply's "so far" line)."""
        parts = [f"{fact.value.replace('_', ' ')}: {self._shown(fact)}" for fact in ORDER if self.has(fact)]
        return "; ".join(parts)

    def _shown(self, fact: Fact) -> str:
        if fact is Fact.SCHEDULE:
            return "defaults" if self.schedule == Schedule() else "your times"
        value = one_line(str(getattr(self, fact.value)), limit=60)
        return "default" if fact in self.defaulted else value


def question_for(facts: SetupFacts, fact: Fact) -> str:
    """The one question for ``fact``; a rejected time zone is named so the learner sees why."""
    if fact is Fact.TIME_ZONE and facts.rejected_time_zone:
        return INVALID_TIME_ZONE.format(given=one_line(facts.rejected_time_zone, limit=40))
    return QUESTIONS[fact].format(subject=facts.subject or "this subject")


def _fact_named(name: str | None) -> Fact | None:
    """The fact a question marker names; ``None`` for no question or a marker from a newer bot."""
    return next((fact for fact in Fact if fact.value == name), None)


class _Gathering:
    """Mutable working state while the turns are read in order; frozen into :class:`SetupFacts`."""

    def __init__(self, known: dict[Fact, str]) -> None:
        self.values: dict[Fact, str] = dict(known)
        self.schedule: Schedule | None = None
        self.mode = Mode.SAFE_AUTO
        self.defaulted: set[Fact] = set()
        self.rejected_time_zone = ""

    def has(self, fact: Fact) -> bool:
        return self.schedule is not None if fact is Fact.SCHEDULE else bool(self.values.get(fact))

    def put(self, fact: Fact, value: str, *, override: bool) -> None:
        if not value or (self.has(fact) and not override):
            return
        if SKIP.fullmatch(value.rstrip(".!")):
            if fact in OPTIONAL:
                self.take_default(fact, override=override)
            return
        if fact is Fact.TIME_ZONE:
            if not valid_time_zone(value):
                self.rejected_time_zone = value
                return
            self.rejected_time_zone = ""
        if fact is Fact.SUBJECT:
            value = parse_subject(value) or ""
        if value:
            self.values[fact] = value
            self.defaulted.discard(fact)

    def take_default(self, fact: Fact, *, override: bool = False) -> None:
        if fact is Fact.SCHEDULE:
            self.schedule = Schedule() if override else self.schedule or Schedule()
        elif override or not self.has(fact):
            self.values[fact] = DEFAULT_VALUES[fact]
            self.defaulted.add(fact)

    def read(self, turn: Turn) -> None:
        text = unquoted(turn.text)
        labelled, rest = labelled_facts(text)
        self.mode = requested_mode(text) or self.mode
        for key, value in labelled.items():
            if key == "schedule":
                self.schedule = parse_schedule(value, self.schedule or Schedule())
            else:
                self.put(Fact(key), value, override=True)
        for key, value in free_facts(rest).items():
            self.put(Fact(key), value, override=False)
        if times := schedule_times(rest):  # "due review at 6:30" in a sentence answers the schedule too
            self.schedule = (self.schedule or Schedule()).model_copy(update=times)
        asked = _fact_named(turn.follows_question)
        if asked is not None and not self.has(asked):
            self._answer(asked, answer_text(rest))
        if DEFAULTS.search(text):
            for fact in OPTIONAL:
                self.take_default(fact)

    def _answer(self, fact: Fact, text: str) -> None:
        """The reply to the question for ``fact``: a plain yes to a suggestion takes it, a no never does."""
        if not text or DEFAULTS.search(text):
            return
        if fact is Fact.SCHEDULE:
            times = schedule_change(text)
            if times:
                self.schedule = (self.schedule or Schedule()).model_copy(update=times)
            elif agrees(text) or (SKIP.fullmatch(text) and not refuses(text)):
                self.take_default(fact)
            # Otherwise a refusal or a change without a time this can read: the question is asked again.
            return
        if agrees(text):  # a yes takes what an optional question proposes, and is never a goal or a name
            if fact in OPTIONAL:
                self.take_default(fact)
            return
        self.put(fact, text, override=False)

    def freeze(self) -> SetupFacts:
        return SetupFacts(
            **{fact.value: self.values.get(fact, "") for fact in ORDER if fact is not Fact.SCHEDULE},
            schedule=self.schedule,
            mode=self.mode,
            defaulted=frozenset(self.defaulted),
            rejected_time_zone=self.rejected_time_zone,
        )


def gather_facts(turns: tuple[Turn, ...], *, known: dict[Fact, str] | None = None) -> SetupFacts:
    """Read the learner's turns in order; ``known`` holds facts the repository already records."""
    gathering = _Gathering(known or {})
    for turn in turns:
        gathering.read(turn)
    return gathering.freeze()
