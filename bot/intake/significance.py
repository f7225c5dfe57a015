"""The protocol's first decision for free text: durable, ambiguous or incidental, from cues and content.

Storing is the costly mistake (a chat about dinner filed as learning is noise the learner must undo), so
a note is DURABLE only on two kinds of evidence together:

- a learning cue (learned, got wrong, keep confusing …) *and* something to learn from: subject terms,
  academic words, a formula, code, the learner's own material; or, with the plainest verbs of learning
  and a sign of school, a clause that says what was learned (:mod:`bot.intake.learned_clause`);
- or plenty of subject content: in a statement, beside a named class, teacher or exam (which alone say
  where learning happens, not that it did), or a question about the learner's own photo, steps or code.

A ``Source:`` line files the learner's own material and is durable, and so is a teacher's correction in a
named subject that quotes its examples. What is likely learning but short of this is AMBIGUOUS — and so
is a thought cut off mid-sentence, a bare number, or a short message that only points at a page or at
something said before: the core then asks one question or shows the exact pending writeback, and stores
nothing until the learner answers.
Small talk, everyday topics and plans with no subject content are INCIDENTAL, and subject words in
everyday talk never make a note durable.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.intake.agent import Significance
from bot.intake.content_signals import MATERIAL, Signal, without_code, without_markup
from bot.intake.cue_match import Cues, fold
from bot.intake.cue_words import (
    ACADEMIC,
    CONTEXT,
    EVENT,
    FIRST_PERSON,
    GAP,
    LOGISTICS,
    OFF_TOPIC,
    REFERS_BACK,
    REQUEST,
    SMALL_TALK,
    UNFINISHED,
    every_language,
)
from bot.intake.learned_clause import states_what_was_learned

_EVENT = Cues(every_language(EVENT))
_GAP = Cues(every_language(GAP))
_CONTEXT = Cues(every_language(CONTEXT))
_LOGISTICS = Cues(every_language(LOGISTICS))
_FIRST_PERSON = Cues(every_language(FIRST_PERSON))
_REQUEST = Cues(every_language(REQUEST))
_ACADEMIC = Cues(every_language(ACADEMIC))
_SMALL_TALK = Cues(every_language(SMALL_TALK))
_OFF_TOPIC = Cues(every_language(OFF_TOPIC))
_UNFINISHED = Cues(every_language(UNFINISHED))
_REFERS_BACK = Cues(every_language(REFERS_BACK))

_NUMBER = re.compile(r"\d")
_SENTENCE = re.compile(r"[^.!?。！？\n]*[.!?。！？]?")
_BARE_NUMBER = re.compile(r"\d{1,4}")
SHORT = 30  # characters: a message this short that only points somewhere says nothing of its own
_PUNCTUATION = re.compile(r"[\W_]+")
# A capital I that is no pronoun: a regnal number ("Pedro I.", "Петре I:") or a symbol ("U = R·I").
_REGNAL = re.compile(r"(?P<name>[A-ZÀ-ÞА-ЯЁ][^\W\d_]+) +(?:I{1,3}|IV|VI{0,3}|IX)(?=\s*(?:[.,:;)]|$))", re.M)
_SYMBOL_I = re.compile(r"(?<=[·*×=/])\s*I\b|\bI(?=\s*[·*×=/])")
# A quoted example: "make a mistake", «faire une erreur», 「He plays」 — what a language note is made of.
_QUOTED = re.compile(r"\"[^\"\n]{2,}\"|“[^”\n]{2,}”|«[^»\n]{2,}»|「[^」\n]{2,}」|„[^“\n]{2,}“")
# A reference to a place in the learner's material with nothing about it: "p. 34", "Глава 6", "第五章".
_REFERENCE = re.compile(
    r"^\W*(?:p|pp|s|S|стр|pag|pág|page|seite|chapter|kapitel|capitulo|capítulo|chapitre|глава)\.?\s*\d"
    r"|^\W*第\s*[\d一二三四五六七八九十]+\s*[章课課题題]"
    r"|^\W*問\s*\d",
    re.I,
)


@dataclass(frozen=True)
class Reading:
    """What the rule agent heard in one note: cue counts, signals and how much subject content."""

    learning: int  # distinct cues of a learning event or of a difficulty
    context: bool  # a place of learning is named: a class, a teacher, homework, an exam
    logistics: bool  # plans and scheduling: tomorrow, a deadline, a cancelled class
    request: bool  # asks to be taught, explained or quizzed
    academic: int  # subject-agnostic academic words: formula, theorem, definition …
    small_talk: bool
    off_topic: bool
    signals: frozenset[Signal]
    content: int  # subject terms and knowledge-point words (see bot.intake.subject_routing)
    numbers: bool  # a number or a year: with a subject term, a statement of fact
    first_person: bool  # the learner speaks of themselves (I, my, je, 我 …)
    question_only: bool  # every sentence of the note is a question
    states_learning: bool  # past its learning cues, the note says what was learned (learned_clause)
    named: bool  # a school subject is named (biology, 数学, историю …)
    wants_question: bool  # an explicit request for a task ("quiz me")
    unfinished: bool = False  # the note stops mid-thought, or only points at a page or something said
    quoted: bool = False  # the note quotes an example in quotation marks


def read(
    text: str, note: str, *, signals: frozenset[Signal], content: int, named: bool, wants_question: bool
) -> Reading:
    """Read the cues of ``text`` (title and note); ``note`` alone decides whether it is only questions."""
    prose = without_code(without_markup(text))
    folded = fold(prose)
    return Reading(
        learning=len(_EVENT.hits(folded) | _GAP.hits(folded)),
        context=_CONTEXT.found(folded),
        logistics=_LOGISTICS.found(folded),
        request=_REQUEST.found(folded),
        academic=len(_ACADEMIC.hits(folded)),
        small_talk=_SMALL_TALK.found(folded),
        off_topic=_OFF_TOPIC.found(folded),
        signals=signals,
        content=content,
        numbers=bool(_NUMBER.search(without_markup(text))),
        first_person=_FIRST_PERSON.found(fold(_SYMBOL_I.sub(" ", _REGNAL.sub(r"\g<name>", prose)))),
        question_only=is_question_only(note),
        states_learning=states_what_was_learned(folded, (_EVENT, _GAP, _CONTEXT)),
        named=named,
        wants_question=wants_question,
        unfinished=is_unfinished(note),
        quoted=bool(_QUOTED.search(text)),
    )


def is_unfinished(note: str) -> bool:
    """True for a thought cut off (it stops on a word no sentence ends on), a bare number, or a short
    message that only points at a page, a chapter or something said before: what the learner meant is
    unclear, so the bot asks instead of dropping it."""
    plain = without_markup(note).strip()
    if len(plain) <= SHORT and (_REFERENCE.search(plain) or _REFERS_BACK.found(fold(plain))):
        return True
    if _BARE_NUMBER.fullmatch(plain):
        return True
    if not plain or plain.endswith((".", "!", "。", "！", "?", "？")):
        return False
    words = [word for word in fold(plain).split() if _PUNCTUATION.sub("", word)]  # emoji aside
    if not words:
        return False
    ends = (words[-1], " ".join(words[-2:]))  # "… the", and two-word ends: "a gente", "то есть"
    return any(not _PUNCTUATION.sub("", _UNFINISHED.without(end)) for end in ends)


def is_question_only(note: str) -> bool:
    """True when the note, images and links aside, has at least one sentence and all of them are questions."""
    sentences = [s.strip() for s in _SENTENCE.findall(without_markup(note)) if re.search(r"\w", s)]
    return bool(sentences) and all(s.endswith(("?", "？")) for s in sentences)


def _substance(reading: Reading) -> int:
    """Something to learn from: subject terms, academic words, language-free signals."""
    return reading.content + reading.academic + len(reading.signals)


def judge(reading: Reading) -> tuple[Significance, str]:
    """The decision and the reason the record or the reply gives for it."""
    significance, reason = _decide(reading)
    everyday = reading.off_topic or reading.small_talk
    if significance is Significance.DURABLE and everyday and not (reading.learning and _rich(reading)):
        # "My cell phone battery ran out of energy": subject words in everyday talk are not a note.
        return Significance.AMBIGUOUS, "subject words in everyday talk, not clearly a learning event"
    return significance, reason


def _decide(reading: Reading) -> tuple[Significance, str]:
    material = bool(reading.signals & MATERIAL)
    if reading.off_topic and not reading.content and not material:
        return Significance.INCIDENTAL, "an everyday topic, not subject learning"
    if not (reading.learning or reading.context or reading.request or _substance(reading)):
        if reading.unfinished and not reading.small_talk:
            return (
                Significance.AMBIGUOUS,
                "a thought cut off, or a bare page or chapter: unclear what it means",
            )
        reason = "small talk" if reading.small_talk else "no learning content recognized"
        return Significance.INCIDENTAL, reason
    if reading.small_talk and not (reading.request or _substance(reading)):
        # "Thanks, understood!", "分かった、ありがとう": a reply in passing, however it is worded.
        return Significance.INCIDENTAL, "small talk"
    if Signal.SOURCE in reading.signals and not reading.question_only:
        return Significance.DURABLE, "a note filing the learner's own material (its Source: line)"
    if reading.learning:
        return _learning_event(reading)
    if reading.context and not reading.question_only:
        return _in_context(reading)
    if reading.question_only:
        return _question(material=material)
    if reading.request:
        return _request(reading)
    return _statement(reading)


def _learning_event(reading: Reading) -> tuple[Significance, str]:
    if _substance(reading):
        return Significance.DURABLE, "a learning event with content to learn from"
    school = reading.context or reading.academic or reading.signals or reading.named
    if reading.states_learning and school and not (reading.logistics or reading.off_topic):
        return Significance.DURABLE, "a learning event that says what was learned"
    if reading.quoted and reading.named and reading.context and not reading.logistics:
        # "My English teacher said I confuse "make" and "do"": a correction and its quoted examples.
        return Significance.DURABLE, "a teacher's correction in a named subject, with its examples"
    return Significance.AMBIGUOUS, "it sounds like learning but names nothing to record"


def _in_context(reading: Reading) -> tuple[Significance, str]:
    """A class, a teacher or an exam named beside subject content: durable when the content is rich or the
    note holds a formula, code or worked steps, and it is not about when the class or exam is."""
    if reading.logistics:
        if _rich(reading):
            return Significance.AMBIGUOUS, "plans for a class or an exam, with subject content"
        return Significance.INCIDENTAL, "plans for a class or an exam"
    if _rich(reading) or reading.signals - {Signal.UNITS}:
        return Significance.DURABLE, "subject content from a class, a teacher or an exam"
    return Significance.AMBIGUOUS, "it names a class or an exam but says too little to record"


def _question(*, material: bool) -> tuple[Significance, str]:
    if material:
        return Significance.DURABLE, "a question about the learner's own material"
    return Significance.AMBIGUOUS, "a question about subject content, not yet a learning event"


def _request(reading: Reading) -> tuple[Significance, str]:
    """A request beside content: a task asked for on subject content, or a rich statement, is durable."""
    if reading.wants_question and reading.content:
        return Significance.DURABLE, "an explicit request for a task on subject content"
    if _rich(reading):
        return Significance.DURABLE, "a statement of subject content"
    return Significance.AMBIGUOUS, "a request to be taught: a learning intention"


def _rich(reading: Reading) -> bool:
    """Plenty to learn from: two subject terms, one beside an academic word, a signal or a number (a date
    in history), or two signals (a formula and its worked steps need no words)."""
    beside = reading.signals or reading.academic or reading.numbers
    return reading.content >= 2 or bool(reading.content and beside) or len(reading.signals) >= 2


def _statement(reading: Reading) -> tuple[Significance, str]:
    """A statement with no cue words: only its content speaks, and more of it when the learner speaks of
    themselves ("I'm at 40 percent battery", "I love cells and genes")."""
    if reading.first_person:
        enough = reading.content >= 2 and bool(reading.signals or reading.academic)
    else:
        enough = _rich(reading)
    if enough:
        return Significance.DURABLE, "a statement of subject content"
    return Significance.AMBIGUOUS, "some subject content, but not clearly a learning event"
