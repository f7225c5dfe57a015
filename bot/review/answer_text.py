"""A learner's final answer made readable for the checkers, without changing what it says.

Learners type answers the way they write on paper: ``12cm``, ``x = 12 cm``, ``**12 cm**``, ``−3``,
``cm²``, ``1.2 × 10³``, "The answer is B". :func:`clean` folds only the typography (Unicode minus and
times signs, superscript digits, Markdown emphasis, surrounding quotes and the closing full stop), and
:func:`without_lead_in` drops a few fixed phrases that announce an answer. Neither guesses at meaning:
the checkers (:mod:`bot.review.answer_check`) decide what the remaining text is.
"""

from __future__ import annotations

import re
import unicodedata

SUPERSCRIPTS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺", "0123456789-+")
SUPERSCRIPT_RUN = re.compile(r"[⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺]+")
SIGNS = str.maketrans(
    {"−": "-", "–": "-", "—": "-", "×": "*", "÷": "/", "⋅": "*", "·": "*", "√": "sqrt ", "π": "pi"}
)
EMPHASIS = re.compile(r"^(\*\*|__)(?P<inner>.+)\1$")
# Phrases that only announce the answer: "the answer is", "it's", "I got", "so", "≈", "about".
LEAD_IN = re.compile(
    r"^(?:(?:the\s+)?(?:final\s+)?answer\s+is|(?:it|that)\s+is|it'?s|i\s+(?:get|got|think\s+it'?s)"
    r"|so|thus|therefore|hence|≈|~|approximately|approx\.?|about|roughly)\s*[:,]?\s+",
    re.I,
)
QUOTES = " \t\"'“”‘’«»"


def clean(text: str) -> str:
    """Typography folded: one kind of minus, ``*`` for times, ``^n`` for superscripts, no emphasis."""
    composed = unicodedata.normalize("NFC", text)
    powered = SUPERSCRIPT_RUN.sub(lambda m: "^" + m.group(0).translate(SUPERSCRIPTS), composed)
    plain = EMPHASIS.sub(r"\g<inner>", powered.translate(SIGNS).replace("`", "").strip())
    plain = " ".join(unicodedata.normalize("NFKC", plain).split())
    return plain.strip(QUOTES).removesuffix(".").strip(QUOTES)


def without_lead_in(text: str) -> str:
    """``text`` without the phrases that only announce it ("The answer is 12 cm" → "12 cm")."""
    previous = None
    while previous != text:
        previous, text = text, LEAD_IN.sub("", text, count=1)
    return text


def folded_words(text: str) -> str:
    """Case, accents and punctuation spacing folded, for comparing words ("De / AB" reads "de / ab")."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(re.findall(r"\w+|[^\w\s]", bare)).strip(" .!?;,")
