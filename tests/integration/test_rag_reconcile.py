"""Maintenance reconciles source hashes: material that moved in Git without the index is replayed.

Real Redis (maintenance's claims and the rag queue), a real bare Git remote, real RAG-Anything with the
local embedding model; GitHub's API is faked at HTTP. The learner edits and then rolls back their
handout with plain Git pushes (no issue, so no event queues anything); only maintenance can notice.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator
from datetime import UTC, date, datetime
from pathlib import Path

import httpx
import pytest
import respx

from bot.rag.links import read_source_link
from tests.support.celery_queues import drain_rag_queue
from tests.support.fake_github import API, FakeGitHubComments
from tests.support.git_remotes import git
from tests.support.rag_worker_setup import (
    RECORD,
    SIMILAR,
    SIMILAR_PATH,
    commit_files,
    file_note,
    show,
    target,
)
from tests.support.rag_worker_setup import remote as remote  # noqa: PLC0414 - the fixture
from tests.support.rag_worker_setup import worker as worker  # noqa: PLC0414 - the fixture
from workers.celery_app import RAG_QUEUE, SYNC_SOURCE
from workers.runtime import WorkerRuntime
from workers.scheduling.maintenance import run_maintenance

__all__ = ["remote", "worker"]  # fixtures shared with the rag worker's tests
EDITED = SIMILAR + "\nSimilar figures have proportional perimeters with the same scale factor.\n"


@pytest.fixture
def forge() -> Iterator[respx.MockRouter]:
    """GitHub's comments, plus the repository-wide listing maintenance's catch-up reads (nothing missed)."""
    with respx.mock(assert_all_called=False) as router:
        FakeGitHubComments(router)
        router.get(f"{API}repos/alice/learning/issues/comments").mock(
            return_value=httpx.Response(200, json=[])
        )
        yield router


def maintain(runtime: WorkerRuntime, remote: Path, day: int) -> None:
    occurrence = date(2026, 12, day)
    run_maintenance(runtime, target(remote), occurrence, now=datetime(2026, 12, day, 21, 31, tzinfo=UTC))


def run_rag_queue(runtime: WorkerRuntime) -> list[tuple[str, str]]:
    """Run what is queued on the rag queue; returns each task's name and record."""
    return [(name, str(detail)) for name, detail in drain_rag_queue(runtime)]


def recorded_doc(remote: Path) -> str:
    link = read_source_link(RECORD, show(remote, RECORD))
    assert link is not None
    return link.doc_id


def test_an_edit_and_a_rollback_pushed_without_an_issue_are_replayed_by_maintenance(
    tmp_path: Path, worker: WorkerRuntime, remote: Path, forge: respx.MockRouter
) -> None:
    file_note(worker, remote, SIMILAR_PATH)
    assert run_rag_queue(worker) == [(SYNC_SOURCE, RECORD)]
    original = recorded_doc(remote)
    maintain(worker, remote, 1)
    assert worker.redis.llen(RAG_QUEUE) == 0, "nothing drifted: nothing is replayed"

    learner = tmp_path / "learner"
    subprocess.run(["git", "clone", "-q", str(remote), str(learner)], check=True)
    commit_files(learner, {SIMILAR_PATH: EDITED}, "Add the perimeter rule to my handout")
    edit = git(learner, "rev-parse", "HEAD").strip()
    maintain(worker, remote, 2)

    assert run_rag_queue(worker) == [(SYNC_SOURCE, RECORD)], "the edited material is replayed"
    rebuilt = json.loads(show(remote, last_receipt(remote)))
    assert rebuilt["operation"] == "rebuild" and rebuilt["replaces_doc_id"] == original
    assert rebuilt["verification"]["found"] is True and recorded_doc(remote) == rebuilt["doc_id"]

    git(learner, "pull", "-q", "--ff-only")
    git(learner, "-c", "user.name=Alice", "-c", "user.email=alice@example.org", "revert", "--no-edit", edit)
    git(learner, "push", "-q", "origin", "HEAD:main")  # a Git rollback: the index still holds the edit
    maintain(worker, remote, 3)

    assert run_rag_queue(worker) == [(SYNC_SOURCE, RECORD)], "the rolled-back material is replayed"
    assert recorded_doc(remote) == original, "the index holds the rolled-back version again"
    commit = git(remote, "log", "-1", "--format=%B", "main")
    assert "GitLearnOS-Operation: rag-ingest" in commit and f"GitLearnOS-RAG-Document: {original}" in commit


def last_receipt(remote: Path) -> str:
    changed = git(remote, "show", "--name-only", "--format=", "main").split()
    return next(path for path in changed if path.startswith(".gitlearnos/receipts/"))


def test_maintenance_marks_an_uncited_source_stale_once_the_learner_edits_its_material(
    tmp_path: Path, worker: WorkerRuntime, remote: Path, forge: respx.MockRouter
) -> None:
    """Failed before stale_source_marks: the record kept saying `verified` until a citation or sync."""
    file_note(worker, remote, SIMILAR_PATH)
    run_rag_queue(worker)
    assert "- RAG status: `verified`" in show(remote, RECORD)

    learner = tmp_path / "learner"
    subprocess.run(["git", "clone", "-q", str(remote), str(learner)], check=True)
    commit_files(learner, {SIMILAR_PATH: EDITED}, "Add the perimeter rule to my handout")
    maintain(worker, remote, 2)  # the replay is queued, not run yet (or it failed): the record must say so

    record = show(remote, RECORD)
    (status,) = [line for line in record.splitlines() if line.startswith("- RAG status:")]
    assert "for an earlier version only: stale until the source is rebuilt" in status, status
    assert "the ingest is stale (not verified for the current text)" in record
    marked = git(remote, "log", "-1", "--format=%s%n%(trailers)", "main")
    assert marked.startswith("Mark stale source records") and "GitLearnOS-Operation: maintenance" in marked
    head = git(remote, "rev-parse", "main")

    maintain(worker, remote, 3)
    assert git(remote, "rev-parse", "main") == head, "a record that already says stale is not marked again"

    run_rag_queue(worker)  # the replay re-ingests the edited text
    assert "- RAG status: `verified`" in show(remote, RECORD), "verified again, for the current text"
