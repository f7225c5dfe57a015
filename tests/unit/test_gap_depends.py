"""A gap's ``Depends on (event IDs)`` line keeps every ID in backticks when a later note extends the gap.

Through the pipeline (:func:`bot.handle.plan_event`): the second same-pattern mistake rewrites the gap the
first opened. The header was read with its backticks stripped and written back with only the new ID
quoted, so the line read ``event-a`, `event-b``` and the first ID lost its code span.
"""

from __future__ import annotations

import re

from tests.support.repeated_errors import commit_first, files, second_plan

DEPENDS = re.compile(r"^Depends on \(event IDs\): (?P<ids>.+)$", re.M)


def test_an_extended_gap_keeps_each_event_id_it_depends_on_in_backticks() -> None:
    snapshot, first = commit_first()
    second = second_plan(snapshot)

    (gap,) = files(second, "knowledge-gaps").values()
    found = DEPENDS.search(gap)
    assert found is not None
    events = [w.path for plan in (first, second) for w in plan.writes if "/events/" in w.path]
    ids = [f"`event-{path.rsplit('/', 1)[-1].removesuffix('.md')}`" for path in dict.fromkeys(events)]
    assert found.group("ids") == ", ".join(ids)
