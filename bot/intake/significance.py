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
from bot.intake.cue_match import CJK, Cues, fold
from bot.intake.cue_words import (
    ACADEMIC,
    ADVERT,
    ATTACHMENT,
    CONTEXT,
    EVENT,
    FILLER,
    FIRST_PERSON,
    GAP,
    HEDGE,
    JOKE,
    LAUGHTER,
    LOGISTICS,
    OFF_TOPIC,
    PLAN,
    REFERS_BACK,
    REMINDER,
    REQUEST,
    SMALL_TALK,
    TASK_REQUEST,
    UNDERSTOOD,
    UNFINISHED,
    every_language,
)
from bot.intake.learned_clause import states_what_was_learned
from bot.intake.subject_routing import without_subject_terms

_EVENT = Cues(every_language(EVENT))
_GAP = Cues(every_language(GAP))
_CONTEXT = Cues(every_language(CONTEXT))
_LOGISTICS = Cues(every_language(LOGISTICS))
_FIRST_PERSON = Cues(every_language(FIRST_PERSON))
_REQUEST = Cues(every_language(REQUEST))
_TASK_REQUEST = Cues(every_language(TASK_REQUEST))
_ACADEMIC = Cues(every_language(ACADEMIC))
_SMALL_TALK = Cues(every_language(SMALL_TALK))
_OFF_TOPIC = Cues(every_language(OFF_TOPIC))
_UNFINISHED = Cues(every_language(UNFINISHED))
_REFERS_BACK = Cues(every_language(REFERS_BACK))
_ATTACHMENT = Cues(every_language(ATTACHMENT))
_HEDGE = Cues(every_language(HEDGE))
_LAUGHTER = Cues(every_language(LAUGHTER))
_JOKE = Cues(every_language(JOKE))
_PLAN = Cues(every_language(PLAN))
_REMINDER = Cues(every_language(REMINDER))
_UNDERSTOOD = Cues(every_language(UNDERSTOOD))
# A claim of understanding this short says nothing of what was understood.
CLAIM_WORDS = 10
_FILLER = Cues(every_language(FILLER))
_LONG_WORD = re.compile(r"[^\W\d_]{3,}")
# Chinese and Japanese put no spaces between words, so a thought cut off there ends on one of these
# ("先把两边同时乘以3，然后", "両辺を2で割って、それから"); one-character ends (的) are too often a finished
# sentence's last word to count.
_CJK_CUT = re.compile(
    "(?:"
    + "|".join(
        re.escape(fold(cue)) for cue in every_language(UNFINISHED) if CJK.search(cue) and len(cue) >= 2
    )
    + r")[\W_]*$"
)
_ADVERT = Cues(every_language(ADVERT))
# A price ("9,99 €", "$500", "R$ 79", "50 %" aside), shouting ("!!!", an all-capital first word, 【…】) or a
# link beside an offer word is how an advert reads.
_PRICE = re.compile(
    r"(?:[$€£¥₽]|R\$)\s?\d|\d(?:[.,]\d+)?\s?(?:€|\$|£|руб|₽|元|円|euros?\b|reais\b|dollars?\b)", re.I
)
_SHOUT = re.compile(r"!!|【|^\W*[A-ZÀ-ÞА-ЯЁ]{4,}\b|https?://|www\.", re.M)
# A telephone number ("600 123 456", "06 12 34 56 78", "+7 999 123-45-67") is how an offer is answered.
_PHONE = re.compile(r"(?<![\d.,])(?:\+\d{1,3}[ .-]?)?\d{2,4}(?:[ .-]\d{2,4}){2,4}(?![\d.,])")
# A plan to study is asked about, not stored, up to this many words: past it, the note says more.
PLAN_WORDS = 15
_WORKED = frozenset({Signal.FORMULA, Signal.LATEX, Signal.CODE, Signal.STEPS, Signal.SOURCE})

_NUMBER = re.compile(r"\d")
_SENTENCE = re.compile(r"[^.!?。！？\n]*[.!?。！？]?")
SHORT = 30  # characters: a message this short that only points somewhere says nothing of its own
SHORT_WORDS = 6  # or this few words
# A heading, a topic or a bare value ("Chapter 5: genetics", "牛顿第二定律", "9,81 m/s²") says what the
# note is about, not what to keep: this many words at most, where two Chinese or Japanese characters
# count as one word and letters alone (units, variables) count as none.
TERSE_WORDS = 4
# A line that opens on a chapter or unit ("Chapitre 7 – Les réactions acido-basiques", "第5章 鎌倉幕府の成立")
# is a heading up to this many words.
HEADING_WORDS = 8
# A learning event with one subject term and no other evidence says what was learned only at this length.
THIN_WORDS = 10
# A line of topics with at most this many words each is a list of what to study, not what was learned.
LIST_ITEM_WORDS = 3
_LIST_SEPARATOR = re.compile(r"[,;、，；]|\s(?:and|und|et|e|y|и|a|ou|or|oder|o)\s")
_RELATION = re.compile(r"[=→⇒<>≈+]|->|=>")
# A note this short that points at an attachment or at something said before holds too little of its own.
POINTER_WORDS = 8
# A note this short that stops mid-thought is a fragment, whatever subject words it holds.
FRAGMENT_WORDS = 12
# A sentence of this many words that states a fact ("Der Rhein fließt in die Nordsee.") is knowledge
# of some kind even when no word list knows its field.
FACT_WORDS = 5
# A name in the middle of a sentence: a capital after a lower-case word (Latin or Cyrillic script). German
# capitalizes every noun, so a name alone never makes a note durable; it only keeps a fact from being dropped.
_NAME = re.compile(r"(?<=[a-zà-ÿа-яё,] )[A-ZÀ-ÞА-ЯЁ][a-zà-ÿа-яё]+")
_SENTENCE_END = (
    ".",
    "!",
    "。",
    "！",
)  # a short sentence ("Water boils at 100 °C.") is a statement, no heading
_WORDS = re.compile(r"[^\W\d_]{2,}")
_CJK_CHAR = re.compile("[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uac00-\ud7af]")
_PUNCTUATION = re.compile(r"[\W_]+")
# A capital I that is no pronoun: a regnal number ("Pedro I.", "Петре I:") or a symbol ("U = R·I").
_REGNAL = re.compile(r"(?P<name>[A-ZÀ-ÞА-ЯЁ][^\W\d_]+) +(?:I{1,3}|IV|VI{0,3}|IX)(?=\s*(?:[.,:;)]|$))", re.M)
_SYMBOL_I = re.compile(r"(?<=[·*×=/])\s*I\b|\bI(?=\s*[·*×=/])")
# A quoted example: "make a mistake", «faire une erreur», 「He plays」 — what a language note is made of.
_QUOTED = re.compile(
    r"\"[^\"\n]{2,}\"|“[^”\n]{2,}”|«[^»\n]{2,}»|「[^」\n]{2,}」|„[^“\n]{2,}“|(?<![\w'])'[^'\n]{2,}'(?![\w'])"
)
# In a note written in Chinese, Japanese or Russian, Latin words in brackets are quoted examples too:
# "三単現のsを忘れないこと（He plays, not He play）".
_FOREIGN_EXAMPLE = re.compile(r"[（(]\s*[A-Za-z]+(?:[\s,]+[A-Za-z]+)+[^）)]*[）)]")
_NON_LATIN = re.compile("[\u0400-\u04ff\u3040-\u30ff\u3400-\u9fff]")
# A reference to a place in the learner's material: "p. 34", "wie im Buch auf S. 47", "Глава 6", "第五章".
_REFERENCE = re.compile(
    r"(?<!\w)(?:p|pp|s|S|стр|с|pag|pág|page|seite|chapter|kapitel|capitulo|capítulo|chapitre|глава)\.?\s*\d"
    r"|第\s*[\d一二三四五六七八九十]+\s*[章课課题題页頁]"
    r"|問\s*\d",
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
    unfinished: bool = (
        False  # the note stops mid-thought, or only points at a page, a photo or something said
    )
    quoted: bool = False  # the note quotes an example in quotation marks
    terse: bool = False  # a heading, a topic or a bare value: a few words at most (TERSE_WORDS)
    hedged: bool = False  # "I think", "creo que", "кажется": an understanding claimed, not stated
    factual: bool = False  # a sentence of FACT_WORDS words with a name or a number: a fact about the world
    points_elsewhere: bool = False  # a short note that points at a photo or something said, with no image
    cut_off: bool = False  # a short note that stops on a word no sentence ends on ("… unter 7 ist dann")
    gap: bool = False  # a difficulty is named (don't understand, keep confusing …), not only an event
    words: int = 0  # the note's words (word_count)
    remainder: int = (
        99  # words past the cues, filler, pronouns and subject terms: what the note says of its own
    )
    joking: bool = False  # laughter ("lol", "jaja", "哈哈", "（笑）"): a joke or a remark in passing
    advert: bool = False  # an offer word beside a price, shouting or a link: something for sale
    plan: bool = False  # a plan to study ("I plan to revise …", "хочу повторить …"): not yet learning
    reminder: bool = False  # what to bring or do for a class ("don't forget your lab coat"): logistics
    claims_understanding: bool = False  # a short "it clicked", "lo pillo", "дошло": what, it does not say


def read(
    text: str, note: str, *, signals: frozenset[Signal], content: int, named: bool, wants_question: bool
) -> Reading:
    """Read the cues of ``text`` (title and note); ``note`` alone decides whether it is only questions."""
    prose = without_code(without_markup(text))
    folded = fold(prose)
    long_enough = word_count(note) >= FACT_WORDS
    unquoted = fold(_QUOTED.sub(" ", prose))
    return Reading(
        learning=len(_EVENT.hits(folded) | _GAP.hits(folded)),
        context=_CONTEXT.found(folded),
        logistics=_LOGISTICS.found(folded) or _REMINDER.found(folded),
        request=_REQUEST.found(folded) or _TASK_REQUEST.found(folded),
        academic=len(_ACADEMIC.hits(folded)),
        small_talk=_SMALL_TALK.found(unquoted),  # "Teacher said 'estoy aburrido' = I'm bored": an example
        off_topic=_OFF_TOPIC.found(without_subject_terms(folded)),  # prices in economics are content
        signals=signals,
        content=content,
        numbers=bool(_NUMBER.search(without_markup(text))),
        first_person=_FIRST_PERSON.found(fold(_SYMBOL_I.sub(" ", _REGNAL.sub(r"\g<name>", prose)))),
        question_only=is_question_only(note),
        states_learning=states_what_was_learned(folded, (_EVENT, _GAP, _CONTEXT)),
        named=named,
        wants_question=wants_question or _TASK_REQUEST.found(folded),
        unfinished=is_unfinished(note),
        quoted=bool(_QUOTED.search(text) or (_NON_LATIN.search(text) and _FOREIGN_EXAMPLE.search(text))),
        terse=is_heading(note),
        hedged=_HEDGE.found(folded),
        factual=long_enough and bool(_NAME.search(prose) or _NUMBER.search(prose)),
        points_elsewhere=word_count(note) <= POINTER_WORDS
        and not signals
        and (_ATTACHMENT.found(folded) or _REFERS_BACK.found(folded)),
        cut_off=word_count(note) < FRAGMENT_WORDS and stops_mid_thought(note),
        gap=_GAP.found(folded),
        words=word_count(note),
        remainder=_remainder(folded),
        joking=_LAUGHTER.found(folded) or _JOKE.found(folded) or prose.rstrip().endswith("笑"),
        advert=is_advert(prose, folded),
        plan=_PLAN.found(folded) and word_count(note) <= PLAN_WORDS,
        reminder=_REMINDER.found(folded),
        claims_understanding=_UNDERSTOOD.found(folded) and word_count(note) <= CLAIM_WORDS,
    )


def _remainder(folded: str) -> int:
    """Words of three letters or more (two CJK characters as one) left once the learning cues, filler,
    pronouns and every subject term are blanked out: "l'ADN est une double hélice" keeps "est une double
    hélice", "Studied mitosis today" keeps nothing."""
    rest = without_subject_terms(folded)
    for cues in (_EVENT, _GAP, _CONTEXT, _HEDGE, _FILLER, _FIRST_PERSON, _UNFINISHED):
        rest = cues.without(rest)
    return len(_LONG_WORD.findall(_CJK_CHAR.sub(" ", rest))) + len(_CJK_CHAR.findall(rest)) // 2


def is_advert(prose: str, folded: str) -> bool:
    """An offer word beside a price, shouting or a link, or two offer words and an exclamation mark."""
    offers = len(_ADVERT.hits(folded))
    loud = bool(_PRICE.search(prose) or _SHOUT.search(prose) or _PHONE.search(prose))
    return (offers >= 1 and loud) or (offers >= 2 and "!" in prose)


def is_heading(note: str) -> bool:
    """A heading, a topic or a bare value: a few words at most, or one line that opens on a chapter, and
    in either case no finished sentence."""
    plain = without_markup(note).strip()
    if plain.endswith(_SENTENCE_END):
        return False
    words = word_count(note)
    chapter = "\n" not in plain and bool(_REFERENCE.match(plain)) and words <= HEADING_WORDS
    return words <= TERSE_WORDS or chapter or is_topic_list(plain)


def is_topic_list(plain: str) -> bool:
    """One line of topics and nothing said about them ("Mitochondrien, Ribosomen, Golgi-Apparat",
    "Revisar: enlaces covalentes, electronegatividad"): two or more items of a few words each, after an
    optional label, with no number, arrow, equation or finished sentence."""
    if "\n" in plain or _NUMBER.search(plain) or _RELATION.search(plain):
        return False
    body = plain.split(":", 1)[1] if ":" in plain else plain
    items = [item for item in _LIST_SEPARATOR.split(body) if item.strip()]
    return len(items) >= 2 and all(word_count(item) <= LIST_ITEM_WORDS for item in items)


def word_count(note: str) -> int:
    """The note's words, images, links and code aside: runs of two letters or more (so ``m/s²`` and ``x``
    count for nothing), and every two Chinese or Japanese characters as one, since those scripts put no
    spaces between words."""
    plain = without_code(without_markup(note))
    return len(_WORDS.findall(_CJK_CHAR.sub(" ", plain))) + (len(_CJK_CHAR.findall(plain)) + 1) // 2


def is_unfinished(note: str) -> bool:
    """True for a thought cut off (it stops on a word no sentence ends on), a bare value, or a short
    message that only points at a page, a chapter, a photo or something said before: what the learner
    meant is unclear, so the bot asks instead of dropping it."""
    plain = without_markup(note).strip()
    folded = fold(plain)
    pointer = _REFERENCE.search(plain) or _REFERS_BACK.found(folded) or _ATTACHMENT.found(folded)
    if pointer and (len(plain) <= SHORT or word_count(plain) <= SHORT_WORDS):
        return True
    if _NUMBER.search(plain) and not _WORDS.search(plain):  # "1789", "3,14159", "-273,15"
        return True
    return stops_mid_thought(plain)


def stops_mid_thought(note: str) -> bool:
    """True when the note stops on a word no sentence ends on (a conjunction, an article, "dann")."""
    plain = without_markup(note).strip()
    if not plain or plain.endswith((".", "!", "。", "！", "?", "？")):
        return False
    words = [word for word in fold(plain).split() if _PUNCTUATION.sub("", word)]  # emoji aside
    if not words:
        return False
    ends = (words[-1], " ".join(words[-2:]))  # "… the", and two-word ends: "a gente", "то есть"
    return any(not _PUNCTUATION.sub("", _UNFINISHED.without(end)) for end in ends) or bool(
        _CJK_CUT.search(words[-1])
    )


def is_question_only(note: str) -> bool:
    """True when the note, images and links aside, has at least one sentence and all of them are questions."""
    sentences = [s.strip() for s in _SENTENCE.findall(without_markup(note)) if re.search(r"\w", s)]
    return bool(sentences) and all(s.endswith(("?", "？")) for s in sentences)


def bare_claim(reading: Reading) -> bool:
    """An understanding claimed and nothing said of what ("hmm ok, I think it finally clicked", "А, вот
    оно что. Ну, вроде дошло"), asked about; "ok got it, thanks!" (no hedge beside the thanks) stays a reply
    in passing."""
    everyday = reading.logistics or reading.off_topic or reading.advert or reading.joking
    claimed = reading.claims_understanding and (reading.hedged or not reading.small_talk)
    return claimed and not (everyday or reading.request or _substance(reading))


def _substance(reading: Reading) -> int:
    """Something to learn from: subject terms, academic words, language-free signals."""
    return reading.content + reading.academic + len(reading.signals)


def judge(reading: Reading) -> tuple[Significance, str]:
    """The decision and the reason the record or the reply gives for it."""
    if bare_claim(reading):
        return Significance.AMBIGUOUS, "an understanding claimed but not stated: what to keep is unclear"
    significance, reason = _decide(reading)
    if reading.advert and Signal.SOURCE not in reading.signals:
        return Significance.INCIDENTAL, "an advert: something for sale, not a learning note"
    if reading.joking and significance is Significance.DURABLE and not reading.signals & _WORKED:
        # "物理の先生に「君の成績は重力に従ってるね」と言われた…笑": subject words in a joke are not a note.
        return Significance.AMBIGUOUS, "a joke or a remark in passing, not clearly a learning event"
    everyday = reading.off_topic or reading.small_talk
    school = reading.learning or reading.context
    if significance is Significance.DURABLE and everyday and not (school and _rich(reading)):
        # "My cell phone battery ran out of energy": subject words in everyday talk are not a note.
        return Significance.AMBIGUOUS, "subject words in everyday talk, not clearly a learning event"
    worked = reading.signals & {Signal.STEPS, Signal.SOURCE}
    if significance is Significance.DURABLE and reading.plan and not reading.signals & _WORKED:
        # "Je compte réviser le chômage et l'inflation demain soir": what the learner means to study.
        return Significance.AMBIGUOUS, "a plan to study: what to keep is unclear"
    if significance is Significance.DURABLE and reading.points_elsewhere:
        # "光合作用的笔记见图片", "my notes from biology, see attached": the material is not in the message.
        return Significance.AMBIGUOUS, "it points at material the message does not hold"
    if significance is Significance.DURABLE and reading.cut_off and not reading.signals & _WORKED:
        # "und wenn der pH-Wert unter 7 ist dann": a thought cut off is asked about, whatever it names.
        return Significance.AMBIGUOUS, "a thought cut off: what to keep is unclear"
    if (
        significance is Significance.DURABLE
        and reading.terse
        and not (reading.learning or reading.request or worked)
    ):
        return Significance.AMBIGUOUS, "a heading, a topic or a bare value: what to keep is unclear"
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
        if _fact(reading):
            return Significance.AMBIGUOUS, "a statement of fact whose subject the bot does not know"
        reason = "small talk" if reading.small_talk else "no learning content recognized"
        return Significance.INCIDENTAL, reason
    if reading.small_talk and not (reading.request or _substance(reading) or reading.hedged):
        # "Thanks, understood!", "分かった、ありがとう": a reply in passing, however it is worded.
        return Significance.INCIDENTAL, "small talk"
    if Signal.SOURCE in reading.signals and not reading.question_only:
        return Significance.DURABLE, "a note filing the learner's own material (its Source: line)"
    if reading.learning:
        return _learning_event(reading)
    if reading.wants_question and reading.content and not (reading.logistics or reading.off_topic):
        return (
            Significance.DURABLE,
            "a request for a task on subject content: a learning intention",
        )
    if reading.context and not reading.question_only:
        return _in_context(reading)
    if reading.question_only:
        return _question(material=material)
    if reading.request:
        return _request(reading)
    return _statement(reading)


def _learning_event(reading: Reading) -> tuple[Significance, str]:
    if reading.logistics and not _rich(reading):
        # "明天再复习经济学吧", "Tomorrow I revise chemistry": a plan to study, not a note.
        return Significance.INCIDENTAL, "plans to study a subject"
    if _substance(reading):
        if thin(reading):
            # "I finally understood derivatives", "Studied mitosis today": a topic, not what was learned.
            return Significance.AMBIGUOUS, "a learning event that names a topic but says little about it"
        return Significance.DURABLE, "a learning event with content to learn from"
    school = reading.context or reading.academic or reading.signals or reading.named
    if reading.states_learning and school and not (reading.logistics or reading.off_topic):
        return Significance.DURABLE, "a learning event that says what was learned"
    if reading.quoted and reading.named and reading.context and not reading.logistics:
        # "My English teacher said I confuse "make" and "do"": a correction and its quoted examples.
        return Significance.DURABLE, "a teacher's correction in a named subject, with its examples"
    return Significance.AMBIGUOUS, "it sounds like learning but names nothing to record"


def thin(reading: Reading) -> bool:
    """A short report of learning with one subject term and nothing else: no difficulty or request (which
    name a gap), no number, quotation, formula or clause saying what was learned."""
    if reading.gap or reading.request or reading.wants_question or reading.states_learning:
        return False
    evidence = reading.numbers or reading.quoted or bool(reading.signals) or reading.remainder >= 2
    return _substance(reading) < 2 and not evidence and reading.words < THIN_WORDS


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
    """A request to be explained to is a learning intention, which the bot answers with a teaching start;
    beside a rich statement of content it is durable."""
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
    if reading.reminder and not reading.signals - {Signal.UNITS}:
        # "Anatomy lab is 8 am Monday, don't forget your lab coat": when and what to bring, not content.
        return (
            Significance.AMBIGUOUS,
            "plans or a reminder beside subject words, not clearly a learning event",
        )
    if reading.first_person:
        enough = reading.content >= 2 and bool(reading.signals or reading.academic)
    else:
        enough = _rich(reading)
    if enough:
        return Significance.DURABLE, "a statement of subject content"
    return Significance.AMBIGUOUS, "some subject content, but not clearly a learning event"


def _fact(reading: Reading) -> bool:
    """A third-person statement with a name or a number, not about the learner's day, plans or pastimes:
    knowledge the word lists cannot place ("Der Rhein fließt in die Nordsee."), worth one question."""
    everyday = reading.small_talk or reading.off_topic or reading.logistics or reading.first_person
    return reading.factual and not (everyday or reading.question_only)
