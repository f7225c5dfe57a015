"""After a real RAG ingest (the rag task on real RAG-Anything with the local model), the repository is
knowledge-ready and its source record says what the bot read; a hand edit of ``rag.status`` is no ingest.

Issue 16 item 6 and issue 19 ("Receipts and records disagree with the facts"): before, readiness read
``rag.status`` from ``gitlearnos.yml`` (nothing writes it), so a verified ingest left the receipt saying
"no verified ingest" while the source record said "not copied into this repository" of a committed file.
Then each side still had its own view: the note's record said the bot "has not looked for a copy" of a
file it had just hashed to queue the ingest, and after the learner edited an ingested material the
next reply said "no verified ingest" while the record it cited still said "(verified)". Both now come
from :func:`bot.rag.source_facts.source_facts`.
"""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path

import git as gitpython
import pytest
import respx

from bot.config import parse_config
from bot.rag.source_link import sha256
from bot.setup.readiness import setup_status
from tests.support.fake_github import FakeGitHubComments
from tests.support.git_remotes import git
from tests.support.learner import CONFIG, issue_event
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
from workers.events import handle_event
from workers.git_checkout import GitCheckout
from workers.rag import sync_source
from workers.runtime import WorkerRuntime


@pytest.fixture
def forge() -> Iterator[FakeGitHubComments]:
    with respx.mock(assert_all_called=False) as router:
        yield FakeGitHubComments(router)


def status_on(remote: Path, tmp_path: Path) -> str:
    work = tmp_path / "observer"
    if work.exists():
        git(work, "pull", "-q", "--ff-only")
    else:
        subprocess.run(["git", "clone", "-q", str(remote), str(work)], check=True)
    view = GitCheckout(gitpython.Repo(work))
    config = parse_config(view.read_text("gitlearnos.yml") or "").config
    return setup_status(config, can_write=True, snapshot=view)


def test_a_verified_ingest_makes_it_knowledge_ready_and_the_record_tells_what_was_read(
    tmp_path: Path, worker: WorkerRuntime, remote: Path, forge: FakeGitHubComments
) -> None:
    assert file_note(worker, remote, SIMILAR_PATH) == "committed"
    assert status_on(remote, tmp_path).startswith("core-ready; incomplete beyond that: knowledge-ready not")
    pending = show(remote, RECORD)
    assert f"Original location: in this repository at `{SIMILAR_PATH}`." in pending
    assert "has not inspected this source" not in pending and "has not looked for a copy" not in pending
    assert "has not ingested it into RAG yet (RAG status `pending`)" in pending

    result = sync_source(worker, target(remote), RECORD)

    assert result.outcome == "committed" and result.status == "verified"
    status = status_on(remote, tmp_path)
    assert status.startswith("knowledge-ready: `mathematics/materials-similar-triangles-md` ingested")
    assert f"receipt `{result.receipt_path}`" in status and "no verified ingest" not in status
    record = show(remote, RECORD)
    assert "not copied into this repository" not in record and "has not inspected this source" not in record
    assert f"Original location: in this repository at `{SIMILAR_PATH}`." in record
    assert "(verified)" in record and "Availability: `full`" in record


def test_a_hand_set_rag_status_does_not_make_it_knowledge_ready(tmp_path: Path, remote: Path) -> None:
    work = tmp_path / "learner"
    subprocess.run(["git", "clone", "-q", str(remote), str(work)], check=True)
    commit_files(work, {"gitlearnos.yml": CONFIG + "rag:\n  status: verified\n"}, "RAG is verified, trust me")
    assert status_on(remote, tmp_path).startswith("core-ready; incomplete beyond that: knowledge-ready not")


def test_after_the_material_changes_the_reply_and_the_record_it_cites_both_say_stale(
    tmp_path: Path, worker: WorkerRuntime, remote: Path, forge: FakeGitHubComments
) -> None:
    assert file_note(worker, remote, SIMILAR_PATH) == "committed"
    assert sync_source(worker, target(remote), RECORD).status == "verified"
    work = tmp_path / "learner"
    subprocess.run(["git", "clone", "-q", str(remote), str(work)], check=True)
    edited = SIMILAR + "Similar figures scale areas by the square of the scale factor.\n"
    commit_files(work, {SIMILAR_PATH: edited}, "Add a line to the handout")

    body = f"Areas of similar figures scale by the square of the scale factor.\n\nSource: {SIMILAR_PATH}\n"
    event = issue_event(body, number=8, repo=target(remote).repo, title="Reading notes 8")
    assert handle_event(worker, event) == "committed"

    reply = forge.bodies(8)[-1]
    assert "knowledge-ready not verified (no source has a verified RAG ingest" in reply
    assert f"`{RECORD}`" in reply  # the reply points to the record it rewrote
    record = show(remote, RECORD)
    assert "(verified)" not in record
    assert "ingest is stale (not verified for the current text)" in record
    assert "RAG status: `verified` for an earlier version only: stale" in record
    assert f"is now sha256 `{sha256(edited)}`" in record


def rag_line(reply: str) -> str:
    (line,) = [line for line in reply.splitlines() if "RAG synchronization" in line]
    return line


def test_a_note_citing_a_verified_source_gets_that_sources_rag_status_in_its_receipt(
    worker: WorkerRuntime, remote: Path, forge: FakeGitHubComments
) -> None:
    """Failed before: the receipt said the generic "not attempted" of a source verified in the index."""
    assert file_note(worker, remote, SIMILAR_PATH) == "committed"
    result = sync_source(worker, target(remote), RECORD)
    assert result.status == "verified"

    body = f"Corresponding angles of similar triangles are equal.\n\nSource: {SIMILAR_PATH}\n"
    event = issue_event(body, number=8, repo=target(remote).repo, title="Reading notes 8")
    assert handle_event(worker, event) == "committed"

    line = rag_line(forge.bodies(8)[-1])
    assert "not attempted" not in line, line
    assert "`mathematics/materials-similar-triangles-md` is verified" in line
    assert f"receipt `{result.receipt_path}`" in line and f"document `{result.doc_id}`" in line
