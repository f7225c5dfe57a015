"""Whether two learner notes state the same fact: the one decision deduplication and corrections share. Pure.

Word overlap alone cannot tell a reworded repeat from a second worked example of the same method:
both share almost every word. What makes two such notes different facts is a small set of content
features, so the decision reads those first and the wording only after:

* numbers, with their units (``12 cm``, ``2,5 kg``), cardinals written as words (``three``) and the
  ordinal words that name a law or step;
* formulas and expressions (``2x + 3 = 11``), compared without spacing or ``*``/``^``;
* names: capitalized terms that do not open a sentence (a name swapped for another);
* negation (a claim and its denial share every other word);
* outcome words (the learner got it right, or wrong).

The verdict is :attr:`Sameness.SAME` (a repeat of the same note: link, store nothing new),
:attr:`Sameness.RELATED` (same topic, but a number, example, claim or outcome differs: a new record)
or :attr:`Sameness.DIFFERENT` (another topic). Words are compared across scripts: Latin, Cyrillic and
Greek words by a light stem, Chinese and Japanese runs by character pairs. Numbers written in Chinese
or Japanese characters are not read as numbers, and a note repeated in another language shares too
few words to be the same, so it is stored again rather than lost.
"""

from __future__ import annotations

import contextlib
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from enum import StrEnum
from functools import lru_cache
from itertools import islice


class Sameness(StrEnum):
    SAME = "same"
    RELATED = "related"
    DIFFERENT = "different"


@dataclass(frozen=True)
class Judgement:
    """The verdict, and what tells the two notes apart in words the learner reads (old → new)."""

    verdict: Sameness
    differences: tuple[str, ...] = ()

    def describe(self) -> str:
        return "; ".join(self.differences) or "the wording only"


# Shares of topic words, tuned on bench/judgement/pairs.jsonl (see bench/judgement/sameness.py).
TOPIC_SHARED = 0.25  # below this share of the shorter note's words in common, another topic
REPEAT_OVERLAP = 0.4  # a repeat shares at least this share of all the words of both notes…
REPEAT_NEW_SHARE = 0.2  # …and adds, beyond the words it swaps for others, at most this share of its words
REPEAT_SWAP_SHARE = (
    0.34  # …and trades at most this share of its words for others (a rewording, not a new fact)
)
REPEAT_NEW_WORDS = 2  # (or this many: "so" and "then" make no new fact)
FEATURES_CACHE = 16_384  # notes whose features are kept: a long history of one learner, with room to spare


def _plain(text: str) -> str:
    """NFKC, case-folded, without combining marks: ``Ángulo`` and ``angulo`` read alike."""
    decomposed = unicodedata.normalize("NFKD", unicodedata.normalize("NFKC", text).casefold())
    return unicodedata.normalize("NFC", "".join(c for c in decomposed if not unicodedata.combining(c)))


def _plain_words(words: str) -> frozenset[str]:
    """The words of a list as notes are compared: :func:`_plain`, so ``não`` matches ``nao``."""
    return frozenset(_plain(word) for word in words.split())


_UNITS = (
    "mm|cm|dm|km|m|mg|kg|g|ml|l|s|ms|min|h|hz|khz|mhz|kb|mb|gb|kw|kj|pa|kpa|mol"
    "|°c|°f|°|%|rad|km/h|m/s|m/s2|cal|kcal|eur|usd|€|\\$"
)
_NUMBER = re.compile(
    r"(?<![\w.,])(?P<value>[-−]?\d+(?:[.,]\d+)*(?:/\d+)?)(?:\s?(?P<unit>" + _UNITS + r")(?![\w/]))?"
)
_THOUSANDS = re.compile(r"^\d{1,3}(,\d{3})+$")
_ORDINALS = {
    _plain(word): rank
    for rank, words in enumerate(
        (
            "first primero primera premier première erste ersten primeiro primeira первый первая первое",
            "second segundo segunda deuxième second seconde zweite zweiten второй вторая второе",
            "third tercero tercera tercer troisième dritte dritten terceiro terceira третий третья третье",
            "fourth cuarto cuarta quatrième vierte vierten quarto quarta четвертый четвёртый",
        ),
        start=1,
    )
    for word in words.split()
}
# Cardinals written as words, read as their numbers ("three" is 3), in en, es, fr, de, pt, ru; a word
# that is also an article ("one", "un", "um", "ein") or a common word elsewhere ("once") is left out.
_CARDINALS = (
    (0, "zero cero zéro null ноль"),
    (1, "eins один"),
    (2, "two dos deux zwei dois duas два"),
    (3, "three tres trois drei três три"),
    (4, "four cuatro quatre vier quatro четыре"),
    (5, "five cinco cinq fünf пять"),
    (6, "six seis sechs шесть"),
    (7, "seven siete sept sieben sete семь"),
    (8, "eight ocho huit acht oito восемь"),
    (9, "nine nueve neuf neun nove девять"),
    (10, "ten diez dix zehn dez десять"),
    (12, "twelve doce douze zwölf doze"),
    (20, "twenty veinte vingt zwanzig vinte двадцать"),
    (100, "hundred cien cent hundert cem сто"),
)
_NUMBER_WORDS = {_plain(word): str(value) for value, words in _CARDINALS for word in words.split()}
_OPERATOR = r"(?:[=+*/^<>≤≥×÷·]|\s[-−]\s|(?<=\d)[-−](?=\w)|(?<=\w)[-−](?=\d))"
# Starts only where an operand starts: tried inside every long word, the search would take quadratic time.
_EXPRESSION = re.compile(r"(?<![\w.()])[\w.()]+(?:\s*" + _OPERATOR + r"\s*[\w.()]+)+")
_EXPRESSION_NOISE = re.compile(r"[\s*^·×]")
_OPENERS = frozenset('.!?:;\n-*>#"“«(')
_CAPITALIZED = re.compile(r"\b[A-ZÀ-ÖØ-ÞА-ЯЁΑ-Ω][\w'’-]+")
_POSSESSIVE = re.compile(r"['’]s?$")
_WORD = re.compile(r"\w+")
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]+")
_NOT_TOPIC = re.compile(r"[\d_]")
# Where a note came from is not what it states: two notes citing one source may say different things.
_SOURCE_LINE = re.compile(r"^\s*source:\s*(?P<source>.*?)\s*$", re.I | re.M)
_SUFFIXES = ("ing", "ed", "es", "s")
_STEM = 6

_STOPWORDS = _plain_words(
    """
    the and that this with from have has had was were are for you your but just then than there what
    when which who how why can could should would must will into about also very its his her they them
    our out one all any some got get did does
    que los las una uno por para con del como más mas pero sus ese esta este son fue muy
    les des une qui est pour dans avec sur mon mes ses aux par cette ont été
    der die das und ist ein eine einen mit für auf den dem des sich ich mein meine wie auch wird sind
    uma para com dos das por meu minha seu sua foi são
    что это как для при или мой моя мне его она они так все был была
    """
)
_NEGATIONS = _plain_words(
    "not no never cannot nor none nothing nunca ningún ninguna tampoco ne pas jamais aucun aucune "
    "nicht kein keine keinen nie niemals não nem не нет никогда ни"
)
_NEGATION_MARKS = re.compile(r"n['’]t\b|[不没沒]|ない|ません|ではな")
_RIGHT = _plain_words(
    "right correct correctly correcto correcta acerté correcte réussi richtig korrekt "
    "certo correto correta acertei правильно верно правильный правильная"
)
_WRONG = _plain_words(
    "wrong incorrect incorrectly mistake mistakes failed incorrecto incorrecta equivoqué fallé "
    "faux fausse erreur raté falsch fehler verrechnet errado errada erro errei неправильно неверно "
    "ошибка ошибся ошиблась"
)
# Phrases where a common word is an outcome: Spanish "bien"/"mal" and French "juste" only after a verb
# (German "mal" is "times", French "bien" and "juste" are "well" and "just").
_RIGHT_MARKS = re.compile(
    r"做对|答对|正确|正確|正解|正しかった|合って|\b(?:estaba|esta|salio|quedo)\s+bien\b|\betait\s+juste\b"
)
_WRONG_MARKS = re.compile(r"做错|答错|错误|錯誤|错了|不正解|間違|\b(?:estaba|esta|salio|quedo)\s+mal\b")


_NOT_TOPIC_WORDS = (
    _STOPWORDS | _NEGATIONS | _RIGHT | _WRONG | _NUMBER_WORDS.keys()
)  # features, compared as such


@dataclass(frozen=True)
class Features:
    """What a note states, read for comparison: its topic words and the features that make it a fact."""

    words: frozenset[str]
    numbers: frozenset[str]
    expressions: frozenset[str]
    names: frozenset[str]
    negated: bool
    outcome: str  # "right", "wrong", "mixed" or "" when the note says nothing of an outcome
    sources: frozenset[str]  # the ``Source:`` lines: notes on two different sources are two events
    flat: str  # the text without case, punctuation or spacing: equal flat texts are one wording


def _number(value: str, unit: str | None) -> str:
    """``2,50 kg`` → ``2.5 kg``; a comma before exactly three digits groups thousands (``1,000``)."""
    plain = value.replace("−", "-")
    if "/" not in plain:
        if _THOUSANDS.match(plain.lstrip("-")):
            plain = plain.replace(",", "")
        elif plain.count(",") == 1 and "." not in plain:
            plain = plain.replace(",", ".")
        with contextlib.suppress(InvalidOperation):  # a dotted run like 1.2.3 stays as written
            plain = format(Decimal(plain).normalize(), "f")
    return f"{plain} {unit.lower()}" if unit else plain


def _expression(raw: str) -> str:
    """``(F = m*a).`` → ``f=ma``: no spacing, ``*`` or ``^``, end punctuation or enclosing parentheses."""
    found = _EXPRESSION_NOISE.sub("", raw).replace("−", "-").rstrip(".,;")
    while found.startswith("(") and found.count("(") > found.count(")"):
        found = found[1:]
    while found.endswith(")") and found.count(")") > found.count("("):
        found = found[:-1]
    while found.startswith("(") and found.endswith(")") and _balanced(found[1:-1]):
        found = found[1:-1]
    return found


def _balanced(text: str) -> bool:
    depth = 0
    for char in text:
        depth += (char == "(") - (char == ")")
        if depth < 0:
            return False
    return depth == 0


def _names(text: str) -> frozenset[str]:
    """Capitalized terms that do not open a sentence or a list item, as they are spelled, lower-cased."""
    found = set()
    for match in _CAPITALIZED.finditer(text):
        before = text[max(0, match.start() - 40) : match.start()].rstrip(" \t")
        if before and before[-1] not in _OPENERS:
            found.add(_POSSESSIVE.sub("", match.group().casefold()))
    return frozenset(found)


def _stem(word: str) -> str:
    for suffix in _SUFFIXES:
        if len(word) > len(suffix) + 2 and word.endswith(suffix):
            word = word[: -len(suffix)]
            break
    return word[:_STEM]


def _topic_words(folded: str) -> frozenset[str]:
    """Stemmed words of three letters or more but outcome and negation words, and the character pairs
    of Chinese and Japanese runs."""
    words: set[str] = set()
    for run in _CJK.findall(folded):
        words.update(run[i : i + 2] for i in range(max(1, len(run) - 1)))
    for word in _WORD.findall(_CJK.sub(" ", folded)):
        if len(word) >= 3 and word not in _NOT_TOPIC_WORDS and not _NOT_TOPIC.search(word):
            words.add(_stem(word))
    return frozenset(words)


def _outcome(tokens: set[str], folded: str) -> str:
    wrong = bool(tokens & _WRONG or _WRONG_MARKS.search(folded))
    right = bool(tokens & _RIGHT or _RIGHT_MARKS.search(_WRONG_MARKS.sub(" ", folded)))
    return {(True, True): "mixed", (True, False): "right", (False, True): "wrong"}.get((right, wrong), "")


@lru_cache(maxsize=FEATURES_CACHE)
def features(text: str) -> Features:
    """The comparison features of one note; its ``Source:`` lines are kept apart from what it states.

    Memoized on the text: a new note is compared with every current record, so without it each
    note would re-read every earlier note. The features are a pure function of the text and
    immutable, so a cached value is the value; the bound keeps memory flat.
    """
    nfkc = unicodedata.normalize("NFKC", text)
    sources = frozenset(
        m.group("source").casefold() for m in _SOURCE_LINE.finditer(nfkc) if m.group("source")
    )
    nfkc = _SOURCE_LINE.sub("", nfkc)
    folded = _plain(nfkc)
    tokens = set(_WORD.findall(folded))
    numbers = {_number(m.group("value"), m.group("unit")) for m in _NUMBER.finditer(nfkc.casefold())}
    numbers |= {f"#{_ORDINALS[t]}" for t in tokens if t in _ORDINALS}
    numbers |= {_NUMBER_WORDS[t] for t in tokens if t in _NUMBER_WORDS}
    expressions = {
        _expression(m.group())
        for m in _EXPRESSION.finditer(folded)
        if any(c.isdigit() for c in m.group()) or "=" in m.group()
    }
    return Features(
        words=_topic_words(folded),
        numbers=frozenset(numbers),
        expressions=frozenset(expressions),
        names=_names(nfkc),
        negated=bool(tokens & _NEGATIONS or _NEGATION_MARKS.search(folded)),
        outcome=_outcome(tokens, folded),
        sources=sources,
        flat="".join(_WORD.findall(folded)),
    )


def _listed(values: frozenset[str] | set[str]) -> str:
    return ", ".join(sorted(values)) or "none"


def _each_difference(old: Features, new: Features) -> Iterator[str]:
    """What the new note states otherwise than the old one, in words (old → new), one at a time.

    Lazy so that :func:`verdict` can stop at the first: a new note is compared with every current
    record, and wording every difference of every related one is most of that comparison's cost.
    """
    if old.sources and new.sources and old.sources != new.sources:
        yield f"source {_listed(old.sources - new.sources)} → {_listed(new.sources - old.sources)}"
    if old.numbers != new.numbers:
        yield f"numbers {_listed(old.numbers - new.numbers)} → {_listed(new.numbers - old.numbers)}"
    if old.expressions and new.expressions and old.expressions != new.expressions:
        gone, added = old.expressions - new.expressions, new.expressions - old.expressions
        yield f"formula {_listed(gone)} → {_listed(added)}"
    swapped_out = {name for name in old.names - new.names if _stem(_plain(name)) not in new.words}
    swapped_in = {name for name in new.names - old.names if _stem(_plain(name)) not in old.words}
    if swapped_out and swapped_in:
        yield f"names {_listed(swapped_out)} → {_listed(swapped_in)}"
    if old.negated != new.negated:
        yield "the claim is now " + ("denied" if new.negated else "affirmed")
    if old.outcome != new.outcome:
        yield f"outcome {old.outcome or 'not stated'} → {new.outcome or 'not stated'}"


def topic_share(new: str, old: str) -> float:
    """The share of the shorter note's topic words the two notes have in common (0 to 1)."""
    return _share(features(new), features(old))


def _share(new: Features, old: Features) -> float:
    return len(new.words & old.words) / (min(len(new.words), len(old.words)) or 1)


def judge(new: str, old: str) -> Judgement:
    """Whether ``new`` repeats ``old`` (same), states another fact on its topic (related), or neither."""
    return _judged(features(new), features(old), every_difference=True)


def verdict(new: str, old: str) -> tuple[Sameness, float]:
    """``judge(new, old).verdict`` and ``topic_share(new, old)``, without wording more than one
    difference: deduplication's loop, which compares a new note with every current record."""
    new_features, old_features = features(new), features(old)
    return _judged(new_features, old_features, every_difference=False).verdict, _share(
        new_features, old_features
    )


# The judgements without differences, made once (they are frozen): deduplication makes one per record.
_SAME, _RELATED, _DIFFERENT = (
    Judgement(Sameness.SAME),
    Judgement(Sameness.RELATED),
    Judgement(Sameness.DIFFERENT),
)


def _judged(new_features: Features, old_features: Features, *, every_difference: bool) -> Judgement:
    two_sources = (
        bool(old_features.sources and new_features.sources) and old_features.sources != new_features.sources
    )
    if new_features.flat == old_features.flat and not two_sources:
        return _SAME
    new_words, old_words = new_features.words, old_features.words
    shared = len(new_words & old_words)
    shorter = min(len(new_words), len(old_words)) or 1
    same_formula = bool(new_features.expressions & old_features.expressions)
    if new_words and old_words and shared / shorter < TOPIC_SHARED and not same_formula:
        return _DIFFERENT
    overlap = shared / ((len(new_words) + len(old_words) - shared) or 1)  # the share of all their words
    if not every_difference and overlap < REPEAT_OVERLAP:
        return _RELATED  # a difference or none, too few words shared to repeat it
    found = _each_difference(old_features, new_features)
    differences = tuple(found) if every_difference else tuple(islice(found, 1))
    if differences:
        return Judgement(Sameness.RELATED, differences)
    more = len(new_words - old_words) - len(old_words - new_words)  # words added, not swapped
    says_more = more > max(REPEAT_NEW_WORDS, REPEAT_NEW_SHARE * len(new_words))
    swapped = min(len(new_words - old_words), len(old_words - new_words))  # words traded for others
    says_other = swapped > max(REPEAT_NEW_WORDS, REPEAT_SWAP_SHARE * len(new_words))
    if overlap >= REPEAT_OVERLAP and not says_more and not says_other:
        return _SAME
    return Judgement(Sameness.RELATED, ("it says more than the earlier note",) if says_more else ())
