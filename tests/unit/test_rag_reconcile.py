"""Which sources maintenance replays: material that drifted from its ingested version, or still pending."""

from __future__ import annotations

import pytest

from bot.rag.links import RAG_INGEST, RagStatus
from bot.rag.reconcile import replays_due
from tests.support.learner import learner_repo
from tests.support.rag_records import MATERIAL, TEXT, record, synced

EDITED = TEXT + "\nA second rule.\n"


@pytest.mark.parametrize(
    ("status", "ingested", "committed", "due"),
    [
        (RagStatus.VERIFIED, TEXT, TEXT, False),  # in sync
        (RagStatus.VERIFIED, TEXT, EDITED, True),  # edited (or rolled back) after ingest
        (RagStatus.CONFIGURED, TEXT, EDITED, True),
        (None, None, TEXT, True),  # pending with its material committed: an ingest still owed
        (None, None, None, False),  # pending without material: nothing to send
        (RagStatus.DELETED, TEXT, EDITED, False),  # a deliberate deletion is not undone
        (RagStatus.UNAVAILABLE, TEXT, EDITED, False),
    ],
)
def test_replays_are_due_only_where_git_shows_the_index_lagging(
    status: RagStatus | None, ingested: str | None, committed: str | None, due: bool
) -> None:
    path, text = record()
    if status is not None and ingested is not None:
        text = synced(path, text, ingested, status)
    files = {path: text} | ({MATERIAL: committed} if committed is not None else {})
    jobs = replays_due(learner_repo(**files))
    assert [(j.kind, j.path) for j in jobs] == ([(RAG_INGEST, path)] if due else [])


def test_a_broken_config_authorizes_no_replay() -> None:
    path, text = record()
    snapshot = learner_repo(**{path: text, MATERIAL: TEXT, "gitlearnos.yml": "mode: [unclosed\n"})
    assert replays_due(snapshot) == ()
