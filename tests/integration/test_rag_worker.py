"""The rag queue end to end: a real bare Git remote, real Redis, real RAG-Anything with the local model.

A learner's note naming committed material as its source gets a source record (RAG status
``pending``) and a job on the ``rag`` queue; the rag task (called directly, as the Celery task calls
it) ingests, commits its own receipt, and the index answers source-specific questions with traceable
evidence. Only the configured endpoints' HTTP traffic is faked (respx), never the RAG stack.
"""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator
from pathlib import Path

import git as gitpython
import httpx
import pytest
import respx

from bot.config import parse_config
from bot.rag.links import current_doc_ids, read_source_link, source_links
from rag.operations import QueryStatus, RunContext, delete, query, run, verify
from rag.receipts import SCHEMA
from runtime.settings import Settings
from tests.support.celery_queues import published
from tests.support.fake_github import FakeGitHubComments
from tests.support.git_remotes import git
from tests.support.learner import CONFIG, REPO
from tests.support.rag_worker_setup import (
    EMBEDDING_URL,
    RECORD,
    REMOTE_CONFIG,
    SIMILAR,
    SIMILAR_PATH,
    THALES_PATH,
    commit_files,
    file_note,
    serve_embeddings,
    show,
    target,
)
from tests.support.rag_worker_setup import remote as remote  # noqa: PLC0414 - the fixture
from tests.support.rag_worker_setup import worker as worker  # noqa: PLC0414 - the fixture
from workers.celery_app import RAG_QUEUE, SYNC_SOURCE
from workers.git_checkout import GitCheckout
from workers.rag import sync_source
from workers.rag_index import EndpointRefused, index_spec, repo_key
from workers.repo_lock import LOCK, RetryLater
from workers.runtime import WorkerRuntime


@pytest.fixture
def forge() -> Iterator[respx.MockRouter]:
    """GitHub's comment API faked at HTTP; tests add routes for the RAG endpoints they configure."""
    with respx.mock(assert_all_called=False) as router:
        FakeGitHubComments(router)
        yield router


def queued_jobs(worker: WorkerRuntime) -> list[tuple[str, list[object]]]:
    return [(message.task, message.args) for message in published(worker.redis, RAG_QUEUE)]


def trailers(remote: Path, rev: str = "main") -> dict[str, str]:
    text = git(remote, "log", "-1", "--format=%(trailers:only,unfold)", rev)
    return dict(line.split(": ", 1) for line in text.splitlines() if ": " in line)


def index_of(worker: WorkerRuntime, remote: Path, config: str = CONFIG):  # type: ignore[no-untyped-def]
    return index_spec(worker.settings, repo_key(target(remote).repo), parse_config(config).config)


def checkout(tmp_path: Path, remote: Path):  # type: ignore[no-untyped-def]
    work = tmp_path / "observer"
    if work.exists():
        git(work, "pull", "-q", "--ff-only")
    else:
        subprocess.run(["git", "clone", "-q", str(remote), str(work)], check=True)
    return GitCheckout(gitpython.Repo(work))


def ask(worker: WorkerRuntime, remote: Path, tmp_path: Path, question: str, config: str = CONFIG):  # type: ignore[no-untyped-def]
    view = checkout(tmp_path, remote)
    links = source_links(view)
    current = current_doc_ids(links, view, parse_config(config).config)
    spec = index_of(worker, remote, config)
    return run(query(spec, question, links, view.read_text, current_doc_ids=current))


def test_a_source_note_queues_ingest_and_the_rag_worker_commits_its_own_receipt(
    tmp_path: Path, worker: WorkerRuntime, remote: Path, forge: respx.MockRouter
) -> None:
    assert file_note(worker, remote, SIMILAR_PATH) == "committed"
    learning_commit = git(remote, "rev-parse", "main").strip()
    assert read_source_link(RECORD, show(remote, RECORD)).rag_status == "pending"  # type: ignore[union-attr]
    assert queued_jobs(worker) == [(SYNC_SOURCE, [target(remote).model_dump(mode="json"), RECORD])]

    result = sync_source(worker, target(remote), RECORD)

    assert result.outcome == "committed" and result.status == "verified"
    assert git(remote, "rev-parse", "main~1").strip() == learning_commit, "a receipt commit of its own"
    assert git(remote, "log", "-1", "--format=%an", "main").strip() == "GitLearnOS Bot"
    found = trailers(remote)
    assert found["GitLearnOS-Operation"] == "rag-ingest"
    assert found["GitLearnOS-Record"] == "mathematics/materials-similar-triangles-md"
    assert found["GitLearnOS-RAG-Document"] == result.doc_id
    assert found["GitLearnOS-Event"].startswith("rag:")
    changed = git(remote, "show", "--name-only", "--format=", "main").split()
    assert sorted(changed) == sorted([RECORD, result.receipt_path])
    assert result.receipt_path.startswith(".gitlearnos/receipts/")
    receipt = json.loads(show(remote, result.receipt_path))
    assert receipt["schema"] == SCHEMA and receipt["result"] == "completed"
    assert receipt["doc_id"] == result.doc_id and receipt["locator"] == SIMILAR_PATH
    assert receipt["verification"]["found"] is True and receipt["repo_revision"] == learning_commit
    assert receipt["index"]["embedding_model"] == "local:all-MiniLM-L6-v2-int8"
    record = read_source_link(RECORD, show(remote, RECORD))
    assert record is not None and record.rag_status == "verified" and record.doc_id == result.doc_id
    assert "Availability: `full`" in show(remote, RECORD)
    tracked = git(remote, "ls-tree", "-r", "--name-only", "main").split()
    assert not [p for p in tracked if "vdb_" in p or "kv_store" in p], "nothing generated is committed"

    answer = ask(worker, remote, tmp_path, "What is the ratio of corresponding side lengths called?")
    assert answer.status == QueryStatus.OK
    best = answer.evidence[0]
    assert "scale factor" in best.text and best.doc_id == result.doc_id
    assert best.source_id == "mathematics/materials-similar-triangles-md"
    assert best.locator.startswith(f"{SIMILAR_PATH}#L") and best.version == result.doc_id.rpartition("@")[2]

    again = sync_source(worker, target(remote), RECORD)
    assert again.outcome == "refused", "identical active ingestion is refused"
    assert git(remote, "rev-list", "--count", "main").strip() == "3"


def test_two_sources_verify_separately_and_deleting_one_keeps_the_other(
    tmp_path: Path, worker: WorkerRuntime, remote: Path, forge: respx.MockRouter
) -> None:
    file_note(worker, remote, SIMILAR_PATH, number=7)
    file_note(worker, remote, THALES_PATH, number=8)
    records = sorted(str(job[1][1]) for job in queued_jobs(worker))  # circle-theorems, similar-triangles
    done = [sync_source(worker, target(remote), str(record)) for record in records]
    assert [d.outcome for d in done] == ["committed", "committed"]
    spec, context = index_of(worker, remote), RunContext(repository=REPO.slug, repo_revision="test")
    thales, similar = done
    checks = {
        similar.doc_id: ("What is the scale factor?", "ratio of corresponding side lengths"),
        thales.doc_id: ("What is Thales' theorem?", "inscribed in a semicircle is always a right angle"),
    }
    for doc_id, (question, expect) in checks.items():
        source_id = doc_id.rpartition("@")[0]
        receipt = run(
            verify(spec, context, source_id=source_id, doc_id=doc_id, question=question, expect=expect)
        )
        assert receipt.result.value == "completed" and receipt.verification and receipt.verification.found
    question, expect = checks[similar.doc_id]
    wrong = run(verify(spec, context, source_id="x", doc_id=thales.doc_id, question=question, expect=expect))
    assert wrong.result.value == "failed", "a fact is matched only in its own document's evidence"

    link = read_source_link(records[0], show(remote, records[0]))
    assert link is not None
    removed = run(delete(spec, link, thales.doc_id, context))
    assert removed.result.value == "completed" and any("not securely erased" in r for r in removed.retained)
    gone = run(verify(spec, context, source_id="x", doc_id=thales.doc_id, question="What is Thales' theorem?",
                      expect="right angle"))  # fmt: skip
    assert gone.result.value == "failed"
    answer = ask(worker, remote, tmp_path, "What is the scale factor?")
    assert answer.evidence[0].doc_id == similar.doc_id
    assert all(e.doc_id != thales.doc_id for e in answer.evidence)
    # Git still records the deleted document as synchronized: the answer says the index lags behind.
    assert answer.status == QueryStatus.STALE and thales.doc_id in answer.error


def test_a_changed_source_is_stale_until_rebuilt_with_a_separate_receipt(
    tmp_path: Path, worker: WorkerRuntime, remote: Path, forge: respx.MockRouter
) -> None:
    file_note(worker, remote, SIMILAR_PATH)
    first = sync_source(worker, target(remote), RECORD)
    learner = tmp_path / "learner"
    subprocess.run(["git", "clone", "-q", str(remote), str(learner)], check=True)
    edited = SIMILAR + "\nSimilar figures have proportional perimeters with the same scale factor.\n"
    commit_files(learner, {SIMILAR_PATH: edited}, "Add a line to my handout")

    stale = ask(worker, remote, tmp_path, "What is the ratio of corresponding side lengths called?")
    assert stale.status == QueryStatus.STALE and stale.evidence[0].doc_id == first.doc_id

    rebuilt = sync_source(worker, target(remote), RECORD)
    assert rebuilt.outcome == "committed" and rebuilt.doc_id != first.doc_id
    receipt = json.loads(show(remote, rebuilt.receipt_path))
    assert receipt["operation"] == "rebuild" and receipt["replaces_doc_id"] == first.doc_id
    assert rebuilt.receipt_path != first.receipt_path
    assert show(remote, first.receipt_path), "the earlier receipt stays as history"
    fresh = ask(worker, remote, tmp_path, "What do similar figures have with the same scale factor?")
    assert fresh.status == QueryStatus.OK and {e.doc_id for e in fresh.evidence} == {rebuilt.doc_id}


def use_remote_embedding(tmp_path: Path, remote: Path) -> Path:
    """The learner switches their gitlearnos.yml to their own embedding endpoint; returns their clone."""
    learner = tmp_path / "learner"
    subprocess.run(["git", "clone", "-q", str(remote), str(learner)], check=True)
    commit_files(learner, {"gitlearnos.yml": REMOTE_CONFIG}, "Use my embedding endpoint")
    return learner


def test_a_new_embedding_model_opens_a_new_index_and_replays_instead_of_reusing(
    tmp_path: Path,
    worker: WorkerRuntime,
    remote: Path,
    forge: respx.MockRouter,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("GITLEARNOS_RAG_EMBEDDING_API_KEY", "embedding-secret")
    file_note(worker, remote, SIMILAR_PATH)
    local = sync_source(worker, target(remote), RECORD)
    use_remote_embedding(tmp_path, remote)
    serve_embeddings(forge, seen := [])

    before_replay = ask(worker, remote, tmp_path, "What is the scale factor?", REMOTE_CONFIG)
    assert before_replay.status == QueryStatus.STALE and "replay needed" in before_replay.error

    replayed = sync_source(worker, target(remote), RECORD)
    assert replayed.outcome == "committed" and replayed.doc_id == local.doc_id
    first, second = (json.loads(show(remote, r.receipt_path))["index"] for r in (local, replayed))
    assert second["embedding_model"] == "minilm-over-http" and second["index_key"] != first["index_key"]
    assert ask(worker, remote, tmp_path, "What is the scale factor?", REMOTE_CONFIG).status == QueryStatus.OK
    assert seen and set(seen) == {"Bearer embedding-secret"}


@pytest.fixture
def learners_embedding(tmp_path: Path, remote: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The learner's gitlearnos.yml names their own embedding endpoint; its key is in the worker's env."""
    monkeypatch.setenv("GITLEARNOS_RAG_EMBEDDING_API_KEY", "embedding-secret")
    return use_remote_embedding(tmp_path, remote)


def test_an_unreachable_embedding_endpoint_is_a_failure_committed_as_evidence_never_a_no_hit(
    tmp_path: Path,
    worker: WorkerRuntime,
    remote: Path,
    forge: respx.MockRouter,
    monkeypatch: pytest.MonkeyPatch,
    learners_embedding: Path,
) -> None:
    monkeypatch.setenv("GITLEARNOS_RAG_CHAT_API_KEY", "chat-secret")
    route = serve_embeddings(forge, seen := [])
    answer = route.side_effect
    route.mock(side_effect=httpx.ConnectError("refused"))
    file_note(worker, remote, SIMILAR_PATH)

    failed = sync_source(worker, target(remote), RECORD)

    assert failed.outcome == "failed" and failed.status == "pending"
    assert trailers(remote)["GitLearnOS-Operation"] == "rag-ingest"
    receipt = json.loads(show(remote, failed.receipt_path))
    assert receipt["result"] == "failed" and "ConnectError" in receipt["error"]
    assert read_source_link(RECORD, show(remote, RECORD)).rag_status == "pending"  # type: ignore[union-attr]
    outage = ask(worker, remote, tmp_path, "What is the scale factor?", REMOTE_CONFIG)
    assert outage.status == QueryStatus.FAILED and outage.status != QueryStatus.NO_HIT and not outage.evidence

    route.mock(side_effect=answer)
    retried = sync_source(worker, target(remote), RECORD)
    assert retried.outcome == "committed" and retried.status == "verified"
    inspected = json.loads(show(remote, retried.receipt_path))["provider_state"]
    assert inspected.startswith("earlier entry was failed; deleted before the retry"), inspected
    assert set(seen) == {"Bearer embedding-secret"}, "the embedding endpoint gets only its own credential"
    chat_calls = [c for c in forge.calls if c.request.url.host == "chat.rag.invalid"]
    assert all(c.request.headers.get("authorization") == "Bearer chat-secret" for c in chat_calls)
    assert ask(worker, remote, tmp_path, "What is the scale factor?", REMOTE_CONFIG).status == QueryStatus.OK


def test_a_rebuild_failing_after_deletion_is_stale_not_a_no_hit_until_the_inspected_retry(
    tmp_path: Path, worker: WorkerRuntime, remote: Path, forge: respx.MockRouter, learners_embedding: Path
) -> None:
    learner = learners_embedding
    route = serve_embeddings(forge, [])
    answer = route.side_effect
    file_note(worker, remote, SIMILAR_PATH)
    first = sync_source(worker, target(remote), RECORD)
    commit_files(learner, {SIMILAR_PATH: SIMILAR + "\nSimilar figures keep their shape.\n"}, "Edit it")
    route.mock(side_effect=httpx.ConnectError("refused"))

    failed = sync_source(worker, target(remote), RECORD)

    receipt = json.loads(show(remote, failed.receipt_path))
    assert failed.outcome == "failed" and receipt["operation"] == "rebuild"
    assert receipt["provider_state"].startswith(f"old entry {first.doc_id}: was processed, deleted")
    assert "Provider document ID: none" in show(remote, RECORD), "the record claims no document"
    route.mock(side_effect=answer)  # the endpoint is back; the retry has not run yet
    silent = ask(worker, remote, tmp_path, "What is the scale factor?", REMOTE_CONFIG)
    assert silent.status == QueryStatus.STALE, "the index lost the old version: not a clean no-hit"
    assert failed.doc_id in silent.error

    retried = sync_source(worker, target(remote), RECORD)
    assert retried.outcome == "committed" and retried.status == "verified"
    assert json.loads(show(remote, retried.receipt_path))["provider_state"].startswith("earlier entry was")
    assert ask(worker, remote, tmp_path, "What is the scale factor?", REMOTE_CONFIG).status == QueryStatus.OK


def test_material_not_in_the_repository_stays_pending_and_nothing_is_sent(
    tmp_path: Path, worker: WorkerRuntime, remote: Path, forge: respx.MockRouter
) -> None:
    file_note(worker, remote, "the blue textbook on my shelf, chapter 3")
    (job,) = queued_jobs(worker)
    before = git(remote, "rev-parse", "main")
    result = sync_source(worker, target(remote), str(job[1][1]))
    assert result.outcome == "needs-source"
    assert git(remote, "rev-parse", "main") == before, "no commit, no receipt, nothing ingested"


def test_a_credential_variable_outside_the_rag_prefix_is_never_read(
    tmp_path: Path, worker: WorkerRuntime, remote: Path, forge: respx.MockRouter
) -> None:
    hostile = REMOTE_CONFIG.replace("GITLEARNOS_RAG_EMBEDDING_API_KEY", "GITLEARNOS_GITHUB_TOKEN")
    learner = tmp_path / "learner"
    subprocess.run(["git", "clone", "-q", str(remote), str(learner)], check=True)
    commit_files(learner, {"gitlearnos.yml": hostile}, "Point the embedding key at the forge token")
    file_note(worker, remote, SIMILAR_PATH)
    embedding = forge.post(f"{EMBEDDING_URL}/embeddings").mock(return_value=httpx.Response(500))
    result = sync_source(worker, target(remote), RECORD)
    assert result.outcome == "refused" and "GITLEARNOS_RAG_" in result.reason
    assert not embedding.calls


@pytest.mark.parametrize(
    ("base_url", "allowed", "refused"),
    [
        ("https://embeddings.example.org/v1", "", False),
        ("http://embeddings.example.org/v1", "", True),  # plain http only when the operator lists the host
        ("https://127.0.0.1:8080/v1", "", True),
        ("https://169.254.169.254/latest", "", True),  # a cloud metadata address
        ("https://10.0.0.5/v1", "", True),
        ("https://localhost/v1", "", True),
        ("http://127.0.0.1:8080/v1", "127.0.0.1", False),
        ("https://embeddings.example.org/v1", "127.0.0.1", True),  # a list means only those hosts
    ],
)
def test_a_learners_endpoint_cannot_aim_the_worker_at_the_operators_network(
    tmp_path: Path, base_url: str, allowed: str, refused: bool
) -> None:
    config = parse_config(
        f"rag:\n  embedding:\n    base_url: {base_url}\n    model: m\n    dimensions: 8\n"
    ).config
    settings = Settings(data_dir=tmp_path, rag_allowed_hosts=allowed)
    if refused:
        with pytest.raises(EndpointRefused, match="base_url"):
            index_spec(settings, "alice/learning", config)
    else:
        assert index_spec(settings, "alice/learning", config).embedding.base_url == base_url


def test_an_ingest_that_lost_its_repository_lease_does_not_push_its_receipt(
    worker: WorkerRuntime, remote: Path, forge: respx.MockRouter, learners_embedding: Path
) -> None:
    """Fencing: an ingest can run long; if its lease lapsed and another job took the repository while the
    embedding endpoint answered, the receipt is not pushed over that job's work and the retry re-plans."""
    file_note(worker, remote, SIMILAR_PATH)
    route = serve_embeddings(forge, [])
    answer = route.side_effect

    def another_job_takes_the_repository(request: httpx.Request) -> httpx.Response:
        worker.redis.set(LOCK.format(repo=target(remote).repo.slug), b"another-job", ex=30)
        return answer(request)  # type: ignore[misc,operator]

    route.mock(side_effect=another_job_takes_the_repository)
    head = git(remote, "rev-parse", "main")

    with pytest.raises(RetryLater, match="lease lapsed"):
        sync_source(worker, target(remote), RECORD)
    assert git(remote, "rev-parse", "main") == head, "no receipt commit pushed without the lease"
