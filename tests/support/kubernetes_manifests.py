"""The Kubernetes manifests in ``deploy/kubernetes/`` read as data: every object the kustomization applies,
the workloads, and the containers that run the project's image with their arguments and secret references.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from tests.support.deploy_files import ROOT

K8S = ROOT / "deploy" / "kubernetes"
KUSTOMIZATION = K8S / "kustomization.yaml"
# The image placeholder that kustomization.yaml's `images:` rewrites.
IMAGE = "gitlearnos-bot"
WORKLOADS = {"Deployment", "StatefulSet"}


def load_yaml_documents(path: Path) -> list[Any]:
    return [doc for doc in yaml.safe_load_all(path.read_text()) if doc is not None]


@cache
def kustomization() -> dict[str, Any]:
    data = yaml.safe_load(KUSTOMIZATION.read_text())
    assert isinstance(data, dict)
    return data


@cache
def resources() -> tuple[dict[str, Any], ...]:
    """Every object the kustomization applies, in file order."""
    found: list[dict[str, Any]] = []
    for name in kustomization()["resources"]:
        found.extend(load_yaml_documents(K8S / name))
    return tuple(found)


def of_kind(kind: str) -> list[dict[str, Any]]:
    return [doc for doc in resources() if doc["kind"] == kind]


def named(kind: str, name: str) -> dict[str, Any]:
    matches = [doc for doc in of_kind(kind) if doc["metadata"]["name"] == name]
    assert len(matches) == 1, f"expected one {kind} {name}, found {len(matches)}"
    return matches[0]


def workloads() -> list[dict[str, Any]]:
    return [doc for doc in resources() if doc["kind"] in WORKLOADS]


def pod_spec(workload: dict[str, Any]) -> dict[str, Any]:
    spec = workload["spec"]["template"]["spec"]
    assert isinstance(spec, dict)
    return spec


def containers(workload: dict[str, Any]) -> list[dict[str, Any]]:
    spec = pod_spec(workload)
    return [*spec.get("initContainers", []), *spec["containers"]]


def our_containers() -> Iterator[tuple[dict[str, Any], dict[str, Any]]]:
    """(workload, container) for every container that runs the project's image."""
    for workload in workloads():
        for container in containers(workload):
            if container["image"] == IMAGE:
                yield workload, container


def container_named(workload_name: str) -> dict[str, Any]:
    (found,) = [c for w, c in our_containers() if w["metadata"]["name"] == workload_name]
    return found


def cli_args(container: dict[str, Any]) -> list[str]:
    """The `gitlearnos ...` arguments: the image's ENTRYPOINT is `gitlearnos`, so args are its arguments."""
    command = container.get("command")
    assert command in (None, ["gitlearnos"]), f"{container['name']}: command {command} bypasses the CLI"
    return [str(arg) for arg in container.get("args", [])]


def secret_refs(container: dict[str, Any]) -> set[str]:
    return {
        entry["valueFrom"]["secretKeyRef"]["key"]
        for entry in container.get("env", [])
        if "secretKeyRef" in entry.get("valueFrom", {})
    }
