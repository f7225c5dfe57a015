"""How a learner states the decision behind a mistake, per language: the words :func:`mistake_at` matches.

Data, kept as :mod:`bot.intake.cue_words` keeps its vocabularies: each table maps a language code (en, es,
fr, de, pt, zh, ja, ru) to a comma-separated list, folded like every cue (:func:`bot.intake.cue_match.fold`:
accents and case dropped, so "elegí" and "elegi" are one word). ``word*`` is a prefix. A report is

* a first-person choice (``DECISION``) followed, within one sentence, by "instead of" (``INSTEAD``):
  "I chose X instead of Y", "elegí X en vez de Y", "ich habe X statt Y genommen", "我用了X而不是Y";
* where the verb comes last (German perfect, Japanese), "instead of" followed by the choice's verb
  (``DECISION_AFTER``), the report then being the whole sentence: "ich habe X statt Y genommen",
  "YではなくXを使った";
* or the learner naming their mistake (``MY_MISTAKE``): "my mistake was", "mi error fue", "我的错误是".

A negated choice ("no elegí X en vez de Y", "я не выбрал") is no report: a ``NEGATION`` word right before
the choice, or between the choice and "instead of", cancels it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from bot.intake.cue_match import CJK, fold, phrases

Lexicon = Mapping[str, tuple[str, ...]]

DECISION: Lexicon = {
    "en": phrases("i chose, i picked, i used, i wrote, i put, i answered, i went with, i took, i applied"),
    "es": phrases("elegi, escogi, use, escribi, puse, respondi, tome, aplique, utilice"),
    "fr": phrases(
        "j'ai choisi, j'ai pris, j'ai utilise, j'ai ecrit, j'ai mis, j'ai repondu, j'ai applique, je choisis"
    ),
    "de": phrases("ich nahm, ich wahlte, ich schrieb, ich benutzte, ich verwendete, ich setzte"),
    "pt": phrases("escolhi, usei, escrevi, coloquei, pus, respondi, peguei, apliquei, utilizei"),
    "zh": phrases("我选了, 我选择了, 我用了, 我使用了, 我写了, 我取了, 我填了"),
    "ru": phrases(
        "я выбрал*, я взял*, я использовал*, я написал*, я поставил*, я применил*, выбрал*, взял*, "
        "использовал*, написал*, поставил*"
    ),
}
INSTEAD: Lexicon = {
    "en": phrases("instead of, rather than"),
    "es": phrases("en vez de, en lugar de"),
    "fr": phrases("au lieu de, au lieu du, plutot que"),
    "de": phrases("statt, anstatt, anstelle von, anstelle"),
    "pt": phrases("em vez de, em vez do, em vez da, ao inves de, no lugar de"),
    "zh": phrases("而不是, 而非, 没有用, 没有选"),
    "ja": phrases("ではなく, じゃなくて, の代わりに, のかわりに"),
    "ru": phrases("вместо"),
}
# Where the verb comes last ("ich habe X statt Y genommen", "YではなくXを使った"): "instead of", then
# the choice's verb.
DECISION_AFTER: Lexicon = {
    "de": phrases("genommen, gewahlt, benutzt, verwendet, geschrieben, gesetzt, eingesetzt, angewendet"),
    "ja": phrases("選んだ, 選びました, 使った, 使いました, 書いた, 書きました, 取った, 取りました"),
}
MY_MISTAKE: Lexicon = {
    "en": phrases("my mistake was, my error was"),
    "es": phrases("mi error fue, mi error era, mi equivocacion fue"),
    "fr": phrases("mon erreur a ete, mon erreur etait, mon erreur, c'etait de"),
    "de": phrases("mein fehler war, mein fehler ist"),
    "pt": phrases("meu erro foi, o meu erro foi, meu erro era"),
    "zh": phrases("我的错误是, 我错在"),
    "ja": phrases("私の間違いは, 僕の間違いは, 間違えたのは, 私のミスは"),
    "ru": phrases("моя ошибка была, моя ошибка в том, ошибка была в том"),
}
NEGATION: Lexicon = {
    "en": phrases("not, didn't, did not, never"),
    "es": phrases("no, nunca"),
    "fr": phrases("ne, n'ai, pas, jamais"),
    "de": phrases("nicht, nie, kein*"),
    "pt": phrases("nao, nunca"),
    "zh": phrases("没, 不"),
    "ja": phrases("ない, なかった"),
    "ru": phrases("не, никогда"),
}

# Within one sentence: a stop ends the span a choice and its "instead of" must share.
_SPAN = r"[^.!?\n。！？]{1,80}?"
_OPENING = r"^[^.!?\n。！？]{0,80}?"


def _alternatives(listed: tuple[str, ...]) -> str:
    """One regex alternation of folded phrases: whole words (``*`` a prefix), CJK as substrings."""
    parts = []
    for phrase in sorted(listed, key=len, reverse=True):
        folded = fold(phrase)
        if CJK.search(folded):
            parts.append(re.escape(folded))
            continue
        words = [
            re.escape(w.removesuffix("*")) + (r"\w*" if w.endswith("*") else r"(?!\w)")
            for w in folded.split()
        ]
        parts.append(r"(?<!\w)" + r"\s+".join(words))
    return "(?:" + "|".join(parts) + ")"


def _patterns(language: str) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """The language's report pattern (``lead``: a choice up to "instead of"; ``whole``: a verb-final
    sentence) and its negation pattern."""
    forms = []
    if language in DECISION:
        forms.append(
            f"(?P<lead>{_alternatives(DECISION[language])}{_SPAN}){_alternatives(INSTEAD[language])}"
        )
    if language in DECISION_AFTER:
        instead, verb = _alternatives(INSTEAD[language]), _alternatives(DECISION_AFTER[language])
        forms.append(f"(?P<whole>{_OPENING}{instead}{_SPAN}{verb})")
    forms.append(_alternatives(MY_MISTAKE[language]))
    negation = _alternatives(NEGATION[language])
    if not CJK.search(NEGATION[language][0]):
        negation += r"(?!\w)"
    return re.compile("|".join(f"(?:{form})" for form in forms)), re.compile(negation)


PATTERNS = {language: _patterns(language) for language in MY_MISTAKE}
WORD_BEFORE = re.compile(r"(\S+)\s*$")


def _negated(folded: str, match: re.Match[str], negation: re.Pattern[str]) -> bool:
    """A negation word right before the choice, or between it and "instead of" (anywhere in a verb-final
    report); a named mistake is never negated."""
    found = match.groupdict()
    if found.get("whole"):
        return bool(negation.search(found["whole"]))
    if not found.get("lead"):
        return False
    before = WORD_BEFORE.search(folded[: match.start()])
    return bool(negation.search(found["lead"]) or (before and negation.fullmatch(before.group(1))))


def mistake_at(sentence: str) -> int | None:
    """Where in ``sentence`` the learner's statement of their mistake starts, or None when none does.

    Matched on the folded sentence; the index is mapped back onto ``sentence`` itself.
    """
    folded = fold(sentence)
    starts = []
    for pattern, negation in PATTERNS.values():
        for match in pattern.finditer(folded):
            if not _negated(folded, match, negation):
                starts.append(match.start())
                break
    if not starts:
        return None
    at = min(starts)
    return next(i for i in range(len(sentence) + 1) if len(fold(sentence[:i])) >= at)
