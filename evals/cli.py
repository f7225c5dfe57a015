"""``gitlearnos demo`` and ``gitlearnos evals``: the commands the evals distribution adds to the bot's CLI.

The product's parser finds them through the ``gitlearnos.commands`` entry-point group (see
``evals/pyproject.toml``), so the bot never imports this package; the sandbox's own commands come the same
way from :mod:`evals.sandbox.cli`. Heavy imports happen inside the commands: building the parser stays fast.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path


def _demo(args: argparse.Namespace) -> int:
    from evals.demo import run_demo

    return run_demo(data_dir=args.data_dir, keep_running=args.keep_running)


def _mutants(args: argparse.Namespace) -> int:
    """``evals --mutants``: the mutation run (:mod:`evals.mutants_run`), its score per forge."""
    from evals.harness.runner import FORGES
    from evals.mutants import MUTANTS
    from evals.mutants_run import CI_FORGE, run_mutants, scores
    from runtime.log_setup import configure_logging

    if args.scenario or args.json or args.keep or "local" in (args.forge or ()):
        print("gitlearnos evals: --mutants runs each mutant's own forge scenarios; it takes only --forge "
              "(a forge flavour) and --full", file=sys.stderr)  # fmt: skip
        return 2
    configure_logging("WARNING")
    forges = args.forge or (FORGES if args.full else (CI_FORGE,))
    results = run_mutants(MUTANTS, forges, full=args.full, on_result=lambda r: print(r.line(), flush=True))
    print("\n".join(scores(results)))
    return 0 if all(result.caught for result in results) else 1


def _evals(args: argparse.Namespace) -> int:
    if args.mutants:
        return _mutants(args)
    if args.full:
        print("gitlearnos evals: --full goes with --mutants", file=sys.stderr)
        return 2
    from evals.harness.report import cell_line, format_table, summary, write_json
    from evals.harness.runner import cell_count, exit_code, run_evals
    from gitlearnos.console_progress import reporter
    from runtime.log_setup import configure_logging

    configure_logging("WARNING")
    progress = reporter()
    scenarios, forges = args.scenario or (), args.forge or ()
    root = Path(tempfile.mkdtemp(prefix="gitlearnos-evals-"))
    try:
        with progress.bar("scenarios", cell_count(scenarios=scenarios, forges=forges)) as advance:
            results = run_evals(
                root,
                scenarios=scenarios,
                forges=forges,
                on_start=lambda spec, forge: advance(f"{spec.number} {forge}: {spec.title}", ""),
                on_result=lambda result: advance("", cell_line(result)),
            )
    except ValueError as error:
        print(f"gitlearnos evals: {error}", file=sys.stderr)
        return 2
    finally:
        if args.keep:
            print(f"State kept under {root}", file=sys.stderr)
        else:
            shutil.rmtree(root, ignore_errors=True)
    print(format_table(results), flush=True)
    if args.json:
        write_json(results, Path(args.json))
    progress.summary(*summary(results, progress.elapsed()))
    return exit_code(results)


def add_demo_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``demo``; it sets ``func(args) -> int`` on the namespace."""
    demo = commands.add_parser(
        "demo",
        help="run the whole pipeline locally against the sandbox forge and show the result",
        description=(
            "Start an embedded Redis, the sandbox forge, the web service and a worker; file a study note as "
            "an issue; wait for the bot's commit and receipt; print them. Needs no accounts and no network."
        ),
    )
    demo.add_argument(
        "--data-dir", default=None, help="where to keep the demo's state (default: a new temp dir)"
    )
    demo.add_argument(
        "--keep-running", action="store_true", help="leave the stack running afterwards so you can explore it"
    )
    demo.set_defaults(func=_demo)


def add_evals_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``evals``; it sets ``func(args) -> int`` on the namespace."""
    evals = commands.add_parser(
        "evals",
        help="run the protocol's conformance scenarios against the bot and print each cell's status",
        description=(
            "Run the GitLearnOS protocol scenarios against the whole bot (sandbox forge, web service, "
            "worker, embedded Redis; local mode for scenario 07) and print a table of scenario x forge with "
            "pass, fail, not-yet or not-applicable and the reason. Exit code 1 when any check fails or a "
            "cell is not-yet without an open issue owning it in evals/scenarios/registry.py's one list."
        ),
    )
    evals.add_argument(
        "--scenario", action="append", metavar="NN", help="run only this scenario, e.g. 02 (repeatable)"
    )
    evals.add_argument(
        "--forge",
        action="append",
        choices=["github", "gitlab", "gitea", "local"],
        help="run only on this forge, or 'local' for local mode (repeatable; default: all)",
    )
    evals.add_argument("--json", metavar="FILE", help="also write the results as JSON to FILE")
    evals.add_argument("--keep", action="store_true", help="keep the state directory (repositories, logs)")
    evals.add_argument(
        "--mutants",
        action="store_true",
        help="run the mutation test instead: each deliberately broken bot of evals/mutants.py against its "
        "scenarios (CI's slice: its first scenario, on github), printing the mutation score per forge; exit "
        "code 1 when a mutant is not caught",
    )
    evals.add_argument(
        "--full", action="store_true", help="with --mutants: every scenario of each mutant, on every forge"
    )
    evals.set_defaults(func=_evals)


if __name__ == "__main__":  # ``python -m evals.cli evals ...``: the same as ``gitlearnos evals ...``
    from gitlearnos.cli import main

    raise SystemExit(main(sys.argv[1:]))
