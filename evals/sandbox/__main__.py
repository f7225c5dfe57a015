"""``python -m evals.sandbox COMMAND ...``: the ``gitlearnos sandbox`` commands without the main CLI."""

from __future__ import annotations

import argparse
import sys

from evals.sandbox.cli import add_sandbox_commands


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m evals.sandbox")
    add_sandbox_commands(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["sandbox", *(sys.argv[1:] if argv is None else argv)])
    return int(args.func(args))


if __name__ == "__main__":
    sys.exit(main())
