"""``gitlearnos evals`` as CI logs it: one line per finished cell on stderr, the table, then a summary."""

from __future__ import annotations

import subprocess
import sys

from evals.harness.checks import CheckStatus, ScenarioResult
from evals.harness.criteria import Coverage, coverage_counts
from evals.harness.report import summary
from evals.harness.runner import cell_count


def test_the_non_terminal_run_logs_each_cell_and_closes_with_a_summary() -> None:
    # Two not-applicable scenarios: the log's shape without starting a stack, whichever scenarios run.
    selection = ["--scenario", "16", "--scenario", "12", "--forge", "github"]
    run = subprocess.run(
        [sys.executable, "-m", "gitlearnos", "evals", *selection],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines()[0].split() == ["scenario", "title", "forge", "status", "reason"]
    assert "0 pass, 0 fail, 0 not-yet, 2 not-applicable of 2 cells" in run.stdout
    lines = run.stderr.splitlines()
    assert lines[:3] == ["scenarios: 2 to do", "12 none   not-applicable", "16 none   not-applicable"]
    assert lines[3].startswith("gitlearnos evals: 2 cells in ")
    not_checked = str(sum(coverage_counts(n)[Coverage.NOT_CHECKED] for n in ("12", "16")))
    assert [line.split() for line in lines[4:]] == [
        ["pass:", "0"], ["fail:", "0"], ["not-yet:", "0"], ["not-applicable:", "2"], ["failed:", "none"],
        ["criteria:", "0", "checked,", "0", "weak,", not_checked, "not-checked", "in", "2", "scenarios"],
    ]  # fmt: skip
    assert "\x1b[" not in run.stderr + run.stdout


def test_the_summary_names_a_not_yet_cell_no_open_issue_owns() -> None:
    """Such a cell fails the run, so the summary says which one needs building or an owner."""
    cells = [ScenarioResult("04", "Due review", "github", CheckStatus.NOT_YET, "sandbox flavour missing")]
    _, rows = summary(cells, 1.0)
    assert dict(rows)["not-yet, no open issue owns it"] == "04 github"


def test_the_summary_names_the_failed_cells_and_how_to_rerun_them() -> None:
    cells = [
        ScenarioResult("02", "Organize notes", "github", CheckStatus.PASS, "", seconds=3.0),
        ScenarioResult("02", "Organize notes", "gitea", CheckStatus.FAIL, "x", seconds=4.0),
        ScenarioResult("13", "RAG", "gitlab", CheckStatus.FAIL, "y", seconds=5.0),
    ]
    title, rows = summary(cells, 12.04)
    count = {kind.value: coverage_counts("02")[kind] + coverage_counts("13")[kind] for kind in Coverage}
    assert title == "gitlearnos evals: 3 cells in 12.0 s"
    assert dict(rows) == {
        "pass": "1",
        "fail": "2",
        "not-yet": "0",
        "not-applicable": "0",
        "failed": "02 gitea, 13 gitlab",
        "criteria": f"{count['checked']} checked, {count['weak']} weak, {count['not-checked']} not-checked "
        "in 2 scenarios",
        "rerun": "gitlearnos evals --scenario 02 --scenario 13",
    }


def test_the_bar_counts_exactly_the_cells_the_run_returns() -> None:
    assert cell_count(scenarios=["14", "12"], forges=["github", "gitea"]) == 3  # 12 has one 'none' cell
    assert cell_count(scenarios=["07"]) == 1  # local mode only
    assert cell_count(scenarios=["02"]) == 3  # every forge
