"""How long a forge asked us to wait, read from its response headers. Pure.

Every forge answers "slow down" with some of ``Retry-After`` (seconds or an
HTTP date, RFC 9110), ``RateLimit-Reset`` (GitLab, Gitea: a Unix time) or
``X-RateLimit-Reset`` (the same, older spelling). Workers turn the answer into
a Celery retry countdown instead of sleeping, so the value must be a delay in
seconds, never negative. ``now`` is passed in so this stays clock-free.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC
from email.utils import parsedate_to_datetime

from forge_adapters.intake import header

RESET_HEADERS = ("RateLimit-Reset", "X-RateLimit-Reset")


def retry_after_seconds(headers: Mapping[str, str], now: float) -> float | None:
    """Seconds to wait before retrying, or ``None`` when the forge did not say."""
    retry_after = (header(headers, "Retry-After") or "").strip()
    if retry_after:
        delay = _seconds_or_date(retry_after, now)
        if delay is not None:
            return delay
    for name in RESET_HEADERS:
        reset = (header(headers, name) or "").strip()
        if reset.isdigit():
            return max(0.0, float(reset) - now)
    return None


def _seconds_or_date(value: str, now: float) -> float | None:
    if value.isdigit():
        return float(value)
    try:
        moment = parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    if moment.tzinfo is None:  # "-0000": an HTTP date is GMT by definition
        moment = moment.replace(tzinfo=UTC)
    return max(0.0, moment.timestamp() - now)
