"""Answer evaluation by meaning: what kind of answer a key asks for, and the verdict on one answer.

The key (:mod:`bot.review.answer_keys`) is read as the first of these it can be:

1. **essential terms** when the record lists them, or when the key is ``;``-separated words
   (``glucose; light; carbon dioxide``) — :mod:`bot.review.free_text`;
2. **multiple choice**: a capital letter, or a letter in a choice's form, optionally with the
   option's words: ``B``, ``(c)``, ``option B``, ``B) 42``, ``(c) mitochondria``;
3. **a set or a list**: ``{2, 3}``; ``a, b, c (any order)``; ``a, b, c (in this order)``; or a
   comma-separated list of numbers or expressions (any order);
4. **a number or a quantity with a unit**, with any tolerance the key states — :mod:`bot.review.quantities`;
5. **an expression or equation** sympy reads under the restricted grammar — :mod:`bot.review.expressions`;
6. **text**: a short key word for word, a key sentence by its hard terms, content words and
   negations — :mod:`bot.review.free_text`, :mod:`bot.review.text_meaning`.

Keys use a decimal point. The learner's answer is read leniently (a label or lead-in such as
``YZ =``, ``Respuesta:`` or "The answer is" is dropped; ``x = 5`` gives 5 where a value is asked) but
judged strictly: "cannot tell" is a verdict, used whenever the reading is unsure, and the one error
never made is calling a wrong answer ``correct``. In particular an answer that names several
different values or options ("B or C", "x = 5 or x = −5") is ``incorrect`` where one is asked, and
"not X" is ``incorrect`` when X is the key. A verdict's reason never quotes the key unless the answer
equals it, so the reply can show the reason after an attempt without handing out the key.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Protocol

from bot.intake.judgements import Verdict
from bot.review import expressions, free_text, quantities
from bot.review.answer_keys import AnswerKey
from bot.review.answer_text import clean, without_lead_in
from bot.review.number_words import with_digits


class Method(StrEnum):
    """How an answer was judged, in the words the verdict uses ("judged as …")."""

    QUANTITY = "quantities with units"
    NUMBER = "numbers"
    EXPRESSION = "algebraic expressions"
    EQUATION = "equations"
    CHOICE = "multiple choice"
    SET = "a set in any order"
    LIST = "a list in order"
    TERMS = "free text against essential terms"
    TEXT = "text, by the key's words"


@dataclass(frozen=True)
class Check:
    verdict: Verdict
    method: Method
    reason: str


class Judge(Protocol):
    """Reads one prepared answer against the key it was made from."""

    @property
    def method(self) -> Method: ...

    def __call__(self, text: str) -> Check: ...


LABEL = re.compile(
    r"^(?:[^\W\d_][\w'’₀-₉]{0,20}(?:\s[^\W\d_]{1,20})?\s*[:：]|[A-Za-z][\w'’]{0,5}(?:\([a-z]\))?\s*=)\s*"
)
ALTERNATIVES = re.compile(r"\s+(?:or|o|ou|oder|или|或者?)\s+(?:maybe\s+|perhaps\s+)?|\s*或\s*", re.I)
NOT_FORM = re.compile(r"^(?:not(?!\s+sure)|no\s+es|pas|nicht|не|不是)\s+(?P<rest>.+)$", re.I)
# Words that deny or doubt what stands near them: a number in such a sentence is not taken as the answer.
NEGATION = re.compile(
    r"(?<!\w)(?:not|no|never|n't|neither|nor|wrong|incorrect|false|nicht|kein\w*|weder|falsch|pas|faux|ni"
    r"|не|нет)(?!\w)|[不没错]",
    re.I,
)
# Words after which a learner states a revised result ("First I got 13 cm, but after checking it is
# 12 cm"); what follows the last of them is the final answer when it holds one number.
REVISION = re.compile(
    r"(?<!\w)(?:but|then|actually|finally|in the end|pero|luego|al final|mais|puis|finalement|aber|dann|"
    r"schließlich|mas|afinal|но|потом|затем|в итоге)(?!\w)|但是?|后来|最后|でも|結局",
    re.I,
)
HEDGE = re.compile(
    r"(?<!\w)(?:maybe|perhaps|might|could|unsure|guess|quizás?|tal vez|peut-être|vielleicht|talvez|"
    r"может|наверное)(?!\w)|也许|可能|たぶん|かも",
    re.I,
)
ORDERED = re.compile(r"\s*\((?:in\s+(?:this\s+|that\s+)?order|ordered)\)\s*$", re.I)
UNORDERED = re.compile(r"\s*\((?:in\s+)?any\s+order\)\s*$|\s*\(unordered\)\s*$", re.I)
BRACED = re.compile(r"^\{(?P<items>.*)\}$")
KEY_ITEMS = re.compile(r"\s*,\s+|\s*;\s*|\s*,\s*(?=\S)")
# Between items: commas, arrows, "and"/"or" in the bot's languages (Spanish "y" and Portuguese "e" only
# between numbers, where they cannot be a variable or Euler's number), "&", 和/与/及, と.
ANSWER_ITEMS = re.compile(
    r"\s*(?:[,;、，&]|→|->|\band\b|\bor\b|\bund\b|\boder\b|\bet\b|\bou\b|\bи\b|\bили\b|[和与及と])\s*"
    r"|(?<=\d)\s+[ye]\s+(?=[-+]?\d)",
    re.I,
)
PLUS_MINUS = re.compile(r"^±\s*(?P<value>.+)$")
CYRILLIC_CHOICES = str.maketrans("АБВГДЕабвгде", "ABCDEFabcdef")
# "B", "(c)", "option B"; with the option's words only after a mark: "B) 42", "B: 42", "(c) mitochondria",
# so a key that is a phrase starting with the article ("A triangle") stays text.
CHOICE_KEY = re.compile(
    r"^(?:(?:option|choice)\s+)?(?:\((?P<a>[A-Ja-j])\)|(?P<b>[A-J])|(?P<c>[A-Ja-j])\))(?:\s*$|(?<=\))\s*(?P<text>\S.*)$)"
    r"|^(?P<d>[A-J])[.:]\s+(?P<words>\S.*)$"
)
CHOICE_WORD = r"(?:option|choice|answer|letter|opci[oó]n|op[cç][aã]o|variante?|вариант|选项|選択肢)"
CHOICE_STRICT = re.compile(
    rf"^(?:{CHOICE_WORD}\s*)?(?:\((?P<a>[A-Ja-j])\)|(?P<b>[A-Ja-j])(?=$|[.):]))[.):]?(?:\s*(?P<text>\S.*))?$",
    re.I,
)
# An option named in a sentence: "(c)", or a capital letter standing alone that is not the article A
# ("A cell divides", "A resposta é B"; but "C over B" names two) nor a unit after a number or a degree
# sign ("100 °C", "5 V", "2 A").
CHOICE_MENTION = re.compile(
    r"\((?P<paren>[A-Ja-j])\)"
    r"|(?<![\w'’°º])(?<!\d\s)(?P<letter>[A-H])(?![\w'’])(?!(?<=A)\s+[^\W\d_A-Z])"
)
NUMBER_IN_TEXT = re.compile(r"(?<![\w.,])[-+]?\d+(?:[.,]\d+)?(?:\s*[*xX]\s*10\^[-+]?\d+)?")
UNIT_AFTER = re.compile(r"\s*(?P<unit>[^\W\d_°%][^\s,;:!?()。，]*|[°%][^\s,;:!?()。，]*)?")
CALCULATION = re.compile(r"[|^*/()!<>±+√=]")  # around a number, these make it part of a formula
MAX_ITEMS = 20


def prepared(answer: str) -> str:
    """The final answer without its typography, label and lead-in ("Respuesta: 12 cm" → "12 cm")."""
    text = without_lead_in(clean(answer))
    labelled = LABEL.match(text)
    if labelled and labelled.end() < len(text):
        text = without_lead_in(text[labelled.end() :])
    return text


def _last_value(text: str) -> str:
    """What follows the last ``=`` ("4 cm × 3 = 12 cm" → "12 cm")."""
    return text.rsplit("=", 1)[-1].strip() if "=" in text else text


def _revised(text: str) -> str | None:
    """The clause after the last revision word, when the text revises an earlier number plainly."""
    marks = list(REVISION.finditer(text))
    if not marks or NEGATION.search(text) or HEDGE.search(text):
        return None
    final = text[marks[-1].end() :]
    earlier = text[: marks[-1].start()]
    if len(NUMBER_IN_TEXT.findall(final)) != 1 or not NUMBER_IN_TEXT.search(earlier):
        return None
    return final


@dataclass(frozen=True)
class QuantityJudge:
    key: quantities.QuantityKey
    expression: Any = None  # the key as sympy reads it, for an answer given as an expression

    @property
    def method(self) -> Method:
        return Method.NUMBER if self.key.reading.unit is None else Method.QUANTITY

    def __call__(self, text: str) -> Check:
        value = with_digits(_last_value(text))
        try:
            readings = quantities.read_quantity(value)
        except quantities.UnknownUnit as unknown:
            return self._in_words(text, f"“{unknown}” is not a unit the checker knows")
        if readings and not self._holds(text, readings[0]):
            return Check(Verdict.CANNOT_TELL, self.method, "the answer's own equation does not hold")
        if readings:
            verdict, reason = quantities.judge_quantity(readings, self.key)
            return Check(verdict, self.method, reason)
        parsed = expressions.parse(
            value, expressions.letters(self.expression) if self.expression else frozenset()
        )
        if (
            self.expression is not None
            and parsed is not None
            and not isinstance(parsed, expressions.Equation)
        ):
            verdict, reason = expressions.equivalent(self.expression, parsed)
            return Check(verdict, Method.EXPRESSION, reason)
        return self._in_words(text, "no number could be read from the answer")

    @staticmethod
    def _holds(text: str, final: quantities.Reading) -> bool:
        """False when what stands before the last ``=`` is an amount other than the final one (``1 = 2``)."""
        sides = text.split("=")
        if len(sides) < 2:
            return True
        try:
            before = quantities.read_quantity(with_digits(sides[-2].strip()))
        except quantities.UnknownUnit:
            return True  # a label or a calculation the checker cannot read: nothing to contradict
        return not before or quantities.same_amount(before[0], final) is not False

    def _in_words(self, text: str, why: str, where: str = "the one number in the answer") -> Check:
        """A number inside a sentence: judged only when it is the one number there and nothing negates it,
        or the one number after a plain revision ("First I got 13 cm, but then 12 cm")."""
        numbers = list(NUMBER_IN_TEXT.finditer(text))
        revised = _revised(text) if len(numbers) > 1 else None
        if revised is not None:
            return self._in_words(revised, why, where="the number the answer settles on")
        if len(numbers) != 1 or NEGATION.search(text):
            if len(numbers) > 1:
                why = "the answer holds several numbers"
            elif numbers:
                why = "the sentence around the number denies or doubts something"
            return Check(Verdict.CANNOT_TELL, self.method, f"{why}; write it as `Answer: <value> <unit>`")
        number = numbers[0]
        unit = UNIT_AFTER.match(text, number.end())
        candidate = number.group(0) + (" " + unit.group("unit") if unit and unit.group("unit") else "")
        around = text[: number.start()] + text[unit.end() if unit else number.end() :]
        if CALCULATION.search(around):
            why = "the number stands in a calculation, not alone"
            return Check(Verdict.CANNOT_TELL, self.method, f"{why}; write it as `Answer: <value> <unit>`")
        try:
            readings = quantities.read_quantity(candidate)
        except quantities.UnknownUnit:
            readings = []
        if not readings:
            return Check(Verdict.CANNOT_TELL, self.method, f"{why}; write it as `Answer: <value> <unit>`")
        verdict, reason = quantities.judge_quantity(readings, self.key)
        return Check(verdict, self.method, f"{reason} ({where})")


@dataclass(frozen=True)
class ExpressionJudge:
    key: Any

    @property
    def method(self) -> Method:
        return Method.EQUATION if isinstance(self.key, expressions.Equation) else Method.EXPRESSION

    def __call__(self, text: str) -> Check:
        is_equation = isinstance(self.key, expressions.Equation)
        value = text if is_equation else _last_value(text)
        parsed = expressions.parse(value, expressions.letters(self.key))
        if parsed is None:
            return Check(Verdict.CANNOT_TELL, self.method, "the answer could not be read as an expression")
        verdict, reason = expressions.equivalent(self.key, parsed)
        return Check(verdict, self.method, reason)


@dataclass(frozen=True)
class TextJudge:
    key: str
    method: Method = Method.TEXT

    def __call__(self, text: str) -> Check:
        verdict, reason = free_text.judge_text(text, self.key)
        return Check(verdict, self.method, reason)


@dataclass(frozen=True)
class TermsJudge:
    terms: tuple[tuple[str, ...], ...]
    method: Method = Method.TERMS

    def __call__(self, text: str) -> Check:
        verdict, reason = free_text.judge_terms(text, self.terms)
        return Check(verdict, self.method, reason)


@dataclass(frozen=True)
class ChoiceJudge:
    letter: str
    option: Judge | None = None  # the option's words, when the key gives them
    method: Method = Method.CHOICE

    def __call__(self, text: str) -> Check:
        text = text.translate(CYRILLIC_CHOICES)
        strict = CHOICE_STRICT.match(text)
        words = strict.group("text") if strict else None
        letters = {(strict.group("a") or strict.group("b")).upper()} if strict else set()
        sentence = words if strict else text
        letters |= {
            (m.group("paren") or m.group("letter")).upper() for m in CHOICE_MENTION.finditer(sentence or "")
        }
        if len(letters) > 1:
            return Check(Verdict.INCORRECT, self.method, "the answer names several options")
        if not letters:
            if self.option is None:
                return Check(
                    Verdict.CANNOT_TELL, self.method, "no option letter could be read from the answer"
                )
            words_only = self.option(text)
            return Check(words_only.verdict, self.method, f"by the option's words: {words_only.reason}")
        (letter,) = letters
        if letter != self.letter:
            return Check(Verdict.INCORRECT, self.method, f"option {letter} is not the key's option")
        by_words = self.option(words).verdict if words and self.option is not None else Verdict.CORRECT
        if (
            by_words is Verdict.INCORRECT
            and isinstance(self.option, TextJudge)
            and free_text.is_sentence(self.option.key)
        ):
            by_words = Verdict.CANNOT_TELL  # the option's sentence restated in part is not another option
        if by_words is Verdict.INCORRECT:
            return Check(
                Verdict.INCORRECT, self.method, "the letter is the key's, but the words are another option's"
            )
        if by_words is Verdict.CANNOT_TELL:
            return Check(
                Verdict.CANNOT_TELL, self.method, "the letter is the key's; the words could not be compared"
            )
        if sentence and NEGATION.search(sentence):
            return Check(Verdict.CANNOT_TELL, self.method, "the sentence around the letter negates something")
        return Check(Verdict.CORRECT, self.method, f"option {letter} is the key's option")


def _match_all(matrix: list[list[Verdict]], allowed: set[Verdict]) -> bool:
    """A one-to-one pairing of answer items and key items using only ``allowed`` verdicts."""
    owner: dict[int, int] = {}

    def place(item: int, seen: set[int]) -> bool:
        for slot, verdict in enumerate(matrix[item]):
            if verdict in allowed and slot not in seen:
                seen.add(slot)
                if slot not in owner or place(owner[slot], seen):
                    owner[slot] = item
                    return True
        return False

    return all(place(item, set()) for item in range(len(matrix)))


def _answer_items(text: str) -> list[str]:
    inner = text.strip().strip("{}[]()").strip()
    items = [i for i in ANSWER_ITEMS.split(inner) if i.strip()]
    if len(items) == 1 and re.fullmatch(r"[-+\d.\s]+", inner):
        items = inner.split()
    expanded: list[str] = []
    for item in items:
        value = _last_value(prepared(item))
        plus_minus = PLUS_MINUS.match(value)
        expanded += [plus_minus.group("value"), f"-{plus_minus.group('value')}"] if plus_minus else [value]
    return expanded


@dataclass(frozen=True)
class CollectionJudge:
    items: tuple[Judge, ...]
    ordered: bool

    @property
    def method(self) -> Method:
        return Method.LIST if self.ordered else Method.SET

    def __call__(self, text: str) -> Check:
        given = _answer_items(text)
        if not given or len(given) > MAX_ITEMS:
            return Check(Verdict.CANNOT_TELL, self.method, "no list of items could be read from the answer")
        if len(given) != len(self.items):
            unread = any(all(j(item).verdict is Verdict.CANNOT_TELL for j in self.items) for item in given)
            if unread:
                return Check(Verdict.CANNOT_TELL, self.method, "some items could not be read")
            return Check(
                Verdict.INCORRECT, self.method, f"{len(given)} item(s) given, not the key's number of items"
            )
        if self.ordered:
            verdicts = [judge(item).verdict for judge, item in zip(self.items, given, strict=True)]
            if all(v is Verdict.CORRECT for v in verdicts):
                return Check(Verdict.CORRECT, self.method, f"all {len(given)} items match the key in order")
            if Verdict.INCORRECT in verdicts:
                return Check(Verdict.INCORRECT, self.method, "an item differs from the key's at its place")
            return Check(Verdict.CANNOT_TELL, self.method, "some items could not be compared")
        matrix = [[judge(item).verdict for judge in self.items] for item in given]
        if _match_all(matrix, {Verdict.CORRECT}):
            return Check(
                Verdict.CORRECT, self.method, f"all {len(given)} items match the key's, in any order"
            )
        if _match_all(matrix, {Verdict.CORRECT, Verdict.CANNOT_TELL}):
            return Check(Verdict.CANNOT_TELL, self.method, "some items could not be compared")
        return Check(Verdict.INCORRECT, self.method, "the items are not the key's")


def _value_judge(text: str, *, in_collection: bool = False) -> Judge:
    """The judge for one value: a quantity or number, an expression, else text."""
    key = quantities.read_key(text)
    if key is not None:
        as_expression = expressions.parse(text.split("±", 1)[0]) if key.reading.unit is None else None
        return QuantityJudge(key, as_expression)
    parsed = expressions.parse(text)
    if parsed is not None and not (in_collection and re.fullmatch(r"[A-Za-z]", text)):
        return ExpressionJudge(parsed)
    return TextJudge(text)


def _collection(text: str) -> CollectionJudge | None:
    ordered = ORDERED.search(text)
    unordered = UNORDERED.search(text) or BRACED.match(text)
    if ordered or unordered:
        body = BRACED.sub(
            r"\g<items>", (ORDERED.sub("", text) if ordered else UNORDERED.sub("", text)).strip()
        )
        items = [i for i in KEY_ITEMS.split(body) if i]
        judges = tuple(_value_judge(i, in_collection=True) for i in items)
        return CollectionJudge(judges, bool(ordered)) if 1 < len(items) <= MAX_ITEMS else None
    items = [i for i in re.split(r"\s*,\s+", text) if i]
    if len(items) < 2 or len(items) > MAX_ITEMS:
        return None
    judges = tuple(_value_judge(i, in_collection=True) for i in items)
    if any(isinstance(j, TextJudge) for j in judges):
        return None  # words with commas are a sentence, not a set, unless the key says so
    return CollectionJudge(judges, ordered=False)


def judge_for(key: AnswerKey) -> Judge:
    """The judge the key asks for (the order is the module docstring's)."""
    text = clean(key.text)
    if key.terms:
        return TermsJudge(free_text.terms_of(key.terms))
    choice = CHOICE_KEY.match(text)
    if choice:
        letter = (choice.group("a") or choice.group("b") or choice.group("c") or choice.group("d")).upper()
        words = choice.group("text") or choice.group("words")
        return ChoiceJudge(letter, _value_judge(words) if words else None)
    collection = _collection(text)
    if collection is not None:
        return collection
    if ";" in text:
        return TermsJudge(free_text.terms_of(text))
    return _value_judge(text)


SINGLE_VALUED = (QuantityJudge, ExpressionJudge, ChoiceJudge)


def check(answer: str, key: AnswerKey) -> Check:
    """The verdict on ``answer`` (the learner's final answer) against ``key``, and how it was judged."""
    judge = judge_for(key)
    method = judge.method
    text = prepared(answer)
    if not text:
        return Check(Verdict.CANNOT_TELL, method, "the answer is empty")
    if not isinstance(judge, SINGLE_VALUED):
        return judge(text)
    negated = NOT_FORM.match(text)
    if negated:
        inner = judge(negated.group("rest"))
        if inner.verdict is Verdict.CORRECT:
            return Check(Verdict.INCORRECT, inner.method, "the answer says the value is not the key's")
        return Check(Verdict.CANNOT_TELL, inner.method, "the answer only says what the value is not")
    options = [o for o in ALTERNATIVES.split(text) if o.strip()]
    if len(options) > 1:
        judged = [judge(prepared(option)) for option in options]
        verdicts = {j.verdict for j in judged}
        if len(verdicts) == 1:
            return judged[0]
        if {Verdict.CORRECT, Verdict.INCORRECT} <= verdicts:
            why = "the answer gives several different answers where one is asked"
            return Check(Verdict.INCORRECT, judged[0].method, why)
        return Check(Verdict.CANNOT_TELL, method, "the alternatives could not all be compared")
    return judge(text)
