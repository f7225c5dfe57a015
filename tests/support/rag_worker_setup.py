"""The RAG worker's test setup: a learner repository holding two course materials, a worker runtime that
publishes to Celery, source notes filed on it, and the learner's own embedding endpoint faked at HTTP.
"""

from __future__ import annotations

import json
from pathlib import Path

import httpx
import pytest
import respx

from rag.provider import local_encoder
from tests.support.event_worker import runtime
from tests.support.git_remotes import git, seeded_remote
from tests.support.learner import CONFIG, GOAL, REPO, issue_event
from workers.events import handle_event
from workers.repo_registry import RegisteredRepo
from workers.runtime import WorkerRuntime

SIMILAR = """# Similar triangles (course handout)

Two triangles are similar when their corresponding angles are equal.
The ratio of corresponding side lengths is called the scale factor of the similarity.
"""


THALES = """# Circle theorems

An angle inscribed in a semicircle is always a right angle, which is known as Thales' theorem.
"""


SIMILAR_PATH = "materials/similar-triangles.md"
THALES_PATH = "materials/circle-theorems.md"
RECORD = "subjects/mathematics/sources/materials-similar-triangles-md.md"
EMBEDDING_URL = "https://embeddings.rag.invalid/v1"


@pytest.fixture
def remote(tmp_path: Path) -> Path:
    files = {
        "gitlearnos.yml": CONFIG,
        "subjects/mathematics/goals/main-goal.md": GOAL,
        SIMILAR_PATH: SIMILAR,
        THALES_PATH: THALES,
    }
    return seeded_remote(tmp_path, "remote", files)


def commit_files(work: Path, files: dict[str, str], message: str) -> None:
    git(work, "pull", "-q", "--ff-only") if git(work, "branch", "-r").strip() else None
    for path, content in files.items():
        (work / path).parent.mkdir(parents=True, exist_ok=True)
        (work / path).write_text(content)
    git(work, "add", ".")
    git(work, "-c", "user.name=Alice", "-c", "user.email=alice@example.org", "commit", "-qm", message)
    git(work, "push", "-q", "origin", "HEAD:main")


@pytest.fixture
def worker(tmp_path: Path, redis_url: str) -> WorkerRuntime:
    return runtime(tmp_path, redis_url, with_celery=True)


def target(remote: Path) -> RegisteredRepo:
    return RegisteredRepo(repo=REPO.model_copy(update={"clone_url": str(remote)}))


def file_note(worker: WorkerRuntime, remote: Path, source: str, number: int = 7) -> str:
    body = f"Today I read about this in my handout and want to keep it.\n\nSource: {source}\n"
    event = issue_event(body, number=number, repo=target(remote).repo, title=f"Reading notes {number}")
    return handle_event(worker, event)


def show(remote: Path, path: str, rev: str = "main") -> str:
    return git(remote, "show", f"{rev}:{path}")


REMOTE_CONFIG = (
    CONFIG
    + f"""rag:
  chat:
    base_url: https://chat.rag.invalid/v1
    model: some-chat-model
    api_key_env: GITLEARNOS_RAG_CHAT_API_KEY
  embedding:
    base_url: {EMBEDDING_URL}
    model: minilm-over-http
    api_key_env: GITLEARNOS_RAG_EMBEDDING_API_KEY
    dimensions: 384
"""
)


def serve_embeddings(forge: respx.MockRouter, seen: list[str]) -> respx.Route:
    """The configured embedding endpoint at its HTTP boundary, answering with the local model's vectors."""

    def embeddings(request: httpx.Request) -> httpx.Response:
        seen.append(request.headers.get("authorization", ""))
        vectors = local_encoder().encode(json.loads(request.content)["input"]).tolist()
        return httpx.Response(200, json={"data": [{"embedding": v} for v in vectors]})

    forge.post(url__startswith="https://chat.rag.invalid/").mock(
        return_value=httpx.Response(200, json={"choices": [{"message": {"content": ""}}]})
    )
    return forge.post(f"{EMBEDDING_URL}/embeddings").mock(side_effect=embeddings)
