"""Short free text against the key: its exact words, or the essential terms the key lists.

The offline checker understands no language, so it judges words only where words settle it, and
cannot tell everywhere else:

* An answer with the key's words (case, accents, articles and spacing aside) is ``correct``.
* A key of one to three words is one essential term: the answer that is that term, maybe with a
  plural ending, is ``correct``; a one-word answer that is another word (not a typo of it) is
  ``incorrect`` (``ribosomes`` for ``mitochondria``); anything longer cannot be told.
* Listed essential terms (``glucose; light; carbon dioxide``, alternatives within a term split by
  ``|``: ``carbon dioxide | CO2``) are ``correct`` only when every term is there and the answer adds
  no negation the key does not have; some terms, or none (a paraphrase, another language), cannot be
  told. Naming the missing terms would give them away, so the reason counts them instead.
* A longer key without listed terms is read for its hard terms, content words and negations
  (:mod:`bot.review.text_meaning`): a clear contradiction is ``incorrect``, an answer holding every hard
  term and most content words is ``correct``, and a paraphrase the words do not settle cannot be told.
"""

from __future__ import annotations

import re

from bot.intake.judgements import Verdict
from bot.review import text_meaning
from bot.review.answer_text import folded_words

ARTICLES = frozenset("the a an el la los las un una le les l des der die das ein eine o os as um uma".split())
NEGATIONS = re.compile(
    r"(?<!\w)(?:not|no|never|none|n't|without|nicht|kein\w*|pas|jamais|sin|sem|nunca|не|нет|без)(?!\w)"
    r"|[不没無无]",
    re.I,
)
CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
SHORT_KEY_WORDS = 3


def _content(text: str) -> list[str]:
    words = folded_words(text).split()
    return [w for w in words if w not in ARTICLES] or words


def _present(term: str, answer: str) -> bool:
    wanted = " ".join(_content(term))
    if not wanted:
        return False
    if CJK.search(wanted):
        return wanted.replace(" ", "") in answer.replace(" ", "")
    return re.search(rf"(?<!\w){re.escape(wanted)}(?:e?s)?(?!\w)", answer) is not None


def _typo(a: str, b: str) -> bool:
    """True when ``a`` and ``b`` are at most two edits apart (a slip, not another word)."""
    if abs(len(a) - len(b)) > 2 or min(len(a), len(b)) < 4:
        return False
    previous = list(range(len(b) + 1))
    for i, char in enumerate(a, 1):
        current = [i]
        for j, other in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (char != other)))
        previous = current
    return previous[-1] <= 2


def judge_terms(answer: str, terms: tuple[tuple[str, ...], ...]) -> tuple[Verdict, str]:
    """Every essential term (any of its alternatives) present and no added negation: ``correct``."""
    folded = " ".join(_content(answer))
    found = sum(any(_present(alt, folded) for alt in term) for term in terms)
    key_negates = any(NEGATIONS.search(alt) for term in terms for alt in term)
    if found == len(terms) and not (NEGATIONS.search(answer) and not key_negates):
        return Verdict.CORRECT, f"all {len(terms)} essential terms are in the answer"
    if found == len(terms):
        return Verdict.CANNOT_TELL, "every essential term is there, but the answer also negates something"
    return Verdict.CANNOT_TELL, (
        f"{found} of {len(terms)} essential terms found in those words; a paraphrase or another "
        "language needs a teacher or a chat model"
    )


def is_sentence(key: str) -> bool:
    """A key longer than one short term: judged by meaning, and restated in part by many right answers."""
    return len(_content(key)) > SHORT_KEY_WORDS


def judge_text(answer: str, key: str) -> tuple[Verdict, str]:
    """The answer against a key given as words (no listed terms)."""
    given, wanted = _content(answer), _content(key)
    if not given:
        return Verdict.CANNOT_TELL, "the answer holds no words to compare"
    if given == wanted or " ".join(given) == " ".join(wanted) + "s":
        return Verdict.CORRECT, "the answer is the key's words"
    if not is_sentence(key):
        if len(given) == 1 and len(wanted) == 1 and not _typo(given[0], wanted[0]) and not CJK.search(key):
            return Verdict.INCORRECT, "the one-word answer is another word than the key's"
        return Verdict.CANNOT_TELL, "the answer's words differ from the key's; their meaning needs a reader"
    return text_meaning.judge_meaning(answer, key)


def terms_of(text: str) -> tuple[tuple[str, ...], ...]:
    """``a; b | c`` → ((a,), (b, c)): terms split by ``;``, alternatives by ``|``."""
    return tuple(
        tuple(alt.strip() for alt in part.split("|") if alt.strip())
        for part in text.split(";")
        if part.strip()
    )
