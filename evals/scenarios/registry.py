"""All 18 protocol scenarios: how each runs, or which capability owns it and why it cannot run yet.

A scenario that cannot run still gets a row, so the table is the whole conformance picture and never
flatters the bot by omission. ``surface`` says where a scenario happens: on every forge flavour, in a
local checkout, or nowhere a server-side bot reaches (agent-runtime surfaces). A scenario with no surface
is ``not-applicable`` with the protocol requirement the bot cannot have, or lists its variants one by one,
each not applicable or applicable-but-not-built; a scenario that runs may list the variants it does not run
(scenario 11), reported as not applicable beside its checks. Anything not built stays ``not-yet`` and
fails ``gitlearnos evals`` unless ``OWNED_BY_OPEN_ISSUE`` names the open issue that builds it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import partial

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
    s11_no_skill_continuity,
    s13_rag,
    s14_repeated_error_synthesis,
    s15_recurring_automation,
    s17_differential_diagnosis,
    s18_no_overdiagnosis,
)

SERVER_SIDE = "does not apply to a server-side bot: "

# The one list of what may stay ``not-yet`` — or fail one named check — while ``gitlearnos evals`` exits 0:
# a whole scenario (its number), one variant of a scenario or one check of it ("<number>: <name>"), each with
# the open issue that builds it. A failing check listed here still reads ``fail`` in the table and the JSON,
# with its owner: the judge is right and the bot is not there yet. The issue's work empties its entries;
# anything else that is not-yet or failing fails the run.
OWNED_BY_OPEN_ISSUE: dict[str, str] = {}


def owning_issue(scenario: str, variant: str = "") -> str | None:
    """The open issue that owns this not-yet scenario (or one variant of it), or None when nothing does."""
    return OWNED_BY_OPEN_ISSUE.get(f"{scenario}: {variant}" if variant else scenario)


@dataclass(frozen=True)
class Variant:
    """One variant of a scenario with no runner: not applicable (with the protocol line it cannot meet),
    or applicable but not built (then ``OWNED_BY_OPEN_ISSUE`` must name its issue)."""

    name: str
    applies: bool
    reason: str


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
    not_yet: str = ""  # why it cannot run: the owning issue, or (no surface) why it does not apply
    forge_run: Callable[[ForgeRun], Sequence[Check]] | None = None
    local_run: Callable[[LocalRun], Sequence[Check]] | None = None
    blocked: Callable[[], str | None] = _ready  # a reason known only at run time (a module not landed)
    variants: tuple[Variant, ...] = ()  # variants listed one by one (a runnable scenario: those it skips)

    def unavailable(self) -> str | None:
        """Why this scenario cannot run now, or None when it can."""
        if self.forge_run is None and self.local_run is None:
            return self.not_yet
        return self.blocked()


# Scenario 11's variants a server-side bot does not have, each with the protocol requirement it cannot meet;
# its two that apply (no repository write access, a transfer-based goal) run on every forge.
S11_NOT_APPLICABLE = (
    Variant(
        "primary: project instructions and native memory instead of Skills",
        False,
        SERVER_SIDE + "the protocol requires adapted templates/project-instructions.md content "
        "to be active and a native-memory activation pointer reported as saved; the bot has no chat "
        "surface, project instructions or memory, and its only state is the repository",
    ),
    Variant(
        "memory unavailable",
        False,
        SERVER_SIDE + "'must not claim cross-conversation memory' presupposes a surface with memory; "
        "the receipt's memory line is judged in scenarios 02 and 09",
    ),
    Variant(
        "memory pointer stale",
        False,
        SERVER_SIDE + "'proposes or performs an explicit memory correction' needs a native memory "
        "pointer, which the bot does not have",
    ),
    Variant(
        "preview or manual",
        False,
        "the protocol says 'the stricter authority from Scenario 09 still applies': judged as "
        "scenario 09's preview and manual variants, not a second time here",
    ),
)


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
        Surface.FORGE,
        forge_run=partial(
            s11_no_skill_continuity.run, not_applicable=[(v.name, v.reason) for v in S11_NOT_APPLICABLE]
        ),
    ),
    Scenario(
        "12",
        "Cross-agent Skill installation",
        Surface.NONE,
        SERVER_SIDE + "it installs skills/gitlearnos/ into Codex, Claude Code or OpenCode and requires that "
        "'the runtime's Skill list exposes gitlearnos'; the bot has no agent runtime to install into. What "
        "applies is that every receipt reports Skill installation as `unavailable`, which scenarios 02 and "
        "09 check",
    ),
    Scenario("13", "Route and verify required RAG", Surface.FORGE, forge_run=s13_rag.run),
    Scenario("14", "Repeated-error synthesis", Surface.FORGE, forge_run=s14_repeated_error_synthesis.run),
    Scenario("15", "Recurring automation", Surface.FORGE, forge_run=s15_recurring_automation.run),
    Scenario(
        "16",
        "DeepSeek Harness integration",
        Surface.NONE,
        SERVER_SIDE + "it certifies the DeepSeek Harness Host bundle ('confirm exactly one active "
        "gitlearnos-host bundle row', the learning_status / learning_route / learning_record tools in the "
        "assembled prompt); the bot is not a Harness plugin. The parts a bot shares (safe-auto, preview and "
        "manual fixtures; an image-only note marked needs-transcription) are scenario 09's variants",
    ),
    Scenario("17", "Differential diagnosis", Surface.FORGE, forge_run=s17_differential_diagnosis.run),
    Scenario("18", "No over-diagnosis of new learning", Surface.FORGE, forge_run=s18_no_overdiagnosis.run),
)


def scenario(number: str) -> Scenario:
    for candidate in SCENARIOS:
        if candidate.number == number:
            return candidate
    raise KeyError(f"no scenario {number}; known: {', '.join(s.number for s in SCENARIOS)}")
