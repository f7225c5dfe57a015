"""What every core operation is given besides the event and the repository: one value, so the entry point
(:func:`bot.handle.plan_event`) builds it once and each route passes it on unchanged. Pure.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bot.intake.agent import Agent
from bot.intake.conversation import ThreadMessage


@dataclass(frozen=True)
class Context:
    """``history`` is the thread's comments, oldest first, when the route reads them; ``model_agent`` the
    operator's chat model, if any."""

    now: datetime
    agent: Agent
    model_agent: Agent | None = None
    history: tuple[ThreadMessage, ...] = ()
