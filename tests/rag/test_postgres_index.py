"""The shared RAG index against a real PostgreSQL with pgvector that these tests start themselves.

Two workers are two index specs with different local folders (two machines) and the one operator
setting, ``GITLEARNOS_RAG_POSTGRES_DSN``: what one ingests, the other finds, verifies and deletes.
Skipped, with the reason, only where no PostgreSQL with pgvector can be started (install the
``postgres-test`` extra, which ships one).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.config import LearnerConfig
from bot.rag.links import IngestDecision, Readiness, SourceLink
from bot.rag.source_link import doc_id_for, sha256
from rag.operations import RunContext, delete, document_state, ingest, query, run
from rag.provider import IndexSpec
from rag.receipts import RunResult
from runtime.settings import Settings
from tests.support.scratch_postgres_dsn import scratch_postgres_dsn
from workers.rag_index import index_spec

pytest.importorskip("asyncpg", reason="the postgres extra (asyncpg, pgvector) is not installed")
pytest.importorskip("pgvector", reason="the postgres extra (asyncpg, pgvector) is not installed")

MATERIAL = (
    "# Cells\n\nThe mitochondria is the organelle that makes most of the ATP a cell uses. "
    "Ribosomes read messenger RNA and build proteins from amino acids.\n"
)
MATERIAL_PATH = "sources/cells.md"
REPO = "github/github.com/learner/biology"


postgres_dsn = pytest.fixture(scope="module")(scratch_postgres_dsn)


def _worker(tmp_path: Path, machine: str, dsn: str) -> IndexSpec:
    settings = Settings(data_dir=tmp_path / machine, rag_postgres_dsn=dsn)
    return index_spec(settings, REPO, LearnerConfig.model_validate({}))


def _source() -> tuple[SourceLink, IngestDecision]:
    digest = sha256(MATERIAL)
    link = SourceLink(
        record_path="sources/cells.yml", source_id="src-cells", subject="biology", locator=MATERIAL_PATH
    )
    decision = IngestDecision(
        readiness=Readiness.INGEST,
        reason="new source",
        material_path=MATERIAL_PATH,
        content_hash=digest,
        doc_id=doc_id_for("src-cells", digest),
    )
    return link, decision


def test_what_one_worker_ingests_another_machine_retrieves_and_deletes(
    tmp_path: Path, postgres_dsn: str
) -> None:
    first, second = _worker(tmp_path, "machine-a", postgres_dsn), _worker(tmp_path, "machine-b", postgres_dsn)
    assert first.working_dir != second.working_dir
    link, decision = _source()
    context = RunContext(repository="learner/biology", repo_revision="abc123")

    receipt = run(ingest(first, link, decision, MATERIAL, context))
    assert receipt.result is RunResult.COMPLETED, receipt.error
    assert receipt.verification is not None and receipt.verification.found

    assert run(document_state(second, decision.doc_id)) == "processed"
    recorded = link.model_copy(update={"doc_id": decision.doc_id, "rag_status": "verified"})
    answer = run(query(second, "Which organelle makes ATP?", [recorded], {MATERIAL_PATH: MATERIAL}.get))
    assert answer.status == "ok", answer.error
    assert answer.evidence[0].doc_id == decision.doc_id
    assert "mitochondria" in answer.evidence[0].text
    assert answer.evidence[0].locator.startswith(f"{MATERIAL_PATH}#L")
    assert answer.evidence[0].score > 0.2

    again = run(ingest(second, link, decision, MATERIAL, context))
    assert "already processed" in again.provider_state  # the second machine does not insert it twice

    removed = run(delete(second, link, decision.doc_id, context))
    assert removed.result is RunResult.COMPLETED, removed.provider_state
    assert run(document_state(first, decision.doc_id)) == "missing"


def test_repositories_sharing_one_database_do_not_see_each_other(tmp_path: Path, postgres_dsn: str) -> None:
    mine = _worker(tmp_path, "machine-a", postgres_dsn)
    settings = Settings(data_dir=tmp_path / "machine-a", rag_postgres_dsn=postgres_dsn)
    theirs = index_spec(settings, "github/github.com/someone/else", LearnerConfig.model_validate({}))
    link, decision = _source()
    context = RunContext(repository="learner/biology", repo_revision="abc123")
    assert run(ingest(mine, link, decision, MATERIAL, context)).result is RunResult.COMPLETED

    assert mine.workspace != theirs.workspace
    assert run(document_state(theirs, decision.doc_id)) == "missing"
    answer = run(query(theirs, "Which organelle makes ATP?", [], {}.get))
    assert answer.status == "no-hit"


def test_an_unreachable_database_is_a_failed_receipt_not_a_hang(tmp_path: Path) -> None:
    spec = _worker(tmp_path, "machine-a", "postgresql://postgres@127.0.0.1:9/postgres")
    link, decision = _source()
    receipt = run(ingest(spec, link, decision, MATERIAL, RunContext(repository="r", repo_revision="a")))
    assert receipt.result is RunResult.FAILED
    assert "password" not in receipt.error.lower()


def test_without_the_setting_the_index_stays_in_local_files(tmp_path: Path) -> None:
    spec = index_spec(Settings(data_dir=tmp_path), REPO, LearnerConfig.model_validate({}))
    assert not spec.storage.shared
    assert spec.storage.lightrag_kwargs["vector_storage"] == "NanoVectorDBStorage"
    assert spec.working_dir.is_relative_to(tmp_path)


_FILLER = "".join(
    f"Paragraph {n} repeats that cells divide by mitosis, and that meiosis makes gametes for reproduction.\n"
    for n in range(30)
)


def _second_source(text: str, source_id: str) -> tuple[SourceLink, IngestDecision]:
    digest, path = sha256(text), f"{source_id}.md"
    link = SourceLink(
        record_path=f"sources/{source_id}.yml", source_id=source_id, subject="bio", locator=path
    )
    decision = IngestDecision(
        readiness=Readiness.INGEST, reason="new source", material_path=path,
        content_hash=digest, doc_id=doc_id_for(source_id, digest),
    )  # fmt: skip
    return link, decision


@pytest.mark.parametrize("backend", ["local files", "postgresql"])
def test_one_worker_process_ingests_twice_into_one_repository(
    tmp_path: Path, backend: str, request: pytest.FixtureRequest
) -> None:
    """Failed before: a later insert hit LightRAG's cached lock from the first operation's event loop."""
    dsn = request.getfixturevalue("postgres_dsn") if backend == "postgresql" else ""
    spec = _worker(tmp_path, f"twice-{backend.replace(' ', '-')}", dsn)
    context = RunContext(repository="learner/biology", repo_revision="abc123")
    more = "# More\n\nRibosomes are the cell's protein factories and they read messenger RNA codons.\n"
    last = "# Last\n\nThe nucleus holds the chromosomes, and its envelope has pores for messenger RNA.\n"
    # Several chunks each: their concurrent extraction is what contends for (and binds) the lock.
    more, last = more + _FILLER, last + _FILLER
    sources = (
        (_source(), MATERIAL),
        (_second_source(more, "src-more"), more),
        (_second_source(last, "src-last"), last),
    )
    for (link, decision), text in sources:
        receipt = run(ingest(spec, link, decision, text, context))
        assert receipt.result is RunResult.COMPLETED, receipt.error
        assert receipt.verification is not None and receipt.verification.found
