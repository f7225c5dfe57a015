"""Setup: on a repository without ``gitlearnos.yml``, run the setup gate, then bootstrap in one commit.

Protocol "Setup gate and readiness": ask one concise question for the next
missing fact, never again for a fact already given; once the gate is complete,
create only the minimal learner repository (config, agent entry, automation
state, dashboard, profile, the active goal) plus the forge's issue forms, in
one reversible commit. Files that already exist are never overwritten. The
receipt reports ``core-ready`` and what is still ``incomplete`` (RAG pending,
jobs only requested), because that is all setup can prove.
"""

from __future__ import annotations

from datetime import datetime

from bot.config import CONFIG_PATH, LearnerConfig, Mode, parse_config
from bot.dashboard.page import DASHBOARD_PATH, dashboard_files
from bot.errors import ConfigError, InvariantBroken
from bot.intake.conversation import ThreadMessage, learner_turns
from bot.intake.events import Forge, ThreadEvent
from bot.plan import CommitSpec, FileWrite, Outcome, Plan, Reply
from bot.provenance import source_locator, source_name
from bot.receipt import commit_receipt
from bot.records.files import goal_path
from bot.replies import (
    PUBLIC_REPO,
    SETUP_AUTOMATION,
    SETUP_DONE,
    SETUP_EXISTING,
    SETUP_INTRO,
    SETUP_LOCAL_HINT,
    SETUP_MARKER,
    SETUP_NEXT,
    SETUP_SO_FAR,
    SETUP_STRICT_MODE,
    SETUP_TIME_ZONE,
)
from bot.setup.bootstrap_config import render_config
from bot.setup.bootstrap_files import (
    AGENTS_PATH,
    AUTOMATION_PATH,
    PROFILE_PATH,
    render_agents,
    render_automation,
    render_goal,
    render_profile,
)
from bot.setup.gate import Fact, SetupFacts, gather_facts, question_for
from bot.setup.issue_forms import FORMS, forms_folder, issue_forms
from bot.setup.text import Schedule
from bot.snapshot import RepoSnapshot
from bot.trailers import TRAILER_EVENT, TRAILER_OPERATION

OPERATION = "setup"
BOT_NAME = "GitLearnOS Bot"
PURPOSES = {
    CONFIG_PATH: "your answers and what I may do",
    AGENTS_PATH: "how any agent treats this repository",
    AUTOMATION_PATH: "the daily jobs, `requested` until a scheduler runs them",
    DASHBOARD_PATH: "your current view and next action",
    PROFILE_PATH: "what you told me, nothing inferred",
}
STRICT_EFFECTS = {
    Mode.PREVIEW: "show every change as a preview before anything is committed",
    Mode.MANUAL: "wait for your approval before writing",
}


def _learner(event: ThreadEvent) -> str:
    """Who may set the repository up: its owner (local mode: whoever runs the command)."""
    assert event.repo is not None and event.actor is not None
    return event.actor.login if event.forge is Forge.LOCAL else event.repo.owner


def _recorded_facts(snapshot: RepoSnapshot) -> dict[Fact, str]:
    """Facts the repository already records: a single subject folder and its goal's first line."""
    subjects = sorted({p.split("/")[1] for p in snapshot.list_files("subjects") if p.count("/") >= 2})
    if len(subjects) != 1:
        return {}
    known = {Fact.SUBJECT: subjects[0]}
    text = snapshot.read_text(goal_path(subjects[0])) or ""
    section = text.split("## Goal", 1)[1].split("\n## ", 1)[0] if "## Goal" in text else ""
    stated = next((line.strip(" -*\t") for line in section.splitlines() if line.strip(" -*\t")), "")
    if stated:
        known[Fact.GOAL] = stated
    return known


def plan_setup(
    event: ThreadEvent,
    snapshot: RepoSnapshot,
    history: tuple[ThreadMessage, ...],
    *,
    now: datetime,
    event_key: str,
) -> Plan:
    """Ask the next setup question, or plan the bootstrap commit when the gate is complete."""
    assert event.repo is not None and event.actor is not None
    learner = _learner(event)
    if event.actor.login.lower() != learner.lower():
        return Plan(
            outcome=Outcome.SKIPPED,
            event_key=event_key,
            reason="repository not set up and the author is not its owner",
        )
    if event.repo.private is False:
        reply = Reply.on(event, event_key, PUBLIC_REPO)
        return Plan(
            outcome=Outcome.REFUSED, event_key=event_key, replies=(reply,), reason="public repository"
        )
    turns = learner_turns(event, history, learner=learner)
    facts = gather_facts(turns, known=_recorded_facts(snapshot))
    missing = facts.missing
    if missing is not None:
        first = not any(turn.follows_question for turn in turns)
        return _ask(event, facts, missing, first=first, event_key=event_key)
    return _bootstrap(event, snapshot, facts, now=now, event_key=event_key)


def _ask(event: ThreadEvent, facts: SetupFacts, fact: Fact, *, first: bool, event_key: str) -> Plan:
    parts = [SETUP_INTRO] if first else []
    if facts.summary():
        parts.append(SETUP_SO_FAR.format(facts=facts.summary()))
    parts.append(question_for(facts, fact))
    if event.forge is Forge.LOCAL:
        parts.append(SETUP_LOCAL_HINT)
    parts.append(SETUP_MARKER.format(fact=fact.value))
    reply = Reply.on(event, event_key, "\n\n".join(parts))
    return Plan(
        outcome=Outcome.SKIPPED,
        event_key=event_key,
        operation=OPERATION,
        replies=(reply,),
        reason=f"setup gate: asking for {fact.value}",
    )


def next_action(forge: Forge, subject: str) -> str:
    """One concrete first step in the learner's own channel."""
    if forms_folder(forge) is None:
        return f'run `gitlearnos local "<one thing you learned in {subject} today>"` to record a first note'
    return (
        f"open a new issue with the \u201cStudy note\u201d form and write one thing you learned in {subject} "
        "today; I will record it and reply with a receipt"
    )


def _purpose(path: str) -> str:
    if path in PURPOSES:
        return PURPOSES[path]
    return "your first goal" if path.endswith("/main-goal.md") else "issue form for structured input"


def done_reply(*, writes: tuple[str, ...], existing: tuple[str, ...], facts: SetupFacts, action: str) -> str:
    """The learner-facing summary: created files, what was left alone, what is not running yet, next step."""
    schedule = facts.schedule or Schedule()
    files = "\n".join(f"- `{path}` \u2014 {_purpose(path)}" for path in writes)
    parts = [SETUP_DONE.format(files=files)]
    if existing:
        parts.append(SETUP_EXISTING.format(files=", ".join(f"`{path}`" for path in existing)))
    parts.append(SETUP_TIME_ZONE.format(time_zone=facts.time_zone))
    parts.append(SETUP_AUTOMATION.format(due_review=schedule.due_review, maintenance=schedule.maintenance))
    if facts.mode in STRICT_EFFECTS:
        parts.append(SETUP_STRICT_MODE.format(mode=facts.mode.value, effect=STRICT_EFFECTS[facts.mode]))
    parts.append(SETUP_NEXT.format(action=action))
    return "\n\n".join(parts)


def bootstrap_files(
    event: ThreadEvent, snapshot: RepoSnapshot, facts: SetupFacts, now: datetime
) -> dict[str, str]:
    """Every file setup would create, in commit order (existing files are filtered out by the caller)."""
    assert event.repo is not None
    today = now.date()
    source = source_locator(event)
    goal = goal_path(facts.subject)
    files = {
        CONFIG_PATH: render_config(
            facts,
            repo_id=event.repo.slug,
            owner=_learner(event),
            source=source_name(event),
            completed_at=now.isoformat(),
        ),
        AGENTS_PATH: render_agents(_learner(event), forms_folder(event.forge)),
        AUTOMATION_PATH: render_automation(facts),
        PROFILE_PATH: render_profile(facts, today=today, source=source, goal_path=goal),
        goal: render_goal(facts, today=today, source=source),
        **issue_forms(event.forge, facts.subject),
    }
    action = next_action(event.forge, facts.subject)
    files |= dashboard_files(
        snapshot, today=today, updated_by=BOT_NAME, new_records=files, next_action=action
    )
    order = [CONFIG_PATH, AGENTS_PATH, AUTOMATION_PATH, DASHBOARD_PATH, PROFILE_PATH, goal]
    return {path: files[path] for path in order} | {p: c for p, c in files.items() if p not in order}


def _bootstrap(
    event: ThreadEvent, snapshot: RepoSnapshot, facts: SetupFacts, *, now: datetime, event_key: str
) -> Plan:
    planned = bootstrap_files(event, snapshot, facts, now)
    existing = tuple(path for path in planned if snapshot.read_text(path) is not None)
    writes = tuple(FileWrite(path=p, content=c) for p, c in planned.items() if p not in existing)
    config = _generated_config(planned[CONFIG_PATH])
    action = next_action(event.forge, facts.subject)
    schedule = facts.schedule or Schedule()
    forms = len(FORMS) if forms_folder(event.forge) else 0
    receipt = commit_receipt(
        config,
        snapshot=snapshot,  # readiness from what the repository shows, not from the config just written
        subject=facts.subject,
        organized=(
            "setup gate answered (goal, subject, material, sources, RAG storage, providers, time zone, "
            f"times); minimal learner repository created with {forms} issue forms"
        ),
        questions="none: setup generates no learning questions",
        changed_files=tuple(write.path for write in writes),
        evidence=f"your setup answers in {source_locator(event)}",
        rag_synchronization="not attempted: RAG is `pending`, no source ingested yet (deployment incomplete)",
        mastery="unknown: no performance evidence yet",
        automation_actually_completed=(
            f"requested, not verified: maintenance daily {schedule.maintenance} and due-review daily "
            f"{schedule.due_review} ({facts.time_zone}) are recorded as `requested`; no scheduled job ran, "
            "so deployment automation is `incomplete`"
        ),
        next_action=action,
    )
    commit = CommitSpec(
        subject=f"Set up GitLearnOS learning record: {facts.subject}",
        body=f"Setup gate answered in {source_name(event)}. Mode: {config.mode.value}.",
        trailers=((TRAILER_EVENT, event_key), (TRAILER_OPERATION, OPERATION)),
    )
    text = done_reply(writes=tuple(w.path for w in writes), existing=existing, facts=facts, action=action)
    return Plan(
        outcome=Outcome.COMMITTED,
        event_key=event_key,
        operation=OPERATION,
        writes=writes,
        commit=commit,
        replies=(Reply.on(event, event_key, text),),
        receipt=receipt,
    )


def _generated_config(text: str) -> LearnerConfig:
    try:
        return parse_config(text).config
    except ConfigError as error:  # our own template produced an invalid file: a bug, not learner input
        raise InvariantBroken(f"setup generated an invalid {CONFIG_PATH}: {error}") from error
