"""An issue thread as the setup gate reads it: who said what, in order.

The bot keeps no conversation state of its own. While a repository has no
``gitlearnos.yml`` the worker hands the core the thread's comments, and the
core re-reads them on every event: each setup question the bot posted carries
a hidden ``asked=<fact>`` marker, so a later learner comment can be matched to
the question it answers. Nothing has to survive between events except what the
forge already keeps, which makes a retry or a redelivery plan the same thing.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict

from bot.intake.events import EventKind, Forge, ThreadEvent, content_hash
from bot.replies import MARKER_PREFIX, PENDING_MARKER

ASKED = re.compile(re.escape(MARKER_PREFIX) + r"setup asked=(?P<fact>[a-z_]+) -->")


class ThreadMessage(BaseModel):
    """One comment of an issue thread, as the forge lists it (oldest first).

    ``comment_id`` lets the core find the comment the current event is about
    (the forge lists it too) and read only what came before it.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    author: str
    is_bot: bool = False
    body: str = ""
    comment_id: str = ""


class Turn(BaseModel):
    """A learner's message, with the setup question it follows (``None`` before any question)."""

    model_config = ConfigDict(frozen=True)

    text: str
    follows_question: str | None = None


def _own_lines(body: str) -> list[str]:
    """Lines outside quotes: a learner quote-replying the bot copies its marker behind ``>``."""
    return [line.strip() for line in body.splitlines() if not line.lstrip().startswith(">")]


def asked_fact(body: str) -> str | None:
    """The fact a bot setup question asked for, read from its marker; ``None`` for other text."""
    for line in _own_lines(body):
        match = ASKED.fullmatch(line)
        if match:
            return match.group("fact")
    return None


def _is_from_bot(message: ThreadMessage) -> bool:
    return message.is_bot or any(line.startswith(MARKER_PREFIX) for line in _own_lines(message.body))


def _before_current(event: ThreadEvent, history: tuple[ThreadMessage, ...]) -> tuple[ThreadMessage, ...]:
    """The comments before the event's own one (the forge's list may hold it, and later ones too)."""
    if event.kind is EventKind.ISSUE_OPENED or event.comment is None:
        return ()  # an issue body comes before every comment of its thread
    current = str(event.comment.id)
    for index, message in enumerate(history):
        if message.comment_id and message.comment_id == current:
            return history[:index]
    return history


# How pending-writeback replies began before they carried PENDING_MARKER. Recognized for one release,
# so approvals still open when the marker was introduced keep working; remove in the next release.
LEGACY_PENDING_PROSE = (
    "Preview only: nothing was committed.",
    "`mode: manual` is set, so I did not write.",
    "I did not push anything: `authorization.push` is `false`",
)
PENDING_REPLY = re.compile(r"<!-- gitlearnos:reply event=(?P<key>\S+) -->")
COMMENT_KEY = re.compile(r"/comment/(?P<id>[^@/]+)@(?P<hash>\S+)$")


@dataclass(frozen=True)
class ApprovalTarget:
    """What an approval comment approves: a comment of the thread, or (``comment`` None) the issue."""

    comment: ThreadMessage | None = None
    stale: bool = False  # the pending writeback was for a comment that has since been edited or deleted


def shows_pending_writeback(body: str) -> bool:
    """Whether a bot reply shows a pending writeback: :data:`PENDING_MARKER` on a line of its own."""
    return PENDING_MARKER in _own_lines(body) or any(prose in body for prose in LEGACY_PENDING_PROSE)


def approval_target(event: ThreadEvent, history: tuple[ThreadMessage, ...]) -> ApprovalTarget:
    """Find the note whose pending writeback an approval answers.

    The latest bot reply before the approval that shows a pending writeback
    (:func:`shows_pending_writeback`) names its event in its hidden marker. When that event is a
    comment, the target is that comment as the forge lists it now — and only if its text is still
    the text the reply showed, so an approval can never apply words the learner did not see in the
    pending writeback.
    """
    return replied_note(event, history, shows_pending_writeback) or ApprovalTarget()


def replied_note(
    event: ThreadEvent,
    history: tuple[ThreadMessage, ...],
    replied: Callable[[str], bool],
    *,
    latest_only: bool = False,
) -> ApprovalTarget | None:
    """The note the latest bot reply for which ``replied(body)`` holds was about, found as
    :func:`approval_target` finds an approved note (an approval, or the learner's answer to a question);
    None when no such reply came before the event, or (``latest_only``) when it is not the bot's latest."""
    for message in reversed(_before_current(event, history)):
        if not _is_from_bot(message):
            continue
        if not replied(message.body):
            if latest_only:
                return None
            continue
        marker = PENDING_REPLY.search(message.body)
        found = COMMENT_KEY.search(marker.group("key")) if marker else None
        if found is None:
            return ApprovalTarget()
        for candidate in history:
            if candidate.comment_id == found.group("id") and not _is_from_bot(candidate):
                unchanged = content_hash(candidate.body) == found.group("hash")
                return ApprovalTarget(candidate) if unchanged else ApprovalTarget(stale=True)
        return ApprovalTarget(stale=True)
    return None


def learner_turns(
    event: ThreadEvent, history: tuple[ThreadMessage, ...], *, learner: str
) -> tuple[Turn, ...]:
    """The learner's messages in this thread up to and including the event, each with its open question.

    ``learner`` is the login whose words count (the repository owner while no
    config names anyone); everyone else's comments are ignored. The issue body
    counts when the learner opened the issue.
    """
    who = learner.lower()
    turns: list[Turn] = []
    opener = event.thread.author.lower() or (event.actor.login.lower() if event.actor else "")
    if event.forge is Forge.LOCAL or opener == who:
        turns.append(Turn(text=f"{event.thread.title}\n{event.thread.body}".strip()))
    question: str | None = None
    for message in _before_current(event, history):
        if _is_from_bot(message):
            question = asked_fact(message.body) or question
        elif message.author.lower() == who:
            turns.append(Turn(text=message.body, follows_question=question))
    if event.comment is not None:
        turns.append(Turn(text=event.comment.body, follows_question=question))
    return tuple(turns)
