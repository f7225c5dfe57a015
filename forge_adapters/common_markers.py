"""Recognizing the bot's own replies by their hidden marker, on every forge."""

from __future__ import annotations


def holds_marker(body: str | None, marker: str) -> bool:
    """True when ``marker`` stands on a line of its own, as the bot writes it.

    A learner who quote-replies a bot comment copies the marker behind ``>``;
    that comment is the learner's and must never be edited by the bot.
    """
    return any(line.strip() == marker for line in (body or "").splitlines())
