"""``forge_adapters.common_rate_limit``: the forge's "wait this long", as a delay in seconds."""

from __future__ import annotations

import pytest

from forge_adapters.common_rate_limit import retry_after_seconds

NOW = 1_760_000_000.0  # Thu, 09 Oct 2025 08:53:20 GMT


@pytest.mark.parametrize(
    ("headers", "delay"),
    [
        ({"Retry-After": "37"}, 37.0),
        ({"retry-after": "0"}, 0.0),
        ({"Retry-After": "Thu, 09 Oct 2025 08:54:20 GMT"}, 60.0),
        ({"Retry-After": "Thu, 09 Oct 2025 08:54:20 -0000"}, 60.0),
        ({"Retry-After": "Thu, 09 Oct 2025 08:00:00 GMT"}, 0.0),  # a date in the past: go now
        ({"RateLimit-Reset": str(int(NOW) + 90)}, 90.0),
        ({"X-RateLimit-Reset": str(int(NOW) + 15)}, 15.0),
        ({"RateLimit-Reset": str(int(NOW) - 5)}, 0.0),
        ({"Retry-After": "soon", "RateLimit-Reset": str(int(NOW) + 30)}, 30.0),
        ({"Retry-After": "12", "RateLimit-Reset": str(int(NOW) + 30)}, 12.0),
        ({"Retry-After": "-3"}, None),
        ({"RateLimit-Reset": "1.5e9"}, None),
        ({}, None),
    ],
)
def test_retry_after_seconds(headers: dict[str, str], delay: float | None) -> None:
    assert retry_after_seconds(headers, NOW) == delay
