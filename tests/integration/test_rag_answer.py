"""A learner's question about their own material, answered on the issue with cited evidence.

Real Redis (the queue messages are read back from it), a real bare Git remote, real RAG-Anything with
the local embedding model. The rag queue is drained here as its worker would: each queued message runs
its task function. Only HTTP is faked: GitHub's comment API and, where a test configures one, the
embedding endpoint. What is asserted is what the learner sees: the comment text.
"""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest
import respx

from bot.plan import FollowUpJob
from tests.support.celery_queues import drain_rag_queue
from tests.support.fake_github import FakeGitHubComments
from tests.support.learner import issue_event
from tests.support.rag_worker_setup import (
    REMOTE_CONFIG,
    SIMILAR_PATH,
    commit_files,
    file_note,
    serve_embeddings,
    show,
    target,
)
from tests.support.rag_worker_setup import remote as remote  # noqa: PLC0414 - the fixture
from tests.support.rag_worker_setup import worker as worker  # noqa: PLC0414 - the fixture
from workers.celery_app import ANSWER_QUESTION, SYNC_SOURCE
from workers.events import handle_event
from workers.rag_answer import answer_question
from workers.runtime import WorkerRuntime

__all__ = ["remote", "worker"]  # fixtures shared with the rag worker's tests
SOURCE_ID = "mathematics/materials-similar-triangles-md"
QUESTION = f"What does my handout {SIMILAR_PATH} call the ratio of corresponding side lengths?"
MARKER = "<!-- gitlearnos:rag-answer"


@dataclass
class Forge:
    router: respx.MockRouter
    comments: FakeGitHubComments


@pytest.fixture
def forge() -> Iterator[Forge]:
    with respx.mock(assert_all_called=False) as router:
        yield Forge(router, FakeGitHubComments(router))


def ask(runtime: WorkerRuntime, remote: Path, text: str, number: int = 9) -> None:
    handle_event(runtime, issue_event(text, number=number, repo=target(remote).repo, title="A question"))


def answers(forge: Forge, number: int = 9) -> list[str]:
    return [body for body in forge.comments.bodies(number) if MARKER in body]


def ingested(runtime: WorkerRuntime, remote: Path) -> str:
    """File the handout as a source and let the rag worker ingest it; returns its document ID."""
    file_note(runtime, remote, SIMILAR_PATH)
    assert [name for name, _ in drain_rag_queue(runtime)] == [SYNC_SOURCE]
    log = subprocess.run(
        ["git", "log", "-1", "--format=%(trailers:key=GitLearnOS-RAG-Document,valueonly)", "main"],
        cwd=remote, check=True, capture_output=True, text=True,
    )  # fmt: skip
    return log.stdout.strip()


def test_a_question_about_own_material_is_answered_with_cited_evidence(
    worker: WorkerRuntime, remote: Path, forge: Forge
) -> None:
    doc_id = ingested(worker, remote)
    ask(worker, remote, QUESTION)

    ((name, job),) = drain_rag_queue(worker)
    assert name == ANSWER_QUESTION

    (reply,) = answers(forge)
    assert "Status: `ok`" in reply and f"Question: {QUESTION}" in reply
    version = doc_id.rpartition("@")[2]
    assert f"Source `{SOURCE_ID}`, document `{doc_id}`, locator `{SIMILAR_PATH}#L" in reply
    assert f"version `{version}`" in reply
    quoted = [line for line in reply.splitlines() if line.startswith("> ")]
    assert any("called the scale factor of the similarity" in line for line in quoted), reply
    assert "not evidence of mastery" in reply

    answer_question(worker, target(remote), FollowUpJob.model_validate(job))  # the job redelivered
    assert len(answers(forge)) == 1, "a redelivered job edits its answer, never posts a second one"


def test_a_general_question_makes_no_rag_call(
    tmp_path: Path, worker: WorkerRuntime, remote: Path, forge: Forge, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GITLEARNOS_RAG_EMBEDDING_API_KEY", "embedding-secret")
    learner = tmp_path / "learner"
    subprocess.run(["git", "clone", "-q", str(remote), str(learner)], check=True)
    commit_files(learner, {"gitlearnos.yml": REMOTE_CONFIG}, "Use my embedding endpoint")
    embedding = serve_embeddings(forge.router, [])
    ingested(worker, remote)
    calls_after_ingest = embedding.call_count

    ask(worker, remote, "What is the capital of France?")

    assert drain_rag_queue(worker) == [], "nothing queued for a general question"
    assert embedding.call_count == calls_after_ingest, "the index was never asked"
    assert answers(forge) == []


def test_an_unreachable_index_is_answered_as_a_failure_never_as_not_in_your_material(
    tmp_path: Path, worker: WorkerRuntime, remote: Path, forge: Forge, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GITLEARNOS_RAG_EMBEDDING_API_KEY", "embedding-secret")
    learner = tmp_path / "learner"
    subprocess.run(["git", "clone", "-q", str(remote), str(learner)], check=True)
    commit_files(learner, {"gitlearnos.yml": REMOTE_CONFIG}, "Use my embedding endpoint")
    embedding = serve_embeddings(forge.router, [])
    ingested(worker, remote)
    embedding.mock(side_effect=httpx.ConnectError("connection refused"))

    ask(worker, remote, QUESTION)
    drain_rag_queue(worker)

    (reply,) = answers(forge)
    assert "Status: `failed`" in reply and "ConnectError" in reply
    assert "no-hit" not in reply and "not a sign that your material lacks the answer" in reply
    assert "> " not in reply, "no passage is invented"


def rag_question_commits(remote: Path) -> list[str]:
    """The commits on main made by the question-record operation, newest first (their full messages)."""
    log = subprocess.run(
        ["git", "log", "--format=%H", "--grep=GitLearnOS-Operation: rag-question", "main"],
        cwd=remote, check=True, capture_output=True, text=True,
    )  # fmt: skip
    return log.stdout.split()


def committed_paths(remote: Path, commit: str) -> list[str]:
    shown = subprocess.run(
        ["git", "show", "--name-only", "--format=", commit],
        cwd=remote,
        check=True,
        capture_output=True,
        text=True,
    )
    return sorted(shown.stdout.split())


def test_a_question_about_own_material_is_recorded_as_a_question_once_linked_both_ways(
    worker: WorkerRuntime, remote: Path, forge: Forge
) -> None:
    """Failed before the question record: the question was answered in a comment and stored nowhere."""
    doc_id = ingested(worker, remote)
    ask(worker, remote, QUESTION)
    ((_, job),) = drain_rag_queue(worker)

    (commit,) = rag_question_commits(remote)
    paths = committed_paths(remote, commit)
    (record_path,) = [p for p in paths if p.startswith("subjects/mathematics/questions/")]
    source_record = "subjects/mathematics/sources/materials-similar-triangles-md.md"
    assert paths == sorted([record_path, source_record]), "one commit: the question and the source's link"
    assert not [p for p in paths if "/events/" in p], "not filed as a study note"
    record = show(remote, record_path)
    assert QUESTION in record, "the learner's words, quoted"
    assert "Answer status: `ok`" in record
    assert f"`{SOURCE_ID}`" in record and f"`{doc_id}`" in record
    assert f"`{doc_id.rpartition('@')[2]}`" in record and f"`{SIMILAR_PATH}#L" in record
    assert f"(../../../{source_record})" in record, "the record links the source it cites"
    assert f"../../{record_path.removeprefix('subjects/')}" in show(remote, source_record), "and back"
    trailers = subprocess.run(
        ["git", "log", "-1", "--format=%(trailers)", commit],
        cwd=remote,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    assert "GitLearnOS-Event: " in trailers and "GitLearnOS-Record: mathematics/" in trailers

    (reply,) = answers(forge)
    assert (
        "Status: `ok`" in reply
        and f"recorded this as a question (not a study note) at `{record_path}`" in reply
    )

    answer_question(worker, target(remote), FollowUpJob.model_validate(job))  # the job redelivered
    assert rag_question_commits(remote) == [commit], "a retry records nothing twice"
    assert answers(forge) == [reply], "and edits the same answer"


def test_an_answer_only_question_about_own_material_stores_nothing(
    worker: WorkerRuntime, remote: Path, forge: Forge
) -> None:
    ingested(worker, remote)
    head = show_head(remote)
    ask(worker, remote, f"{QUESTION} Answer only, please.")
    ((name, _),) = drain_rag_queue(worker)

    assert name == ANSWER_QUESTION
    (reply,) = answers(forge)
    assert "Status: `ok`" in reply and "recorded" not in reply
    assert show_head(remote) == head, "nothing committed"


def show_head(remote: Path) -> str:
    return subprocess.run(
        ["git", "rev-parse", "main"], cwd=remote, check=True, capture_output=True, text=True
    ).stdout.strip()
