"""Answer writeback through the core's entry point: which comments are answers, and what one commit holds."""

from __future__ import annotations

import json
from datetime import UTC, date, datetime

import httpx
import pytest

from bot.config import parse_config
from bot.handle import plan_event
from bot.intake.events import CommentEvent, EventKind
from bot.intake.judgements import AnswerToJudge, AnswerVerdict, FollowUpChoice, Verdict, rule_follow_up
from bot.intake.rule_agent import RuleAgent
from bot.plan import Outcome, Plan
from bot.records.codec import read_header, section, unfence
from bot.review.answer import plan_answer
from bot.review.due_review import plan_due_review
from bot.review.question import plan_question
from bot.review.question_gen import QuestionContext
from bot.snapshot import MemorySnapshot
from bot.trailers import TRAILER_OPERATION
from tests.support.chat_model import Endpoint
from tests.support.learner import CONFIG, NOTE, issue_event, learner_repo
from tests.support.linked_review import (
    ANSWER_DAY,
    EVENT,
    EVENT_PATH,
    FOLLOW_UP_PATH,
    GAP,
    GAP_PATH,
    NOTES,
    OCCURRENCE,
    REVIEW,
    REVIEW_PATH,
    answer,
    delivered,
    files_after,
    written,
)


def test_an_answer_on_the_delivery_issue_is_one_commit_with_the_words_verbatim() -> None:
    snapshot, body = delivered()
    plan = answer(snapshot, body)
    assert plan.outcome is Outcome.COMMITTED and plan.commit is not None
    assert (TRAILER_OPERATION, "answer") in plan.commit.trailers
    assert set(plan.changed_paths) == {
        REVIEW_PATH, GAP_PATH, FOLLOW_UP_PATH, "dashboard.md", "dashboard-progress.svg"
    }  # fmt: skip
    review = written(plan, REVIEW_PATH)
    assert unfence(section(review, "Learner answer")) == NOTES
    assert read_header(review)["Status"] == "complete"
    assert "Triangle ABC ~ DEF" in review and "- Expected answer: 12 cm" in review, "question and key kept"
    assert "- Result: `correct`" in review and "- Independent: `yes`" in review


def test_a_delayed_independent_transfer_success_is_demonstrated_in_the_gap() -> None:
    snapshot, body = delivered()
    plan = answer(snapshot, body)
    gap = written(plan, GAP_PATH)
    assert read_header(gap)["Mastery"] == "demonstrated"
    assert "[review-scale-factor](../reviews/review-scale-factor.md)" in gap
    assert "| 2026-11-26 | class | used the wrong ratio |" in gap, "earlier evidence kept"
    assert plan.receipt is not None and "`learning` → `demonstrated`" in plan.receipt.mastery


def test_same_day_or_supported_success_stays_learning() -> None:
    snapshot, body = delivered()
    same_day = answer(snapshot, body, now=datetime(2026, 11, 26, 20, 0, tzinfo=UTC))
    assert read_header(written(same_day, GAP_PATH))["Mastery"] == "learning"
    supported = answer(snapshot, body, words="Answer: 12 cm\nI looked at my notes for the ratio.")
    review = written(supported, REVIEW_PATH)
    assert "- Independent: `no`" in review and "“looked at my notes”" in review
    assert read_header(written(supported, GAP_PATH))["Mastery"] == "learning"


def test_a_failure_after_demonstrated_opens_a_check_and_keeps_the_learners_judgment() -> None:
    snapshot, body = delivered(mastery="demonstrated")
    words = "Answer: 10 cm\nI think I mixed up which sides correspond. No notes."
    plan = answer(snapshot, body, words=words)
    gap = written(plan, GAP_PATH)
    assert read_header(gap)["Mastery"] == "learning" and read_header(gap)["Resolution"] == "needs-check"
    review = written(plan, REVIEW_PATH)
    assert "- Result: `incorrect`" in review
    assert "- Diagnosis status: `learner-reported`" in review
    assert "- Confused distinction: “I think I mixed up which sides correspond.” (learner-reported)" in review
    assert "- Missing information: not stated" in review and "- Execution error: not stated" in review
    assert unfence(section(review, "Learner answer")) == words, "no corrected solution replaces the answer"


def test_without_an_expected_answer_nothing_is_evaluated_and_no_date_is_set() -> None:
    snapshot, body = delivered()
    files = files_after(snapshot, Plan(outcome=Outcome.UNCHANGED))
    files[REVIEW_PATH] = files[REVIEW_PATH].replace(
        "- Expected answer: 12 cm", "- EF follows from the ratio."
    )
    plan = answer(MemorySnapshot(files), body, words="Answer: 12 cm")
    review = written(plan, REVIEW_PATH)
    assert read_header(review)["Status"] == "attempted"
    assert "not evaluated — needs a teacher or chat model" in review
    assert "- Date or next handoff: pending: no date until the attempt is evaluated" in review
    assert "- Independent: `unknown` (not stated by the learner)" in review
    reply = plan.replies[0].text
    assert "EF follows from the ratio" not in reply and "12 cm" not in reply.replace("Answer: 12 cm", "")
    assert "demonstrated" not in reply


def test_a_comment_on_the_issue_that_asked_for_a_task_answers_that_task() -> None:
    repo = learner_repo()
    request = issue_event(f"{NOTE} Give me one fresh task.")
    asked = plan_event(request, repo, now=datetime(2026, 11, 27, 9, 0, tzinfo=UTC), agent=RuleAgent())
    after = MemorySnapshot(files_after(repo, asked))
    reply = "I wrote my own example with a rectangle. I used my notes once."
    event = issue_event(request.thread.body, kind=EventKind.COMMENT_CREATED, comment=reply)  # type: ignore[union-attr]
    plan = plan_event(event, after, now=ANSWER_DAY, agent=RuleAgent())
    assert plan.operation == "answer"
    (review_path,) = [p for p in plan.changed_paths if "/reviews/" in p]
    review = written(plan, review_path)
    assert unfence(section(review, "Learner answer")) == reply
    assert "- Independent: `no`" in review and read_header(review)["Status"] == "attempted"
    assert plan.receipt is not None and plan.receipt.mastery.startswith("unchanged: no gap is linked")


def test_comments_elsewhere_and_new_task_requests_are_not_answers() -> None:
    snapshot, _ = delivered()
    elsewhere = answer(snapshot, "A note of mine.", words="Similar triangles: sides scale together.")
    assert elsewhere.operation != "answer"
    repo = learner_repo()
    request = issue_event(f"{NOTE} Give me one fresh task.")
    asked = plan_event(request, repo, now=ANSWER_DAY, agent=RuleAgent())
    files = files_after(repo, asked)
    again = issue_event(request.thread.body, kind=EventKind.COMMENT_CREATED, comment="Give me another task.")  # type: ignore[union-attr]
    assert plan_event(again, MemorySnapshot(files), now=ANSWER_DAY, agent=RuleAgent()).operation != "answer"


def test_do_not_store_this_wins_over_an_answer() -> None:
    snapshot, body = delivered()
    plan = answer(snapshot, body, words="Answer: 12 cm. Do not store this.")
    assert plan.outcome is Outcome.SKIPPED and not plan.writes


def test_an_answer_delivered_in_a_planned_review_record_created_by_plan_question_has_no_key_leak() -> None:
    planned = plan_question(
        learner_repo(), subject="mathematics", note="Angle order matters.", title="angle order",
        day=date(2026, 11, 27), event_id="event-x", event_path="subjects/mathematics/events/x.md",
        goal_linked=True,
    )  # fmt: skip
    assert planned is not None
    asked = planned.content.split("## Answer or success condition")[0]
    assert "expected answer" not in asked.casefold(), "a task's key stays in its answer section"


def test_with_generated_questions_an_unnumbered_answer_is_question_1s_alone() -> None:
    snapshot, body = delivered()
    assert "\n2. " in body and "\n3. " in body, "two questions were generated at delivery"
    review = written(answer(snapshot, body), REVIEW_PATH)
    assert "- Result: `correct`" in review
    judged = "question 1: judged as quantities with units against question 1's expected answer `12 cm`"
    assert judged in review


def test_a_numbered_reply_is_read_for_the_records_own_question() -> None:
    snapshot, body = delivered()
    words = "1. 6 cm\n2. Use DE/AB.\n3. KL = 2, MN = 6 ... I did it without my notes."
    assert "- Result: `incorrect`" in written(answer(snapshot, body, words=words), REVIEW_PATH)


@pytest.mark.parametrize("words", ["Answer: 12cm", "YZ = 12 cm", "12", "Answer: 0.12 m"])
def test_the_answers_issue_16_found_marked_incorrect_are_correct_and_say_how_they_were_judged(
    words: str,
) -> None:
    snapshot, body = delivered()
    plan = answer(snapshot, body, words=words)
    review = written(plan, REVIEW_PATH)
    assert "- Result: `correct`" in review and "- Judged by: rules" in review
    assert "judged as quantities with units against question 1's expected answer `12 cm`" in review
    assert "judged as quantities with units" in plan.replies[0].text


def test_an_answer_the_checker_cannot_read_is_not_assessed_never_incorrect() -> None:
    snapshot, body = delivered(mastery="demonstrated")
    plan = answer(snapshot, body, words="Answer: 12 apples\nNo notes.")
    review = written(plan, REVIEW_PATH)
    assert "- Result: `not-assessed`" in review and read_header(review)["Status"] == "attempted"
    assert "can't tell" in review and "“apples” is not a unit the checker knows" in review
    assert read_header(written(plan, GAP_PATH))["Mastery"] == "demonstrated", "no evidence against mastery"
    assert "- Date or next handoff: pending: no date until the attempt is evaluated" in review


def test_a_delayed_check_on_a_gap_counts_its_delay_from_the_gaps_events() -> None:
    """The bot's follow-up checks depend on the gap alone; before, their delay was "not recorded"."""
    snapshot, body = delivered()
    files = files_after(snapshot, Plan(outcome=Outcome.UNCHANGED))
    depends = "Depends on (goal/gap/model/event IDs): "
    files[REVIEW_PATH] = files[REVIEW_PATH].replace(
        f"{depends}`event-2026-11-26-scale-factor`, `gap-scale-factor`", f"{depends}`gap-scale-factor`"
    )
    files[GAP_PATH] = files[GAP_PATH].replace(
        "Resolution: `open`", "Depends on (event IDs): `event-2026-11-26-scale-factor`\nResolution: `open`"
    )
    plan = answer(MemorySnapshot(files), body)
    assert "- Delay: 4 day(s) after the learning event of 2026-11-26" in written(plan, REVIEW_PATH)
    assert read_header(written(plan, GAP_PATH))["Mastery"] == "demonstrated"


THREE_QUESTIONS = """\
1. Triangle ABC ~ DEF with AB = 4 cm and DE = 8 cm. BC = 6 cm. How long is EF?
2. Solve 2x + 1 = 7.
3. Why does the ratio DE/AB give the scale factor?

## Answer or success condition

- Expected answer: 12 cm
- Question 2 expected answer: x = 3
- Question 3 success condition: the explanation names corresponding sides.
"""


def _three_question_delivery(config_text: str = CONFIG) -> tuple[MemorySnapshot, str]:
    """A review holding three questions of its own, so the run's three places leave none to generate."""
    one = REVIEW.format(purpose="transfer")
    review = one[: one.index("1. Triangle")] + THREE_QUESTIONS + one[one.index("\n## Learner answer") :]
    files = {EVENT_PATH: EVENT, GAP_PATH: GAP.format(mastery="learning"), REVIEW_PATH: review}
    base = learner_repo(**files, **{"gitlearnos.yml": config_text})
    config = parse_config(config_text).config
    noon = datetime(2026, 11, 28, 12, 0)
    due = plan_due_review(base, config, noon, occurrence=OCCURRENCE, agent=RuleAgent())
    body = due.issue_body(commit_id="c" * 40, branch="main", remote=None)
    return MemorySnapshot(files_after(base, due.plan)), body


@pytest.mark.parametrize(
    ("words", "result", "mastery"),
    [
        ("1. 120 mm\n2. x = 3\n3. DE and AB correspond.\nNo notes.", "correct", "demonstrated"),
        ("1. 12 cm\n2. x = -3\nNo notes.", "partial", "learning"),
        ("1. 14 cm\n2. 4\nNo notes.", "incorrect", "learning"),
    ],
)
def test_each_numbered_answer_is_judged_against_its_own_questions_key(
    words: str, result: str, mastery: str
) -> None:
    snapshot, body = _three_question_delivery()
    assert "\n3. Why does the ratio" in body and "\n4. " not in body
    plan = answer(snapshot, body, words=words)
    review = written(plan, REVIEW_PATH)
    assert f"- Result: `{result}`" in review
    assert "question 2: judged as equations against question 2's expected answer `x = 3`" in review
    assert "question 3 is judged by its success condition on attempt, not by the bot" in review
    assert read_header(written(plan, GAP_PATH))["Mastery"] == mastery


class ScriptedJudge:
    """A chat model's answer judgement, scripted: the network boundary the real one sits behind."""

    def __init__(self, verdict: Verdict) -> None:
        self.verdict = verdict
        self.asked: list[AnswerToJudge] = []

    def judge_answer(self, item: AnswerToJudge) -> AnswerVerdict:
        self.asked.append(item)
        reason = "a dozen centimetres is 12 cm"
        return AnswerVerdict(verdict=self.verdict, reason=reason, judged_by="model `m`")

    def choose_follow_up(self, context: QuestionContext, verdict: Verdict) -> FollowUpChoice:
        return rule_follow_up(verdict)


def _answer_judged_by(judge: ScriptedJudge, words: str, snapshot: MemorySnapshot, body: str) -> Plan:
    event = issue_event(body, title="Due review", kind=EventKind.COMMENT_CREATED, comment=words, number=12)
    assert isinstance(event, CommentEvent)
    config = parse_config(CONFIG).config
    plan = plan_answer(event, snapshot, config, now=ANSWER_DAY, event_key="k", judge=judge)
    assert plan is not None
    return plan


def test_where_the_rules_cannot_tell_an_allowed_chat_model_judges_and_the_gates_still_hold() -> None:
    snapshot, body = _three_question_delivery()
    judge = ScriptedJudge(Verdict.CORRECT)
    plan = _answer_judged_by(judge, "1. a dozen centimetres\n2. x = 3\nNo notes.", snapshot, body)
    review = written(plan, REVIEW_PATH)
    assert "- Result: `correct`" in review
    assert "question 1: judged by model `m` against question 1's expected answer `12 cm`" in review
    assert "question 3: judged by model `m` against question 3's success condition" in review
    assert [item.key for item in judge.asked] == ["12 cm", ""], "the rules' own verdict (question 2) stands"
    assert "- Judged by: model `m`; rules" in review
    assert plan.receipt is not None and plan.receipt.judged_by == "model `m`; rules"
    assert "a dozen centimetres is" not in plan.replies[0].text, "the model's reasons stay in the record"
    assert read_header(written(plan, GAP_PATH))["Mastery"] == "demonstrated"
    words = "1. a dozen centimetres\n2. x = 3\nI looked at my notes."
    supported = _answer_judged_by(judge, words, snapshot, body)
    assert read_header(written(supported, GAP_PATH))["Mastery"] == "learning", "no demonstrated with help"


def test_a_chat_model_that_cannot_tell_leaves_the_answer_not_assessed() -> None:
    snapshot, body = delivered()
    plan = _answer_judged_by(ScriptedJudge(Verdict.CANNOT_TELL), "Answer: 12 apples", snapshot, body)
    review = written(plan, REVIEW_PATH)
    assert "- Result: `not-assessed`" in review and "model `m` could not tell either" in review


MODEL_REPLIES = {
    "verdict": {"verdict": "correct", "reason": "a dozen centimetres is twelve centimetres"},
    "follow_up": {"follow_up": "look-alike", "why": "both answers held; tell a look-alike case apart next"},
    "questions": {
        "questions": [
            {
                "question": "Towns 7 cm apart on a 1 : 50 000 map: how far apart on the ground are they?",
                "success_condition": "3.5 km with the working shown",
                "answer_key": "3.5 km",
            }
        ],
        "why": "a new setting for the same ratio idea",
    },
}


def _scripted_model(request: dict[str, object]) -> httpx.Response:
    name = request["response_format"]["json_schema"]["name"]  # type: ignore[index]
    content = json.dumps(MODEL_REPLIES[name])
    return httpx.Response(200, json={"choices": [{"message": {"role": "assistant", "content": content}}]})


def test_through_the_pipeline_an_allowed_chat_model_judges_and_plans_the_next_check() -> None:
    """The learner-note path hands the answer to the model the learner allowed (plan_event's model_agent):
    it judges what the rules cannot tell, chooses the next check's form and writes its question."""
    allowed = CONFIG.replace("  push: true\n", "  push: true\n  external_model: allowed\n")
    assert allowed != CONFIG
    snapshot, body = _three_question_delivery(allowed)
    endpoint = Endpoint(_scripted_model)
    words = "1. a dozen centimetres\n2. x = 3\nNo notes."
    event = issue_event(body, title="Due review", kind=EventKind.COMMENT_CREATED, comment=words, number=12)
    plan = plan_event(event, snapshot, now=ANSWER_DAY, agent=RuleAgent(), model_agent=endpoint.agent())
    review = written(plan, REVIEW_PATH)
    assert "question 1: judged by chat model `tutor-1`" in review
    assert "question 2: judged as equations" in review, "the rules' own verdict stands"
    asked = {json.loads(r.content)["response_format"]["json_schema"]["name"] for r in endpoint.requests}
    assert asked == {"verdict", "follow_up", "questions"}
    follow_ups = [path for path in plan.changed_paths if "/reviews/" in path and path != REVIEW_PATH]
    assert follow_ups, "a next check is planned"
    next_check = written(plan, follow_ups[0])
    assert "how far apart on the ground are they?" in next_check and "look-alike" in next_check
    assert "3.5 km" not in plan.replies[0].text, "the next check's key stays in its record"
