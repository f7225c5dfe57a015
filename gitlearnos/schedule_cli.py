"""``gitlearnos schedule-workflow``: the forge-side scheduler file for one learner repository.

For operators (or learners) who let the forge's own scheduler wake the bot instead of, or besides,
the bot's beat. The file is rendered from the repository's ``gitlearnos.yml`` (time zone and job
times, turned into UTC crons that hold through summer time) and printed, so a person commits it with
their own credentials: the bot never pushes workflow files itself, since that needs a forge
permission (GitHub's ``workflows``) broader than a learning record should grant.
"""

from __future__ import annotations

import argparse
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfoNotFoundError

from bot.config import parse_config
from bot.errors import ConfigError
from workers.scheduling.forge_schedules import INSTALL_PATHS, TEMPLATES, render_schedule_workflow


def _schedule_workflow(args: argparse.Namespace) -> int:
    path = Path(args.config)
    try:
        config = parse_config(path.read_text(encoding="utf-8")).config
    except OSError as error:
        print(f"cannot read {path}: {error.strerror}", file=sys.stderr)
        return 2
    except ConfigError as error:
        print(f"{path} has a problem: {error}", file=sys.stderr)
        return 2
    year = args.year or datetime.now(UTC).year
    try:
        workflow = render_schedule_workflow(args.forge, config.automation, year=year)
    except ZoneInfoNotFoundError:
        zone = config.automation.time_zone
        print(f"{path}: automation.time_zone {zone!r} is not an IANA time zone", file=sys.stderr)
        return 2
    sys.stdout.write(workflow)
    print(
        f"# commit this as {INSTALL_PATHS[args.forge]}; set GITLEARNOS_URL and the secret "
        "GITLEARNOS_TRIGGER_SECRET in the repository's CI settings (docs/operator/scheduling.md)",
        file=sys.stderr,
    )
    return 0


def add_schedule_commands(commands: Any) -> None:
    """The ``schedule-workflow`` command, on the top-level parser's subcommands."""
    parser = commands.add_parser(
        "schedule-workflow",
        help="print the forge-side scheduler workflow for a repository's gitlearnos.yml",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--forge", required=True, choices=sorted(TEMPLATES), help="which forge's scheduler")
    parser.add_argument(
        "--config", default="gitlearnos.yml", help="the learner's gitlearnos.yml (default: ./gitlearnos.yml)"
    )
    parser.add_argument(
        "--year", type=int, default=0, help="the year whose UTC offsets the crons cover (default: this year)"
    )
    parser.set_defaults(func=_schedule_workflow)
