"""Answer the immediate request first, offline: a question in a note is never silently passed over.

Without a chat model (none configured, or one the learner has not allowed) nothing can answer
"Why is step 3 valid?". The reply must say so in one line, put first, with what the bot did instead,
and the note is still handled as any note is (the filing receipt follows).
"""

from __future__ import annotations

import pytest

from bot.handle import plan_event
from bot.intake.events import EventKind
from bot.intake.rule_agent import RuleAgent
from bot.plan import Outcome, Plan
from tests.support.learner import CONFIG, NOW, issue_event, learner_repo

AGENT = RuleAgent()
CANNOT = "I can't answer questions without a chat model"
BODY = "In class we solved 3x + 6 = 12 in four steps. Why is step 3 valid?"


def plan(body: str = BODY, config: str = CONFIG) -> Plan:
    event = issue_event(title="Worked example from class", body=body)
    return plan_event(event, learner_repo(**{"gitlearnos.yml": config}), now=NOW, agent=AGENT)


def first_line(result: Plan) -> str:
    return result.replies[0].text.splitlines()[0]


def test_a_question_offline_gets_one_line_first_and_the_note_is_still_filed() -> None:
    result = plan()
    assert result.outcome is Outcome.COMMITTED
    record_id = dict(result.commit.trailers)["GitLearnOS-Record"] if result.commit else ""
    assert first_line(result) == (
        f"I can't answer questions without a chat model; I filed your note as `{record_id}` instead "
        "(receipt below)."
    )
    text = result.replies[0].text
    assert text.splitlines()[1] == "", "the line stands alone"
    assert text.index(CANNOT) < text.index("Recorded your note as")
    assert result.receipt is not None and "- **Judged by:** rules" in result.receipt.render()
    assert any(path.startswith("subjects/mathematics/events/") for path in result.changed_paths)


def test_a_note_without_a_question_gets_no_such_line() -> None:
    assert CANNOT not in plan(body="In class we solved 3x + 6 = 12 in four steps.").replies[0].text


def test_under_preview_the_line_says_what_was_prepared() -> None:
    result = plan(config=CONFIG.replace("mode: safe-auto", "mode: preview"))
    assert result.outcome is Outcome.PREVIEW
    assert first_line(result) == (
        "I can't answer questions without a chat model; I prepared the writeback below instead."
    )


@pytest.mark.parametrize("override", ["answer only", "do not store this"])
def test_a_question_not_to_be_stored_says_nothing_was_stored(override: str) -> None:
    result = plan(body=f"{BODY}\n\n{override}")
    assert result.writes == ()
    assert first_line(result) == "I can't answer questions without a chat model; I stored nothing."


def test_approving_the_writeback_does_not_repeat_the_line() -> None:
    manual = CONFIG.replace("mode: safe-auto", "mode: manual")
    assert first_line(plan(config=manual)).startswith(CANNOT), "the pending reply had it"
    approval = issue_event(
        title="Worked example from class",
        body=BODY,
        kind=EventKind.COMMENT_CREATED,
        comment="/gitlearnos approve",
    )
    result = plan_event(approval, learner_repo(**{"gitlearnos.yml": manual}), now=NOW, agent=AGENT)
    assert result.outcome is Outcome.COMMITTED
    assert CANNOT not in result.replies[0].text
