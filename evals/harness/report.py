"""The results as a person reads them (a table) and as a machine reads them (JSON).

Both carry the same cells; ``cell_line`` and ``summary`` are what the progress display prints while the
cells run and after the table. The table adds, under each failed cell, every failed check with its detail,
because "fail" alone tells a developer nothing about what to fix, and under every cell how many of the
scenario's criteria are checked, weakly checked and not checked, naming the unchecked ones. The JSON lists
every criterion of the cell's scenario with its coverage and its result there (``evals/harness/criteria``),
so no protocol line is silently absent.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Sequence
from pathlib import Path

from evals.harness.checks import CheckStatus, ScenarioResult
from evals.harness.criteria import Coverage, coverage_counts, criteria
from evals.harness.runner import unowned, unowned_failures
from evals.scenarios.registry import owning_issue

HEADERS = ("scenario", "title", "forge", "status", "reason")
FAILED_CHECK = "    x "
CRITERIA_LINE = "    criteria: "


def _reason_cell(result: ScenarioResult) -> str:
    """A failed cell lists its failed checks on the lines below, so the cell only counts them."""
    if result.status is not CheckStatus.FAIL or not result.checks:
        return result.reason
    failed = sum(check.status is CheckStatus.FAIL for check in result.checks)
    return f"{failed} of {len(result.checks)} checks fail:"


def criteria_line(scenario: str) -> str:
    """``5 checked, 6 weak, 1 not-checked: 02.must.4``: the scenario's coverage, unchecked ids named."""
    found = criteria(scenario)
    unchecked = [c.id for c in found if c.coverage is Coverage.NOT_CHECKED]
    counts = ", ".join(f"{n} {coverage}" for coverage, n in coverage_counts(scenario).items())
    if len(unchecked) == len(found):
        return f"{counts}: none is checked"
    return f"{counts}: " + ", ".join(unchecked) if unchecked else counts


def format_table(results: Sequence[ScenarioResult]) -> str:
    rows = [(r.scenario, r.title, r.forge, r.status.value, _reason_cell(r)) for r in results]
    widths = [max(len(h), *(len(row[i]) for row in rows)) if rows else len(h) for i, h in enumerate(HEADERS)]
    fixed = widths[:4]

    def line(cells: Sequence[str]) -> str:
        return (
            "  ".join(cell.ljust(width) for cell, width in zip(cells[:4], fixed, strict=True))
            + "  "
            + cells[4]
        )

    out = [line(HEADERS), line(["-" * w for w in fixed] + ["-" * 6])]
    for result, row in zip(results, rows, strict=True):
        out.append(line(row))
        for check in result.checks:
            if check.status is CheckStatus.FAIL:
                owner = owning_issue(result.scenario, check.name)
                known = f" (known: owned by open issue {owner})" if owner else ""
                out.append(f"{FAILED_CHECK}{check.name}{known}: {check.detail}")
        out.append(CRITERIA_LINE + criteria_line(result.scenario))
    counts = {status: sum(r.status is status for r in results) for status in CheckStatus}
    out.append("")
    out.append(", ".join(f"{counts[s]} {s.value}" for s in CheckStatus) + f" of {len(results)} cells")
    return "\n".join(out)


def cell_line(result: ScenarioResult) -> str:
    """One finished cell as the progress shows it (and a log keeps it): number, forge, status, time."""
    took = f"  ({result.seconds:.1f} s)" if result.seconds else ""
    return f"{result.scenario} {result.forge:<6} {result.status.value}{took}"


def _criteria_total(scenarios: Iterable[str]) -> str:
    """The coverage of the selected scenarios' criteria together: what a green run does not prove."""
    numbers = list(scenarios)
    totals = Counter(c.coverage.value for number in numbers for c in criteria(number))
    counts = ", ".join(f"{totals[coverage.value]} {coverage.value}" for coverage in Coverage)
    return f"{counts} in {len(numbers)} scenario{'s' if len(numbers) != 1 else ''}"


def summary(results: Sequence[ScenarioResult], seconds: float) -> tuple[str, list[tuple[str, str]]]:
    """The closing lines under the table: the counts, and which cells failed so one can rerun them."""
    failed = [f"{r.scenario} {r.forge}" for r in results if r.status is CheckStatus.FAIL]
    counts = {status: sum(r.status is status for r in results) for status in CheckStatus}
    rerun = " ".join(f"--scenario {n}" for n in dict.fromkeys(r.scenario for r in results
                                                                if r.status is CheckStatus.FAIL))  # fmt: skip
    rows = [(status.value, str(counts[status])) for status in CheckStatus]
    rows.append(("failed", ", ".join(failed) if failed else "none"))
    rows.append(("criteria", _criteria_total(dict.fromkeys(r.scenario for r in results))))
    known = [
        f"{r.scenario} {r.forge}" for r in results if r.status is CheckStatus.FAIL and not unowned_failures(r)
    ]
    if known:
        rows.append(("failed, each failure owned by an open issue", ", ".join(known)))
    orphans = [item for r in results for item in unowned(r)]
    if orphans:
        rows.append(("not-yet, no open issue owns it", "; ".join(orphans)))
    if rerun:
        rows.append(("rerun", f"gitlearnos evals {rerun}"))
    return f"gitlearnos evals: {len(results)} cells in {seconds:.1f} s", rows


def _cell_json(result: ScenarioResult) -> dict[str, object]:
    """A cell as JSON, with the open issue that owns a not-yet cell or variant (null when none does), and
    every criterion of its scenario with its coverage and result in this cell."""
    cell = result.as_json()
    cell["criteria"] = [criterion.as_json(result.checks) for criterion in criteria(result.scenario)]
    if result.status is CheckStatus.NOT_YET:
        cell["owned_by"] = owning_issue(result.scenario)
    checks = cell["checks"]
    assert isinstance(checks, list)
    for check in checks:
        if check["status"] in (CheckStatus.NOT_YET.value, CheckStatus.FAIL.value):
            check["owned_by"] = owning_issue(result.scenario) or owning_issue(result.scenario, check["name"])
    return cell


def to_json(results: Sequence[ScenarioResult]) -> list[dict[str, object]]:
    return [_cell_json(result) for result in results]


def write_json(results: Sequence[ScenarioResult], path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(to_json(results), indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
