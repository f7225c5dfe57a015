"""``gitlearnos evals --mutants``: the mutation run from the evals command, and the flags it refuses."""

from __future__ import annotations

import pytest

from evals import mutants_run
from evals.mutants import MUTANTS, Mutant
from evals.mutants_run import MutantResult
from gitlearnos.cli import main


@pytest.mark.parametrize(
    "argv",
    [
        ["evals", "--full"],
        ["evals", "--mutants", "--scenario", "02"],
        ["evals", "--mutants", "--forge", "local"],
    ],
)
def test_flags_that_do_not_go_together_are_refused(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    assert "gitlearnos evals:" in capsys.readouterr().err


def test_mutants_runs_every_mutant_on_the_ci_forge_and_prints_the_score_per_forge(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    ran: list[tuple[str, str, bool]] = []

    def run_mutant(_root: object, broken: Mutant, forge: str, *, full: bool) -> MutantResult:
        ran.append((broken.name, forge, full))
        return MutantResult(MUTANTS[0], forge, ())  # no cells: nothing failed, not caught

    monkeypatch.setattr(mutants_run, "run_mutant", run_mutant)
    assert main(["evals", "--mutants", "--forge", "gitea"]) == 1, "a mutant not caught fails the run"
    assert ran == [(m.name, "gitea", False) for m in MUTANTS]
    out = capsys.readouterr().out
    assert f"gitea: mutation score: 0/{len(MUTANTS)} (0%)" in out
