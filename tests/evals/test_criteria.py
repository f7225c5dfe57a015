"""Every scenario's criteria are listed, every criterion names real checks, and every check covers one.

The check names are read from the harness and scenario sources (each ``expect`` / ``not_yet`` / ``fail``
call's name, an f-string's run-time parts as ``{}``), so a renamed or new check that no criterion names
fails here, as does a criterion citing a check that no longer exists.
"""

from __future__ import annotations

import pytest

from evals.harness.checks import Check, CheckStatus, ScenarioResult
from evals.harness.criteria import CRITERIA_DIR, Coverage, Criterion, _criterion, criteria
from evals.harness.report import format_table, to_json
from evals.scenarios.registry import SCENARIOS
from tests.support.eval_checks import check_names


def test_every_scenario_has_its_criteria_file_and_nothing_else_does() -> None:
    numbers = [spec.number for spec in SCENARIOS]
    assert sorted(p.stem for p in CRITERIA_DIR.glob("*.toml")) == numbers
    for number in numbers:
        assert criteria(number), number


def test_every_cited_check_exists_and_every_check_covers_a_criterion() -> None:
    names = check_names()
    cited = {name for spec in SCENARIOS for c in criteria(spec.number) for name in c.checks}
    assert cited - names == set(), "criteria cite checks that do not exist"
    assert names - cited == set(), "checks that cover no criterion"


def test_a_criterion_is_not_checked_exactly_when_no_check_covers_it() -> None:
    raw = {"id": "04.must.9", "line": 1, "says": "x", "coverage": "checked", "checks": []}
    with pytest.raises(ValueError, match="not-checked exactly when"):
        _criterion("04", raw)
    with pytest.raises(ValueError, match="not-checked exactly when"):
        _criterion("04", {**raw, "coverage": "not-checked", "checks": ["exactly one new commit"]})
    with pytest.raises(ValueError, match="only a not-checked criterion gives a reason"):
        _criterion("04", {**raw, "checks": ["exactly one new commit"], "reason": "cannot be seen"})
    why = _criterion("04", {**raw, "coverage": "not-checked", "reason": "nothing a learner can see"})
    assert why.result([]) == "not-checked" and why.as_json([])["reason"] == "nothing a learner can see"
    with pytest.raises(ValueError, match="is not <04>"):
        _criterion("04", {**raw, "id": "05.must.1", "checks": ["exactly one new commit"]})


def test_a_criterion_follows_its_checks_in_any_variant_section() -> None:
    criterion = Criterion("09.must.4", "x", 1, Coverage.CHECKED, ("the photo is marked `{}` in the record",))
    passed = Check("preview: the photo is marked `needs-transcription` in the record", CheckStatus.PASS, "")
    failed = Check("manual: the photo is marked `read` in the record", CheckStatus.FAIL, "")
    assert criterion.result([passed]) == "pass", "a check named by its variant section still counts"
    assert criterion.result([passed, failed]) == "fail"
    assert criterion.result([Check("other", CheckStatus.PASS, "")]) == "not-run"
    unchecked = Criterion("09.must.3", "x", 1, Coverage.NOT_CHECKED, ())
    assert unchecked.result([passed]) == "not-checked", "a passing cell never lends a pass to a bare line"


def test_json_and_table_list_every_criterion_of_the_cell_with_its_status() -> None:
    commit = Check("exactly one new commit", CheckStatus.PASS, "1 new commit(s)")
    cell = ScenarioResult("02", "Organize notes", "github", CheckStatus.PASS, "x", (commit,))
    (data,) = to_json([cell])
    listed = data["criteria"]
    assert isinstance(listed, list)
    assert [c["id"] for c in listed] == [c.id for c in criteria("02")]
    by_id = {c["id"]: c for c in listed}
    assert by_id["02.must.4"]["result"] == "not-run"
    assert by_id["02.must.5"]["result"] == "incomplete", "one of its checks passed, the others did not run"
    assert by_id["02.must.1"]["result"] == "not-run"
    assert all({"says", "protocol_line", "coverage", "checks", "result"} <= set(c) for c in listed)
    assert "0 not-checked" in format_table([cell]), "every criterion of 02 has a check"
    unchecked = [c.id for c in criteria("13") if c.coverage is Coverage.NOT_CHECKED]
    rag = ScenarioResult("13", "Route and verify required RAG", "github", CheckStatus.PASS, "x", (commit,))
    assert unchecked and f"{len(unchecked)} not-checked: {', '.join(unchecked)}" in format_table([rag])
