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

A failure said without the decision behind it ("I made the same mistake", "me equivoqué", "我做错了") is
``FAILURE`` (:func:`reports_failure`): a signal to diagnose, not a report. In these lists ``~`` stands for
up to five words ("I got the ~ wrong").

A negated choice ("no elegí X en vez de Y", "я не выбрал") is no report: a ``NEGATION`` word right before
the choice, or between the choice and "instead of", cancels it; one right before a failure
("no me equivoqué") cancels that too.
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
FAILURE: Lexicon = {
    "en": phrases(
        "i made a mistake, i made the same mistake, i made this mistake, i make a mistake, "
        "i make the same mistake, i make this mistake, i made an error, i made the same error, "
        "i made this error, i make the same error, i got it wrong, i got this wrong, i got that wrong, "
        "i got them wrong, i got the ~ wrong"
    ),
    "es": phrases(
        "me equivoque, me he equivocado, cometi un error, cometi el mismo error, cometo el mismo error, "
        "cometi este error, lo hice mal, me salio mal, la tuve mal, lo tuve mal"
    ),
    "fr": phrases(
        "j'ai fait une erreur, j'ai fait la meme erreur, je fais la meme erreur, j'ai fait cette erreur, "
        "je me suis ~ trompe*, j'ai eu faux, je l'ai eu faux"
    ),
    "de": phrases(
        "ich habe einen fehler gemacht, ich habe den gleichen fehler gemacht, "
        "ich habe denselben fehler gemacht, ich mache den gleichen fehler, ich mache denselben fehler, "
        "ich habe diesen fehler gemacht, ich habe mich vertan, ich habe mich geirrt, ich hab mich vertan, "
        "ich habe ~ falsch, ich hab ~ falsch, ich hatte ~ falsch, habe ich ~ falsch, hab ich ~ falsch, "
        "hatte ich ~ falsch"
    ),
    "pt": phrases(
        "cometi um erro, cometi o mesmo erro, cometo o mesmo erro, cometi esse erro, cometi este erro, "
        "eu errei, errei, me enganei, fiz errado, eu fiz ~ errado"
    ),
    "zh": phrases("犯了错, 犯了一个错误, 犯了同样的错, 做错了, 搞错了, 弄错了, 算错了, 写错了"),
    "ja": phrases(
        "間違えました, 間違えてしまった, 間違えちゃった, 同じ間違いをした, 同じミスをした, ミスをした, "
        "ミスしました"
    ),
    "ru": phrases(
        "я ошибся, я ошиблась, я сделал ошибку, я сделала ошибку, я сделал ту же ошибку, "
        "я сделала ту же ошибку, я допустил ошибку, я допустила ошибку, я снова ошибся, я опять ошибся, "
        "я снова ошиблась, я опять ошиблась"
    ),
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
_GAP = r"(?:[^\s.!?。！？]+\s+){0,5}"  # ``~``: up to five words, within the sentence


def alternatives(listed: tuple[str, ...]) -> str:
    """One regex alternation of folded phrases: whole words (``*`` a prefix, ``~`` up to five words), CJK as
    substrings."""
    parts = []
    for phrase in sorted(listed, key=len, reverse=True):
        folded = fold(phrase)
        if CJK.search(folded):
            parts.append(re.escape(folded))
            continue
        words = [
            _GAP
            if w == "~"
            else re.escape(w.removesuffix("*")) + (r"\w*" if w.endswith("*") else r"(?!\w)") + r"\s+"
            for w in folded.split()
        ]
        parts.append(r"(?<!\w)" + "".join(words).removesuffix(r"\s+"))
    return "(?:" + "|".join(parts) + ")"


def _patterns(language: str) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """The language's report pattern (``lead``: a choice up to "instead of"; ``whole``: a verb-final
    sentence) and its negation pattern."""
    forms = []
    if language in DECISION:
        forms.append(f"(?P<lead>{alternatives(DECISION[language])}{_SPAN}){alternatives(INSTEAD[language])}")
    if language in DECISION_AFTER:
        instead, verb = alternatives(INSTEAD[language]), alternatives(DECISION_AFTER[language])
        forms.append(f"(?P<whole>{_OPENING}{instead}{_SPAN}{verb})")
    forms.append(alternatives(MY_MISTAKE[language]))
    negation = alternatives(NEGATION[language])
    if not CJK.search(NEGATION[language][0]):
        negation += r"(?!\w)"
    return re.compile("|".join(f"(?:{form})" for form in forms)), re.compile(negation)


PATTERNS = {language: _patterns(language) for language in MY_MISTAKE}
FAILURES = {language: re.compile(alternatives(FAILURE[language])) for language in FAILURE}
WORD_BEFORE = re.compile(r"(\S+)\s*$")


def negated_here(folded: str, at: int, negation: re.Pattern[str]) -> bool:
    """Whether the word right before ``at`` is a negation ("no" elegí, "no" me equivoqué)."""
    before = WORD_BEFORE.search(folded[:at])
    return bool(before and negation.fullmatch(before.group(1)))


def _negated(folded: str, match: re.Match[str], negation: re.Pattern[str]) -> bool:
    """A negation word right before the choice, or between it and "instead of" (anywhere in a verb-final
    report); a named mistake is never negated."""
    found = match.groupdict()
    if found.get("whole"):
        return bool(negation.search(found["whole"]))
    if not found.get("lead"):
        return False
    return bool(negation.search(found["lead"]) or negated_here(folded, match.start(), negation))


def reports_failure(text: str) -> bool:
    """Whether ``text`` says, in any supported language, that the learner got something wrong; a failure
    negated right before it or within it ("no me equivoqué", "ich habe nicht falsch gerechnet") is none."""
    folded = fold(text)
    return any(
        not (
            negated_here(folded, match.start(), PATTERNS[language][1])
            or PATTERNS[language][1].search(match.group(0))
        )
        for language, pattern in FAILURES.items()
        for match in pattern.finditer(folded)
    )


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
