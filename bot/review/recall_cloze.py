"""Recall and cloze questions from the facts a learner's note states, the key kept from the note.

Three shapes, each read from one sentence's form, never from its meaning (the offline rules
understand none):

* a recorded slip, "I used BC/AB instead of DE/AB": asks what would have been right instead of the
  wrong choice; the key is the right one the note names;
* a stated formula or definition, "the formula for the area of a circle is πr²", "a prime is defined
  as …": asks for it; the key is what the note says it is;
* a stated fact with a short complement, "the derivative of x^2 is 2x": the complement is blanked
  and whatever followed it left out ("The derivative of x^2 is ____."); the key is the blanked words;
* any other short statement of three or more words: its last content word is blanked ("Similar
  triangles keep the angle ____."), the key term a reader recalls last; the key is that word. A
  sentence that reports a mistake ("used the wrong ratio") or the learner ("I keep flipping the
  sign") is not a fact, so it gets no blank.

A first-person frame ("Today I learned that …") is dropped first, so the question is about the fact,
not about the learner. Each shape blanks or replaces part of the sentence, so no question hands the
learner their own sentence back.
"""

from __future__ import annotations

import re

from bot.review.built_question import BuiltQuestion, shows
from bot.review.changed_numbers import BLANK

SLIP_KIND = "what would have been right instead of the slip the evidence records"
RECALL_KIND = "the formula or definition the note states, recalled"
CLOZE_KIND = "a blank in a fact the note states"
MAX_KEY_WORDS = 6  # a longer complement is an explanation, not a term to recall
MAX_CLOZE = 160  # characters: a cloze a phone screen shows in two lines

LEARNED_FRAME = re.compile(
    r"^(?:(?:today|yesterday|in\s+class|now)\s*,?\s+)?(?:I|we)\s+(?:have\s+)?"
    r"(?:learned|learnt|found\s+out|realized|realised|noticed|understood|saw|read)\s+(?:that\s+)?",
    re.I,
)
SLIP = re.compile(
    r"(?:^|\b(?:I|we)\s+(?:had\s+|have\s+)?)"
    r"(?P<verb>used|chose|picked|took|wrote|applied|added|multiplied|divided|subtracted|put|read|compared"
    r"|counted|selected|tried|did)\s+(?P<wrong>[^.;!?]{1,60}?)\s+instead\s+of\s+(?P<right>[^.,;!?]{1,80})",
    re.I,
)
FORMULA = re.compile(
    r"\b(?:the\s+)?(?P<what>formula|rule|equation)\s+(?P<topic>(?:for|of)\s+[^.;:!?]{2,60}?)\s+"
    r"(?:is|was|=|reads|says)\s+(?P<key>[^;!?]{1,80}?)\s*(?:[.,;]\s|[.,;]?$)",
    re.I,
)
DEFINITION = re.compile(
    r"^(?P<term>(?:an?\s+|the\s+)?[^,;:]{2,50}?)\s+(?:is\s+defined\s+as|is\s+called|means)\s+"
    r"(?P<key>[^;!?]{2,100}?)\s*(?:[.,;]\s|[.,;]?$)",
    re.I,
)
COPULA = re.compile(r"\s+(?P<verb>is|are|equals|=|becomes|gives)\s+", re.I)
# Where a stated complement ends: a clause break, a further "= …", or a word that starts a reason or a
# consequence (in the languages the recognizer reads).
CLAUSE_END = re.compile(
    r"\s*(?:[,;](?:\s|$)|\s+=\s+|$)|\s+(?:because|since|so|which|when|but|porque|parce\s+que|car|donc|weil"
    r"|also|denn|então|pois|потому|так\s+как|поэтому)\b",
    re.I,
)
KEY_TRIM = " ✓$\"'«»“”"  # marks around a key that are not part of the answer
PRONOUN = re.compile(r"^(?:I|we|you|he|she|it|they|this|that|these|those|there|here|my|our)\b", re.I)
# A request ("Please teach me …", "Bring mir bitte bei …") or a condition ("If f is continuous …") states
# no fact a blank can be cut from.
NOT_A_FACT = re.compile(
    r"^(?:please|teach|help|can|could|would|will|explain|tell|show|give|let|if|when|whenever|unless)\b"
    r"|\b(?:please|bitte|por\s+favor|s'il\s+(?:te|vous)\s+pla[iî]t)\b",
    re.I,
)
CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")  # no spaces between words: no term can be told apart
CLAUSE_BREAK = re.compile(r";\s*|,\s+(?:but|and|so|while)\s+")
MAX_CONTEXT = 7  # letter-and-digit runs of the note on either side of the blank: a longer run copies it
RUN = re.compile(r"[^\W_]+")
KEEP_TO_SELF = "Answer without looking at your note."
WORD = re.compile(r"[^\W\d_][\w'-]*")
MIN_TERM = 4  # letters: a shorter word ("the", "is", "so") is not a key term
MIN_WORDS = 3
MISTAKE = re.compile(r"\b(?:wrong|mistake|error|forgot|confus\w*|mixed\s+up|instead|incorrect)\b", re.I)
FUNCTION_WORDS = frozenset(
    "about after again also always because been before being between both could does doing during each "
    "from have having into just many more most much must never only other over same should some such "
    "than that their them then there these they this those through very were what when where which while "
    "will with would your".split()
)


def _kept(words: list[str]) -> int:
    """How many of ``words`` (from the start) stay within :data:`MAX_CONTEXT` runs of the note."""
    runs = 0
    for index, word in enumerate(words):
        runs += len(RUN.findall(word))
        if runs > MAX_CONTEXT:
            return index
    return len(words)


def _around(before: str, after: str = "") -> str:
    """The blank in its own clause, with at most :data:`MAX_CONTEXT` runs of the note's words each side.

    A blank inside a whole copied sentence hands the note back all but one word; the clause around it,
    cut short, is what a recall question needs.
    """
    lead = CLAUSE_BREAK.split(before)[-1].split()
    tail = re.split(r"[;,.。!?](?:\s|$)", after, maxsplit=1)[0].split()
    kept_lead = lead[len(lead) - _kept(lead[::-1]) :]
    kept_tail = tail[: _kept(tail)]
    shown = " ".join(kept_lead)
    shown = f"… {shown}" if len(kept_lead) < len(lead) else _capitalised(shown)
    rest = " ".join(kept_tail) + (" …" if len(kept_tail) < len(tail) else "")
    return f"{shown} {BLANK}{' ' + rest if rest else ''}"


def _states_a_fact(text: str) -> bool:
    """Not about the learner, not a request, not a mistake, and in words a term can be cut out of."""
    return not (PRONOUN.match(text) or NOT_A_FACT.search(text) or MISTAKE.search(text) or CJK.search(text))


def fact(sentence: str) -> str:
    """``sentence`` without a first-person frame, first letter capitalised, end mark dropped."""
    text = LEARNED_FRAME.sub("", sentence.strip()).rstrip(".!")
    return _capitalised(text)


def _capitalised(text: str) -> str:
    """``text`` with a capital first letter, unless its first word already mixes cases ("pH", "iPhone")."""
    first = text.split(maxsplit=1)[0] if text.strip() else ""
    return text if any(ch.isupper() for ch in first) else text[:1].upper() + text[1:]


def _success(source: str) -> str:
    return (
        f"The answer matches the expected answer, {source}; recalled without looking at the note "
        "(wording may differ, the meaning may not)."
    )


def slip_question(sentence: str) -> BuiltQuestion | None:
    """ "Where you used X, what would have been right instead?", keyed with the note's right choice."""
    match = SLIP.search(sentence)
    if match is None:
        return None
    wrong, right = match.group("wrong").strip(), match.group("right").strip()
    if shows(right, wrong):
        return None
    question = (
        f"Where you {match.group('verb').lower()} {wrong}, what would have been right instead? {KEEP_TO_SELF}"
    )
    return BuiltQuestion(SLIP_KIND, question, right, _success("the right choice the note itself names"))


def recall_question(sentence: str) -> BuiltQuestion | None:
    """ "What is the formula for …?" or "What does … mean?", keyed with what the note says it is."""
    text = fact(sentence)
    formula = FORMULA.search(text)
    if formula is not None:
        question = f"What is the {formula.group('what').lower()} {formula.group('topic')}? {KEEP_TO_SELF}"
        key = formula.group("key").strip(KEY_TRIM)
    else:
        definition = DEFINITION.match(text)
        term = definition.group("term").strip() if definition else ""
        if definition is None or PRONOUN.match(term):
            return None
        question = f"What does “{term[:1].lower() + term[1:]}” mean? {KEEP_TO_SELF}"
        key = definition.group("key").strip(KEY_TRIM)
    if shows(key, question):
        return None
    return BuiltQuestion(RECALL_KIND, question, key, _success("as the note states it"))


def cloze_question(sentence: str) -> BuiltQuestion | None:
    """The fact with its short complement blanked: "The derivative of x^2 is ____.", keyed with it."""
    text = fact(sentence)
    copula = COPULA.search(text)
    if copula is None or len(text) > MAX_CLOZE or not _states_a_fact(text):
        return None
    subject = text[: copula.start()].strip()
    rest = text[copula.end() :]
    end = CLAUSE_END.search(rest)
    key = rest[: end.start() if end else len(rest)].strip(KEY_TRIM)
    chained = end is not None and rest[end.start() :].lstrip().startswith("=")
    if chained and re.search(r"[^\W\d_]", key):
        return None  # "R = 10 Ω et I = 0,5 A": where the first value ends is a guess
    if len(subject.split()) < 2 or not key or len(key.split()) > MAX_KEY_WORDS:
        return None
    lead = f"{subject} {copula.group('verb')}"
    question = f"Fill in the blank: {_around(lead)}."
    if shows(key, question):
        return None
    return BuiltQuestion(CLOZE_KIND, question, key, _success("the words the note states there"))


def term_cloze(sentence: str) -> BuiltQuestion | None:
    """The statement with its last content word blanked: "Similar triangles keep the angle ____."."""
    text = fact(sentence)
    words = list(WORD.finditer(text))
    if len(text) > MAX_CLOZE or len(words) < MIN_WORDS or "`" in text or not _states_a_fact(text):
        return None
    terms = [
        w for w in words[1:] if len(w.group(0)) >= MIN_TERM and w.group(0).casefold() not in FUNCTION_WORDS
    ]
    if not terms:
        return None
    term = terms[-1]
    question = f"Fill in the blank: {_around(text[: term.start()], text[term.end() :])}."
    if shows(term.group(0), question):
        return None
    return BuiltQuestion(CLOZE_KIND, question, term.group(0), _success("the word the note uses there"))
