"""Run the selected scenarios on the selected forges and return one result per table cell.

The stack starts lazily, once, when the first runnable forge cell needs it, so ``--scenario 07`` or a
selection of not-yet scenarios costs no processes at all. Each cell is isolated: an exception inside a
scenario becomes a failed check in that cell (beside the checks that already ran) and the run goes on.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import ExitStack
from pathlib import Path

from evals.harness.checks import Check, CheckRecorder, CheckStatus, ScenarioResult, verdict
from evals.harness.forge_run import ForgeRun
from evals.harness.local_run import LocalRun
from evals.harness.stack import forge_gap, hook_target, running_stack
from evals.local_stack import LocalStack, StackError
from evals.scenarios.registry import SCENARIOS, Scenario, Surface, owning_issue

FORGES = ("github", "gitlab", "gitea")
LOCAL = "local"
NO_FORGE = "none"
TARGETS = (*FORGES, LOCAL)


def scenario_number(value: str) -> str:
    """``2``, ``02`` and ``s02`` all mean scenario ``02``."""
    digits = value.strip().lower().removeprefix("s")
    if not digits.isdigit() or not 1 <= int(digits) <= len(SCENARIOS):
        raise ValueError(f"no scenario {value!r}; scenarios are 01 to {len(SCENARIOS):02d}")
    return f"{int(digits):02d}"


def not_yet(spec: Scenario, forge: str, reason: str) -> ScenarioResult:
    return ScenarioResult(spec.number, spec.title, forge, CheckStatus.NOT_YET, reason)


def no_surface(spec: Scenario) -> ScenarioResult:
    """The one cell of a scenario no forge reaches: not applicable, or its variants one by one."""
    if not spec.variants:
        return ScenarioResult(spec.number, spec.title, NO_FORGE, CheckStatus.NOT_APPLICABLE, spec.not_yet)
    checks = tuple(
        Check(v.name, CheckStatus.NOT_YET if v.applies else CheckStatus.NOT_APPLICABLE, v.reason)
        for v in spec.variants
    )
    status, reason = verdict(checks)
    return ScenarioResult(spec.number, spec.title, NO_FORGE, status, reason, checks)


class _LazyStack:
    """The stack, started on first use; a start failure is remembered and reported by every cell."""

    def __init__(self, root: Path, redis_url: str | None, exit_stack: ExitStack, mutant: str | None) -> None:
        self._root, self._redis_url, self._exit, self._mutant = root, redis_url, exit_stack, mutant
        self._stack: LocalStack | None = None
        self.error: str | None = None

    def get(self) -> LocalStack | None:
        if self._stack is None and self.error is None:
            try:
                self._stack = self._exit.enter_context(
                    running_stack(self._root, redis_url=self._redis_url, mutant=self._mutant)
                )
            except StackError as error:
                self.error = f"the local stack did not start: {error}"
        return self._stack


def _execute(
    spec: Scenario, forge: str, recorder: CheckRecorder, body: Callable[[], Sequence[Check]]
) -> ScenarioResult:
    """Run one cell; a broken step (the bot never replied, say) fails this cell only, keeping what ran."""
    started = time.monotonic()
    try:
        checks = list(body())
    except Exception as error:
        recorder.fail("the scenario ran to completion", f"{type(error).__name__}: {error}")
        checks = recorder.results
    status, reason = verdict(checks)
    return ScenarioResult(
        spec.number, spec.title, forge, status, reason, tuple(checks), time.monotonic() - started
    )


def _run_forge(spec: Scenario, forge: str, stacks: _LazyStack, root: Path) -> ScenarioResult:
    run = spec.forge_run
    assert run is not None
    gap = forge_gap(forge)
    if gap is not None:
        return not_yet(spec, forge, gap)
    stack = stacks.get()
    if stack is None:
        return ScenarioResult(spec.number, spec.title, forge, CheckStatus.FAIL, stacks.error or "no stack")
    ctx = ForgeRun(stack, forge, hook_target(stack, forge), spec.number, root / "observers")
    return _execute(spec, forge, ctx.checks, lambda: run(ctx))


def _run_local(spec: Scenario, root: Path) -> ScenarioResult:
    run = spec.local_run
    assert run is not None
    workdir = root / "local" / f"s{spec.number}"
    workdir.mkdir(parents=True, exist_ok=True)
    ctx = LocalRun(spec.number, workdir)
    return _execute(spec, LOCAL, ctx.checks, lambda: run(ctx))


def _cell_targets(spec: Scenario, targets: Sequence[str]) -> list[str]:
    """The table's columns this scenario fills: ``none`` alone, ``local``, or the selected forges."""
    if spec.surface is Surface.NONE:
        return [NO_FORGE]
    return [t for t in targets if (t == LOCAL) == (spec.surface is Surface.LOCAL)]


def _cells(
    spec: Scenario,
    targets: Sequence[str],
    stacks: _LazyStack,
    root: Path,
    on_start: Callable[[Scenario, str], None] | None = None,
) -> Iterator[ScenarioResult]:
    if spec.surface is Surface.NONE:
        yield no_surface(spec)
        return
    reason = spec.unavailable()
    for target in _cell_targets(spec, targets):
        if on_start is not None and reason is None:
            on_start(spec, target)
        if reason is not None:
            yield not_yet(spec, target, reason)
        elif spec.surface is Surface.LOCAL:
            yield _run_local(spec, root)
        else:
            yield _run_forge(spec, target, stacks, root)


def _selection(scenarios: Iterable[str], forges: Iterable[str]) -> tuple[list[Scenario], list[str]]:
    numbers = {scenario_number(s) for s in scenarios}
    unknown = set(forges) - set(TARGETS)
    if unknown:
        raise ValueError(f"unknown forge(s) {sorted(unknown)}; choose from {', '.join(TARGETS)}")
    targets = [t for t in TARGETS if not set(forges) or t in set(forges)]
    return [spec for spec in SCENARIOS if not numbers or spec.number in numbers], targets


def cell_count(*, scenarios: Iterable[str] = (), forges: Iterable[str] = ()) -> int:
    """How many cells :func:`run_evals` returns for this selection (the length of a progress bar)."""
    specs, targets = _selection(scenarios, forges)
    return sum(len(_cell_targets(spec, targets)) for spec in specs)


def run_evals(
    root: Path,
    *,
    scenarios: Iterable[str] = (),
    forges: Iterable[str] = (),
    redis_url: str | None = None,
    on_result: Callable[[ScenarioResult], None] | None = None,
    on_start: Callable[[Scenario, str], None] | None = None,
    mutant: str | None = None,
) -> list[ScenarioResult]:
    """Run the selection (empty = everything) with all state under ``root``; one result per cell.

    ``on_start(spec, target)`` is called before a cell that runs (not one that is not-yet by itself),
    ``on_result`` after every cell: a progress display hangs on these two. ``mutant`` runs the selection
    against that broken bot of :mod:`evals.mutants` instead of the bot (the mutation test).
    """
    specs, targets = _selection(scenarios, forges)
    results: list[ScenarioResult] = []
    with ExitStack() as exit_stack:
        stacks = _LazyStack(root, redis_url, exit_stack, mutant)
        for spec in specs:
            for result in _cells(spec, targets, stacks, root, on_start):
                results.append(result)
                if on_result is not None:
                    on_result(result)
    return results


def _unowned(result: ScenarioResult, status: CheckStatus) -> list[str]:
    """This cell's checks in ``status`` that no open issue owns in the registry's one list (a cell in that
    status without such checks counts whole)."""
    if result.status is not status or owning_issue(result.scenario):
        return []
    names = [c.name for c in result.checks if c.status is status]
    cell = f"{result.scenario} {result.forge}"
    if not names:
        return [cell]
    return [f"{cell}: {name}" for name in names if not owning_issue(result.scenario, name)]


def unowned(result: ScenarioResult) -> list[str]:
    """What in this cell is not-yet without an open issue owning it."""
    return _unowned(result, CheckStatus.NOT_YET)


def unowned_failures(result: ScenarioResult) -> list[str]:
    """The failed checks of this cell that no open issue owns."""
    return _unowned(result, CheckStatus.FAIL)


def exit_code(results: Iterable[ScenarioResult]) -> int:
    """1 when a check failed or a cell is not-yet without an owning open issue; 0 otherwise.

    ``not-applicable`` passes: the registry gives the protocol requirement a server-side bot cannot have.
    """
    cells = list(results)
    return 1 if any(unowned_failures(r) or unowned(r) for r in cells) else 0
