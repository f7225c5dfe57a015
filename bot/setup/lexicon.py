"""The words setup reads in a short reply, per supported language: data, compiled once into matchers.

Setup speaks English, Spanish, French, German, Portuguese, Chinese, Japanese and Russian. Reading a
reply to one of its questions needs only a few kinds of words per language, so each language is one
:class:`Lexicon` row below and a new language (or a missing word) is a row or a word added here, never
a new rule:

* ``agree``: says yes to what was proposed ("fine", "sounds good", "vale", "passt", "好的", "はい");
* ``no_problem``: says yes with a negative word ("no problem", "kein Problem", "没问题"), read first so
  the negative word does not count as a refusal;
* ``refuse``: says no or asks for something else ("no", "instead", "lieber", "改", "いいえ");
* ``morning`` / ``evening``: mark a stated hour as before or after noon ("7 am", "7 de la mañana",
  "du soir", "abends", "da noite", "早上", "夜", "утра");
* ``hour``: the hour word after a number ("Uhr", "点", "時"), so "7 Uhr" is a time and "7" alone is not.

Alphabetic languages match whole words; Chinese and Japanese, written without spaces, match anywhere.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Lexicon:
    spaced: bool  # words are delimited by spaces (match whole words) or not (match anywhere)
    agree: tuple[str, ...]
    refuse: tuple[str, ...]
    no_problem: tuple[str, ...] = ()
    morning: tuple[str, ...] = ()
    evening: tuple[str, ...] = ()
    hour: tuple[str, ...] = ()


# Entries are regular-expression fragments so that inflections share a row ("convien(?:t|nent)").
LANGUAGES: dict[str, Lexicon] = {
    "en": Lexicon(
        spaced=True,
        agree=(
            "yes",
            "yeah",
            "yep",
            "yup",
            "sure",
            r"ok(?:ay)?",
            "fine",
            "good",
            "great",
            "perfect",
            "agreed",
            "alright",
            r"all\s+right",
            "correct",
            r"sounds\s+(?:good|great|fine)",
            r"(?:that|this|it)\s+works",
            r"works\s+for\s+me",
            r"go\s+ahead",
            r"of\s+course",
            r"keep\s+(?:them|those|it|that)",
            r"please\s+do",
            r"leave\s+(?:them|it)(?:\s+as\s+(?:is|they\s+are))?",
            r"as\s+(?:is|they\s+are)",
        ),
        refuse=(
            "no",
            "nope",
            "nah",
            "not",
            r"don'?t",
            "never",
            "instead",
            "change",
            "rather",
            "different",
            "other",
            "but",
            r"make\s+it",
            r"move\s+it",
        ),
        no_problem=(r"no\s+(?:problem|worries)",),
        morning=("am", r"a\.m\.", r"in\s+the\s+morning"),
        evening=("pm", r"p\.m\.", r"in\s+the\s+(?:evening|afternoon)", r"at\s+night"),
        hour=(r"o'?clock",),
    ),
    "es": Lexicon(
        spaced=True,
        agree=(
            r"s[ií]",
            "vale",
            "claro",
            r"de\s+acuerdo",
            "bien",
            "perfecto",
            r"me\s+parece\s+bien",
            r"por\s+supuesto",
            "dale",
            r"as[ií]\s+est[aá]\s+bien",
            r"d[eé]jal[oa]s?",
        ),
        refuse=("mejor", r"cambia(?:r|lo)?", r"en\s+vez", r"otr[ao]s?", "pero", r"prefiero"),
        no_problem=(r"sin\s+problema",),
        morning=(r"de\s+la\s+(?:mañana|madrugada)",),
        evening=(r"de\s+la\s+(?:tarde|noche)",),
        hour=("horas?",),
    ),
    "fr": Lexicon(
        spaced=True,
        agree=(
            "oui",
            "d'accord",
            "parfait",
            r"[çc]a\s+(?:marche|me\s+va)",
            r"convien(?:t|nent)",
            r"c'est\s+bon",
            r"tr[eè]s\s+bien",
            r"gardez(?:-les)?",
            r"[çc]a\s+va",
        ),
        refuse=("non", "pas", r"plut[oô]t", "autre", "changer", "mais"),
        no_problem=(r"pas\s+de\s+(?:probl[eè]me|souci)",),
        morning=("du matin",),
        evening=("du soir", r"de\s+l'apr[eè]s-midi"),
        hour=("heures?",),
    ),
    "de": Lexicon(
        spaced=True,
        agree=(
            "ja",
            "jawohl",
            "klar",
            "gut",
            r"pass(?:t|en)",
            "einverstanden",
            r"in\s+ordnung",
            "genau",
            "gerne",
            r"lass\s+(?:sie|es)\s+so",
            r"so\s+lassen",
        ),
        refuse=("nein", "nicht", r"kein[e]?", "lieber", "anders", r"[äa]ndern", "stattdessen", "aber"),
        no_problem=(r"kein\s+problem",),
        morning=("morgens", "früh", "vormittags", r"am\s+morgen"),
        evening=("abends", "nachmittags", r"am\s+abend"),
        hour=("uhr",),
    ),
    "pt": Lexicon(
        spaced=True,
        agree=(
            "sim",
            r"pode\s+ser",
            "bem",
            r"bo[mn]s?",
            "boas?",
            "beleza",
            "certo",
            "perfeito",
            "combinado",
            r"[oó]timo",
            r"com\s+certeza",
            r"tudo\s+bem",
            r"deix[ae](?:-os)?\s+assim",
        ),
        refuse=(r"n[aã]o", "prefiro", "mudar", r"outr[ao]", r"em\s+vez", "mas"),
        no_problem=(r"sem\s+problema",),
        morning=(r"da\s+(?:manh[aã]|madrugada)",),
        evening=(r"da\s+(?:tarde|noite)",),
        hour=("horas?",),
    ),
    "ru": Lexicon(
        spaced=True,
        agree=(
            "да",
            "хорошо",
            "ладно",
            "конечно",
            r"согласн[аы]?",
            "подходит",
            "устраивает",
            "отлично",
            "давай",
            r"норм(?:ально)?",
            "ок",
            "пойд[её]т",
            r"оставь(?:те)?(?:\s+как\s+есть)?",
        ),
        refuse=("нет", "не", "другое", "другой", r"измени(?:те)?", "лучше", "но", "вместо"),
        no_problem=(r"нет\s+проблем",),
        morning=("утра",),
        evening=("вечера", "дня"),
        hour=("час(?:а|ов)?",),
    ),
    "zh": Lexicon(
        spaced=False,
        agree=("好", "可以", "行", "是的", "对", "同意", "就这样"),
        refuse=("不", "别", "改", "换", "但是", "其他"),
        no_problem=("没问题", "不用改"),
        morning=("早上", "上午", "早晨"),
        evening=("晚上", "下午"),
        hour=("点",),
    ),
    "ja": Lexicon(
        spaced=False,
        agree=(
            "はい",
            "ええ",
            "うん",
            "いい(?:です|よ)",
            "大丈夫",
            "了解",
            "承知",
            "お願いします",
            "オッケー",
            "それで(?:いい|お願い)",
            "そのまま",
        ),
        refuse=("いいえ", "いや", "違う", "ではなく", "じゃなく", "変更", "でも"),
        no_problem=("問題(?:ない|ありません)",),
        morning=("朝", "午前"),
        evening=("夜", "午後", "晩"),
        hour=("時",),
    ),
}


def _matcher(kind: str) -> re.Pattern[str]:
    """One pattern for every language's ``kind`` words: whole words where spaced, substrings elsewhere."""
    spaced = [word for lexicon in LANGUAGES.values() if lexicon.spaced for word in getattr(lexicon, kind)]
    unspaced = [
        word for lexicon in LANGUAGES.values() if not lexicon.spaced for word in getattr(lexicon, kind)
    ]
    parts = ([rf"(?<!\w)(?:{'|'.join(spaced)})(?!\w)"] if spaced else []) + unspaced
    return re.compile("|".join(parts), re.I)


AGREEMENT, REFUSAL, NO_PROBLEM = _matcher("agree"), _matcher("refuse"), _matcher("no_problem")
MORNING, EVENING, HOUR_WORD = _matcher("morning"), _matcher("evening"), _matcher("hour")
