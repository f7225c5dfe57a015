"""``python -m evals.mutant_worker NAME ARGS...``: the ``gitlearnos`` command with one mutant installed.

The executor has no hook for tests, so the mutant goes in around its one public entry,
:func:`workers.executor.execute`, whose ``planner`` argument is the seam between the core and the Git
and forge effects: every task module's ``execute`` (each imported it by name) is replaced by one that
runs the same planner, then the mutant's patch of its plan. ``ARGS`` are the ordinary command line
(``worker --concurrency 1 ...``), so the process is otherwise the production worker. Local mode
(``commit_locally``) is not wrapped: no mutant targets scenario 07. A mutant with a ``reading`` also
replaces the events task's ``plan_event``, handing the core agents whose readings it rewrites.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from types import ModuleType
from typing import Any

from bot.handle import plan_event
from bot.intake.agent import Agent, LearnerInput, Recognition
from bot.plan import Plan
from bot.review.question_gen import GeneratedQuestions, QuestionContext
from evals.mutants import Mutant, mutant
from gitlearnos.cli import main as gitlearnos_main
from workers import events, executor

# The modules ``gitlearnos worker`` registers its tasks from (gitlearnos.cli._worker).
TASK_MODULES = ("workers.events", "workers.rag", "workers.scheduling.due_review", "workers.scheduling.tasks")


class MisreadingAgent:
    """``agent`` with ``misread`` applied to each of its readings; its questions are left alone."""

    def __init__(self, agent: Agent, misread: Callable[[Recognition, LearnerInput], Recognition]) -> None:
        self._agent, self._misread = agent, misread

    def recognize(self, learner_input: LearnerInput) -> Recognition:
        return self._misread(self._agent.recognize(learner_input), learner_input)

    def generate_questions(self, context: QuestionContext) -> GeneratedQuestions:
        return self._agent.generate_questions(context)


def _misread_events(misread: Callable[[Recognition, LearnerInput], Recognition]) -> None:
    """The events task plans with agents whose every reading ``misread`` rewrites."""

    def planned(*args: Any, agent: Agent, model_agent: Agent | None = None, **options: Any) -> Plan:
        model = MisreadingAgent(model_agent, misread) if model_agent is not None else None
        return plan_event(*args, agent=MisreadingAgent(agent, misread), model_agent=model, **options)

    events.plan_event = planned  # type: ignore[attr-defined]  # the name the task module imported


def install(broken: Mutant) -> list[ModuleType]:
    """Make every ``workers`` module's ``execute`` apply ``broken`` to its plans; the modules patched."""
    for name in TASK_MODULES:  # loaded now, so the names they imported are there to replace
        importlib.import_module(name)
    original = executor.execute

    def mutated(runtime: Any, job: Any, planner: executor.Planner, **options: Any) -> executor.Executed:
        return original(runtime, job, lambda mirror: broken.patch(planner(mirror)), **options)

    patched = [m for m in list(sys.modules.values()) if m and m.__name__.startswith("workers") and
               getattr(m, "execute", None) is original]  # fmt: skip
    for module in patched:
        module.execute = mutated  # type: ignore[attr-defined]
    if broken.reading is not None:
        _misread_events(broken.reading)
    return patched


def main(argv: list[str]) -> int:
    if not argv:
        print("usage: python -m evals.mutant_worker MUTANT [gitlearnos arguments...]", file=sys.stderr)
        return 2
    try:
        broken = mutant(argv[0])
    except ValueError as error:
        print(f"evals.mutant_worker: {error}", file=sys.stderr)
        return 2
    install(broken)
    return gitlearnos_main(argv[1:])


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
