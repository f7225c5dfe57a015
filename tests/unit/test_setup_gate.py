"""The setup gate and bootstrap: one question at a time over an issue thread, then one setup commit."""

from __future__ import annotations

import pytest
import yaml

from bot.config import Mode, parse_config
from bot.handle import plan_event
from bot.intake.conversation import ThreadMessage, Turn
from bot.intake.events import EventKind, Forge, InboundEvent
from bot.intake.rule_agent import RuleAgent
from bot.plan import Outcome, Plan
from bot.receipt import ReceiptField
from bot.setup.gate import Fact, gather_facts
from bot.setup.text import valid_time_zone
from bot.snapshot import MemorySnapshot
from tests.support.learner import NOW, REPO, issue_event
from tests.support.setup_thread import SCENARIO, Thread, asked

AGENT = RuleAgent()
ONE_REQUEST = f"{SCENARIO}\nTime zone: Europe/Berlin\nUse the defaults for the rest."
MINIMAL = (
    "gitlearnos.yml",
    "AGENTS.md",
    "automation.md",
    "dashboard.md",
    "learner-profile.md",
    "subjects/mathematics/goals/main-goal.md",
)
GITHUB_FORMS = tuple(
    f".github/ISSUE_TEMPLATE/{name}.yml"
    for name in ("study-note", "mistake-or-attempt", "question", "teacher-feedback")
)


def on_forge(event: InboundEvent, forge: Forge) -> InboundEvent:
    return event.model_copy(update={"forge": forge, "repo": REPO.model_copy(update={"forge": forge})})


def bootstrap(body: str = ONE_REQUEST, snapshot: MemorySnapshot | None = None, **kwargs: object) -> Plan:
    event = issue_event(body, title="Set up my learning record", **kwargs)  # type: ignore[arg-type]
    return plan_event(event, snapshot or MemorySnapshot({}), now=NOW, agent=AGENT)


# --- facts from the learner's words ---------------------------------------------------------------------


def test_the_scenario_sentence_gives_subject_and_goal() -> None:
    facts = gather_facts((Turn(text=SCENARIO),))
    assert (facts.subject, facts.goal) == ("mathematics", "improve geometry")
    assert facts.missing is Fact.MATERIAL


def test_labelled_lines_are_read() -> None:
    text = "Goal: pass the June exam\nSubject: Physics\nTime zone: America/New_York\nMaterial: Tipler ch. 1-5"
    facts = gather_facts((Turn(text=text),))
    assert (facts.goal, facts.subject, facts.time_zone, facts.material) == (
        "pass the June exam",
        "physics",
        "America/New_York",
        "Tipler ch. 1-5",
    )


@pytest.mark.parametrize(
    ("name", "valid"),
    [
        ("Europe/Berlin", True),
        ("America/Argentina/Buenos_Aires", True),
        ("UTC", True),
        ("Etc/GMT+5", True),
        ("Berlin", False),
        ("europe/berlin", False),
        ("Mars/Olympus", False),
        ("CET; rm -rf", False),
    ],
)
def test_time_zones_must_have_the_iana_form(name: str, valid: bool) -> None:
    assert valid_time_zone(name) is valid


# --- one request ----------------------------------------------------------------------------------------


def test_one_request_bootstraps_the_minimal_repository_in_one_commit() -> None:
    plan = bootstrap()
    assert plan.outcome is Outcome.COMMITTED and plan.operation == "setup"
    assert plan.changed_paths == MINIMAL + GITHUB_FORMS
    assert all(write.content.strip() for write in plan.writes), "no placeholder or empty files"
    folders = {path.rsplit("/", 1)[0] for path in plan.changed_paths if "/" in path}
    assert folders == {"subjects/mathematics/goals", ".github/ISSUE_TEMPLATE"}, (
        "no folders for unused records"
    )
    assert plan.commit is not None
    message = plan.commit.message()
    assert "\nGitLearnOS-Event: github:github.com/alice/learning#7/issue@" in message
    assert "\nGitLearnOS-Operation: setup\n" in message


def test_the_minimum_files_link_to_one_another() -> None:
    files = {write.path: write.content for write in bootstrap().writes}
    assert "gitlearnos.yml" in files["AGENTS.md"] and "dashboard.md" in files["AGENTS.md"]
    assert "improve geometry" in files["dashboard.md"] and "`subjects/mathematics/`" in files["dashboard.md"]
    assert "subjects/mathematics/goals/main-goal.md" in files["learner-profile.md"]
    assert "../../../dashboard.md" in files["subjects/mathematics/goals/main-goal.md"]


def test_the_generated_config_parses_and_holds_the_answers() -> None:
    parsed = parse_config(next(w.content for w in bootstrap().writes if w.path == "gitlearnos.yml"))
    config = parsed.config
    assert set(parsed.unknown_keys) <= {"rag.ingest"}, "only the protocol's own rag.ingest block is extra"
    assert config.mode is Mode.SAFE_AUTO
    assert config.authorization.push is True and config.privacy.repository == "private"
    assert config.setup.answers.subject == "mathematics" and config.setup.answers.goal == "improve geometry"
    assert config.setup.answers.rag_storage and config.setup.answers.material
    assert config.rag.status == "pending"
    assert config.automation.time_zone == "Europe/Berlin"
    assert config.automation.quiet_hours == "22:00-07:00"
    jobs = {name: job.local_time for name, job in config.automation.jobs.items()}
    assert jobs == {"maintenance": "21:30", "due-review": "07:00"}
    assert config.authorization.external_model.value == "denied", "default provider constraint: local only"


def test_automation_is_requested_never_verified() -> None:
    automation = next(w.content for w in bootstrap().writes if w.path == "automation.md")
    assert "Deployment automation: `incomplete`" in automation
    assert automation.count("- State: `requested`") == 2
    assert "- State: `verified`" not in automation


def test_receipt_is_full_truthful_and_lists_exactly_the_writes() -> None:
    plan = bootstrap()
    assert plan.receipt is not None
    assert plan.receipt.changed_files == plan.changed_paths
    assert plan.receipt.setup_status.startswith("core-ready; incomplete beyond that")
    assert plan.receipt.automation_actually_completed.startswith("requested, not verified")
    assert "not yet persisted" in plan.receipt.git_persistence
    (reply,) = plan.finished(commit_id="c" * 40, branch="main", remote="this repository").replies
    positions = [reply.text.index(f"**{field.value}:**") for field in ReceiptField]
    assert positions == sorted(positions)
    assert "git revert cccccccccccc" in reply.text
    assert reply.text.count("Next:") == 1 and "Study note" in reply.text
    for path in plan.changed_paths:
        assert f"`{path}`" in reply.text


def test_a_study_note_after_setup_is_organized() -> None:
    files = {write.path: write.content for write in bootstrap().writes}
    form = (
        "### Subject\n\nmathematics\n\n### Note\n\nSimilar triangles need matching vertices.\n\n"
        "### Channel\n\nclass"
    )
    note = plan_event(issue_event(form, number=8), MemorySnapshot(files), now=NOW, agent=AGENT)
    assert note.outcome is Outcome.COMMITTED
    assert note.changed_paths[0].startswith("subjects/mathematics/events/")
    assert "Channel: `class`" in note.writes[0].content


# --- one question at a time -----------------------------------------------------------------------------


def test_a_conversation_asks_one_question_at_a_time_and_never_twice() -> None:
    thread = Thread("Please set up GitLearnOS for me.")
    thread.say("Mathematics")
    thread.say("I want to get better at geometry proofs")
    thread.say("The school textbook, chapters 4 to 6")
    thread.say("skip")
    thread.say("Storage: the default is fine.\nTime zone: Asia/Tokyo")  # a label answers ahead of time
    thread.say("skip")
    final = thread.say("yes")
    assert thread.questions == [
        "subject",
        "goal",
        "material",
        "sources",
        "rag_storage",
        "provider",
        "schedule",
        None,
    ]
    for plan in thread.plans[:-1]:
        assert plan.outcome is Outcome.SKIPPED and plan.writes == ()
        assert plan.replies[0].text.count("?") == 1, plan.replies[0].text
    assert final.outcome is Outcome.COMMITTED
    config = parse_config(next(w.content for w in final.writes if w.path == "gitlearnos.yml")).config
    assert config.automation.time_zone == "Asia/Tokyo"
    assert config.setup.answers.material == "The school textbook, chapters 4 to 6"
    assert config.setup.answers.goal == "get better at geometry proofs"
    assert config.setup.answers.rag_storage.startswith("the bot's data directory"), (
        "the default, not the words"
    )


def test_only_the_first_question_introduces_the_setup() -> None:
    thread = Thread(SCENARIO)
    second = thread.say("none yet")
    assert "no `gitlearnos.yml`" in thread.plans[0].replies[0].text
    assert "no `gitlearnos.yml`" not in second.replies[0].text
    assert "So far:" in second.replies[0].text and "improve geometry" in second.replies[0].text


def test_defaults_answer_every_optional_fact_at_once() -> None:
    thread = Thread(SCENARIO)
    assert thread.say("defaults").outcome is Outcome.SKIPPED
    assert thread.questions[-1] == "time_zone", "the time zone has no default"
    final = thread.say("UTC")
    assert final.outcome is Outcome.COMMITTED
    profile = next(w.content for w in final.writes if w.path == "learner-profile.md")
    assert profile.count("default accepted") >= 4


def test_an_invalid_time_zone_gets_one_question_naming_the_form() -> None:
    thread = Thread(SCENARIO + " Use the defaults.")
    plan = thread.say("Berlin")
    assert plan.outcome is Outcome.SKIPPED and plan.writes == ()
    text = plan.replies[0].text
    assert asked(plan) == "time_zone" and text.count("?") == 1
    assert "\u201cBerlin\u201d" in text and "`Area/City`" in text and "`Europe/Berlin`" in text
    assert thread.say("Europe/Berlin").outcome is Outcome.COMMITTED


def test_own_times_are_kept() -> None:
    thread = Thread(SCENARIO + "\nTime zone: Europe/Paris")
    for _ in range(4):
        thread.say("skip")
    final = thread.say("due-review at 6:30, maintenance 20:00, quiet hours 23:00-06:00")
    config = parse_config(next(w.content for w in final.writes if w.path == "gitlearnos.yml")).config
    assert config.automation.jobs["due-review"].local_time == "06:30"
    assert config.automation.jobs["maintenance"].local_time == "20:00"
    assert config.automation.quiet_hours == "23:00-06:00"


def test_naming_the_default_times_counts_as_an_answer() -> None:
    thread = Thread(SCENARIO + "\nTime zone: UTC")
    for _ in range(4):
        thread.say("skip")
    assert thread.say("due-review 07:00").outcome is Outcome.COMMITTED


@pytest.mark.parametrize(
    ("said", "mode"),
    [("Mode: preview", Mode.PREVIEW), ("I want manual mode, please.", Mode.MANUAL), ("", Mode.SAFE_AUTO)],
)
def test_a_requested_mode_goes_into_the_config(said: str, mode: Mode) -> None:
    plan = bootstrap(f"{ONE_REQUEST}\n{said}")
    assert plan.outcome is Outcome.COMMITTED
    config = parse_config(next(w.content for w in plan.writes if w.path == "gitlearnos.yml")).config
    assert config.mode is mode
    assert plan.receipt is not None and plan.receipt.mode == mode.value


def test_comments_of_other_people_and_quoted_markers_do_not_count() -> None:
    thread = Thread(SCENARIO)
    thread.say("Time zone: Pacific/Auckland", login="mallory")
    quoted = (
        "> Which time zone are you in, such as `Europe/Berlin`?\n"
        "> <!-- gitlearnos:setup asked=time_zone -->\n\nnone yet"
    )
    plan = thread.say(quoted)
    assert asked(plan) == "sources", "the quote did not change the open question (material)"
    assert "Pacific/Auckland" not in plan.replies[0].text and "time zone:" not in plan.replies[0].text


def test_only_comments_before_the_current_one_are_read() -> None:
    later = ThreadMessage(author="alice", body="Time zone: Asia/Tokyo", comment_id="900")
    current = ThreadMessage(author="alice", body="hello", comment_id="99")
    event = issue_event(SCENARIO, kind=EventKind.COMMENT_CREATED, comment="hello")
    plan = plan_event(event, MemorySnapshot({}), now=NOW, agent=AGENT, history=(current, later))
    assert "Asia/Tokyo" not in plan.replies[0].text


# --- gates ----------------------------------------------------------------------------------------------


def test_an_existing_file_is_never_overwritten() -> None:
    snapshot = MemorySnapshot({"README.md": "# mine\n", "AGENTS.md": "my own agent rules\n"})
    plan = bootstrap(snapshot=snapshot)
    assert plan.outcome is Outcome.COMMITTED
    assert "AGENTS.md" not in plan.changed_paths and "README.md" not in plan.changed_paths
    assert plan.receipt is not None and "AGENTS.md" not in plan.receipt.changed_files
    assert "already exist: `AGENTS.md`" in plan.replies[0].text


def test_a_recorded_subject_and_goal_are_not_asked_again() -> None:
    goal = "# Learning Goal\n\n## Goal\n\n- Pass the geometry unit test.\n"
    snapshot = MemorySnapshot({"subjects/mathematics/goals/main-goal.md": goal})
    plan = bootstrap("Use GitLearnOS.", snapshot=snapshot)
    assert asked(plan) == "material"


def test_a_non_owner_in_an_unset_repository_is_ignored_silently() -> None:
    plan = bootstrap(login="mallory")
    assert plan.outcome is Outcome.SKIPPED and plan.replies == () and plan.writes == ()


def test_a_public_repository_is_refused_before_any_question() -> None:
    plan = bootstrap(repo=REPO.model_copy(update={"private": False}))
    assert plan.outcome is Outcome.REFUSED and plan.writes == ()
    assert "public" in plan.replies[0].text


# --- issue forms per forge ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("forge", "folder", "suffix"),
    [(Forge.GITHUB, ".github/ISSUE_TEMPLATE", "yml"), (Forge.GITEA, ".gitea/ISSUE_TEMPLATE", "yaml")],
)
def test_yaml_issue_forms_carry_the_fields_the_agent_reads(forge: Forge, folder: str, suffix: str) -> None:
    event = on_forge(issue_event(ONE_REQUEST, title="Setup"), forge)
    plan = plan_event(event, MemorySnapshot({}), now=NOW, agent=AGENT)
    forms = {w.path: yaml.safe_load(w.content) for w in plan.writes if w.path.startswith(folder)}
    assert len(forms) == 4 and all(path.endswith(f".{suffix}") for path in forms)
    description = "about" if forge is Forge.GITEA else "description"
    for form in forms.values():
        assert form["name"] and form[description] and form["labels"]
        labels = [field["attributes"]["label"] for field in form["body"] if field["type"] != "markdown"]
        assert labels == ["Subject", "Note", "Channel", "Source", "Knowledge point", "Prerequisites"]
        assert form["body"][1]["attributes"]["value"] == "mathematics"


def test_gitlab_gets_markdown_templates_the_agent_can_read_back() -> None:
    """Regression: a template once carried an override phrase, and every note filed with it was dropped."""
    plan = plan_event(
        on_forge(issue_event(ONE_REQUEST), Forge.GITLAB), MemorySnapshot({}), now=NOW, agent=AGENT
    )
    templates = {w.path: w.content for w in plan.writes if w.path.startswith(".gitlab/issue_templates/")}
    assert len(templates) == 4 and all(path.endswith(".md") for path in templates)
    filled = templates[".gitlab/issue_templates/study-note.md"].replace(
        "### Note\n\n", "### Note\n\nThe sine rule needs an angle opposite a known side.", 1
    )
    note = plan_event(
        on_forge(issue_event(filled, number=9), Forge.GITLAB),
        MemorySnapshot({w.path: w.content for w in plan.writes}),
        now=NOW,
        agent=AGENT,
    )
    assert note.outcome is Outcome.COMMITTED
    assert "> The sine rule needs an angle opposite a known side." in note.writes[0].content


def test_local_mode_gets_no_forms_and_a_local_next_action() -> None:
    event = on_forge(issue_event(ONE_REQUEST, login="local-learner"), Forge.LOCAL)
    plan = plan_event(event, MemorySnapshot({}), now=NOW, agent=AGENT)
    assert plan.changed_paths == MINIMAL
    assert "gitlearnos local" in plan.replies[0].text
