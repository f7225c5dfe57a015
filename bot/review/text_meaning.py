"""A short explanation against a key sentence: its hard terms, its content words and its polarity.

A key such as "mitochondria make ATP by cellular respiration" is read as *hard terms* — numbers,
dates (a month named in any of eight languages, or a date in digits), chemical formulas (and their
names: "water" is H2O), code (``sort()``, ``None``) — which are the same fact in every language, and
*content words* (the key's words without function words, lightly stemmed; a common verb is its
synonym group, so "produce" and "erzeugt" stand for "make"). The answer is then:

* ``incorrect`` when it clearly contradicts the key: a hard term of the key is missing where the answer
  is about the key's subject (it names another of the key's terms) — "the Bastille fell in 1799", "ice
  floats because it is lighter" (no 4 °C); it says the opposite of a key word ("slows down" for
  "speeds up"); or it negates a key word the key states plainly ("mitochondria do not make ATP");
* ``correct`` when every hard term is there, most of the content words are (all of them when the key
  has three terms or fewer: "DNA is a single helix" is not "a double helix"), the answer negates exactly
  where the key does, just before one of its terms ("without being used up" / "is not consumed"; not
  "the base case has no error" for "the base case is missing") and adds no number or substance of
  its own (oxygen among glucose, CO2 and water may be respiration told, not photosynthesis), and the
  key does not pair opposites ("absorb CO2 and release O2": the words cannot tell which is which), and
  the answer opens on the key's subject or another of its terms ("Chloroplasts make ATP …" names
  another subject; a paraphrase opening on "Plants …" for "photosynthesis …" cannot be told either);
* ``cannot tell`` otherwise: a paraphrase the words do not settle, an off-topic text, a question.

The checker understands no grammar, so it is strict where it says ``correct`` and says ``incorrect``
only for the contradictions above.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from decimal import Decimal

from bot.intake.judgements import Verdict
from bot.review.number_words import with_digits
from bot.review.text_lexicon import (
    CHEMICALS,
    MONTHS,
    NEGATIVES,
    OPPOSITES,
    POSTPOSED,
    STOP_WORDS,
    SYNONYMS,
)

COVERAGE = 0.6  # share of the key's terms an answer must hold to be correct (every hard term among them)
FEW_TERMS = 3  # a key of this many terms or fewer needs every one of them
NEGATION_WINDOW = 3  # content words after a negation that it reaches
CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
CODE = re.compile(r"[A-Za-z_][\w.]*\(\)|\b(?:None|True|False|NaN|null|nil|undefined)\b")
FORMULA = re.compile(r"(?<![\w])(?:[A-Z][a-z]?\d*){1,6}(?![\w])")
NUMBER = re.compile(r"(?<![\w.,])\d+(?:[.,]\d+)?(?![\w])")
# A date in digits, day first ("14/07/1789", "14.7.1789"), or month first when the day cannot be a month.
NUMERIC_DATE = re.compile(r"(?<![\w./-])(\d{1,2})([./-])(\d{1,2})\2(\d{2,4})(?![\w./-])")
ISO_DATE = re.compile(r"(?<![\w./-])(\d{4})-(\d{1,2})-(\d{1,2})(?![\w./-])")
NEGATIVE_PREFIXES = ("un", "in", "im", "il", "ir", "non", "dis", "des", "anti", "a", "не", "без")
SUFFIXES = ("ations", "ation", "ing", "est", "ed", "es", "en", "er", "s", "a", "e", "o")
COGNATES = (("ph", "f"), ("th", "t"), ("y", "i"), ("k", "c"))


def fold(text: str) -> str:
    """Lower case without accents (so the Cyrillic й and ё fold to и and е, as learners often type)."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return unicodedata.normalize("NFC", "".join(c for c in decomposed if not unicodedata.combining(c)))


def words_of(text: str) -> list[str]:
    return re.findall(r"[^\W\d_]+(?:'[^\W\d_]+)?", fold(text))


def stem(word: str) -> str:
    """A light, language-blind stem: cognate spellings folded, one common ending dropped."""
    for old, new in COGNATES:
        word = word.replace(old, new)
    for suffix in SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            return word[: -len(suffix)]
    return word


def _entry_in(entry: str, text: str, words: list[str]) -> bool:
    """Whether one lexicon entry (a word, a ``stem*``, ``*ending``, a phrase or CJK) occurs."""
    if CJK.search(entry):
        return entry in text
    if " " in entry:
        return re.search(rf"(?<!\w){re.escape(entry)}(?!\w)", " ".join(words)) is not None
    if entry.endswith("*"):
        return any(w.startswith(entry[:-1]) for w in words)
    if entry.startswith("*"):
        return any(w.endswith(entry[1:]) for w in words)
    return entry in words


@dataclass(frozen=True)
class Reading:
    """What one text says, in the terms it is compared by."""

    words: list[str]
    stems: frozenset[str]
    numbers: tuple[frozenset[str], ...]  # each number written, as every value it may mean
    groups: frozenset[str]  # synonym groups, by their first entry
    chemicals: frozenset[str]
    months: frozenset[int]
    code: frozenset[str]
    negations: int

    def has_word(self, word: str) -> bool:
        """The word, or a compound ending in it ("sunlight" for "light") that no negative prefix turns
        round ("unstable" is not "stable"), or a form a few letters longer ("reactions")."""
        wanted = stem(word)
        return wanted in self.stems or any(
            len(wanted) >= 5
            and (
                (s.endswith(wanted) and s.removesuffix(wanted) not in NEGATIVE_PREFIXES)
                or (s.startswith(wanted) and len(s) - len(wanted) <= 3)
            )
            for s in self.stems
        )


def _dates(text: str) -> tuple[str, set[frozenset[str]], set[int]]:
    """Numeric dates read as day, month and year: the text without them, their numbers, their months."""
    numbers: set[frozenset[str]] = set()
    months: set[int] = set()

    def take(day: str, month: str, year: str) -> str:
        if int(month) > 12 >= int(day):
            day, month = month, day
        numbers.update((frozenset({_value(day)}), frozenset({_value(year)})))
        months.add(int(month))
        return " "

    text = ISO_DATE.sub(lambda m: take(m.group(3), m.group(2), m.group(1)), text)
    text = NUMERIC_DATE.sub(lambda m: take(m.group(1), m.group(3), m.group(4)), text)
    return text, numbers, months


def _value(digits: str) -> str:
    """A number by its value: "07" and "7.0" are "7"."""
    return format(Decimal(digits).normalize(), "f")


def _number(text: str) -> frozenset[str]:
    """The values a number as written may mean: "07" is 7, "4,5" is 4.5, and "300,000" or "300.000"
    is 300000 or (a decimal separator) 300."""
    value = text.replace(",", ".")
    readings = {_value(value)}
    if re.fullmatch(r"\d{1,3}\.\d{3}", value):
        readings.add(_value(value.replace(".", "")))
    return frozenset(readings)


def read(text: str) -> Reading:
    digits, date_numbers, date_months = _dates(with_digits(unicodedata.normalize("NFKC", text)))
    folded = fold(digits)
    words = words_of(digits)
    code = frozenset(fold(m.group(0)).rsplit(".", 1)[-1] for m in CODE.finditer(digits))
    formulas = {
        fold(m.group(0))
        for m in FORMULA.finditer(digits)
        if re.search(r"\d", m.group(0)) or sum(c.isupper() for c in m.group(0)) >= 2
    }
    named = {
        formula
        for formula, names in CHEMICALS.items()
        if formula in formulas or any(_entry_in(name, folded, words) for name in names)
    }
    prose = words_of(CODE.sub(" ", digits))
    return Reading(
        words=words,
        stems=frozenset(stem(w) for w in words),
        numbers=tuple({_number(n) for n in NUMBER.findall(digits)} | date_numbers),
        groups=frozenset(g[0] for g in SYNONYMS if any(_entry_in(e, folded, words) for e in g)),
        chemicals=frozenset(named | (formulas - CHEMICALS.keys())),
        months=frozenset(
            {i for i, names in enumerate(MONTHS, 1) if any(_entry_in(n, folded, words) for n in names)}
            | date_months
        ),
        code=code,
        negations=sum(
            sum(1 for w in prose if _entry_in(e, "", [w])) if not CJK.search(e) else folded.count(e)
            for e in NEGATIVES
        ),
    )


def _lexicon_words(text: str) -> set[str]:
    """The key's words that a lexicon entry already accounts for (a synonym, a chemical, a negation)."""
    words = words_of(text)
    folded = " ".join(words)
    covered: set[str] = set()
    entries = [e for g in SYNONYMS for e in g] + [n for names in CHEMICALS.values() for n in names]
    for entry in [*entries, *NEGATIVES, *(n for names in MONTHS for n in names)]:
        if CJK.search(entry) or not _entry_in(entry, folded, words):
            continue
        for part in entry.split():
            covered |= {w for w in words if _entry_in(part, "", [w])}
    return covered


def _content_words(key: str, reading: Reading) -> list[str]:
    """The key's words its meaning rests on, besides its hard terms and lexicon groups."""
    skip = _lexicon_words(key) | reading.code | reading.chemicals
    seen: list[str] = []
    for word in reading.words:
        if word in STOP_WORDS or word in skip or len(word) < 3 or stem(word) in map(stem, seen):
            continue
        seen.append(word)
    return seen


def _is_negation(word: str) -> bool:
    return any(_entry_in(e, "", [word]) for e in NEGATIVES if not CJK.search(e))


def _negated(reading: Reading) -> list[Reading]:
    """What each negation in the text reaches: the content words after it, and before it as well for a
    word that can follow what it denies ("the base case is missing")."""
    windows = []
    for i, word in enumerate(reading.words):
        if not _is_negation(word):
            continue
        after = [w for w in reading.words[i + 1 :] if w not in STOP_WORDS and len(w) > 1]
        reach = after[:NEGATION_WINDOW]
        if any(_entry_in(e, "", [word]) for e in POSTPOSED):
            before = [w for w in reading.words[:i] if w not in STOP_WORDS and len(w) > 1]
            reach += before[-NEGATION_WINDOW:]
        windows.append(read(" ".join(reach)))
    return windows


def _touches(window: Reading, terms: Reading, content: list[str]) -> bool:
    """Whether a negation's reach holds one of ``terms`` (a synonym group, a substance or a content word)."""
    if window.groups & terms.groups or window.chemicals & terms.chemicals:
        return True
    return any(window.has_word(c) and terms.has_word(c) for c in content)


def _negates_key(answer: Reading, key: Reading, content: list[str]) -> bool:
    """A negation shortly before one of the key's terms ("do not make ATP", "there is no base case")."""
    return any(_touches(window, key, content) for window in _negated(answer))


def _negates_as_key(answer: Reading, key: Reading, content: list[str]) -> bool:
    """Every negation of the answer reaches a term the key negates ("is not consumed" for "without being
    used up"; not "never speeds up")."""
    denied = [w for w in _negated(key) if w.words]
    windows = _negated(answer)
    return bool(windows) and all(any(_touches(w, d, content) for d in denied) for w in windows)


def _opens_with_key_term(answer: Reading, key: Reading, content: list[str]) -> bool:
    """Whether the answer's first content word is one of the key's terms (or it has none): "Chloroplasts
    make ATP …" for "mitochondria make ATP …" names another subject, so its other words settle nothing."""
    opening = next((w for w in answer.words if w not in STOP_WORDS and len(w) > 2), None)
    if opening is None:
        return True
    if CJK.search(opening):
        return False  # written without spaces: where its subject ends cannot be read
    first = read(opening)
    if first.groups & key.groups or first.chemicals & key.chemicals or first.code & key.code:
        return True
    return any(first.has_word(c) for c in content)


def _names_code(answer: Reading, key: Reading, code: str) -> bool:
    """The key's ``sort()`` or ``None`` in the answer, as code or, when the answer writes no other code,
    as a word ("sorts the list"); "sorted()" is another function, not a form of "sort()"."""
    if code in answer.code:
        return True
    return not answer.code - key.code and answer.has_word(code.removesuffix("()"))


@dataclass(frozen=True)
class Comparison:
    """An answer's reading beside its key's: which hard terms and which other terms it holds."""

    want: Reading
    got: Reading
    content: list[str]
    hard: list[tuple[str, bool]]  # (kind, present)
    soft: list[bool]

    @property
    def found(self) -> int:
        return sum(present for _, present in self.hard) + sum(self.soft)

    @property
    def total(self) -> int:
        return len(self.hard) + len(self.soft)


def compare(answer: str, key: str) -> Comparison:
    want, got = read(key), read(answer)
    content = _content_words(key, want)
    months = want.months if want.numbers else frozenset()
    hard = (
        [("number", any(n & g for g in got.numbers)) for n in want.numbers]
        + [("formula", c in got.chemicals) for c in want.chemicals]
        + [("month", m in got.months) for m in months]
        + [("code", _names_code(got, want, c)) for c in want.code]
    )
    soft = [got.has_word(w) for w in content] + [g in got.groups for g in want.groups]
    return Comparison(want, got, content, hard, soft)


def _adds_numbers(answer: Reading, key: Reading) -> bool:
    """Whether the answer writes a number none of whose values the key holds."""
    return any(not any(n & k for k in key.numbers) for n in answer.numbers)


def _contradiction(c: Comparison) -> str | None:
    """Why an answer on the key's subject says something else, if it clearly does."""
    want, got = c.want, c.got
    if any(
        (a in want.groups and b in got.groups and b not in want.groups)
        or (b in want.groups and a in got.groups and a not in want.groups)
        for a, b in OPPOSITES
    ):
        return "the answer says the opposite of what the key says"
    if not all(present for _, present in c.hard):
        numbers_missing = any(kind == "number" and not present for kind, present in c.hard)
        if numbers_missing and _adds_numbers(got, want):
            return "a number, date or formula the key holds is replaced"
        return "a number, date, formula or name the key rests on is missing"
    if not want.negations and got.negations and _negates_key(got, want, c.content):
        return "the answer negates what the key states"
    return None


def _doubt(c: Comparison) -> str | None:
    """Why an answer holding the key's terms may still mean something else, if it may."""
    want, got = c.want, c.got
    if want.negations % 2 != got.negations % 2:
        return "the answer negates where the key does not, or the other way round"
    if want.negations and not _negates_as_key(got, want, c.content):
        return "the answer's negation is not about the key's terms"
    if any(a in want.groups and b in want.groups for a, b in OPPOSITES):
        return "the key pairs opposites (absorbs … releases): who does which needs a reader"
    if want.numbers and _adds_numbers(got, want):
        return "the answer adds numbers the key does not hold"
    if want.chemicals and got.chemicals - want.chemicals:
        return "the answer names substances the key does not"
    if c.content and not got.has_word(c.content[0]) and not _opens_with_key_term(got, want, c.content):
        return "the answer is about something the key does not name; its meaning needs a reader"
    return None


def judge_meaning(answer: str, key: str) -> tuple[Verdict, str]:
    """The verdict on a short explanation against a key sentence (the module docstring's rules)."""
    if answer.rstrip().endswith(("?", "？")):
        return Verdict.CANNOT_TELL, "the answer is a question, not an answer"
    c = compare(answer, key)
    if not c.found:
        return Verdict.CANNOT_TELL, "the answer shares none of the key's terms; its meaning needs a reader"
    contradiction = _contradiction(c)
    if contradiction is not None:
        return Verdict.INCORRECT, contradiction
    doubt = _doubt(c)
    if doubt is not None:
        return Verdict.CANNOT_TELL, doubt
    if c.found == c.total or (c.total > FEW_TERMS and c.found / c.total >= COVERAGE):
        return Verdict.CORRECT, f"{c.found} of the key's {c.total} terms, every hard term among them"
    return Verdict.CANNOT_TELL, f"{c.found} of the key's {c.total} terms found; a paraphrase needs a reader"
