"""The offline rule agent: recognition from issue forms, labels, cue words and the note's content.

It is honest about its limits: it never claims to have read an image or to have taught anything, and
when it cannot route a note safely it says so instead of guessing. Free text is judged in any of eight
languages (:mod:`bot.intake.significance`) and routed by its content to the repository's subjects and
knowledge points (:mod:`bot.intake.subject_routing`); issue forms and learning labels are learning input
whatever their wording.
"""

from __future__ import annotations

import re

from bot.automation.record import asks_for_deployment
from bot.diagnose.signal_words import starts_teaching
from bot.intake.agent import Channel, LearnerInput, Recognition, Significance
from bot.intake.content_signals import MEDIA, SOURCE_LINE, Signal, content_signals
from bot.intake.cue_match import Cues, fold
from bot.intake.cue_words import CHANNELS
from bot.intake.field_model import FieldModel, committed_field_model
from bot.intake.learning_model import LearningModel, committed_model
from bot.intake.significance import Reading, judge, read, thin, word_count
from bot.intake.subject_routing import Routing, field_of, route
from bot.review.question import asks_for_question
from bot.review.question_gen import GeneratedQuestions, QuestionContext, rule_questions
from bot.text import folder_or_slug, slugify

FORM_SECTION = re.compile(r"^###\s+(?P<label>.+?)\s*$", re.M)

IMAGE_LINK = re.compile(
    r"!\[[^\]]*\]\((?P<md>https?://[^)\s]+)[^)]*\)|<img\b[^>]*\bsrc=\"(?P<html>https?://[^\"]+)\"", re.I
)
WEB_LINK = re.compile(r"https?://|www\.", re.I)
_CHANNELS = tuple((channel, Cues(cues)) for channel, cues in CHANNELS)

# Labels that mark an issue as learning input regardless of wording.
LEARNING_LABELS = frozenset({"study-note", "learning", "note", "mistake", "attempt", "question"})


def image_urls(body: str) -> tuple[str, ...]:
    """The web addresses of images embedded in a note (Markdown or HTML), in order, each once."""
    found = (match.group("md") or match.group("html") for match in IMAGE_LINK.finditer(body))
    return tuple(dict.fromkeys(found))


def parse_issue_form(body: str) -> dict[str, str]:
    """Split a rendered issue form (``### Label`` + value) into ``{slug(label): value}``."""
    sections: dict[str, str] = {}
    matches = list(FORM_SECTION.finditer(body))
    for index, match in enumerate(matches):
        end = matches[index + 1].start() if index + 1 < len(matches) else len(body)
        value = body[match.end() : end].strip()
        if value and value != "_No response_":
            sections[slugify(match.group("label"), fallback="field")] = value
    return sections


# The learning model moves an ambiguous statement to durable only at this probability or above: chosen
# by cross-validation over the development message files (bench/judgement/train_learning_model.py) so
# that storing precision stays above the target in every language.
CONFIDENT = 0.7
VERY_CONFIDENT = 0.9
# A statement the field model places in none of the repository's fields (at PLACED probability or more)
# is as likely weather or an advert as a note: the learning model must be surer (cross-validated too).
PLACED = 0.2
UNPLACED_CONFIDENT = 0.8
# A message shorter than this (words, see significance.word_count) is a topic, a heading or a value: the
# rules' question stands whatever the model reads.
MODEL_WORDS = 5


class RuleAgent:
    """Deterministic recognition from forms, labels, cues and content; questions built from the evidence.

    ``model`` is the learning model consulted on ambiguous statements, ``field_model`` the field model
    that chooses among several subjects the word lists leave open; by default the committed weights of
    each (read on first use). ``use_model=False`` decides by the rules alone.
    """

    def __init__(
        self,
        model: LearningModel | None = None,
        *,
        field_model: FieldModel | None = None,
        use_model: bool = True,
    ) -> None:
        self._model = model
        self._field_model = field_model
        self._use_model = use_model

    def generate_questions(self, context: QuestionContext) -> GeneratedQuestions:
        return rule_questions(context)

    def recognize(self, learner_input: LearnerInput) -> Recognition:
        form = parse_issue_form(learner_input.body)
        note = form.get("note") or form.get("what-did-you-learn") or learner_input.body.strip()
        if not note:
            return Recognition(significance=Significance.INCIDENTAL, reason="the issue has no text")
        text = f"{learner_input.title}\n{note}"
        labels = {label.lower() for label in learner_input.labels}
        subjects = _subjects(learner_input)
        signals = content_signals(f"{learner_input.title}\n{learner_input.body}")
        formula = bool(signals & {Signal.FORMULA, Signal.LATEX})
        routing = route(
            text, subjects, learner_input.knowledge_points, formula=formula, field_model=self._fields()
        )
        wants_question = asks_for_question(f"{learner_input.title}\n{learner_input.body}")
        if labels & LEARNING_LABELS or form:
            significance, reason = Significance.DURABLE, "a learner note with learning content"
        else:
            reading = read(
                text,
                note,
                signals=signals,
                content=routing.content,
                named=routing.named,
                wants_question=wants_question,
            )
            significance, reason = judge(reading)
            unheard = significance is Significance.INCIDENTAL and not (everyday(reading) or reading.hedged)
            if significance is Significance.AMBIGUOUS or unheard:
                # Nothing the word lists know is no proof of small talk: a statement in a field they do
                # not cover ("Negligence in tort law: …") gets the same second reading as an unsure one.
                significance, reason = self._second_reading(
                    reading, text, note, (significance, reason), subjects
                )
        if significance is Significance.INCIDENTAL:
            return Recognition(significance=significance, note=note, reason=reason)
        subject = _declared_subject(form, labels, subjects) or _routed_subject(routing, subjects)
        if subject is None:
            significance, reason = Significance.AMBIGUOUS, _unrouted(routing)
        return Recognition(
            significance=significance,
            channel=_channel(form.get("channel", ""), text),
            subject=subject,
            note=note,
            reason=reason,
            has_unread_media=bool(MEDIA.search(learner_input.body)),
            knowledge_point=_named_point(form, labels),
            prerequisites=tuple(p.strip() for p in form.get("prerequisites", "").split(",") if p.strip()),
            source=_source(form, learner_input.body),
            wants_question=wants_question,
        )

    def _fields(self) -> FieldModel | None:
        if not self._use_model:
            return None
        return self._field_model or committed_field_model()

    def _placed(self, text: str, subjects: tuple[str, ...]) -> bool:
        """Whether the field model reads ``text`` as about a field of the repository's subjects (with no
        field model, or a subject of no known field, it cannot say otherwise)."""
        model = self._fields()
        fields = {field_of(subject) for subject in subjects}
        if model is None or None in fields:
            return True
        probabilities = model.probabilities(text)
        return any(probabilities.get(field or "", 0.0) >= PLACED for field in fields)

    def _learning_model(self) -> LearningModel | None:
        if not self._use_model:
            return None
        return self._model or committed_model()

    def _second_reading(
        self,
        reading: Reading,
        text: str,
        note: str,
        decided: tuple[Significance, str],
        subjects: tuple[str, ...],
    ) -> tuple[Significance, str]:
        """An ambiguous note looked at again: a request to be taught is a learning intention (durable:
        the pipeline records it and gives the teaching start, bot.organize.gaps); a full statement with
        no sign of talk, plans, a hedge or a cut-off thought is durable when the learning model is
        confident. A subject must still be routed, or the core asks for one."""
        significance, reason = decided
        if asks_for_deployment(text):  # an operator's errand (finish the automation), never a learning note
            return significance, reason
        unsure = significance is Significance.AMBIGUOUS  # the intentions below: only from an unsure note
        if unsure and starts_teaching(text) and not everyday(reading):
            return Significance.DURABLE, "a request to be taught: a learning intention"
        if unsure and reading.wants_question and word_count(note) >= MODEL_WORDS and not everyday(reading):
            # "Stell mir eine Frage zur Lorentzkraft": a task on a named topic, whatever the word lists know.
            return Significance.DURABLE, "a request for a task on a topic: a learning intention"
        if not _model_may_read(reading, note):
            return significance, reason
        model = self._learning_model()
        # Everyday words (prices, phones, food) beside subject content need the model surer still.
        confident = VERY_CONFIDENT if reading.off_topic else CONFIDENT
        if not self._placed(text, subjects):  # nor does the field model see any of the repository's fields
            confident = max(confident, UNPLACED_CONFIDENT)
        if model is not None and model.probability(text) >= confident:
            return Significance.DURABLE, "a statement the learning model reads as a learning note"
        return significance, reason


def everyday(reading: Reading) -> bool:
    """Plans, small talk or an everyday topic: what no learning intention is made of."""
    return reading.logistics or reading.off_topic or reading.small_talk or reading.joking or reading.advert


def _model_may_read(reading: Reading, note: str) -> bool:
    """Only a whole statement, in no everyday register, may be read as learning by the model; a question
    may when it names a difficulty ("I don't understand why …?"), the learner's own gap."""
    everyday = reading.small_talk or reading.logistics or reading.hedged or reading.joking or reading.advert
    cut = (
        reading.unfinished
        or reading.terse
        or thin(reading)
        or (reading.question_only and not reading.learning)
    )
    # A link that is not an image points elsewhere: an advert, or material the note does not hold.
    linked = bool(WEB_LINK.search(IMAGE_LINK.sub(" ", note)))
    return not (everyday or cut or linked) and word_count(note) >= MODEL_WORDS


def _subjects(learner_input: LearnerInput) -> tuple[str, ...]:
    """The repository's subject folders; before the first exists, the subject named at setup."""
    if learner_input.known_subjects:
        return learner_input.known_subjects
    default = _folder(learner_input.default_subject, fallback="") if learner_input.default_subject else ""
    return (default,) if default else ()


def _folder(name: str, *, fallback: str | None) -> str | None:
    """The folder a subject the learner named goes in, in any script (``история``); ``fallback`` when it
    has none."""
    return folder_or_slug(name, fallback="") or fallback


def _declared_subject(form: dict[str, str], labels: set[str], subjects: tuple[str, ...]) -> str | None:
    """The subject the learner named: the form's field, a ``subject:`` label, or a label naming a folder."""
    if form.get("subject"):
        return _folder(form["subject"], fallback="general")
    for label in sorted(labels):
        if label.startswith("subject:"):
            return _folder(label.removeprefix("subject:"), fallback="general")
    return next(
        (folder for label in sorted(labels) if (folder := _folder(label, fallback=None)) in subjects), None
    )


def _routed_subject(routing: Routing, subjects: tuple[str, ...]) -> str | None:
    """The subject the content points to; else the repository's only subject, unless the note is about
    another field; else, in a repository with no subject yet, the one school subject the content names."""
    if routing.subject or len(routing.plausible) > 1 or routing.elsewhere:
        return routing.subject
    if len(subjects) == 1:
        return subjects[0]
    return routing.proposed if not subjects else None


def _unrouted(routing: Routing) -> str:
    if len(routing.plausible) > 1:
        return f"the note fits more than one subject ({', '.join(routing.plausible)})"
    if routing.elsewhere:
        return "the note's content points to a subject this repository has no folder for"
    return "the subject cannot be told safely from the note"


def _named_point(form: dict[str, str], labels: set[str]) -> str:
    """The knowledge point as the learner named it: the form's field or a ``kp:`` label."""
    named = form.get("knowledge-point") or next(
        (label.removeprefix("kp:") for label in sorted(labels) if label.startswith("kp:")), ""
    )
    return named.strip()


def _source(form: dict[str, str], body: str) -> str:
    source_line = SOURCE_LINE.search(body)
    return (form.get("source") or (source_line.group("source") if source_line else "")).strip()


def _channel(declared: str, text: str) -> Channel:
    """The channel the form declares, else the first whose words the note uses, else ``other``."""
    if declared:
        lowered = declared.strip().lower()
        for channel in Channel:
            if channel.value in lowered:
                return channel
    folded = fold(text)
    return next((channel for channel, cues in _CHANNELS if cues.found(folded)), Channel.OTHER)
