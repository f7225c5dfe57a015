"""Reading setup facts out of a learner's own words: labelled lines, a few plain phrases, short answers.

Deliberately literal, like :mod:`bot.intake.overrides`: a fact is taken only from
what the learner typed ("Time zone: Europe/Berlin", "my first subject is
mathematics", "I want to improve geometry"), never guessed. Anything this
module cannot read stays missing, and the gate asks for it.

Time zones are checked for the IANA ``Area/Location`` form (or ``UTC``) only:
looking a name up in the tz database means reading files, which the core
never does, so a well-formed but unknown name is the worker's to catch.
"""

from __future__ import annotations

import re
import unicodedata

from pydantic import BaseModel, ConfigDict

from bot.config import Mode
from bot.setup.lexicon import AGREEMENT, EVENING, HOUR_WORD, MORNING, NO_PROBLEM, REFUSAL
from bot.text import folder_or_slug, one_line

IANA_AREAS = (
    "Africa|America|Antarctica|Arctic|Asia|Atlantic|Australia|Europe|Indian|Pacific|Etc"  # tzdata areas
)
TIME_ZONE = re.compile(
    rf"""(?:UTC|(?:{IANA_AREAS})                # UTC, or a tz database area
        (?:/[A-Za-z][A-Za-z0-9_+-]*){{1,2}})    # then Location (and Sub-location)""",
    re.X,
)
BARE_TIME_ZONE = re.compile(rf"\b(?:{IANA_AREAS})/[A-Za-z][A-Za-z0-9_+-]*(?:/[A-Za-z][A-Za-z0-9_+-]*)?\b")

LABEL_LINE = re.compile(r"^\s*[-*]?\s*(?P<label>[A-Za-z][A-Za-z /-]{0,40}?)\s*:\s*(?P<value>\S.*?)\s*$")
LABELS: dict[str, str] = {
    **dict.fromkeys(("subject", "first subject"), "subject"),
    **dict.fromkeys(("goal", "learning goal"), "goal"),
    **dict.fromkeys(("material", "materials", "current material"), "material"),
    **dict.fromkeys(("sources", "source", "source boundary"), "sources"),
    **dict.fromkeys(("rag storage", "storage", "index storage"), "rag_storage"),
    **dict.fromkeys(
        ("provider", "providers", "model", "provider constraints", "model/provider constraints"), "provider"
    ),
    **dict.fromkeys(("time zone", "timezone", "tz"), "time_zone"),
    **dict.fromkeys(("due-review", "due review", "maintenance", "quiet hours"), "schedule"),
    "mode": "mode",
}

SUBJECT_PHRASE = re.compile(
    r"""\b(?:my\s+)?(?:first\s+|main\s+)?subject\s+(?:is|will\s+be)\s+
        (?P<value>[A-Za-z][A-Za-z -]{0,40}?)\s*(?:[.,;!?\n]|$)""",
    re.I | re.X,
)
GOAL_PHRASES = (
    re.compile(
        r"\bI\s*(?:want|would\s+like|'d\s+like|need|hope|plan)\s+to\s+(?P<value>[^.!?\n]{3,200})", re.I
    ),
    re.compile(r"\bmy\s+goal\s+is\s+(?:to\s+)?(?P<value>[^.!?\n]{3,200})", re.I),
)
NOT_A_GOAL = re.compile(r"^(?:use|try|set\s*up|start)\b|gitlearnos|\bdefaults?\b", re.I)
TIME_ZONE_PHRASE = re.compile(r"\btime\s*zone\s+(?:is\s+)?(?P<value>[A-Za-z][\w/+-]*)", re.I)
LOCAL_ONLY = re.compile(r"\blocal[- ]only\b", re.I)
MODE_PHRASE = re.compile(r"\b(?P<mode>preview|manual|safe-auto)\s+mode\b", re.I)
SUBJECT_PREFIX = re.compile(
    r"^(?:it'?s|it\s+is|my\s+(?:first\s+|main\s+)?subject\s+is|i(?:'m|\s+am)\s+(?:studying|learning))\s+",
    re.I,
)

DEFAULTS = re.compile(
    r"""\b(?:use|take|accept|keep|with)\s+(?:the\s+|your\s+)?defaults?\b   # "use the defaults"
      | ^\W*defaults?\W*$                                              # just "defaults"
      | \bdefaults?\s+for\s+(?:the\s+|everything\s+)?(?:rest|else)\b  # "defaults for the rest"
    """,
    re.I | re.M | re.X,
)
SKIP = re.compile(
    r"""\W*(?:skip|not\s+now|later|no|none(?:\s+yet)?|nothing(?:\s+yet)?|n/?a
      | no\s+(?:limits?|constraints?|preference)
      | (?:the\s+|your\s+)?(?:default|suggestion)(?:\s+(?:is|sounds)\s+(?:fine|ok(?:ay)?|good))?
    )\W*""",
    re.I | re.X,
)
SHORT_REPLY_WORDS, SHORT_REPLY_CHARS = 12, 80

CLOCK = r"(?P<{name}_h>[01]?\d|2[0-3])[:.h](?P<{name}_m>[0-5]\d)"
DUE_TIME = re.compile(r"due[- ]?review\D{0,15}?" + CLOCK.format(name="at"), re.I)
MAINTENANCE_TIME = re.compile(r"maintenance\D{0,15}?" + CLOCK.format(name="at"), re.I)
# A stated time of day: "7 am", "7:15", "7h", "7 Uhr", "早上7点", "в 7 утра". A bare number is no time.
STATED_TIME = re.compile(r"(?<![\d:.])(?P<h>[01]?\d|2[0-3])(?:(?P<sep>[:.h])(?P<m>[0-5]\d)?)?(?![\d:])")
QUIET_TIME = re.compile(
    r"quiet\s+hours?\D{0,15}?"
    + CLOCK.format(name="start")
    + r"\s*(?:-|\u2013|to|until)\s*"
    + CLOCK.format(name="end"),
    re.I,
)


class Schedule(BaseModel):
    """Local times of the two portable jobs and the quiet hours; the protocol's defaults."""

    model_config = ConfigDict(frozen=True)

    due_review: str = "07:00"
    maintenance: str = "21:30"
    quiet_hours: str = "22:00-07:00"


def refuses(text: str) -> bool:
    """True when a reply says no, or asks for something other than what was proposed."""
    return bool(REFUSAL.search(NO_PROBLEM.sub(" ", text)))


def agrees(text: str) -> bool:
    """True when a short reply says yes to what was proposed ("sounds good", "the defaults are fine",
    "sí", "好的", "はい", ...). A refusal, a change request or a reply naming a time or number is not
    agreement, and neither is a long message that merely contains a yes-word.
    """
    long = len(text.split()) > SHORT_REPLY_WORDS or len(text) > SHORT_REPLY_CHARS
    if long or re.search(r"\d", text) or refuses(text):
        return False
    return bool(NO_PROBLEM.search(text) or AGREEMENT.search(text))


def valid_time_zone(value: str) -> bool:
    """True for ``UTC`` or a well-formed IANA ``Area/Location`` name (not looked up: see module doc)."""
    return bool(TIME_ZONE.fullmatch(value.strip()))


def _clock(match: re.Match[str], name: str) -> str:
    return f"{int(match.group(f'{name}_h')):02d}:{match.group(f'{name}_m')}"


def parse_schedule(text: str, base: Schedule) -> Schedule:
    """``base`` with any due-review, maintenance or quiet-hours time that ``text`` names."""
    return base.model_copy(update=schedule_times(text))


def schedule_times(text: str) -> dict[str, str]:
    """The :class:`Schedule` fields ``text`` names a time for (empty when it names none)."""
    update: dict[str, str] = {}
    if due := DUE_TIME.search(text):
        update["due_review"] = _clock(due, "at")
    if maintenance := MAINTENANCE_TIME.search(text):
        update["maintenance"] = _clock(maintenance, "at")
    if quiet := QUIET_TIME.search(text):
        update["quiet_hours"] = f"{_clock(quiet, 'start')}-{_clock(quiet, 'end')}"
    return update


def _minutes(clock: str) -> int:
    hours, minutes = clock.split(":")
    return int(hours) * 60 + int(minutes)


def stated_times(text: str) -> list[str]:
    """Every time of day ``text`` states, as ``HH:MM``, in the words of any supported language.

    A number counts as a time with minutes, an hour word or a morning/evening word next to it
    (:mod:`bot.setup.lexicon`); the evening word moves an hour before noon to the afternoon.
    """
    found = []
    for match in STATED_TIME.finditer(text):
        rest = text[match.end() :].lstrip()
        hour_word = HOUR_WORD.match(rest)
        rest = rest[hour_word.end() :].lstrip() if hour_word else rest
        before = text[max(0, match.start() - 4) : match.start()]
        evening = EVENING.match(rest) or EVENING.search(before)
        morning = MORNING.match(rest) or MORNING.search(before)
        if not (match.group("m") or match.group("sep") == "h" or hour_word or evening or morning):
            continue
        hour = int(match.group("h"))
        hour = hour + 12 if evening and hour < 12 else 0 if morning and hour == 12 else hour
        found.append(f"{hour:02d}:{match.group('m') or '00'}")
    return found


def schedule_change(text: str) -> dict[str, str]:
    """The :class:`Schedule` fields a reply to the schedule question changes ("7 am instead").

    Times named with their job win (``due-review 06:30``). A single time named without one moves the
    job whose default is closest to it in the day (a morning time the due-review questions, an evening
    time the maintenance run), which the setup reply then states, so a wrong guess is visible.
    """
    named = schedule_times(text)
    times = stated_times(text)
    if named or len(times) != 1:
        return named
    default = Schedule()
    jobs = {"due_review": default.due_review, "maintenance": default.maintenance}

    def distance(job: str) -> int:
        apart = abs(_minutes(jobs[job]) - _minutes(times[0]))
        return min(apart, 24 * 60 - apart)

    return {min(jobs, key=distance): times[0]}


def _subject_words(text: str) -> bool:
    """Letters of any script (``Mathematics``, ``数学``, ``история``, ``गणित`` with its marks), spaces and
    ``&+-``, opening on a letter: a subject's name, not a sentence, a number or a path."""
    return text[0].isalpha() and all(
        ch.isalpha() or ch in " &+-" or unicodedata.category(ch).startswith("M") for ch in text
    )


def parse_subject(text: str) -> str | None:
    """A subject slug from a short answer (``Mathematics`` → ``mathematics``); ``None`` for a sentence."""
    cleaned = SUBJECT_PREFIX.sub("", text.strip()).strip(" .!?,;:\"'`*")
    if not cleaned or len(cleaned.split()) > 4 or not _subject_words(cleaned):
        return None
    return folder_or_slug(cleaned, fallback="general")


def requested_mode(text: str) -> Mode | None:
    """A write mode the learner asked for (``Mode: preview``, "manual mode"), else ``None``."""
    for line in text.splitlines():
        labelled = LABEL_LINE.match(line)
        if labelled and labelled.group("label").strip().lower() == "mode":
            word = labelled.group("value").strip(" .`").lower()
            return next((mode for mode in Mode if mode.value == word), None)
    phrase = MODE_PHRASE.search(text)
    return Mode(phrase.group("mode").lower()) if phrase else None


def labelled_facts(text: str) -> tuple[dict[str, str], str]:
    """``Label: value`` lines for known facts, and the text left once those lines are taken out."""
    found: dict[str, str] = {}
    rest: list[str] = []
    for line in text.splitlines():
        match = LABEL_LINE.match(line)
        key = LABELS.get(match.group("label").strip().lower()) if match else None
        if match is None or key is None:
            rest.append(line)
        elif key == "schedule":
            found["schedule"] = f"{found.get('schedule', '')}; {line.strip()}".strip("; ")
        elif key != "mode":
            found[key] = match.group("value").strip()
    return found, "\n".join(rest)


def free_facts(text: str) -> dict[str, str]:
    """Facts stated in plain sentences: the subject, the goal, the time zone, a local-only limit."""
    found: dict[str, str] = {}
    if subject := SUBJECT_PHRASE.search(text):
        found["subject"] = subject.group("value")
    for pattern in GOAL_PHRASES:
        goal = pattern.search(text)
        if goal and not NOT_A_GOAL.search(goal.group("value")):
            found["goal"] = goal.group("value").strip(" ,;:")
            break
    zone = BARE_TIME_ZONE.search(text) or TIME_ZONE_PHRASE.search(text)
    if zone:
        found["time_zone"] = zone.group("value") if "value" in zone.groupdict() else zone.group(0)
    if LOCAL_ONLY.search(text):
        found["provider"] = "local only: no learner content goes to an external model provider"
    return found


def unquoted(text: str) -> str:
    """The learner's own lines: a quote-reply copies the bot's question, examples included."""
    return "\n".join(line for line in text.splitlines() if not line.lstrip().startswith(">"))


def answer_text(text: str) -> str:
    """A learner's reply as one line, without trailing punctuation."""
    return one_line(text, limit=300).strip().rstrip(".!;,")
