"""Every check has a mutant: each broken bot of evals.mutants must make a check of its scenarios fail.

CI runs each mutant's first scenario on one forge; ``GITLEARNOS_MUTANTS=full`` runs every scenario of
each mutant on every forge. The mutation score is printed at the end either way. Each mutant still gets
its own stack (sandbox forge, web, workers) and its own Redis database, but ``GITLEARNOS_MUTANT_JOBS``
(default 2) of them run at once: a run mostly waits on its processes, so two overlap on two cores. The
unit tests below pin that a patch really breaks the plan it is given and that the worker wrapper reaches
every task.
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

import pytest

from bot.handle import plan_event
from bot.intake.rule_agent import RuleAgent
from bot.plan import CommitSpec, FileWrite, Outcome, Plan
from evals import mutant_worker
from evals.harness.checks import Check, CheckStatus, ScenarioResult
from evals.harness.runner import FORGES
from evals.mutants import BY_NAME, MUTANTS, SURVIVORS, Mutant
from evals.mutants_run import CI_FORGE, MutantResult, run_mutant, scores
from evals.scenarios.registry import OWNED_BY_OPEN_ISSUE, SCENARIOS, Surface, owning_issue
from tests.support.learner import NOW, issue_event, learner_repo
from tests.support.redis_databases import fresh_database
from workers import events

FULL = os.environ.get("GITLEARNOS_MUTANTS") == "full"
RUN_FORGES = FORGES if FULL else (CI_FORGE,)
# Beside another pytest-xdist worker the second core is taken: one mutant stack at a time then.
JOBS = max(
    1, int(os.environ.get("GITLEARNOS_MUTANT_JOBS", "1" if os.environ.get("PYTEST_XDIST_WORKER") else "2"))
)
_results: list[MutantResult] = []


@pytest.fixture(scope="module")
def mutation_score(request: pytest.FixtureRequest) -> Iterator[list[MutantResult]]:
    """The results of this module's mutant runs; the mutation score is printed once they are done."""
    yield _results
    if _results:
        capture = request.config.pluginmanager.get_plugin("capturemanager")
        assert capture is not None
        with capture.global_and_fixture_disabled():
            print("\n" + "\n".join([r.line() for r in _results] + scores(_results)), flush=True)


@pytest.fixture(scope="module")
def mutant_runs(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory, redis_server: str
) -> Iterator[dict[tuple[str, str], Future[MutantResult]]]:
    """Every selected (mutant, forge) run, :data:`JOBS` at a time in the order the tests will ask.

    Each run has its own state directory, its own stack and a flushed Redis database taken when it
    starts (two running runs never share one: 15 are handed out in turn).
    """
    wanted = [
        (item.callspec.params["broken"], item.callspec.params["forge"])
        for item in request.session.items
        if getattr(item, "originalname", "") == "test_the_mutant_is_caught" and hasattr(item, "callspec")
    ]

    def run(broken: Mutant, forge: str, root: Path) -> MutantResult:
        redis_url = fresh_database(redis_server)
        return run_mutant(root, broken, forge, full=FULL, redis_url=redis_url)

    pool = ThreadPoolExecutor(JOBS, thread_name_prefix="mutant")
    try:
        yield {
            (broken.name, forge): pool.submit(
                run, broken, forge, tmp_path_factory.mktemp(f"mutant-{broken.name}-{forge}")
            )
            for broken, forge in wanted
        }
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _organize_plan() -> Plan:
    return Plan(
        outcome=Outcome.COMMITTED,
        event_key="github:o/r:issue:1",
        operation="organize",
        writes=(
            FileWrite(path="subjects/mathematics/events/e1.md", content="# Note\n\nMastery: `unknown`\n"),
        ),
        commit=CommitSpec(subject="Organize a note", trailers=(("GitLearnOS-Event", "github:o/r:issue:1"),)),
    )


def test_demonstrated_at_once_rewrites_the_template_header() -> None:
    (write,) = BY_NAME["demonstrated-at-once"].patch(_organize_plan()).writes
    assert "Mastery: `demonstrated`" in write.content


def test_every_mutant_names_forge_scenarios_that_exist() -> None:
    forge_scenarios = {spec.number for spec in SCENARIOS if spec.surface is Surface.FORGE}
    assert len(BY_NAME) == len(MUTANTS) + len(SURVIVORS)
    for broken in (*MUTANTS, *SURVIVORS):
        assert broken.scenarios and set(broken.scenarios) <= forge_scenarios, broken.name
        assert broken.check


@pytest.mark.parametrize(
    "name", ["skip-commit", "duplicate-record", "outside-subjects", "demonstrated-at-once", "invent-gap"]
)
def test_a_patch_changes_a_committing_plan(name: str) -> None:
    plan = _organize_plan()
    assert BY_NAME[name].patch(plan) != plan


@pytest.fixture
def unpatched_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every name :func:`evals.mutant_worker.install` replaces is put back after the test."""
    for name in mutant_worker.TASK_MODULES:
        importlib.import_module(name)
    executing = [m for m in list(sys.modules.values()) if m and m.__name__.startswith("workers.") and
                 hasattr(m, "execute")]  # fmt: skip
    for module in executing:
        monkeypatch.setattr(module, "execute", module.execute)
    monkeypatch.setattr(events, "plan_event", plan_event)


@pytest.mark.usefixtures("unpatched_workers")
def test_the_worker_wrapper_reaches_every_task_module() -> None:
    wanted = {"workers.events", "workers.executor", "workers.rag", "workers.scheduled_commit",
              "workers.scheduling.due_review"}  # fmt: skip
    patched = mutant_worker.install(BY_NAME["skip-commit"])
    assert wanted <= {module.__name__ for module in patched}
    assert all(module.execute.__name__ == "mutated" for module in patched)


@pytest.mark.usefixtures("unpatched_workers")
def test_store_incidental_plans_small_talk_as_a_stored_note() -> None:
    small_talk = issue_event("thanks, see you tomorrow!", title="thanks")

    def planned() -> Plan:
        planner: Callable[..., Plan] = vars(events)["plan_event"]  # the events task's, as the mutant left it
        return planner(small_talk, learner_repo(), now=NOW, agent=RuleAgent())

    assert planned().outcome is Outcome.SKIPPED and not planned().writes, "the core stores no small talk"
    mutant_worker.install(BY_NAME["store-incidental"])
    stored = planned()
    assert stored.outcome is Outcome.COMMITTED
    assert any(w.path.startswith("subjects/") and "see you tomorrow" in w.content for w in stored.writes)


def test_store_answer_only_commits_what_the_core_left_unstored() -> None:
    question = issue_event("Why are corresponding angles equal? Answer only.", title="angles")
    planned = plan_event(question, learner_repo(), now=NOW, agent=RuleAgent())
    assert planned.outcome is Outcome.SKIPPED and not planned.writes, "the core stores nothing"
    stored = BY_NAME["store-answer-only"].patch(planned)
    assert stored.outcome is Outcome.COMMITTED and stored.commit is not None
    (record,) = stored.writes
    assert record.path.startswith("subjects/") and planned.event_key in record.content
    assert ("GitLearnOS-Event", planned.event_key) in stored.commit.trailers
    assert BY_NAME["store-answer-only"].patch(_organize_plan()) == _organize_plan(), "other plans stay"


def test_write_anyway_commits_the_pending_writeback_a_preview_shows() -> None:
    note = issue_event("Similar triangles: match the equal angles first.", title="similarity")
    pending = plan_event(
        note, learner_repo(**{"gitlearnos.yml": "mode: preview\n"}), now=NOW, agent=RuleAgent()
    )
    assert pending.outcome is Outcome.PREVIEW and not pending.writes
    written = BY_NAME["write-anyway"].patch(pending)
    assert written.outcome is Outcome.COMMITTED and written.commit is not None
    assert any(
        w.path.startswith("subjects/") and "match the equal angles" in w.content for w in written.writes
    )


def _gap_plan(observations: int) -> Plan:
    gap = FileWrite(
        path="subjects/mathematics/knowledge-gaps/square-root-condition.md",
        content=f"# Knowledge Gap\n\n## Situation pattern\n\n- Linked observation count: {observations}\n",
    )
    return _organize_plan().model_copy(update={"writes": (*_organize_plan().writes, gap)})


def test_second_gap_writes_an_extended_gap_as_a_new_record() -> None:
    paths = [w.path for w in BY_NAME["second-gap"].patch(_gap_plan(2)).writes]
    assert paths == [
        "subjects/mathematics/events/e1.md",
        "subjects/mathematics/knowledge-gaps/square-root-condition-again.md",
    ]
    assert BY_NAME["second-gap"].patch(_gap_plan(1)) == _gap_plan(1), "a first observation's gap stays"


@pytest.mark.parametrize(
    ("said", "title"),
    [
        ("I have not studied derivatives yet. Please teach me.", "Derivatives"),
        ("我没学过导数，你教我吧。", "导数"),
    ],
)
def test_diagnose_new_learning_commits_a_gap_with_hypotheses_for_a_teaching_request(
    said: str, title: str
) -> None:
    planned = plan_event(issue_event(said, title=title), learner_repo(), now=NOW, agent=RuleAgent())
    assert not any("/knowledge-gaps/" in w.path for w in planned.writes), "the core writes no gap"
    diagnosed = BY_NAME["diagnose-new-learning"].patch(planned)
    assert diagnosed.outcome is Outcome.COMMITTED and diagnosed.commit is not None
    (gap,) = [w for w in diagnosed.writes if "/knowledge-gaps/" in w.path]
    assert "## Competing hypotheses" in gap.content and "Interpretation lifecycle: `supported`" in gap.content
    assert ("GitLearnOS-Event", planned.event_key) in diagnosed.commit.trailers
    assert BY_NAME["diagnose-new-learning"].patch(_organize_plan()) == _organize_plan(), "other plans stay"


def test_the_score_is_given_per_forge_then_over_all() -> None:
    def result(forge: str, status: CheckStatus) -> MutantResult:
        cell = ScenarioResult("02", "", forge, status, "", (Check("a check", status, ""),))
        return MutantResult(MUTANTS[0], forge, (cell,))

    lines = scores([result("github", CheckStatus.FAIL), result("gitlab", CheckStatus.PASS)])
    assert lines[0] == "github: mutation score: 1/1 (100%); not caught: none"
    assert lines[1] == f"gitlab: mutation score: 0/1 (0%); not caught: {MUTANTS[0].name} on gitlab"
    assert lines[2].startswith("mutation score: 1/2 (50%)")


def test_a_check_the_bot_is_known_to_fail_is_no_catch(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(OWNED_BY_OPEN_ISSUE, "02: a check the bot fails today", "#0")

    def failing(name: str) -> MutantResult:
        cell = ScenarioResult("02", "", CI_FORGE, CheckStatus.FAIL, "", (Check(name, CheckStatus.FAIL, ""),))
        return MutantResult(MUTANTS[0], CI_FORGE, (cell,))

    assert not failing("a check the bot fails today").caught
    assert failing("another check").caught


@pytest.mark.e2e
@pytest.mark.parametrize("forge", RUN_FORGES)
@pytest.mark.parametrize("broken", MUTANTS, ids=lambda m: m.name)
def test_the_mutant_is_caught(
    broken: Mutant,
    forge: str,
    mutation_score: list[MutantResult],
    mutant_runs: dict[tuple[str, str], Future[MutantResult]],
    request: pytest.FixtureRequest,
) -> None:
    owner = owning_issue(broken.scenarios[0], broken.check)
    if owner:  # the bot fails the check itself, so the mutant looks like the bot until the issue lands
        reason = f"the bot fails {broken.check!r} until {owner}; the fix makes this mutant caught"
        request.applymarker(pytest.mark.xfail(strict=not FULL, reason=reason))
    result = mutant_runs[broken.name, forge].result()
    mutation_score.append(result)
    assert result.caught, f"{broken.name} on {forge}: every check of s{broken.scenarios} passed"
