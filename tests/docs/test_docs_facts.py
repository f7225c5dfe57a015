"""Facts the docs state that the code also knows: when one side changes, the other must follow.

Each test reads a page and compares it with the code it describes: the scenario table with the
conformance registry, the protocol version with the configuration model's default, the headers on the
forge page with the names the intake reads, the handoff diagram with the status transition table,
and the docs that code docstrings send readers to.
"""

from __future__ import annotations

import re
from pathlib import Path

from bot.config import LearnerConfig
from bot.handoff.status import TRANSITIONS
from evals.scenarios.registry import SCENARIOS, Scenario, Surface
from forge_adapters.gitea import translate as gitea_translate
from forge_adapters.gitea import verify as gitea_verify
from forge_adapters.gitlab import translate as gitlab_translate
from forge_adapters.gitlab import verify as gitlab_verify

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"


def page(name: str) -> str:
    return (DOCS / name).read_text()


def expected_status(scenario: Scenario) -> str:
    if scenario.forge_run is not None:
        return "runs on every forge"
    if scenario.local_run is not None:
        return "runs on a local checkout"
    if scenario.surface is Surface.NONE:
        return "partly" if any(variant.applies for variant in scenario.variants) else "does not apply"
    return "not yet"


def test_the_protocol_page_lists_every_scenario_with_its_status() -> None:
    rows = dict(re.findall(r"^\| (\d\d) \| [^|]+ \| ([^|]+) \|$", page("protocol.md"), flags=re.MULTILINE))
    assert sorted(rows) == [scenario.number for scenario in SCENARIOS]
    for scenario in SCENARIOS:
        assert rows[scenario.number].startswith(expected_status(scenario)), scenario.number


def test_the_protocol_page_names_the_version_the_bot_writes_and_the_upstream() -> None:
    text = page("protocol.md")
    assert f"`{LearnerConfig.model_fields['protocol'].default}`" in text
    assert "github.com/Guojiz/gitlearnos" in text


def test_the_forge_page_names_every_header_the_intake_reads() -> None:
    text = page("operator/forges.md")
    names = {
        "X-GitHub-Event", "X-GitHub-Delivery", "X-Hub-Signature-256",
        gitlab_translate.EVENT_HEADER, *gitlab_translate.DELIVERY_HEADERS, gitlab_verify.TOKEN_HEADER,
        gitlab_verify.SIGNATURE_HEADER, *gitea_verify.SIGNATURE_HEADERS,
        *(name for name in gitea_translate.EVENT_HEADERS if "Hub" not in name),
        *(name for name in gitea_translate.DELIVERY_HEADERS if "Hub" not in name),
    }  # fmt: skip
    missing = sorted(name for name in names if f"`{name}" not in text)
    assert not missing, missing


def test_the_handoff_diagram_is_the_transition_table() -> None:
    diagram = re.search(r"```mermaid\nstateDiagram-v2\n(.*?)```", page("teacher.md"), flags=re.DOTALL)
    assert diagram is not None
    # Mermaid state ids cannot hold a hyphen, so hyphenated states are declared `state "a-b" as a_b`.
    names = dict(
        (ident, label)
        for label, ident in re.findall(r'^\s+state "([\w-]+)" as (\w+)$', diagram.group(1), re.M)
    )
    pairs = re.findall(r"^\s+(\w+) --> (\w+)$", diagram.group(1), flags=re.MULTILINE)
    edges = {(names.get(source, source), names.get(target, target)) for source, target in pairs}
    table = {(source.value, target.value) for source, targets in TRANSITIONS.items() for target in targets}
    assert edges == table


def test_pages_that_code_points_to_exist() -> None:
    provider = (ROOT / "rag" / "provider.py").read_text()
    assert "docs/architecture (RAG section)" in provider
    assert re.search(r"^## RAG$", page("architecture.md"), flags=re.MULTILINE)
    headers = (ROOT / "evals" / "sandbox" / "webhook_headers.py").read_text()
    assert "docs/operator/forges.md" in headers
    assert (DOCS / "operator" / "forges.md").is_file()
