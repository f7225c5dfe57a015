"""How an attempt that went wrong, and the cause a learner gives, are said in each supported language.

Data, written and matched as :mod:`bot.organize.mistake_words` writes and matches its tables (its
:func:`~bot.organize.mistake_words.alternatives` and negations are reused): each table maps a language
code (en, es, fr, de, pt, zh, ja, ru) to a comma-separated list, folded like every cue (accents and case
dropped), ``word*`` a prefix, CJK matched as substrings.

* ``ATTEMPT_FAILURE``: the words that make a note filed with the ``attempt`` label a failed attempt
  ("wrong", "me equivoqué", "falsch", "做错", "間違えた"). An attempt may also have gone right, so the
  label alone is no failure. A negation right before the word ("not wrong", "nicht falsch") cancels it.
* ``BECAUSE``: the connective after which a learner states their cause ("because …", "porque …",
  "parce que …", "weil …", "因为…", "потому что …"); :func:`stated_cause` is the text that follows, to
  the end of the sentence.
* ``BECAUSE_BEFORE``: where the cause comes first (Japanese: "…と思ったので"), the connective that
  ends it; the cause is the sentence up to it.
"""

from __future__ import annotations

import re

from bot.intake.cue_match import CJK, fold, phrases
from bot.organize.mistake_words import PATTERNS, Lexicon, alternatives, negated_here

ATTEMPT_FAILURE: Lexicon = {
    "en": phrases("wrong, mistake, mistakes, error, errors, incorrect, stuck, instead of, failed"),
    "es": phrases(
        "error, errores, incorrect*, equivoque, equivocad*, atascad*, bloquead*, en vez de, en lugar de, "
        "fallo, fallado, hice mal, salio mal, esta mal, estaba mal"
    ),
    "fr": phrases(
        "faux, fausse, erreur*, incorrect*, suis bloque*, etais bloque*, coince*, au lieu de, au lieu du, "
        "echoue*, trompe*"
    ),
    "de": phrases(
        "falsch, fehler*, inkorrekt, steckengeblieben, stecke fest, hange fest, komme nicht weiter, statt, "
        "anstatt, gescheitert, vertan, geirrt"
    ),
    "pt": phrases(
        "errado, errada, errados, erradas, erro, erros, errei, incorret*, travad*, empacad*, em vez de, "
        "no lugar de, falhei, falhou"
    ),
    "zh": phrases("错了, 错误, 出错, 做错, 算错, 写错, 弄错, 搞错, 不对, 卡住, 卡在, 而不是, 失败"),
    "ja": phrases("間違, 違った, 誤り, ミス, エラー, 詰まった, 解けなかった, ではなく, 失敗"),
    "ru": phrases("неправильн*, неверн*, ошиб*, застрял*, вместо, не получил*, не смог*, не вышло, провал*"),
}
BECAUSE: Lexicon = {
    "en": phrases("because"),
    "es": phrases("porque, ya que, debido a que"),
    "fr": phrases("parce qu*, puisqu*"),  # and ", car" (:data:`COMMA_CAR`)
    "de": phrases("weil"),
    "pt": phrases("porque, pois, ja que"),
    "zh": phrases("因为, 由于"),
    "ja": phrases("なぜなら, というのも"),
    "ru": phrases("потому что, так как, из-за того что"),
}
BECAUSE_BEFORE: Lexicon = {
    "ja": phrases("だと思ったので, だと思ったから, と思ったので, と思ったから, ので"),
}

CAUSE_MIN, CAUSE_MIN_CJK, CAUSE_MAX = 3, 2, 160  # "粗心" (careless) is a cause in two characters
_SENTENCE = re.compile(r"[^.!?\n。！？]+")
# French "car" is "because" only after a comma ("j'ai faux, car …"): alone it would hear English "my car".
COMMA_CAR = r"(?<=,)\s*car(?!\w)"
_AFTER = {language: re.compile(alternatives(listed)) for language, listed in BECAUSE.items()}
_AFTER["fr"] = re.compile(f"{alternatives(BECAUSE['fr'])}|{COMMA_CAR}")
_BEFORE = {language: re.compile(alternatives(listed)) for language, listed in BECAUSE_BEFORE.items()}
_FAILURES = {language: re.compile(alternatives(listed)) for language, listed in ATTEMPT_FAILURE.items()}


def says_attempt_failed(text: str) -> bool:
    """Whether ``text`` words a failure, in any supported language, that is not negated right before it."""
    folded = fold(text)
    return any(
        not negated_here(folded, match.start(), PATTERNS[language][1])
        for language, pattern in _FAILURES.items()
        for match in pattern.finditer(folded)
    )


def stated_cause(text: str) -> str | None:
    """The cause the learner states (the words after "because", or before a cause-final connective), as
    they wrote it, within one sentence and cut at 160 characters; None when none is stated."""
    for found_sentence in _SENTENCE.finditer(text):
        sentence = found_sentence.group(0)
        folded = fold(sentence)
        found: list[tuple[int, int]] = []  # (start, end) of a cause in ``folded``
        for pattern in _AFTER.values():
            found.extend((m.end(), len(folded)) for m in pattern.finditer(folded))
        for pattern in _BEFORE.values():
            found.extend((0, m.start()) for m in pattern.finditer(folded))
        for start, end in sorted(found):
            cause = sentence[_original(sentence, start) : _original(sentence, end)]
            cause = cause.strip(" \t'’,，、:：")[:CAUSE_MAX].rstrip()
            if len(cause) >= (CAUSE_MIN_CJK if CJK.search(cause) else CAUSE_MIN):
                return cause
    return None


def _original(sentence: str, at: int) -> int:
    """The index in ``sentence`` whose folded prefix is ``at`` long (folding may change lengths: ß, ﬁ)."""
    return next((i for i in range(len(sentence) + 1) if len(fold(sentence[:i])) >= at), len(sentence))
