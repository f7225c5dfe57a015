"""The Kubernetes option for the shared RAG index: the base stays one local-files replica, the component
scales out, and the DSN comes only from the Secret (never the ConfigMap)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

K8S = Path(__file__).resolve().parents[2] / "deploy" / "kubernetes"


def _rag_worker(root: Path) -> dict:  # type: ignore[type-arg]
    kubectl = shutil.which("kubectl")
    if kubectl is None:
        pytest.skip("kubectl is not installed; `kubectl kustomize` renders the same without a cluster")
    rendered = subprocess.run(
        [kubectl, "kustomize", str(root)], capture_output=True, text=True, timeout=60, check=True
    ).stdout
    return next(
        d
        for d in yaml.safe_load_all(rendered)
        if d and d["kind"] == "Deployment" and d["metadata"]["name"] == "rag-worker"
    )


def _dsn_source(workload: dict) -> dict:  # type: ignore[type-arg]
    env = workload["spec"]["template"]["spec"]["containers"][0]["env"]
    return next(e for e in env if e["name"] == "GITLEARNOS_RAG_POSTGRES_DSN")["valueFrom"]["secretKeyRef"]


def test_the_base_keeps_one_replica_and_reads_the_optional_dsn_from_the_secret() -> None:
    workload = _rag_worker(K8S)
    assert workload["spec"]["replicas"] == 1
    assert workload["spec"]["strategy"]["type"] == "Recreate"
    assert _dsn_source(workload) == {
        "name": "gitlearnos-secrets", "key": "GITLEARNOS_RAG_POSTGRES_DSN", "optional": True
    }  # fmt: skip
    assert (
        "GITLEARNOS_RAG_POSTGRES_DSN"
        in yaml.safe_load((K8S / "secret.example.yaml").read_text())["stringData"]
    )
    assert "GITLEARNOS_RAG_POSTGRES_DSN" not in (K8S / "configmap.yaml").read_text()


def test_the_shared_index_component_runs_several_rag_workers(tmp_path: Path) -> None:
    overlay = tmp_path / "kubernetes"
    shutil.copytree(K8S, overlay)
    with (overlay / "kustomization.yaml").open("a") as file:
        file.write("\ncomponents:\n  - shared-rag-index\n")
    workload = _rag_worker(overlay)
    assert workload["spec"]["replicas"] == 2
    assert workload["spec"]["strategy"]["type"] == "RollingUpdate"
    assert _dsn_source(workload)["key"] == "GITLEARNOS_RAG_POSTGRES_DSN"
