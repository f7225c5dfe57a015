"""The ``doctor`` subcommand: run every check, print the table, exit 1 on any failing row."""

from __future__ import annotations

import argparse
from typing import Any


def _doctor(_args: argparse.Namespace) -> int:
    from gitlearnos.doctor.rows import exit_code, format_table
    from gitlearnos.doctor.run import run_doctor
    from runtime.log_setup import configure_logging
    from runtime.settings import Settings

    configure_logging("WARNING")
    rows = run_doctor(Settings())
    print(format_table(rows))
    return exit_code(rows)


def add_doctor_command(commands: Any) -> None:
    doctor = commands.add_parser(
        "doctor",
        help="check this deployment (Redis, beat, forge tokens, repositories, webhooks, models, RAG index)",
        description=(
            "Check the deployment the environment describes: Redis reachable and persistent, beat alive, "
            "each configured forge's webhook secret, token scopes and bot identity, every served "
            "repository private with a webhook pointing at GITLEARNOS_PUBLIC_URL and hearing the needed "
            "events, the RAG model loadable, the shared RAG index (if configured) answering with pgvector, "
            "and the chat model (if configured) reachable. Prints one row per check with the fix for each "
            "failure; exit code 1 when any check fails."
        ),
    )
    doctor.set_defaults(func=_doctor)
