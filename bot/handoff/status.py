"""The handoff pack's status lifecycle as one transition table.

The protocol's handoff template names seven states; which event may move a
pack from which state to which is decided here and nowhere else, so the
operations cannot drift apart and a record can never jump backwards (a
reconciled pack is never "awaiting feedback" again). The diagram below is
kept honest by a test that compares its edges with :data:`TRANSITIONS`.

```mermaid
stateDiagram-v2
    draft --> ready
    ready --> sent
    sent --> awaiting-feedback
    awaiting-feedback --> feedback-received
    feedback-received --> feedback-received
    feedback-received --> reconciled
    awaiting-feedback --> reconciled
    draft --> cancelled
    ready --> cancelled
    sent --> cancelled
    awaiting-feedback --> cancelled
    feedback-received --> cancelled
```

``awaiting-feedback → reconciled`` is a merge with no feedback recorded (the
learner accepted the pack as it was); the receipt says so. ``reconciled`` and
``cancelled`` are final.
"""

from __future__ import annotations

from enum import StrEnum

from bot.errors import InvariantBroken


class HandoffStatus(StrEnum):
    DRAFT = "draft"
    READY = "ready"
    SENT = "sent"
    AWAITING_FEEDBACK = "awaiting-feedback"
    FEEDBACK_RECEIVED = "feedback-received"
    RECONCILED = "reconciled"
    CANCELLED = "cancelled"


_S = HandoffStatus
TRANSITIONS: dict[HandoffStatus, frozenset[HandoffStatus]] = {
    _S.DRAFT: frozenset({_S.READY, _S.CANCELLED}),
    _S.READY: frozenset({_S.SENT, _S.CANCELLED}),
    _S.SENT: frozenset({_S.AWAITING_FEEDBACK, _S.CANCELLED}),
    _S.AWAITING_FEEDBACK: frozenset({_S.FEEDBACK_RECEIVED, _S.RECONCILED, _S.CANCELLED}),
    _S.FEEDBACK_RECEIVED: frozenset({_S.FEEDBACK_RECEIVED, _S.RECONCILED, _S.CANCELLED}),
    _S.RECONCILED: frozenset(),
    _S.CANCELLED: frozenset(),
}
# What one job does when it sends a pack: it is built complete, committed and opened as a pull request.
SENDING_PATH = (_S.DRAFT, _S.READY, _S.SENT, _S.AWAITING_FEEDBACK)


class InvalidTransition(InvariantBroken):
    """A move the table forbids was asked for: a bug, as operations check :func:`can_move` first."""


def parse_status(value: str) -> HandoffStatus | None:
    """The status a record states (backticks allowed), or ``None`` outside the vocabulary."""
    try:
        return HandoffStatus(value.strip("` "))
    except ValueError:
        return None


def can_move(current: HandoffStatus, target: HandoffStatus) -> bool:
    return target in TRANSITIONS[current]


def move(current: HandoffStatus, target: HandoffStatus) -> HandoffStatus:
    """``target`` if the table allows it, else :class:`InvalidTransition` naming both states."""
    if not can_move(current, target):
        raise InvalidTransition(f"a handoff pack cannot move from `{current}` to `{target}`")
    return target
