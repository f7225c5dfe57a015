"""A teaching start for material the learner has not met: an introduction or a plan, never a diagnosis.

Scenario 18: "I have not studied derivatives yet, please teach me" is expected new learning. Nothing has
failed, so there is nothing to tell apart — opening hypothesis classes or spending probes before teaching
would only delay it. The note is kept as a learning intention at ``anomaly`` (no gap, no class, nothing
``supported`` from a self-report), and the reply starts teaching:

* offline the bot cannot write a lesson, so it says so and gives an honest plan, with the one question
  that sets where the introduction starts: tutoring setup, not a probe;
* with a chat model the learner allowed (a :class:`Teacher`), the model proposes a structured
  introduction — a topic, a few steps, a worked example, at most one scope question — and the core
  bounds it before anything is shown or written (:func:`vetted`): a step or an example that asks
  something is dropped (a question inside the lesson would be a probe before teaching), a scope question
  must be one question, every text is one bounded line, so nothing the model writes can add a record
  line. The record keeps only what the core words itself (the lifecycle stays ``anomaly``, no class, no
  gap, no open probe) and the model's topic, on one line; the lesson itself is shown, not kept as
  evidence. A model that fails, or whose introduction keeps no step, gives the offline plan with a
  remark saying why.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field

from bot.config import LearnerConfig
from bot.intake.agent import Agent
from bot.intake.model_use import QUESTION_MARKS, model_allowed
from bot.intake.subject_routing import knowledge_points_in
from bot.records.codec import bullets
from bot.snapshot import RepoSnapshot
from bot.text import one_line

INTENTION = "Learning intention"
SCOPE_QUESTION = (
    "To start at the right place, one question: what is the nearest idea to this that you have already "
    "learned (a topic, a chapter, or a kind of exercise)?"
)
NOTHING_TO_DIAGNOSE = "You have not met this yet, so there is nothing to diagnose: we start teaching."
PLAN = (
    f"{NOTHING_TO_DIAGNOSE} I have no chat model here to write the introduction myself, so the honest "
    "plan is:\n\n"
    "1. you answer the one question below, so the start fits what you already know;\n"
    "2. a short introduction of the idea from your course material or a source you name;\n"
    "3. one small worked example, then one fresh question for you to try on your own."
)
NO_MASTERY = "No mastery is claimed from this request: only a later attempt of yours can show that."
NEXT_ACTION = "answer the scope question on this issue, then start with a short introduction"
READ_NEXT = "read the introduction on this issue, then ask for one fresh question to try on your own"
READ_AND_ANSWER = "read the introduction on this issue and answer its one scope question"
AFTER_READING = (
    "When you have read it, say on this issue which step was unclear, or ask for one fresh question to try "
    "on your own."
)
NO_STEP_LEFT = "the chat model's introduction kept no step that teaches without asking, so it is not shown"
MAX_STEPS = 6


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class TeachingToStart(_Frozen):
    """What the model is shown: the learner's words, the subject, and the points already recorded for it."""

    request: str
    subject: str
    known_points: tuple[str, ...] = ()


class ProposedStep(_Frozen):
    heading: str = Field(min_length=1, max_length=80)
    explanation: str = Field(min_length=1, max_length=600)


class ProposedIntroduction(_Frozen):
    """The model's introduction; no steps, with a remark, when the model gave none."""

    topic: str = Field(default="", max_length=80)
    builds_on: str = Field(default="", max_length=200)  # what the introduction assumes is known
    steps: tuple[ProposedStep, ...] = Field(default=(), max_length=MAX_STEPS)
    worked_example: str = Field(default="", max_length=1000)
    scope_question: str = Field(default="", max_length=300)
    judged_by: str = Field(min_length=1)
    remark: str = Field(default="", max_length=200)


@runtime_checkable
class Teacher(Protocol):
    """An agent that writes an introduction to new material (a chat model; the offline rules cannot)."""

    def start_teaching(self, item: TeachingToStart) -> ProposedIntroduction: ...


def teacher(config: LearnerConfig, model_agent: Agent | None) -> Teacher | None:
    """The model that may write the introduction, under the learner's consent; None otherwise."""
    if model_allowed(config, model_agent) and isinstance(model_agent, Teacher):
        return model_agent
    return None


@dataclass(frozen=True)
class TeachingStart:
    """What the turn shows and records: the reply, the event's intention section, the next action."""

    reply: str
    section: str
    next_action: str


def _asks(text: str) -> bool:
    return any(mark in text for mark in QUESTION_MARKS)


def _one_question(text: str) -> str:
    """``text`` as the one scope question: a single line ending in its only question mark, else ""."""
    line = one_line(text, limit=300)
    marks = sum(line.count(mark) for mark in QUESTION_MARKS)
    return line if marks == 1 and line.endswith(QUESTION_MARKS) else ""


@dataclass(frozen=True)
class Introduction:
    """An introduction the core accepts: every part one bounded line, no question but the scope one."""

    topic: str
    builds_on: str
    steps: tuple[tuple[str, str], ...]
    worked_example: str
    scope_question: str
    judged_by: str


def vetted(proposal: ProposedIntroduction) -> Introduction | None:
    """The parts of ``proposal`` that teach without asking; None when no step is left."""
    steps = tuple(
        (one_line(step.heading, limit=80), one_line(step.explanation, limit=600))
        for step in proposal.steps
        if not _asks(step.heading) and not _asks(step.explanation)
    )
    if not steps:
        return None
    example = "" if _asks(proposal.worked_example) else one_line(proposal.worked_example, limit=1000)
    return Introduction(
        topic=one_line(proposal.topic, limit=80) or steps[0][0],
        builds_on="" if _asks(proposal.builds_on) else one_line(proposal.builds_on, limit=200),
        steps=steps,
        worked_example=example,
        scope_question=_one_question(proposal.scope_question),
        judged_by=one_line(proposal.judged_by, limit=80),
    )


def _section(teaching: str, scope_question: str) -> str:
    """The event record's section saying what this note is and, as important, what it is not."""
    return bullets(
        {
            "Reading": "expected new learning, stated by the learner; not a failed attempt",
            "Interpretation lifecycle": "`anomaly` (a learning intention, not a diagnosis)",
            "Competing hypotheses": "none opened: nothing has failed, so there is nothing to tell apart",
            "Knowledge gap": "none: a self-report of new material is never a supported gap",
            "Teaching start": teaching,
            "Scope question": scope_question or "none asked",
        }
    )


def offline_start(remark: str = "") -> TeachingStart:
    """The honest plan and the one scope question; ``remark`` says why a model's introduction is missing."""
    lead = f"({one_line(remark, limit=200)}.)\n\n" if remark else ""
    return TeachingStart(
        reply=f"{lead}{PLAN}\n\n{NO_MASTERY}\n\n{SCOPE_QUESTION}",
        section=_section("an introduction after one scope question", SCOPE_QUESTION),
        next_action=NEXT_ACTION,
    )


def introduced(intro: Introduction) -> TeachingStart:
    """The model's introduction, in the order the learner reads it, and the record of it."""
    builds = f" It builds on {intro.builds_on.rstrip('.')}." if intro.builds_on else ""
    lead = (
        f"{NOTHING_TO_DIAGNOSE} An introduction to **{intro.topic}**, written by the {intro.judged_by} "
        f"(check it against your own material).{builds}"
    )
    steps = "\n".join(f"{n}. **{heading}**: {text}" for n, (heading, text) in enumerate(intro.steps, 1))
    example = f"**Worked example:** {intro.worked_example}" if intro.worked_example else ""
    closing = intro.scope_question or AFTER_READING
    parts = (lead, steps, example, NO_MASTERY, closing)
    shown = f"{len(intro.steps)} step(s)" + (" and a worked example" if intro.worked_example else "")
    teaching = (
        f"an introduction to “{intro.topic}” ({shown}) written by the {intro.judged_by}; shown on the "
        "issue, not kept as evidence"
    )
    return TeachingStart(
        reply="\n\n".join(part for part in parts if part),
        section=_section(teaching, intro.scope_question),
        next_action=READ_AND_ANSWER if intro.scope_question else READ_NEXT,
    )


def start_teaching(
    snapshot: RepoSnapshot, *, subject: str, note: str, by: Teacher | None = None
) -> TeachingStart:
    """The teaching start for ``note``: the model's vetted introduction when ``by`` is given and gives
    one, else the offline plan (saying why the model's is missing)."""
    if by is None:
        return offline_start()
    points = tuple(
        p for p in knowledge_points_in(snapshot.list_files("subjects")) if p.startswith(f"{subject}/")
    )
    proposal = by.start_teaching(TeachingToStart(request=note, subject=subject, known_points=points))
    intro = vetted(proposal)
    if intro is None:
        return offline_start(proposal.remark or NO_STEP_LEFT)
    return introduced(intro)
