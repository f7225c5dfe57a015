"""The harness's own parts: verdicts, receipts, links, text heuristics, reading Git, the JSON shape."""

from __future__ import annotations

import json
import subprocess
from dataclasses import replace
from pathlib import Path

import pytest

from bot.receipt import ReceiptField
from evals.harness import runner
from evals.harness.checks import Check, CheckRecorder, CheckStatus, ScenarioResult, verdict
from evals.harness.learner_checks import MASTERY_CLAIM, affirmative_sentences, header_value, plain
from evals.harness.links import links_to, referenced_paths, resolve
from evals.harness.receipt import listed_paths, parse_receipt, visible_text
from evals.harness.repo_state import RemoteObserver, read_state
from evals.harness.report import format_table, to_json, write_json
from evals.harness.runner import exit_code, run_evals, scenario_number
from evals.scenarios.registry import OWNED_BY_OPEN_ISSUE, S11_NOT_APPLICABLE, SCENARIOS, Surface
from tests.support.eval_checks import matches_check


@pytest.mark.parametrize(
    ("statuses", "expected"),
    [
        ([CheckStatus.PASS, CheckStatus.PASS], CheckStatus.PASS),
        ([CheckStatus.PASS, CheckStatus.NOT_YET], CheckStatus.NOT_YET),
        ([CheckStatus.NOT_YET, CheckStatus.FAIL, CheckStatus.PASS], CheckStatus.FAIL),
        ([], CheckStatus.NOT_YET),
        ([CheckStatus.NOT_APPLICABLE, CheckStatus.NOT_APPLICABLE], CheckStatus.NOT_APPLICABLE),
        ([CheckStatus.NOT_APPLICABLE, CheckStatus.PASS], CheckStatus.PASS),
        ([CheckStatus.NOT_APPLICABLE, CheckStatus.NOT_YET], CheckStatus.NOT_YET),
    ],
)
def test_the_first_failure_decides_then_not_yet(statuses: list[CheckStatus], expected: CheckStatus) -> None:
    status, reason = verdict([Check(f"c{i}", s, f"detail {i}") for i, s in enumerate(statuses)])
    assert status is expected
    if expected is CheckStatus.FAIL:
        assert reason == "c1: detail 1"


def test_sections_prefix_check_names() -> None:
    checks = CheckRecorder()
    with checks.section("preview"):
        checks.expect("nothing is committed", True, "")
    checks.not_yet("answers step 3", "needs a chat model")
    assert [c.name for c in checks.results] == ["preview: nothing is committed", "answers step 3"]


def test_the_receipt_is_read_as_the_learner_sees_it() -> None:
    body = (
        "Recorded.\n\n- **Mode:** safe-auto\n- **Changed files:** `a.md`, `dashboard.md`\n"
        "- **Not a field:** x\n<!-- gitlearnos:reply event=k -->"
    )
    receipt = parse_receipt(visible_text(body))
    assert receipt == {ReceiptField.MODE: "safe-auto", ReceiptField.CHANGED_FILES: "`a.md`, `dashboard.md`"}
    assert listed_paths(receipt[ReceiptField.CHANGED_FILES]) == {"a.md", "dashboard.md"}
    assert listed_paths("none") == set()
    assert "gitlearnos:reply" not in visible_text(body)


def test_links_resolve_like_a_forge_file_view() -> None:
    record = "subjects/mathematics/events/e.md"
    assert resolve(record, "../goals/main-goal.md") == "subjects/mathematics/goals/main-goal.md"
    assert resolve("dashboard.md", "subjects/x.md#top") == "subjects/x.md"
    assert resolve(record, "https://example.org/x.md") is None
    assert links_to(record, "[goal](../goals/main-goal.md)", ["subjects/mathematics/goals/main-goal.md"])
    agents = "Read `gitlearnos.yml` first, then [the dashboard](dashboard.md); never `AGENTS.md` again."
    assert referenced_paths("AGENTS.md", agents, ["gitlearnos.yml", "dashboard.md", "AGENTS.md", "x.md"]) == {
        "gitlearnos.yml",
        "dashboard.md",
    }


def test_claims_are_affirmative_sentences_only() -> None:
    honest = "Mastery: unchanged: a note is reported evidence, not independent performance."
    assert affirmative_sentences(honest, MASTERY_CLAIM) == []
    assert affirmative_sentences("You have mastered similar triangles. Well done!", MASTERY_CLAIM) == [
        "You have mastered similar triangles"
    ]
    assert affirmative_sentences("Mastery: `demonstrated`", MASTERY_CLAIM) == ["Mastery: `demonstrated`"]
    assert affirmative_sentences("| unknown | learning | demonstrated |", MASTERY_CLAIM) == []
    assert header_value("# T\n\nChannel: `class`\n", "Channel") == "class"
    assert plain("> In class I\n> learned") == "in class i learned"


def _git(cwd: Path, *args: str) -> str:
    identity = ["-c", "user.name=Alice", "-c", "user.email=a@example.org"]
    return subprocess.run(
        ["git", *identity, *args], cwd=cwd, check=True, capture_output=True, text=True
    ).stdout


def test_repository_state_is_read_through_git(tmp_path: Path) -> None:
    work = tmp_path / "work"
    _git(tmp_path, "init", "-q", "-b", "main", str(work))
    (work / "a.md").write_text("first\n")
    _git(work, "add", ".")
    _git(work, "commit", "-qm", "Start")
    first = read_state(work / ".git", "HEAD")
    (work / "b.png").write_bytes(b"\x89PNG\xff\xfe")
    _git(work, "add", ".")
    _git(
        work,
        "commit",
        "-qm",
        "Add\n\nGitLearnOS-Event: github:h/r#1/issue@abc\nGitLearnOS-Operation: organize",
    )
    observer = RemoteObserver(str(work), "unused-token", tmp_path / "observer")
    second = observer.observe()
    (new,) = second.commits_since(first)
    assert new.paths == ("b.png",) and new.trailer("GitLearnOS-Operation") == ["organize"]
    assert second.added_paths(first) == ["b.png"] and second.contains(first.head)
    assert read_state(tmp_path / "observer" / "observer.git", "refs/remotes/origin/nothing").head == ""


def test_scenario_numbers_are_normalized() -> None:
    assert scenario_number("2") == scenario_number("s02") == "02"
    with pytest.raises(ValueError, match="01 to 18"):
        scenario_number("19")


def test_every_protocol_scenario_has_a_row_with_a_reason_or_a_runner() -> None:
    assert [s.number for s in SCENARIOS] == [f"{n:02d}" for n in range(1, 19)]
    for spec in SCENARIOS:
        runnable = spec.forge_run is not None or spec.local_run is not None
        assert runnable or spec.not_yet, spec.number
        assert (spec.local_run is not None) == (spec.surface is Surface.LOCAL)


def test_not_yet_cells_need_no_stack_and_have_the_json_shape(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Built scenarios run, so this one is made unbuilt here: the test holds whichever scenarios have landed.
    unbuilt = "owned by open issue #17: repeated-error synthesis is not built"
    monkeypatch.setattr(
        runner,
        "SCENARIOS",
        tuple(replace(s, forge_run=None, not_yet=unbuilt) if s.number == "14" else s for s in SCENARIOS),
    )
    monkeypatch.setitem(OWNED_BY_OPEN_ISSUE, "14", "#17")
    results = run_evals(tmp_path, scenarios=["14"], forges=["github", "gitea"])
    assert [(r.scenario, r.forge) for r in results] == [("14", "github"), ("14", "gitea")]
    assert exit_code(results) == 0, "an open issue owns the unbuilt 14"
    write_json(results, tmp_path / "out" / "evals.json")
    data = json.loads((tmp_path / "out" / "evals.json").read_text())
    assert data == to_json(results)
    for cell in data:
        assert {"scenario", "forge", "status", "reason", "checks"} <= set(cell)
        assert cell["status"] == "not-yet" and cell["owned_by"] == "#17"
        assert "diagnose" in cell["reason"] or "owned by open issue" in cell["reason"]
    assert "14" in format_table(results)
    assert not (tmp_path / "stack").exists(), "no cell was runnable, so no stack was started"


def test_a_failed_cell_makes_the_exit_code_one() -> None:
    passed = ScenarioResult("02", "Organize notes", "github", CheckStatus.PASS, "x")
    failed = ScenarioResult("02", "Organize notes", "gitea", CheckStatus.FAIL, "x")
    assert exit_code([passed]) == 0
    assert exit_code([passed, failed]) == 1


def test_a_failed_check_passes_the_exit_code_only_when_the_one_list_names_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    owned_name = "fresh questions are generated from linked evidence for `review-x`"
    monkeypatch.setitem(OWNED_BY_OPEN_ISSUE, f"04: {owned_name}", "#16")
    owned = Check(owned_name, CheckStatus.FAIL, "quotes the note")
    stray = Check("the record lists the question", CheckStatus.FAIL, "missing")
    cell = ScenarioResult("04", "Due review", "github", CheckStatus.FAIL, "x", (owned,))
    assert exit_code([cell]) == 0
    assert (
        exit_code([ScenarioResult("04", "Due review", "github", CheckStatus.FAIL, "x", (owned, stray))]) == 1
    )
    assert exit_code([ScenarioResult("02", "Organize notes", "github", CheckStatus.FAIL, "x", (owned,))]) == 1
    assert "(known: owned by open issue #16)" in format_table([cell])
    assert to_json([cell])[0]["checks"][0]["owned_by"] == "#16"


def test_not_yet_fails_the_exit_code_unless_an_open_issue_owns_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(OWNED_BY_OPEN_ISSUE, "14", "#17")  # the list empties as issues land: own one here
    unowned = ScenarioResult("04", "Due review", "github", CheckStatus.NOT_YET, "y")
    owned = ScenarioResult("14", "Repeated-error synthesis", "github", CheckStatus.NOT_YET, "y")
    assert exit_code([unowned]) == 1
    assert exit_code([owned]) == 0
    waiting = Check("answers step 3", CheckStatus.NOT_YET, "needs a chat model")
    one_check = ScenarioResult("04", "Due review", "gitlab", CheckStatus.NOT_YET, "y", (waiting,))
    assert exit_code([one_check]) == 1, "a not-yet check inside a runnable scenario needs an owner too"


def test_a_not_yet_variant_passes_the_exit_code_only_when_the_one_list_names_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(OWNED_BY_OPEN_ISSUE, "11: no repository write access", "#16")
    owned = Check("no repository write access", CheckStatus.NOT_YET, "not built")
    stray = Check("memory pointer stale", CheckStatus.NOT_YET, "not built")
    cell = ScenarioResult("11", "Continue without Skills", "none", CheckStatus.NOT_YET, "", (owned,))
    assert exit_code([cell]) == 0
    assert exit_code([ScenarioResult("11", "x", "none", CheckStatus.NOT_YET, "", (owned, stray))]) == 1


def test_not_applicable_is_its_own_status_with_the_protocol_requirement(tmp_path: Path) -> None:
    results = run_evals(tmp_path, scenarios=["12", "16"])
    assert [(r.scenario, r.status) for r in results] == [
        ("12", CheckStatus.NOT_APPLICABLE),
        ("16", CheckStatus.NOT_APPLICABLE),
    ]
    assert all(r.reason.startswith("does not apply to a server-side bot: ") for r in results)
    assert "'the runtime's Skill list exposes gitlearnos'" in results[0].reason
    assert exit_code(results) == 0
    assert "0 not-yet, 2 not-applicable of 2 cells" in format_table(results)


def test_scenario_11_runs_on_every_forge_and_lists_the_variants_a_bot_does_not_have() -> None:
    (spec,) = [s for s in SCENARIOS if s.number == "11"]
    assert spec.surface is Surface.FORGE and spec.forge_run is not None
    names = {v.name for v in S11_NOT_APPLICABLE}
    assert {"memory unavailable", "memory pointer stale", "preview or manual"} < names
    assert not any(v.applies for v in S11_NOT_APPLICABLE), "the two that apply run: no write access, transfer"


def test_the_one_list_names_only_scenarios_and_variants_that_are_not_built() -> None:
    by_number = {spec.number: spec for spec in SCENARIOS}
    for key in OWNED_BY_OPEN_ISSUE:
        number, _, variant = key.partition(": ")
        spec = by_number[number]
        if variant and spec.variants:
            assert any(v.name == variant and v.applies for v in spec.variants), key
        elif variant:
            assert matches_check(variant), f"{key}: no such check in the harness or the scenarios"
        else:
            assert spec.forge_run is None and spec.local_run is None, f"{key} runs: take it off the list"
    for spec in SCENARIOS:
        for variant in spec.variants:
            if variant.applies:
                assert f"{spec.number}: {variant.name}" in OWNED_BY_OPEN_ISSUE, variant.name


def test_unknown_forges_are_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="unknown forge"):
        run_evals(tmp_path, forges=["bitbucket"])
