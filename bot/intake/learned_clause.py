"""Whether a learning event says *what* was learned, when no word list knows the subject.

"In class we learned that the Great Wall is not visible from space" names nothing in
:mod:`bot.intake.subject_words`, yet it is a clear learning event: a plain verb of learning
(:data:`~bot.intake.cue_words.LEARNED`), then a clause ("that …", "how …", "que …") with enough words of
its own. News about the learner's own life ("I learned that my friend is moving") is left out: family,
friends or a shop make the clause the learner's day, not their study. The caller also asks for some sign
of school (:mod:`bot.intake.significance`), since a plain "learned that" reports news as well.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from bot.intake.cue_match import CJK, Cues
from bot.intake.cue_words import CLAUSE, FILLER, LEARNED, PERSONAL, every_language

MIN_WORDS = 3  # words of four letters or more, beside the cues and filler
MIN_CJK = 5  # Chinese or Japanese characters beside the cues, which have no spaces to count words by

_LEARNED = Cues(every_language(LEARNED))
_CLAUSE = Cues(every_language(CLAUSE))
_PERSONAL = Cues(every_language(PERSONAL))
_FILLER = Cues(every_language(FILLER))
_WORD = re.compile(r"[^\W\d_]{4,}")


def states_what_was_learned(folded: str, cues: Iterable[Cues]) -> bool:
    """True when ``folded`` (a :func:`~bot.intake.cue_match.fold`-ed note) goes on, past the learning
    ``cues`` it holds, to say what was learned, and not about the learner's own life."""
    if not _LEARNED.found(folded) or _PERSONAL.found(folded):
        return False
    rest = folded
    for listed in cues:
        rest = listed.without(rest)
    if len(CJK.findall(rest)) >= MIN_CJK:
        return True
    if not _CLAUSE.found(rest):
        return False
    return len(_WORD.findall(CJK.sub(" ", _FILLER.without(rest)))) >= MIN_WORDS
