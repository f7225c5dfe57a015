"""Numbers and quantities with units, judged the way a teacher reads them (pint does the units).

An answer is compared in the key's unit: ``0.12 m`` and ``120 mm`` are ``12 cm``; a different
dimension (``12 kg`` against a length) is wrong whatever the number. Decisions, and why:

* A bare number is read in the key's unit (``12`` against ``12 cm`` is right): the question fixed the
  unit, as a teacher reading "12" under "How long is EF (in cm)?" would. Against a percentage key a
  bare number may also be the fraction (``0.25`` or ``25`` for ``25%``). A unit in the answer where the
  key has none cannot be told.
* Tolerances are stated in the key, never assumed: ``± 0.1 cm`` (or ``+/-``), ``± 2%``, ``within 2%``,
  ``to 2 significant figures`` (``2 s.f.``), ``to 1 decimal place`` (``1 d.p.``).
* Without one, the answer must equal the key, or be the key correctly rounded to the answer's own
  precision with at least two significant figures (``58`` or ``58.4`` for ``58.44``; ``0.42`` for
  ``5/12``, not ``0.41``). An answer more precise than the key that only rounds to it (``12.4`` for
  ``12``) cannot be told: the key states no tolerance to say whether that is close enough.
* ``12,5`` is a decimal comma; ``1,000`` reads two ways (one thousand, or one point zero), and when the
  two readings disagree the verdict is "cannot tell". ``1 000`` groups thousands.
* Units are pint's, plus a few spellings pint lacks (``kmh``, Cyrillic, Chinese and Romance unit
  words). A single letter is a unit only for the common ones (``m``, ``g``, ``s``, ``h``, ``A`` …), so
  ``2x`` or ``3a`` stays algebra.
"""

from __future__ import annotations

import math
import re
import unicodedata
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Context, Decimal
from functools import cache
from typing import Any, Literal

import pint

from bot.intake.judgements import Verdict
from bot.review.expressions import numeric_value

PLAIN = r"[-+]?(?:\d{1,3}(?:\s\d{3})+(?![\d,.])|\d+(?:[.,]\d+)*|[.,]\d+)"
NUMBER = re.compile(
    rf"^(?P<mantissa>{PLAIN})(?:\s*(?:[eE](?P<e>[-+]?\d+)|[*xX]\s*10\s*(?:\^|\*\*)\s*(?P<ten>[-+]?\d+)))?$"
)
UNIT_TEXT = re.compile(r"^[^\W\d_][\w°%/*^().\s-]{0,39}$|^[°%][\w°%/*^().\s-]{0,39}$")
UNIT_START = re.compile(r"(?<![^\s\d)])(?![eE][-+]?\d)[^\W\d_°%]|[°%]")  # not the e of 1.6e-19
SINGLE_LETTER_UNITS = frozenset("mgshKNJWVALl")
# Unit words pint does not know, folded (lower case, no accents, a final plural s dropped).
UNIT_WORDS = {
    "kmh": "km/h", "kph": "km/h", "kmph": "km/h",
    "厘米": "cm", "公分": "cm", "毫米": "mm", "米": "m", "千米": "km", "公里": "km", "克": "g", "千克": "kg",
    "公斤": "kg", "秒": "s", "分钟": "min", "小时": "h", "升": "L", "度": "degree",
    "см": "cm", "мм": "mm", "м": "m", "км": "km", "г": "g", "кг": "kg", "с": "s", "сек": "s", "мин": "min",
    "ч": "h", "час": "h", "л": "L", "моль": "mol",
    "centimetro": "cm", "milimetro": "mm", "metro": "m", "kilometro": "km", "quilometro": "km",
    "gramo": "g", "grama": "g", "kilogramo": "kg", "quilograma": "kg", "segundo": "s", "minuto": "min",
    "hora": "h", "litro": "L", "grado": "degree", "grau": "degree", "zentimeter": "cm", "millimeter": "mm",
    "kilometer": "km", "sekunde": "s", "sekunden": "s", "stunde": "h", "stunden": "h", "minuten": "min",
    "gramm": "g", "kilogramm": "kg", "centimetre": "cm", "metre": "m", "seconde": "s", "heure": "h",
}  # fmt: skip
UNIT_WORD = re.compile(r"[^\W\d_]+")
TOLERANCE = re.compile(
    r"""\(?\s*(?:
        (?:±|\+/-|\+-)\s*(?P<amount>\d+(?:[.,]\d+)?)\s*(?P<tol_unit>%|[^\s()]*)
      | within\s+(?P<within>\d+(?:[.,]\d+)?)\s*%
      | (?:to\s+)?(?P<figures>\d+)\s*(?:significant\s+figures?|sig\.?\s*figs?|s\.?\s*f\.?)
      | (?:to\s+)?(?P<places>\d+)\s*(?:decimal\s+places?|d\.?\s*p\.?)
    )\s*\)?\s*$""",
    re.I | re.X,
)
TWELVE_FIGURES = Context(prec=12, rounding=ROUND_HALF_UP)
REL = 1e-9  # the float noise unit conversion leaves; anything larger is a real difference


class UnknownUnit(ValueError):
    """The text after the number is not a unit the checker knows."""


@cache
def registry() -> pint.UnitRegistry[Any]:
    return pint.UnitRegistry()


@dataclass(frozen=True)
class Reading:
    """One way to read a number with an optional unit, with the precision it was written to."""

    value: float
    decimals: int | None  # places after the point (a ×10ⁿ shifts them); None: exact (a fraction, π)
    figures: int | None  # significant figures written; None when exact
    unit: Any = None  # a pint unit, or None for a bare number
    text: str = ""


@dataclass(frozen=True)
class Tolerance:
    kind: Literal["absolute", "relative", "figures", "places"]
    amount: float
    text: str


@dataclass(frozen=True)
class QuantityKey:
    reading: Reading
    tolerance: Tolerance | None = None

    @property
    def text(self) -> str:
        return self.reading.text


def _fold_word(word: str) -> str:
    bare = "".join(c for c in unicodedata.normalize("NFKD", word.casefold()) if not unicodedata.combining(c))
    return bare if bare in UNIT_WORDS else bare.removesuffix("s")


def read_unit(text: str) -> Any:
    """The pint unit ``text`` names; None for no text. :class:`UnknownUnit` when it names none."""
    text = text.strip().rstrip(".")
    if not text:
        return None
    if not UNIT_TEXT.match(text) or (len(text) == 1 and text not in SINGLE_LETTER_UNITS and text not in "°%"):
        raise UnknownUnit(text)
    spelled = UNIT_WORD.sub(lambda m: UNIT_WORDS.get(_fold_word(m.group(0)), m.group(0)), text)
    for candidate in dict.fromkeys((spelled, spelled.lower())):
        try:
            return registry().parse_units(candidate)
        except (pint.PintError, ValueError, TypeError, AttributeError, SyntaxError):
            continue
    raise UnknownUnit(text)


def _plain_readings(mantissa: str) -> list[tuple[str, int]]:
    """(decimal text, places) for each way the written digits read; two when ``1,000`` is ambiguous."""
    digits = mantissa.replace(" ", "")
    sign = "-" if digits.startswith("-") else ""
    digits = digits.lstrip("+-")
    if "," in digits and "." in digits:  # the later mark is the decimal point: 1,234.5 or 1.234,5
        point = max(digits.rfind(","), digits.rfind("."))
        whole, frac = re.sub(r"[.,]", "", digits[:point]), digits[point + 1 :]
        return [(f"{sign}{whole}.{frac}", len(frac))]
    for mark in ",.":
        parts = digits.split(mark)
        if len(parts) > 2:  # 1.234.567 or 1,234,567: grouping only
            return [(sign + "".join(parts), 0)] if all(len(p) == 3 for p in parts[1:]) else []
        if len(parts) == 2:
            whole, frac = parts
            as_point = (f"{sign}{whole or '0'}.{frac}", len(frac))
            grouped = mark == "," and len(frac) == 3 and 1 <= len(whole) <= 3 and whole != "0"
            return [as_point, (f"{sign}{whole}{frac}", 0)] if grouped else [as_point]
    return [(sign + digits, 0)]


def _precision(decimal_text: str, places: int, *, as_key: bool) -> tuple[int, int]:
    """(places, significant figures) as written.

    An answer's trailing zeros (``340``) are not significant when two figures remain, so ``340`` may be
    343 rounded; ``10`` keeps its zero, so it is ten, not twelve rounded to one figure.
    """
    digits = decimal_text.lstrip("-").replace(".", "").lstrip("0") or "0"
    zeros = len(digits) - len(digits.rstrip("0")) if digits != "0" else 0
    if as_key or "." in decimal_text or len(digits) - zeros < 2:
        return places, len(digits)
    return places - zeros, len(digits) - zeros


def _number_readings(text: str, *, as_key: bool) -> list[tuple[float, int | None, int | None]]:
    """(value, decimals, figures) for a written number, a fraction or an exact numeric expression."""
    match = NUMBER.match(text)
    if match:
        exponent = int(match.group("e") or match.group("ten") or 0)
        mantissa = match.group("mantissa")
        if exponent and "," in mantissa and "." not in mantissa:
            mantissa = mantissa.replace(",", ".")  # 6,022 × 10²³: no one groups thousands before a power
        readings: list[tuple[float, int | None, int | None]] = []
        for written, places in _plain_readings(mantissa):
            decimals, figures = _precision(written, places, as_key=as_key)
            readings.append((float(Decimal(written).scaleb(exponent)), decimals - exponent, figures))
        return readings
    exact = numeric_value(text)
    return [] if exact is None else [(exact, None, None)]


def read_quantity(text: str, *, as_key: bool = False) -> list[Reading]:
    """Every reading of ``text`` as a number with an optional unit; empty when it is not one.

    The unit is the longest tail pint knows whose head is a number: ``9pi cm^2`` is 9π square
    centimetres, ``1.2 x 10^3 m`` is 1200 metres. :class:`UnknownUnit` when a number is followed by
    words that name no unit (the number alone is then no reading: "12 apples" is not "12").
    """
    text = text.strip()
    unknown = None
    for start in [*(m.start() for m in UNIT_START.finditer(text)), len(text)]:
        head, tail = text[:start].strip(), text[start:]
        numbers = _number_readings(head, as_key=as_key) if head else []
        if not numbers:
            continue
        try:
            unit = read_unit(tail)
        except UnknownUnit as error:
            unknown = unknown or error
            continue
        if not all(math.isfinite(v) for v, _, _ in numbers):
            return []  # 1e309 overflows to infinity: no amount at all
        return [Reading(v, d, f, unit, text) for v, d, f in numbers]
    if unknown is not None:
        raise unknown
    return []


def read_key(text: str) -> QuantityKey | None:
    """The key as a quantity (or number) with its stated tolerance; None when it is not one."""
    tolerance = None
    stated = TOLERANCE.search(text)
    body = text
    if stated and stated.start() > 0:
        body = text[: stated.start()].strip().rstrip(",")
    try:
        readings = read_quantity(body, as_key=True)
    except UnknownUnit:
        return None
    if len(readings) != 1:
        return None
    reading = readings[0]
    if stated and stated.start() > 0:
        tolerance = _tolerance(stated, reading.unit)
        if tolerance is None:
            return None
    return QuantityKey(reading, tolerance)


def _tolerance(stated: re.Match[str], unit: Any) -> Tolerance | None:
    text = stated.group(0).strip(" ()")
    if stated.group("figures"):
        return Tolerance("figures", int(stated.group("figures")), text)
    if stated.group("places"):
        return Tolerance("places", int(stated.group("places")), text)
    percent = stated.group("within") or (stated.group("amount") if stated.group("tol_unit") == "%" else None)
    if percent is not None:
        return Tolerance("relative", float(percent.replace(",", ".")) / 100, text)
    amount = float(stated.group("amount").replace(",", "."))
    try:
        tol_unit = read_unit(stated.group("tol_unit"))
    except UnknownUnit:
        return None
    if tol_unit is not None and unit is not None:
        try:
            amount = registry().Quantity(amount, tol_unit).to(unit).magnitude
        except pint.PintError:
            return None
    return Tolerance("absolute", amount, text)


def describe(unit: Any) -> str:
    """A unit's dimension in words: "a length", "a speed", or pint's own spelling."""
    names = {
        "[length]": "a length", "[mass]": "a mass", "[time]": "a time", "[temperature]": "a temperature",
        "[length] ** 2": "an area", "[length] ** 3": "a volume", "[length] / [time]": "a speed",
        "[length] / [time] ** 2": "an acceleration", "[current]": "a current",
        "[substance]": "an amount of substance",
        "dimensionless": "a pure number",
    }  # fmt: skip
    dimension = str(unit.dimensionality) if unit is not None else "dimensionless"
    return names.get(dimension, f"of dimension {dimension}")


def _round(value: float, *, figures: int | None = None, places: int | None = None) -> Decimal:
    """``value`` rounded half up to ``figures`` significant figures or ``places`` decimal places.

    It is first cut to 12 significant figures, so conversion noise (0.12 m → 12.000000000000002 cm)
    does not tip a half; the cut is relative, so 1.6e-19 keeps its figures.
    """
    exact = TWELVE_FIGURES.create_decimal(repr(value))
    if figures is not None:
        places = figures - 1 - (exact.adjusted() if exact else 0)
    assert places is not None
    return exact.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)


def _both_ways(reading: Reading, key: Reading) -> tuple[float, float] | str:
    """(the answer in the key's unit, the key in the answer's unit); a reason when they do not compare."""
    if reading.unit is None or reading.unit == key.unit:
        return reading.value, key.value
    pure = registry().parse_units("")
    if key.unit is None and reading.unit.dimensionality != pure.dimensionality:
        return f"{reading.text} has a unit and the key is a bare number"
    target = key.unit if key.unit is not None else pure
    if reading.unit.dimensionality != target.dimensionality:
        return f"{reading.text} is {describe(reading.unit)}, not {describe(key.unit)}"
    quantity = registry().Quantity
    value = quantity(reading.value, reading.unit).to(target).magnitude
    back = quantity(key.value, target).to(reading.unit).magnitude
    return float(value), float(back)


def _judge_value(
    value: float, key_as_given: float, reading: Reading, key: QuantityKey
) -> tuple[Verdict, str]:
    """The verdict on ``value`` (the answer in the key's unit; ``key_as_given``: the key in the answer's)."""
    target = key.reading.value
    shown = reading.text
    if key.tolerance is not None:
        tol = key.tolerance
        if tol.kind == "figures":
            ok = _round(value, figures=int(tol.amount)) == _round(target, figures=int(tol.amount))
        elif tol.kind == "places":
            ok = _round(value, places=int(tol.amount)) == _round(target, places=int(tol.amount))
        else:
            limit = tol.amount * (abs(target) if tol.kind == "relative" else 1.0)
            ok = abs(value - target) <= limit * (1 + REL) + REL * abs(target)
        if ok:
            return Verdict.CORRECT, f"{shown} is within the key's stated tolerance ({tol.text})"
        return Verdict.INCORRECT, f"{shown} is outside the key's stated tolerance ({tol.text})"
    difference = abs(value - target)
    if difference <= REL * max(abs(target), abs(value)) + 1e-300:
        return Verdict.CORRECT, f"{shown} = {key.text}"
    rounded = reading.decimals is not None and _round(key_as_given, places=reading.decimals) == _round(
        reading.value, places=reading.decimals
    )
    if rounded and (reading.figures or 0) >= 2:
        return Verdict.CORRECT, f"{shown} is {key.text} correctly rounded to the precision you gave"
    key_half = 0.5 * 10.0**-key.reading.decimals if key.reading.decimals is not None else 0.0
    if rounded or difference <= key_half * (1 + REL):
        return Verdict.CANNOT_TELL, (
            f"{shown} is close to the key but not equal to it, and the key states no tolerance"
        )
    return Verdict.INCORRECT, f"{shown} is not the key's value"


def judge_reading(reading: Reading, key: QuantityKey) -> tuple[Verdict, str]:
    """One reading of the answer against the key; a bare number also tries a percentage key's fraction."""
    converted = _both_ways(reading, key.reading)
    if isinstance(converted, str):
        verdict = Verdict.CANNOT_TELL if key.reading.unit is None else Verdict.INCORRECT
        return verdict, converted
    verdict, reason = _judge_value(*converted, reading, key)
    if reading.unit is None and key.reading.unit is not None:
        if verdict is not Verdict.CORRECT and str(key.reading.unit) == "percent":
            as_fraction = _judge_value(reading.value * 100, key.reading.value / 100, reading, key)
            if as_fraction[0] is Verdict.CORRECT:
                return as_fraction[0], f"{as_fraction[1]} (read as a fraction of one)"
        return verdict, f"{reason} (a bare number is read in the key's unit, {key.reading.unit:~})"
    return verdict, reason


def judge_quantity(readings: list[Reading], key: QuantityKey) -> tuple[Verdict, str]:
    """The verdict all readings of one answer agree on; "cannot tell" when they disagree."""
    judged = [judge_reading(reading, key) for reading in readings]
    verdicts = {verdict for verdict, _ in judged}
    if len(verdicts) == 1:
        return judged[0]
    return Verdict.CANNOT_TELL, f"{readings[0].text} reads two ways (a decimal comma or grouped thousands)"


def same_amount(first: Reading, second: Reading) -> bool | None:
    """Whether two readings state one amount (a bare number in the other's unit); None: not comparable."""
    value = first.value
    if first.unit is not None and second.unit is not None and first.unit != second.unit:
        if first.unit.dimensionality != second.unit.dimensionality:
            return None
        value = float(registry().Quantity(first.value, first.unit).to(second.unit).magnitude)
    return math.isclose(value, second.value, rel_tol=REL, abs_tol=1e-12)
