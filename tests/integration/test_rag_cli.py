"""``gitlearnos rag`` on a learner's local checkout, as an operator runs it: the adapter never commits."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from gitlearnos.cli import main
from tests.support.git_remotes import git
from tests.support.learner import CONFIG, NOTE
from tests.support.local_mode import learner_checkout

MATERIAL = "materials/handout.md"
HANDOUT = "# Handout\n\nThe scale factor is the ratio of corresponding side lengths of similar figures.\n"


def gitlearnos(data: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = os.environ | {"GITLEARNOS_DATA_DIR": str(data)}
    return subprocess.run(
        [sys.executable, "-m", "gitlearnos", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=180,
        check=False,
    )


def test_ingest_writes_its_receipt_for_the_learner_to_commit_and_query_cites_the_source(
    tmp_path: Path,
) -> None:
    repo, data = (
        learner_checkout(tmp_path / "learner", {"gitlearnos.yml": CONFIG, MATERIAL: HANDOUT}),
        tmp_path / "data",
    )
    note = gitlearnos(data, "local", str(repo), f"{NOTE}\n\nSource: {MATERIAL}\n")
    assert note.returncode == 0, note.stderr
    (record,) = [p for p in git(repo, "ls-files").split() if "/sources/" in p]
    head = git(repo, "rev-parse", "HEAD")

    ingest = gitlearnos(data, "rag", "ingest", "--repo", str(repo), "--source", record)

    assert ingest.returncode == 0, ingest.stderr
    receipt = json.loads(ingest.stdout)
    # Not a terminal: the progress is plain lines on stderr, closed by the summary (stdout stays JSON).
    assert f"ingesting {MATERIAL} ({len(HANDOUT)} characters) ..." in ingest.stderr
    summary = ingest.stderr[ingest.stderr.index("gitlearnos rag ingest: completed in ") :].splitlines()
    assert summary[1:] == [
        f"  source:    {record}",
        f"  material:  {MATERIAL}",
        f"  document:  {receipt['doc_id']}",
        "  chunks:    1",
        "  retrieval: verified",
        f"  receipt:   {receipt['written_to'].split(' ')[0]} (written, not committed)",
        f"  record:    {record} (linkage updated, not committed)",
    ]
    assert "\x1b[" not in ingest.stderr
    assert receipt["schema"] == "gitlearnos.external-receipt/v1" and receipt["result"] == "completed"
    assert (
        repo / receipt["path"] if "path" in receipt else repo / receipt["written_to"].split(" ")[0]
    ).exists()
    assert git(repo, "rev-parse", "HEAD") == head, "the adapter never commits for the learner"
    assert ".gitlearnos/receipts/" in git(repo, "status", "--porcelain", "--untracked-files=all")

    query = gitlearnos(data, "rag", "query", "--repo", str(repo), "--question", "What is the scale factor?")
    result = json.loads(query.stdout)
    assert query.returncode == 0 and result["status"] == "ok"
    assert result["evidence"][0]["doc_id"] == receipt["doc_id"]
    assert result["evidence"][0]["locator"].startswith(f"{MATERIAL}#L")


def test_an_endpoint_on_the_operators_network_is_refused_with_a_clear_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    checkout = tmp_path / "learner"
    checkout.mkdir()
    (checkout / "gitlearnos.yml").write_text(
        "rag:\n  embedding:\n    base_url: http://10.0.0.5/v1\n    model: m\n    dimensions: 8\n"
    )
    subprocess.run(["git", "init", "-q", str(checkout)], check=True)
    with pytest.raises(SystemExit) as exit_info:
        main(["rag", "query", "--repo", str(checkout), "--question", "What is k?"])
    assert "GITLEARNOS_RAG_ALLOWED_HOSTS" in str(exit_info.value.code)


def test_local_mode_answers_a_question_from_the_index_the_learner_built(tmp_path: Path) -> None:
    """After ``gitlearnos rag ingest --repo .``, ``gitlearnos local`` answers from that index with the
    passage cited, and records the question as answered, as the rag worker does on a forge."""
    repo, data = (
        learner_checkout(tmp_path / "learner", {"gitlearnos.yml": CONFIG, MATERIAL: HANDOUT}),
        tmp_path / "data",
    )
    assert gitlearnos(data, "local", str(repo), f"{NOTE}\n\nSource: {MATERIAL}\n").returncode == 0
    (record,) = [p for p in git(repo, "ls-files").split() if "/sources/" in p]

    assert gitlearnos(data, "rag", "ingest", "--repo", str(repo), "--source", record).returncode == 0
    linkage = (repo / record).read_text()
    assert "- RAG status: `verified`" in linkage and "- Provider document ID: `" in linkage
    git(repo, "add", ".")  # the receipt and the record the ingest left for the learner to commit
    git(repo, "-c", "user.name=Alice", "-c", "user.email=a@example.org", "commit", "-qm", "Ingested")
    answered = gitlearnos(data, "local", str(repo), f"What does the scale factor mean in {MATERIAL}?")

    print(answered.stdout)
    assert answered.returncode == 0, answered.stderr
    assert "no knowledge index here" not in answered.stdout
    assert "ratio of corresponding side lengths" in answered.stdout
    assert f"{MATERIAL}#L" in answered.stdout
    files = git(repo, "show", "--name-only", "--format=", "HEAD").split()
    (question,) = [f for f in files if "/questions/" in f]
    assert "GitLearnOS-Operation: rag-question" in git(repo, "log", "-1", "--format=%B")
    assert "not-answered" not in (repo / question).read_text()
