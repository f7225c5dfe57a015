"""The offline rule agent: recognition from issue forms, labels, override phrases and cue words.

It is honest about its limits: it never claims to have read an image or to have taught anything, and
when it cannot route a note safely it says so instead of guessing.
"""

from __future__ import annotations

import re

from bot.intake.agent import Channel, LearnerInput, Recognition, Significance
from bot.review.question import asks_for_question
from bot.review.question_gen import GeneratedQuestions, QuestionContext, rule_questions
from bot.text import slugify

FORM_SECTION = re.compile(r"^###\s+(?P<label>.+?)\s*$", re.M)

LEARNING_CUES = re.compile(
    r"""\b(
        learn(ed|t|ing)? | understand | understood | realis|realiz | mistake | wrong | error
      | teacher | tutor | class | lesson | lecture | homework | exercise | practice | exam | quiz | test
      | chapter | textbook | book | notes? | study | studied | remember | formula | definition
      | theorem | proof | solve[ds]? | solution | method | rule | concept | question | why | how
    )\b""",
    re.I | re.X,
)

CHANNEL_CUES: tuple[tuple[Channel, re.Pattern[str]], ...] = (
    (Channel.TEACHER, re.compile(r"\b(teacher|professor|instructor)\b", re.I)),
    (Channel.CLASS, re.compile(r"\b(in class|class|lecture|lesson|seminar)\b", re.I)),
    (Channel.TUTORING, re.compile(r"\btutor(ing)?\b", re.I)),
    (Channel.BOOK, re.compile(r"\b(book|textbook|chapter)\b", re.I)),
    (Channel.PLATFORM, re.compile(r"\b(platform|app|online course|khan|duolingo|leetcode)\b", re.I)),
    (Channel.PEER, re.compile(r"\b(classmate|friend|peer|study group)\b", re.I)),
    (Channel.PAPER, re.compile(r"\b(worksheet|paper|past paper)\b", re.I)),
)

SOURCE_LINE = re.compile(r"^\s*source:\s*(?P<source>\S.{0,200}?)\s*$", re.I | re.M)

MEDIA = re.compile(r"!\[[^\]]*\]\([^)]+\)|<img\b|\.(png|jpe?g|gif|webp|heic)\b", re.I)
IMAGE_LINK = re.compile(
    r"!\[[^\]]*\]\((?P<md>https?://[^)\s]+)[^)]*\)|<img\b[^>]*\bsrc=\"(?P<html>https?://[^\"]+)\"", re.I
)

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


class RuleAgent:
    """Deterministic recognition from forms, labels and cue words; template questions from evidence."""

    def generate_questions(self, context: QuestionContext) -> GeneratedQuestions:
        return rule_questions(context)

    def recognize(self, learner_input: LearnerInput) -> Recognition:
        form = parse_issue_form(learner_input.body)
        note = form.get("note") or form.get("what-did-you-learn") or learner_input.body.strip()
        text = f"{learner_input.title}\n{note}"
        labels = {label.lower() for label in learner_input.labels}
        subject = self._subject(form, labels, learner_input)
        channel = self._channel(form.get("channel", ""), text)
        media = bool(MEDIA.search(learner_input.body))
        wants_question = asks_for_question(f"{learner_input.title}\n{learner_input.body}")
        if not note:
            return Recognition(significance=Significance.INCIDENTAL, reason="the issue has no text")
        if labels & LEARNING_LABELS or form or LEARNING_CUES.search(text):
            if subject is None:
                return Recognition(
                    significance=Significance.AMBIGUOUS,
                    channel=channel,
                    note=note,
                    reason="the subject cannot be told safely from the note",
                    has_unread_media=media,
                    wants_question=wants_question,
                )
            named = form.get("knowledge-point") or next(
                (label.removeprefix("kp:") for label in sorted(labels) if label.startswith("kp:")), ""
            )
            prerequisites = tuple(p.strip() for p in form.get("prerequisites", "").split(",") if p.strip())
            source_line = SOURCE_LINE.search(learner_input.body)
            source = form.get("source") or (source_line.group("source") if source_line else "")
            return Recognition(
                significance=Significance.DURABLE,
                channel=channel,
                subject=subject,
                note=note,
                reason="a learner note with learning content",
                has_unread_media=media,
                knowledge_point=named.strip(),
                prerequisites=prerequisites,
                source=source.strip(),
                wants_question=wants_question,
            )
        return Recognition(
            significance=Significance.INCIDENTAL,
            note=note,
            reason="no learning content recognized",
        )

    @staticmethod
    def _subject(form: dict[str, str], labels: set[str], learner_input: LearnerInput) -> str | None:
        if form.get("subject"):
            return slugify(form["subject"], fallback="general")
        for label in sorted(labels):
            if label.startswith("subject:"):
                return slugify(label.removeprefix("subject:"), fallback="general")
        known = set(learner_input.known_subjects)
        for label in sorted(labels):
            if slugify(label) in known:
                return slugify(label)
        if len(known) == 1:
            return next(iter(known))
        if not known and learner_input.default_subject:
            return slugify(learner_input.default_subject)
        return None

    @staticmethod
    def _channel(declared: str, text: str) -> Channel:
        if declared:
            lowered = declared.strip().lower()
            for channel in Channel:
                if channel.value in lowered:
                    return channel
        for channel, pattern in CHANNEL_CUES:
            if pattern.search(text):
                return channel
        return Channel.OTHER
