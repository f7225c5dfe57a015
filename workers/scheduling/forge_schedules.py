"""Workflow files that make a forge's own scheduler wake the bot (``POST /triggers/{job}``).

The alternative to the bot's beat for operators who cannot run one, or want the forge to own the
schedule: a GitHub Actions ``schedule``, a GitLab pipeline schedule, a Gitea/Forgejo Actions
``schedule``. The templates are package data (``workers/templates/``); each signs its request body with
the shared trigger secret (``openssl dgst -hmac``) exactly as :func:`webhooks.triggers.sign` does.

Forge crons are UTC (GitHub, Gitea) while the learner's times are local, so the rendered cron wakes
the bot at each job's local time under every UTC offset the learner's zone uses in the year (winter
and summer time): at most four wake-ups a day. A wake-up when nothing is due does nothing (see
:mod:`workers.scheduling.runs`), so the extra one across a daylight-saving change is harmless. This
module reads the time-zone database, which is why it lives here and not in ``bot/``.
"""

from __future__ import annotations

import textwrap
from datetime import datetime, timedelta
from importlib import resources
from zoneinfo import ZoneInfo

from bot.automation.record import JOBS
from bot.automation.schedule_rules import job_schedule, parse_clock
from bot.config import Automation

TEMPLATES = {"github": "github-actions.yml", "gitlab": "gitlab-ci.yml", "gitea": "gitea-actions.yml"}
INSTALL_PATHS = {
    "github": ".github/workflows/gitlearnos-schedule.yml",
    "gitlab": ".gitlab-ci.yml (add the job; create the pipeline schedule in the project settings)",
    "gitea": ".gitea/workflows/gitlearnos-schedule.yml (Forgejo: .forgejo/workflows/)",
}
SCRIPT_INDENT = {"github": 10, "gitlab": 8, "gitea": 10}


def template_text(name: str) -> str:
    return resources.files("workers").joinpath("templates", name).read_text(encoding="utf-8")


def utc_crons(automation: Automation, year: int) -> list[str]:
    """Daily UTC cron expressions that reach each enabled job's local time all year round."""
    zone = ZoneInfo(automation.time_zone)
    offsets = {
        datetime(year, month, 15, 12, tzinfo=zone).utcoffset() or timedelta() for month in range(1, 13)
    }
    crons = set()
    for job in JOBS:
        schedule = job_schedule(automation, job)
        if schedule.recurrence == "disabled":
            continue
        at = parse_clock(schedule.local_time)
        for offset in offsets:
            utc = datetime(year, 1, 1, at.hour, at.minute) - offset
            crons.add((utc.hour, utc.minute))
    return [f"{minute} {hour} * * *" for hour, minute in sorted(crons)]


def render_schedule_workflow(forge: str, automation: Automation, *, year: int) -> str:
    """The workflow (or CI job) for ``forge``, ready to commit at :data:`INSTALL_PATHS` ``[forge]``."""
    crons = utc_crons(automation, year)
    script = textwrap.indent(template_text("trigger.sh"), " " * SCRIPT_INDENT[forge])
    text = template_text(TEMPLATES[forge]).replace("__TRIGGER_SCRIPT__\n", script)
    cron_lines = "\n".join(f'    - cron: "{cron}"' for cron in crons)
    return text.replace("__CRON_LINES__", cron_lines).replace("__CRON__", ", ".join(crons))
