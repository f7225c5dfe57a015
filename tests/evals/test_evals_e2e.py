"""One real scenario through the whole stack: scenario 02 on the GitHub flavour, judged by the harness."""

from __future__ import annotations

from pathlib import Path

import pytest

from evals.harness.checks import CheckStatus
from evals.harness.runner import run_evals

pytestmark = pytest.mark.e2e


def test_scenario_02_passes_on_github(tmp_path: Path, redis_url: str) -> None:
    (result,) = run_evals(tmp_path, scenarios=["02"], forges=["github"], redis_url=redis_url)
    failed = [f"{c.name}: {c.detail}" for c in result.checks if c.status is not CheckStatus.PASS]
    assert (result.scenario, result.forge) == ("02", "github")
    assert result.status is CheckStatus.PASS, failed
    assert len(result.checks) >= 15
