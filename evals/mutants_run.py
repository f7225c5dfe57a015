"""The mutation run: each broken bot of :mod:`evals.mutants` against the scenarios meant to catch it.

A mutant is caught on a forge when at least one check of its scenarios fails there, other than a check
the unmutated bot is known to fail (one the registry says an open issue owns). The CI slice runs
each mutant's first scenario on one forge; the full run (``python -m evals.mutants_run --full``) runs
every mutant against all its scenarios on every forge, and prints the mutation score either way: on each
forge (mutants caught there / mutants run there), then over all forges. ``gitlearnos evals --mutants
[--full]`` is the same run from the evals command. ``--jobs N`` runs N mutants at once, each on its own
stack and embedded Redis (a run mostly waits on its processes; the results print in the same order).
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from evals.harness.checks import CheckStatus, ScenarioResult
from evals.harness.runner import FORGES, run_evals
from evals.mutants import MUTANTS, Mutant, mutant
from evals.scenarios.registry import owning_issue
from runtime.log_setup import configure_logging

CI_FORGE = "github"


@dataclass(frozen=True)
class MutantResult:
    """One mutant on one forge: the cells its scenarios produced there."""

    mutant: Mutant
    forge: str
    cells: tuple[ScenarioResult, ...]

    @property
    def failed_checks(self) -> list[str]:
        """The checks that failed, less those the bot itself fails (owned by an open issue): not a catch."""
        return [
            f"{cell.scenario}: {check.name}"
            for cell in self.cells
            for check in cell.checks
            if check.status is CheckStatus.FAIL and not owning_issue(cell.scenario, check.name)
        ]

    @property
    def caught(self) -> bool:
        return bool(self.failed_checks)

    @property
    def intended_check_failed(self) -> bool:
        return any(name.endswith(f": {self.mutant.check}") for name in self.failed_checks)

    def line(self) -> str:
        verdict = "caught" if self.caught else "NOT CAUGHT"
        aim = "" if self.intended_check_failed or not self.caught else f" (not by {self.mutant.check!r})"
        scenarios = ",".join(cell.scenario for cell in self.cells)
        failed = f"; failed: {'; '.join(self.failed_checks)}" if self.caught else ""
        return f"{self.mutant.name:<22} {self.forge:<7} s{scenarios:<8} {verdict}{aim}{failed}"


def run_mutant(
    root: Path, broken: Mutant, forge: str, *, full: bool, redis_url: str | None = None
) -> MutantResult:
    """Run ``broken``'s scenarios (only its first unless ``full``) on ``forge``, state under ``root``."""
    scenarios = broken.scenarios if full else broken.scenarios[:1]
    cells = run_evals(root, scenarios=scenarios, forges=[forge], redis_url=redis_url, mutant=broken.name)
    return MutantResult(broken, forge, tuple(cells))


def score(results: Iterable[MutantResult]) -> str:
    """``mutation score: caught/total`` over (mutant, forge) pairs, and the ones not caught."""
    done = list(results)
    missed = [f"{r.mutant.name} on {r.forge}" for r in done if not r.caught]
    caught = len(done) - len(missed)
    percent = 100 * caught // len(done) if done else 0
    return f"mutation score: {caught}/{len(done)} ({percent}%); not caught: {', '.join(missed) or 'none'}"


def scores(results: Iterable[MutantResult]) -> list[str]:
    """The score on each forge (mutants caught there / mutants run there), then over all of them."""
    done = list(results)
    forges = list(dict.fromkeys(r.forge for r in done))
    per_forge = [f"{forge}: {score(r for r in done if r.forge == forge)}" for forge in forges]
    return [*per_forge, score(done)] if len(forges) > 1 else per_forge or [score(done)]


def _run_in_fresh_root(broken: Mutant, forge: str, full: bool) -> MutantResult:
    root = Path(tempfile.mkdtemp(prefix=f"gitlearnos-mutant-{broken.name}-"))
    try:
        return run_mutant(root, broken, forge, full=full)
    finally:
        shutil.rmtree(root, ignore_errors=True)


def run_mutants(
    chosen: Sequence[Mutant],
    forges: Sequence[str],
    *,
    full: bool,
    on_result: Callable[[MutantResult], None],
    jobs: int = 1,
) -> list[MutantResult]:
    """Each mutant on each forge, every run on a fresh state directory (and its own embedded Redis),
    ``jobs`` of them at once; ``on_result`` sees each one, in the order of ``chosen`` and ``forges``."""
    runs = [(broken, forge) for broken in chosen for forge in forges]
    results = []
    if jobs <= 1:
        for broken, forge in runs:
            results.append(_run_in_fresh_root(broken, forge, full))
            on_result(results[-1])
        return results
    with ThreadPoolExecutor(jobs, thread_name_prefix="mutant") as pool:
        futures = [pool.submit(_run_in_fresh_root, broken, forge, full) for broken, forge in runs]
        for future in futures:
            results.append(future.result())
            on_result(results[-1])
    return results


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m evals.mutants_run", description=__doc__)
    parser.add_argument("--full", action="store_true", help="every scenario of each mutant on every forge")
    parser.add_argument("--mutant", action="append", help="only this mutant (repeatable)")
    parser.add_argument("--forge", action="append", choices=FORGES, help="only this forge (repeatable)")
    parser.add_argument("--jobs", type=int, default=1, help="run this many mutants at once (default 1)")
    args = parser.parse_args(argv)
    configure_logging("WARNING")
    chosen = [mutant(name) for name in args.mutant] if args.mutant else list(MUTANTS)
    forges = args.forge or (FORGES if args.full else (CI_FORGE,))
    results = run_mutants(
        chosen, forges, full=args.full, on_result=lambda r: print(r.line(), flush=True), jobs=args.jobs
    )
    print("\n".join(scores(results)))
    return 0 if all(r.caught for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
