"""A note's cost against a long history (issue 18 item 4): each record read once per plan, parses
memoized on content only, so a changed record or a new snapshot is never answered from an old read."""

from __future__ import annotations

from collections import Counter

from bot.handle import plan_event
from bot.intake.rule_agent import RuleAgent
from bot.plan import Outcome
from bot.snapshot import MemorySnapshot
from tests.support.event_records import numbered_event
from tests.support.learner import CONFIG, GOAL, NOTE, NOW, issue_event, learner_repo

AGENT = RuleAgent()


def _record(index: int, note: str) -> tuple[str, str]:
    record = numbered_event(index, note, goal_link="subjects/mathematics/goals/main-goal.md")
    return record.path, record.render()


class CountingSnapshot(MemorySnapshot):
    """A memory snapshot that counts the reads of each path."""

    def __init__(self, files: dict[str, str]) -> None:
        super().__init__(files, head="a" * 40)
        self.reads: Counter[str] = Counter()

    def read_text(self, path: str) -> str | None:
        self.reads[path] += 1
        return super().read_text(path)


def _history(notes: list[str]) -> dict[str, str]:
    return dict(_record(index, note) for index, note in enumerate(notes))


def test_planning_a_note_reads_each_earlier_record_once() -> None:
    earlier = _history([f"In class I learned archived fact {n} about topic{n}." for n in range(20)])
    base = {"gitlearnos.yml": CONFIG, "subjects/mathematics/goals/main-goal.md": GOAL}
    snapshot = CountingSnapshot({**base, **earlier})
    result = plan_event(issue_event(), snapshot, now=NOW, agent=AGENT)
    assert result.outcome is Outcome.COMMITTED
    assert {path: snapshot.reads[path] for path in earlier} == dict.fromkeys(earlier, 1)


def test_a_record_changed_at_the_same_path_is_read_anew() -> None:
    """The first plan links the note to the record holding it; once that record states another note
    (same path, new text), the same note is recorded as new: no parse of the old text is reused."""
    (path, holding), (_, other) = _record(0, NOTE), _record(0, "Photosynthesis needs light and water.")
    first = plan_event(issue_event(), learner_repo(**{path: holding}), now=NOW, agent=AGENT)
    second = plan_event(issue_event(), learner_repo(**{path: other}), now=NOW, agent=AGENT)
    assert path not in first.changed_paths and not any("/events/" in p for p in first.changed_paths)
    assert any(p.startswith("subjects/mathematics/events/") for p in second.changed_paths)
