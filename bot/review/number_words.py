"""Whole numbers written as words ("twelve", "doce", "douze", "zwölf", "двенадцать", "十二"), as digits.

Only a number that is the whole word (or hyphenated pair, "twenty-one") is read, in the languages the
bot recognises notes in; anything else stays text, so a word is never guessed into a number. Chinese
and Japanese numerals are read up to 9999 from their digit and place characters.
"""

from __future__ import annotations

import re
import unicodedata

UNITS_BY_LANGUAGE = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
    "sixteen seventeen eighteen nineteen twenty",
    "cero uno dos tres cuatro cinco seis siete ocho nueve diez - doce trece catorce quince "
    "dieciseis diecisiete dieciocho diecinueve veinte",
    "zero un deux trois quatre cinq six sept huit neuf dix onze douze treize quatorze quinze seize "
    "dix-sept dix-huit dix-neuf vingt",
    "null eins zwei drei vier funf sechs sieben acht neun zehn elf zwolf dreizehn vierzehn funfzehn "
    "sechzehn siebzehn achtzehn neunzehn zwanzig",
    "zero um dois tres quatro cinco seis sete oito nove dez onze doze treze catorze quinze dezesseis "
    "dezessete dezoito dezenove vinte",
    "ноль один два три четыре пять шесть семь восемь девять десять одиннадцать двенадцать тринадцать "
    "четырнадцать пятнадцать шестнадцать семнадцать восемнадцать девятнадцать двадцать",
)
TENS_BY_LANGUAGE = (
    "thirty forty fifty sixty seventy eighty ninety",
    "treinta cuarenta cincuenta sesenta setenta ochenta noventa",
    "trente quarante cinquante soixante",
    "dreissig vierzig funfzig sechzig siebzig achtzig neunzig",
    "trinta quarenta cinquenta sessenta setenta oitenta noventa",
    "тридцать сорок пятьдесят шестьдесят семьдесят восемьдесят девяносто",
)
WORDS: dict[str, int] = {"une": 1, "una": 1, "uma": 1, "ein": 1, "eine": 1, "cien": 100, "hundred": 100}
for line in UNITS_BY_LANGUAGE:  # "-" holds a place: Spanish "once" (11) is also the English word
    WORDS.update({word: value for value, word in enumerate(line.split()) if word != "-"})
for line in TENS_BY_LANGUAGE:
    WORDS.update({word: 10 * value for value, word in enumerate(line.split(), 3)})
CJK_DIGITS = {c: i for i, c in enumerate("〇一二三四五六七八九")} | {"零": 0, "两": 2, "兩": 2}
CJK_PLACES = {"十": 10, "百": 100, "千": 1000}
CJK_NUMBER = re.compile(r"^[〇零一二两兩三四五六七八九十百千]+")
FIRST_WORD = re.compile(r"^\S+")


def _folded(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.casefold().strip())
    return "".join(c for c in decomposed if not unicodedata.combining(c)).replace("ß", "ss")


def _cjk(text: str) -> int | None:
    total, digit = 0, None
    for char in text:
        if char in CJK_DIGITS:
            if digit is not None:
                return None  # two digits in a row: not a numeral this reads
            digit = CJK_DIGITS[char]
        else:
            total += (1 if digit is None else digit) * CJK_PLACES[char]
            digit = None
    return total + (digit or 0)


def number_from_words(text: str) -> int | None:
    """The whole number ``text`` spells, or None when it is not one word-number (or a tens-units pair)."""
    if CJK_NUMBER.fullmatch(text.strip()):
        return _cjk(text.strip())
    word = _folded(text)
    if word in WORDS:
        return WORDS[word]
    tens, _, units = word.partition("-")
    if tens in WORDS and units in WORDS and WORDS[tens] % 10 == 0 and WORDS[tens] >= 20 and WORDS[units] < 10:
        return WORDS[tens] + WORDS[units]
    return None


def with_digits(text: str) -> str:
    """``text`` with a leading number word as digits ("twelve cm" → "12 cm", "十二厘米" → "12 厘米")."""
    stripped = text.strip()
    lead = CJK_NUMBER.match(stripped) or FIRST_WORD.match(stripped)
    number = number_from_words(lead.group(0)) if lead else None
    if lead is None or number is None:
        return text
    return f"{number} {stripped[lead.end() :].strip()}".strip()
