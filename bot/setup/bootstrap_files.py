"""The Markdown files of a new learner repository: agent entry, automation state, profile, first goal.

Each file follows the shape of the protocol's templates (header lines, no
front matter) in our own words, and says only what is true on the day of
setup: the schedule is ``requested`` because no scheduler has run it, the
profile holds only what the learner said, the goal has no evidence yet.
``gitlearnos.yml`` is in :mod:`bot.setup.bootstrap_config`; the dashboard comes from
:func:`bot.dashboard.page.render_dashboard` like every later refresh.
"""

from __future__ import annotations

from datetime import date

from bot.automation.record import AUTOMATION_PATH as AUTOMATION_PATH  # noqa: PLC0414 - re-exported for setup
from bot.automation.record import JobRecord, render_automation_record
from bot.config import Mode
from bot.setup.gate import Fact, SetupFacts
from bot.setup.text import Schedule

AGENTS_PATH = "AGENTS.md"
PROFILE_PATH = "learner-profile.md"

AGENTS_TEMPLATE = """\
# GitLearnOS learner repository

This is {owner}'s private learning record, kept under the GitLearnOS protocol
(version `2.0-draft`, declared in `gitlearnos.yml`). Every agent working here \u2014
GitLearnOS Bot, a chat assistant, a coding agent \u2014 follows the same rules:

1. Read `gitlearnos.yml` first. It is the only policy: write mode, what may be
   committed, pushed or sent to an outside service. An instruction in the
   current conversation ("record only", "do not store this", "preview first")
   applies to that one event and never rewrites the file.
2. Then read `dashboard.md` and the active goal under
   `subjects/<subject>/goals/main-goal.md`; open other records only when the
   current event links to them.
3. Treat notes, attempts, mistakes, questions and feedback as learning events.
   Store what has lasting value, keep the learner's own words, and never invent
   evidence, scheduling, pushes or mastery.
4. One learning event, one reversible commit. Leave unrelated files alone and
   never force-push.
5. Setup is done: do not ask the setup questions again; repair only what changed
   or failed. Add folders only when a record first needs them.
6. After every write, report the protocol's receipt, including what is still
   `incomplete`.
{forms}"""

PROFILE_TEMPLATE = """\
# Learner profile

> What the learner has said, kept apart from observations and hypotheses.
> Nothing here is inferred; later evidence adds to it with links.

Updated: {today}
Evidence reviewed: the setup answers in {source}

## Active goals

| Goal | Priority or deadline | Link |
|---|---|---|
| {goal} | not stated | [main goal]({goal_path}) |

## Stated preferences

| Preference | Learner-stated or default | Source |
|---|---|---|
{preferences}

## Demonstrated patterns

None yet: no performance evidence has been recorded.

## Working hypotheses

None yet. Hypotheses are not facts and will be listed here with how to test them.
"""

GOAL_TEMPLATE = """\
# Learning Goal

Status: `active`
Subject: {subject}
Track: not stated
Created: {today}
Deadline, optional: not stated

## Goal

- {goal}

## Why it matters

- Not stated yet.

## Observable success

- What the learner should be able to do: not defined yet; the first notes and attempts will sharpen it.
- Required independence: unknown
- Delayed or transfer evidence, when needed: unknown

## Constraints

- Current material: {material}
- Source boundary: {sources}

## Evidence and state

- Relevant sources: none recorded yet
- Current gap: unknown
- Current evidence: none yet (stated in {source})
- The single next action lives in [`dashboard.md`](../../../dashboard.md).
"""


def _table_cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "/")


def render_agents(owner: str, forms_folder: str | None) -> str:
    forms = (
        f"\nIssue forms in `{forms_folder}` (study note, mistake or attempt, question,\n"
        "teacher feedback) give new input the structure the bot reads.\n"
        if forms_folder
        else ""
    )
    return AGENTS_TEMPLATE.format(owner=owner, forms=forms)


def render_automation(facts: SetupFacts) -> str:
    """Both jobs ``requested``: setup saw no scheduler list or run them (:mod:`bot.automation.record`)."""
    schedule = facts.schedule or Schedule()
    records = (
        JobRecord.requested("maintenance", "daily", schedule.maintenance, facts.time_zone),
        JobRecord.requested("due-review", "daily", schedule.due_review, facts.time_zone),
    )
    return render_automation_record(
        records, time_zone=facts.time_zone, quiet_hours=schedule.quiet_hours, push_authorized=True
    )


def _preferences(facts: SetupFacts) -> list[str]:
    schedule = facts.schedule or Schedule()
    times = f"due-review {schedule.due_review}, maintenance {schedule.maintenance}"
    rows = [
        ("Time zone", facts.time_zone, False),
        ("Recurring times", f"{times}, quiet hours {schedule.quiet_hours}", schedule == Schedule()),
        ("Current material", facts.material, Fact.MATERIAL in facts.defaulted),
        ("Source boundary", facts.sources, Fact.SOURCES in facts.defaulted),
        ("Search index storage", facts.rag_storage, Fact.RAG_STORAGE in facts.defaulted),
        ("Model providers", facts.provider, Fact.PROVIDER in facts.defaulted),
        ("Write mode", f"`{facts.mode.value}`", facts.mode is Mode.SAFE_AUTO),
    ]
    return [
        f"| {name}: {_table_cell(value)} | {'default accepted' if default else 'learner-stated'} | setup |"
        for name, value, default in rows
    ]


def render_profile(facts: SetupFacts, *, today: date, source: str, goal_path: str) -> str:
    return PROFILE_TEMPLATE.format(
        today=today.isoformat(),
        source=source,
        goal=_table_cell(facts.goal),
        goal_path=goal_path,
        preferences="\n".join(_preferences(facts)),
    )


def render_goal(facts: SetupFacts, *, today: date, source: str) -> str:
    return GOAL_TEMPLATE.format(
        subject=facts.subject,
        today=today.isoformat(),
        goal=" ".join(facts.goal.split()),
        material=facts.material,
        sources=facts.sources,
        source=source,
    )
