"""Which of a repository's language subjects a language note is about: the language its examples are in.

Grammar, vocabulary and spelling are one field for the word lists and the field model, so a note on "ser
vs estar" fits a ``spanish`` folder and a ``french`` one alike. What tells them apart is the language the
note quotes: a learner writes about a language in their own and gives examples in the one they study
("le present perfect : I have lost my keys", "関係代名詞の which と that"). So among the repository's
language subjects, the one whose language alone shows in the note is its subject; when two show, the one
that shows less is the language quoted, when it shows at most a quarter as much.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from bot.intake.cue_match import fold

# Function words that belong to one of these languages only (after folding accents away).
_WORDS: Mapping[str, frozenset[str]] = {
    "english": frozenset(
        "the is are i you have has was were would will my it of and to with for that which this not be been "
        "she he they".split()
    ),
    "spanish": frozenset(
        "el los las es estoy soy y con para por una muy pero yo del lo se hay ser estar".split()
    ),
    "french": frozenset("le les est je j des et ne pas une il elle avec pour du au ce sont suis".split()),
    "german": frozenset(
        "der das ist ich und nicht mit ein eine zu auf den dem fur von im hab habe wird".split()
    ),
    "portuguese": frozenset("os as e eu nao com um uma do da em voce mas muito isso".split()),
}
_WORD = re.compile(r"[^\W\d_]+")
_KANA = re.compile("[\u3040-\u30ff]")
_HAN = re.compile("[\u3400-\u9fff]")
_CYRILLIC = re.compile("[\u0400-\u04ff]+")
# The language subjects this module tells apart (the keys of bot.intake.subject_words.NAMES).
LANGUAGE_NAMES = frozenset({*_WORDS, "japanese", "chinese", "russian"})
HALF = 4  # the quoted language shows at most 1/HALF as much as the language the note is written in


def _shown(text: str) -> dict[str, int]:
    """How much of each language the note shows: its function words, or its script's characters."""
    words = _WORD.findall(fold(text))
    shown = {language: sum(word in listed for word in words) for language, listed in _WORDS.items()}
    kana = len(_KANA.findall(text))
    shown["japanese"] = kana
    shown["chinese"] = 0 if kana else len(_HAN.findall(text))
    shown["russian"] = len(_CYRILLIC.findall(text))
    return shown


def quoted_language(text: str, languages: Mapping[str, str]) -> str | None:
    """The subject of ``languages`` (folder → the language it teaches) whose language the note is about,
    or None when none or several show alike."""
    shown = _shown(text)
    present = sorted(
        ((shown.get(language, 0), subject) for subject, language in languages.items() if shown.get(language)),
        reverse=True,
    )
    if len(present) == 1:
        return present[0][1]
    if len(present) == 2 and HALF * present[1][0] <= present[0][0]:
        return present[1][1]
    return None
