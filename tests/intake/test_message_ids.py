"""The intake's task ids are what Celery and ``celery inspect`` expect: canonical version 4 UUIDs."""

from __future__ import annotations

import uuid

from workers.queueing import new_ids


def test_each_message_gets_two_distinct_canonical_version_4_uuids() -> None:
    seen: set[bytes] = set()
    for _ in range(2000):
        for text in new_ids():
            parsed = uuid.UUID(text.decode("ascii"))
            assert (parsed.version, parsed.variant) == (4, uuid.RFC_4122)
            assert str(parsed).encode() == text  # lower-case hex, dashes where uuid4 puts them
            seen.add(text)
    assert len(seen) == 4000
