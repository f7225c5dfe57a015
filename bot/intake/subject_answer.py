"""The learner's answer to "Which subject does this note belong to?": a lone comment naming a subject.

The question (:data:`bot.replies.ASK_SUBJECT`) stores nothing until the learner says, so the answer must
reach the note it was asked about: "this belongs to mathematics", or just "mathematics", "matemáticas",
"数学" — a short comment that names one subject and says nothing else. It is read here; the note is found
through the question's hidden marker (:func:`bot.intake.conversation.replied_note`), as an approval finds
the note it approves.
"""

from __future__ import annotations

import re

from bot.intake.conversation import ApprovalTarget, ThreadMessage, replied_note
from bot.intake.cue_match import Cues, fold
from bot.intake.events import ThreadEvent
from bot.intake.overrides import find_overrides
from bot.intake.subject_routing import subject_key
from bot.intake.subject_words import NAMES
from bot.replies import ASK_SUBJECT
from bot.text import slugify

# A lone answer is short: a subject's name with at most a few words around it ("it's maths", "c'est
# de la biologie"). Anything longer is a note of its own, recognized as usual.
MAX_WORDS = 5
MAX_DECLARED_WORDS = 12  # "I think this belongs to biology, not chemistry" still only answers
_QUESTION = ASK_SUBJECT.split("?", 1)[0] + "?"
_WORD = re.compile(r"\w+")


def asks_for_subject(body: str) -> bool:
    """Whether a bot reply is the subject question."""
    return _QUESTION in body


def answered_subject(body: str, subjects: tuple[str, ...]) -> str | None:
    """The subject a lone comment names — one of the repository's ``subjects`` when it names one, else
    the school subject it names — or None when the comment is more than an answer or names no subject."""
    text = body.strip()
    words = len(_WORD.findall(text))
    declared = find_overrides(text).subject
    if declared and words <= MAX_DECLARED_WORDS:
        return slugify(declared, fallback="general")
    if not text or words > MAX_WORDS:
        return None
    folded = fold(text)
    named = [key for key, names in NAMES.items() if Cues(names).found(folded)]
    if len(named) != 1:
        return None
    own = [s for s in subjects if subject_key(s) == named[0]]
    return own[0] if len(own) == 1 else named[0]


def subject_question_target(event: ThreadEvent, history: tuple[ThreadMessage, ...]) -> ApprovalTarget | None:
    """The note the bot's latest reply asked the subject of (an empty target: the issue itself); None when
    the bot's latest reply in this thread is not the subject question."""
    return replied_note(event, history, asks_for_subject, latest_only=True)
