"""All 18 protocol scenarios: how each runs, or which capability owns it and why it cannot run yet.

A scenario that cannot run still gets a row, so the table is the whole conformance picture and never
flatters the bot by omission. ``surface`` says where a scenario happens: on every forge flavour, in a
local checkout, or nowhere a server-side bot reaches (agent-runtime surfaces).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from evals.harness.checks import Check
from evals.harness.forge_run import ForgeRun
from evals.harness.local_run import LocalRun
from evals.scenarios import (
    s01_bootstrap,
    s02_organize,
    s03_teacher_feedback,
    s04_due_review,
    s05_answer_writeback,
    s06_no_fabrication,
    s07_local_git,
    s08_constrained_access,
    s09_implicit_event,
    s10_teaching_collaboration,
    s13_rag,
    s15_recurring_automation,
)

DIAGNOSIS = "the diagnose operation (competing hypotheses, one discriminating probe, model synthesis)"
SERVER_SIDE = "does not apply to a server-side bot: "


class Surface(StrEnum):
    FORGE = "forge"  # runs on every sandbox forge flavour
    LOCAL = "local"  # runs on a local checkout, no forge
    NONE = "none"  # an agent-runtime surface the bot does not have


def _ready() -> str | None:
    return None


@dataclass(frozen=True)
class Scenario:
    number: str
    title: str
    surface: Surface
    not_yet: str = ""  # why the scenario cannot run, naming the owning capability
    forge_run: Callable[[ForgeRun], Sequence[Check]] | None = None
    local_run: Callable[[LocalRun], Sequence[Check]] | None = None
    blocked: Callable[[], str | None] = _ready  # a reason known only at run time (a module not landed)

    def unavailable(self) -> str | None:
        """Why this scenario cannot run now, or None when it can."""
        if self.forge_run is None and self.local_run is None:
            return self.not_yet
        return self.blocked()


SCENARIOS: tuple[Scenario, ...] = (
    Scenario("01", "Bootstrap", Surface.FORGE, forge_run=s01_bootstrap.run, blocked=s01_bootstrap.blocked),
    Scenario("02", "Organize notes", Surface.FORGE, forge_run=s02_organize.run),
    Scenario("03", "Teacher feedback", Surface.FORGE, forge_run=s03_teacher_feedback.run),
    Scenario("04", "Due review", Surface.FORGE, forge_run=s04_due_review.run),
    Scenario("05", "Answer writeback", Surface.FORGE, forge_run=s05_answer_writeback.run),
    Scenario("06", "No fabrication or duplication", Surface.FORGE, forge_run=s06_no_fabrication.run),
    Scenario("07", "Local Git", Surface.LOCAL, local_run=s07_local_git.run),
    Scenario("08", "Constrained-access SAT study", Surface.FORGE, forge_run=s08_constrained_access.run),
    Scenario("09", "Implicit learning event", Surface.FORGE, forge_run=s09_implicit_event.run),
    Scenario("10", "GitHub teaching collaboration", Surface.FORGE, forge_run=s10_teaching_collaboration.run),
    Scenario(
        "11",
        "Continue without Skills",
        Surface.NONE,
        SERVER_SIDE + "it tests a chat surface without Skills relying on project instructions and native "
        "memory. The bot has no Skills or memory; the repository is its only state, so the 'memory "
        "unavailable' variant holds by construction. What applies (a photographed page plus a question "
        "filed as an issue) is scenario 09's path",
    ),
    Scenario(
        "12",
        "Cross-agent Skill installation",
        Surface.NONE,
        SERVER_SIDE + "it installs skills/gitlearnos/ into Codex, Claude Code or OpenCode and verifies the "
        "runtime lists it. The bot has no agent runtime to install into; what applies is that every "
        "receipt reports Skill installation as `unavailable`, which scenarios 02 and 09 check",
    ),
    Scenario("13", "Route and verify required RAG", Surface.FORGE, forge_run=s13_rag.run),
    Scenario("14", "Repeated-error synthesis", Surface.FORGE, f"owned by {DIAGNOSIS}"),
    Scenario("15", "Recurring automation", Surface.FORGE, forge_run=s15_recurring_automation.run),
    Scenario(
        "16",
        "DeepSeek Harness integration",
        Surface.NONE,
        SERVER_SIDE + "it certifies an optional chat-harness runtime adapter. The parts a bot shares "
        "(safe-auto, preview and manual fixtures; an image-only note marked needs-transcription) are "
        "scenario 09's variants",
    ),
    Scenario("17", "Differential diagnosis", Surface.FORGE, f"owned by {DIAGNOSIS}"),
    Scenario("18", "No over-diagnosis of new learning", Surface.FORGE, f"owned by {DIAGNOSIS}"),
)


def scenario(number: str) -> Scenario:
    for candidate in SCENARIOS:
        if candidate.number == number:
            return candidate
    raise KeyError(f"no scenario {number}; known: {', '.join(s.number for s in SCENARIOS)}")
