"""A repository with ``subjects/数学/`` and ``subjects/история/``, planned in memory through the core.

The first tests hold since subject folders may be named in any script. The strict xfails are the places
that still turn such a name into another folder; each names the file it is in (owned by others), and
turns into a failure, to be unmarked, once that file is fixed.
"""

from __future__ import annotations

import pytest

from bot.handle import plan_event
from bot.intake.rule_agent import RuleAgent
from bot.plan import Outcome, Plan
from bot.setup.text import parse_subject
from bot.snapshot import MemorySnapshot
from tests.support.learner import CONFIG, NOW, issue_event

MATHS = "今天我学到了相似三角形的对应边成比例。请保存到我的数学笔记。"
HISTORY = "На уроке истории я понял, что крепостное право в России отменили в 1861 году. Сохрани эту заметку."
ENGLISH = "Today I learned that similar triangles have proportional sides. Save this to my notes."


def own_script_repo() -> MemorySnapshot:
    return MemorySnapshot(
        {
            "gitlearnos.yml": CONFIG.replace("subject: mathematics", "subject: 数学"),
            "subjects/数学/goals/main-goal.md": "# Learning Goal\n\nStatus: `active`\nSubject: 数学\n",
            "subjects/история/goals/main-goal.md": "# Learning Goal\n\nStatus: `active`\nSubject: история\n",
        },
        head="a" * 40,
    )


def plan(body: str, *, title: str = "note", labels: tuple[str, ...] = ()) -> Plan:
    event = issue_event(body, title=title, labels=labels)
    return plan_event(event, own_script_repo(), now=NOW, agent=RuleAgent())


def event_paths(result: Plan) -> list[str]:
    return [w.path for w in result.writes if "/events/" in w.path]


@pytest.mark.parametrize(("body", "folder"), [(MATHS, "数学"), (HISTORY, "история")], ids=["zh", "ru"])
def test_a_clear_note_is_stored_in_its_own_script_folder(body: str, folder: str) -> None:
    result = plan(body)
    assert result.outcome is Outcome.COMMITTED, result.replies
    (event,) = event_paths(result)
    assert event.startswith(f"subjects/{folder}/events/")
    text = result.replies[0].text
    assert f"in `{event}`" in text and "Which subject" not in text and "cannot be a folder name" not in text


def test_a_subject_label_in_its_own_script_names_its_folder() -> None:
    assert event_paths(plan(ENGLISH, labels=("subject:история",)))[0].startswith("subjects/история/")


def test_an_issue_form_subject_in_its_own_script_names_its_folder() -> None:
    form = "### Subject\n\nистория\n\n### Note\n\nToday I learned that the Neva flows into the Baltic Sea."
    assert event_paths(plan(form))[0].startswith("subjects/история/")


def test_two_points_named_in_chinese_are_two_records() -> None:
    first = plan(MATHS, labels=("kp:几何/相似三角形",))
    second = plan(MATHS, labels=("kp:几何/勾股定理",))
    points = [[w.path for w in p.writes if "/knowledge/" in w.path] for p in (first, second)]
    assert points[0] and points[1] and points[0] != points[1]


def test_setup_takes_a_subject_named_in_its_own_script() -> None:
    assert parse_subject("数学") == "数学"


def test_this_belongs_to_a_subject_in_its_own_script_routes_there() -> None:
    """The learner's routing correction names the folder in its own script, as an agent's proposal may."""
    assert event_paths(plan(f"{ENGLISH} This belongs to история."))[0].startswith("subjects/история/")
