"""Differential diagnosis through the real pipeline (scenarios 17 and 18): what the learner's repository and
the replies show after a complaint, after each probe answer, and after a request to be taught."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.diagnose.gates import PROBE_BUDGET, Gate, judge
from bot.diagnose.hypotheses import HypothesisClass, Status, open_reading
from bot.diagnose.signal_words import not_met_yet
from bot.handle import plan_event
from bot.intake.events import Comment, EventKind
from bot.intake.rule_agent import RuleAgent
from bot.plan import Outcome, Plan
from bot.records.codec import read_header, section, section_fields, table_rows
from tests.support.learner import NOW, issue_event, learner_repo

COMPLAINT = "I cannot do this quadratic. I do not know how to find the maximum of `y = -2x^2 + 4x + 1`."
EVENTS, GAPS = "subjects/mathematics/events/", "subjects/mathematics/knowledge-gaps/"
LEADING_GAP = GAPS + "leading-coefficient-opening-direction.md"


class Thread:
    """One issue and its comments, each planned against the repository the previous plans left."""

    def __init__(self, body: str, *, title: str = "Quadratic maximum", labels: tuple[str, ...] = ()) -> None:
        self.body, self.title, self.labels = body, title, labels
        self.files: dict[str, str] = {}
        self.turn = 0
        self.last = self._plan(issue_event(body, title=title, labels=labels))

    def _plan(self, event: object) -> Plan:
        snapshot = learner_repo(**self.files)
        plan = plan_event(event, snapshot, now=NOW + timedelta(minutes=self.turn), agent=RuleAgent())  # type: ignore[arg-type]
        self.files.update({w.path: w.content for w in plan.writes})
        self.turn += 1
        return plan

    def comment(self, words: str) -> Plan:
        event = issue_event(self.body, title=self.title, labels=self.labels, kind=EventKind.COMMENT_CREATED)
        event = event.model_copy(update={"comment": Comment(id=100 + self.turn, body=words)})
        self.last = self._plan(event)
        return self.last

    @property
    def reply(self) -> str:
        return self.last.replies[0].text

    def event_record(self) -> str:
        (text,) = [t for p, t in self.files.items() if p.startswith(EVENTS)]
        return text

    def gaps(self) -> dict[str, str]:
        return {p: t for p, t in self.files.items() if p.startswith(GAPS)}

    def diagnosis(self) -> dict[str, str]:
        return section_fields(section(self.event_record(), "Diagnosis"))

    def statuses(self) -> dict[str, str]:
        return {
            row[0].strip("`"): row[2].strip("`")
            for row in table_rows(self.event_record(), "Competing hypotheses")
        }


def test_a_complaint_opens_competing_hypotheses_and_asks_one_probe_but_writes_no_gap() -> None:
    thread = Thread(COMPLAINT)
    record, fields = thread.event_record(), thread.diagnosis()
    rows = table_rows(record, "Competing hypotheses")
    classes = {"concept-unestablished", "prerequisite-missing", "procedure-unavailable", "calculation-error"}
    assert {row[0].strip("`") for row in rows} >= {*classes, "incidental"}
    assert {row[1] for row in rows} == {"knowledge/skill", "task/execution"}, "classes across layers"
    assert all(row[2] == "`active`" for row in rows), "nothing is inferred from missing working"
    assert fields["Interpretation lifecycle"] == "`diagnosing`" and fields["Open probe"].startswith(
        "`opening-direction`"
    )
    assert thread.gaps() == {} and not any("/reviews/" in p for p in thread.files), (
        "no gap, no second question"
    )
    reply = thread.reply
    assert reply.count("?") == 1 and "open upward or downward" in reply, "one qualitative probe"
    assert "Stop-probe gate: `held`" in reply and "Supported-write gate: `held`" in reply
    assert "maximum is" not in reply.lower() and "x = 1" not in reply, "no solution dumped first"
    receipt = thread.last.receipt
    assert receipt is not None and "no gap written" in receipt.organized
    assert "`opening-direction`" in receipt.questions, "the receipt names the probe it asked"
    assert fields["Probes used"] == "1 of 2", "the quadratic ladder has two probes"


def test_an_upward_answer_supports_the_leading_coefficient_link_and_writes_that_gap() -> None:
    thread = Thread(COMPLAINT)
    plan = thread.comment("I think it opens upward.")
    assert plan.outcome is Outcome.COMMITTED and plan.commit is not None
    assert list(thread.gaps()) == [LEADING_GAP], "a gap at the blocker's grain, not 'quadratic maxima'"
    gap = thread.gaps()[LEADING_GAP]
    header = read_header(gap)
    assert (
        header["Title"] == "Knowledge Gap: the link between the leading coefficient and the opening direction"
    )
    assert header["Mastery"] == "unknown" and "event-" in header["Depends on (event IDs)"]
    assert "- Interpretation lifecycle: `supported`" in gap and "Supported-write gate: `passed`" in gap
    check = section_fields(section(gap, "Next action"))["Fresh transfer check"]
    assert "-2x^2" not in check and "4x" not in check, "the check changes the numbers"
    assert thread.statuses()["concept-unestablished"] == "supported"
    assert thread.diagnosis()["Open probe"] == "`none`"
    assert "Supported-write gate: `passed`" in thread.reply and "leading coefficient" in thread.reply
    assert len(table_rows(thread.event_record(), "Probe history")) == 1


def test_remaining_classes_that_share_an_intervention_stop_probing_at_suspected() -> None:
    thread = Thread(COMPLAINT)
    thread.comment("Downward, because the -2 in front of x^2 is negative.")
    assert thread.diagnosis()["Open probe"].startswith("`vertex-method`"), "opening known: the vertex next"
    assert thread.statuses()["concept-unestablished"] == "ruled_out"
    thread.comment("I would use x = -b/2a and put it back in.")
    fields = thread.diagnosis()
    assert fields["Interpretation lifecycle"] == "`suspected`"
    assert fields["Stop-probe gate"] == "`passed`" and fields["Supported-write gate"] == "`held`"
    assert "share one intervention" in fields["Barrier reason"]
    assert thread.gaps() == {}, "suspected writes no gap"
    assert "Supported-write gate: `held`" in thread.reply


def test_knowing_the_opening_but_no_method_supports_the_missing_procedure() -> None:
    thread = Thread(COMPLAINT)
    thread.comment("It opens downward.")
    thread.comment("I don't know how to find that point.")
    assert thread.statuses()["procedure-unavailable"] == "supported"
    assert list(thread.gaps()) == [GAPS + "vertex-method.md"]


def test_a_spent_probe_budget_stops_probing_and_upgrades_nothing() -> None:
    thread = Thread(
        "Exercise 5 on the chain rule: my answer was wrong.", title="Chain rule", labels=("mistake",)
    )
    assert "(a)" in thread.reply and thread.diagnosis()["Open probe"].startswith("`layer-choice`")
    thread.comment("a")  # the idea: a missing concept and a missing prerequisite are taught differently
    fields = thread.diagnosis()
    assert fields["Interpretation lifecycle"] == "`suspected`" and fields["Supported-write gate"] == "`held`"
    assert "budget" in fields["Barrier reason"] and "upgrades nothing" in fields["Barrier reason"]
    assert "supported" not in thread.statuses().values(), "a self-report supports no class"
    assert thread.gaps() == {}


def test_a_self_correction_falsifies_the_supported_class_and_keeps_its_history() -> None:
    thread = Thread(COMPLAINT)
    thread.comment("It opens upward.")
    thread.comment("Sorry, I misread the sign of a: -2 is negative, so it opens downward.")
    assert thread.statuses()["concept-unestablished"] == "falsified", "marked, not deleted"
    (logged,) = table_rows(thread.event_record(), "Falsification log")
    assert logged[1] == "`concept-unestablished`" and "misread" in logged[2]
    assert thread.diagnosis()["Interpretation lifecycle"] == "`revised`"
    gap = thread.gaps()[LEADING_GAP]
    assert read_header(gap)["Resolution"] == "resolved", "no longer an open gap"
    assert "- Interpretation lifecycle: `falsified`" in gap and table_rows(gap, "Falsification log")
    assert "Falsified (kept in the record): `concept-unestablished`" in thread.reply


@pytest.mark.parametrize("plea", ["Please teach me.", "Just give me the solution."])
def test_asking_to_be_taught_or_for_the_solution_stops_probing_without_concluding(plea: str) -> None:
    thread = Thread(f"{COMPLAINT} {plea}")
    fields = thread.diagnosis()
    assert fields["Open probe"] == "`none`" and fields["Interpretation lifecycle"] == "`suspected`"
    assert fields["Supported-write gate"] == "`held`" and thread.gaps() == {}
    assert set(thread.statuses().values()) == {"active"}, "every class stays open"
    assert "vertex, at x = -b/(2a) = 1, where y = 3" in thread.reply, "the minimum explanation"
    assert "The diagnosis is not complete" in thread.reply


@pytest.mark.parametrize(
    "note",
    [
        "I have not studied derivatives yet. Please teach me.",
        "我没学过导数，你教我吧。",
        "Todavía no he estudiado las derivadas, enséñame.",
        "Je n'ai jamais appris les dérivées, explique-moi.",
        "Ich habe Ableitungen noch nicht gelernt, erklär mir das.",
        "Nunca estudei derivadas, me ensina.",
        "微分はまだ習っていません、教えてください。",
        "Я ещё не учил производные, объясни.",
    ],
)
def test_new_material_is_recognised_in_every_language(note: str) -> None:
    assert not_met_yet(note)


def test_new_material_gets_a_teaching_start_and_no_diagnosis() -> None:
    thread = Thread("I have not studied derivatives yet. Please teach me.", title="Derivatives")
    record = thread.event_record()
    assert "## Competing hypotheses" not in record and "## Diagnosis" not in record
    intention = section_fields(section(record, "Learning intention"))
    assert intention["Interpretation lifecycle"].startswith("`anomaly`")
    assert thread.gaps() == {} and not any("/reviews/" in p for p in thread.files)
    reply = thread.reply
    assert reply.count("?") == 1 and "nearest idea" in reply, "one scope question, no probe"
    assert "Stop-probe gate" not in reply and "supported" not in reply


def test_ruling_out_one_weak_class_among_many_does_not_pass_the_supported_gate() -> None:
    reading = open_reading("a stuck attempt").with_moves(
        {HypothesisClass.INCIDENTAL: (Status.RULED_OUT, "the learner was rested and careful")}
    )
    result = judge(reading, probes_used=1)
    assert (result.stop_probe, result.supported_write) == (Gate.HELD, Gate.HELD)


def test_a_spent_budget_alone_passes_only_the_stop_gate() -> None:
    result = judge(open_reading("a stuck attempt"), probes_used=PROBE_BUDGET)
    assert (result.stop_probe, result.supported_write, result.supported) == (Gate.PASSED, Gate.HELD, None)


def test_the_same_blocker_on_another_issue_extends_its_gap_instead_of_overwriting_it() -> None:
    first = Thread(COMPLAINT)
    first.comment("It opens upward.")
    again = "I am stuck on the maximum of `y = -3x^2 + 6x + 2`."
    event = issue_event(again, title="Another maximum", number=8)
    plan = plan_event(event, learner_repo(**first.files), now=NOW + timedelta(days=1), agent=RuleAgent())
    files = first.files | {w.path: w.content for w in plan.writes}
    answer = issue_event(again, title="Another maximum", number=8, kind=EventKind.COMMENT_CREATED)
    answer = answer.model_copy(update={"comment": Comment(id=300, body="Upward.")})
    plan = plan_event(
        answer, learner_repo(**files), now=NOW + timedelta(days=1, minutes=5), agent=RuleAgent()
    )
    gap = {w.path: w.content for w in plan.writes}[LEADING_GAP]
    assert len(table_rows(gap, "Evidence")) == 2, "the first observation is kept"
    assert "- Linked observation count: 2" in gap


@pytest.mark.parametrize(("answer", "chosen"), [("b", True), ("(c) I did the steps", True), ("d.", True),
                                                ("A derivative is a slope.", False)])  # fmt: skip
def test_a_layer_choice_is_a_letter_not_an_article(answer: str, chosen: bool) -> None:
    thread = Thread(
        "Exercise 5 on the chain rule: my answer was wrong.", title="Chain rule", labels=("mistake",)
    )
    thread.comment(answer)
    (row,) = table_rows(thread.event_record(), "Probe history")
    assert ("report points" in row[3]) is chosen, row[3]


def test_a_named_one_off_slip_stays_compact_no_probe_and_no_gap() -> None:
    thread = Thread("Exercise 3: an arithmetic slip, 7 × 8 = 54; my method was right.", title="Slip")
    fields = thread.diagnosis()
    assert fields["Open probe"] == "`none`" and fields["Interpretation lifecycle"] == "`suspected`"
    assert "share one intervention" in fields["Barrier reason"]
    assert thread.statuses()["concept-unestablished"] == "weakened" and thread.gaps() == {}
    assert "?" not in thread.reply.split("- Stop-probe gate")[0], "nothing to probe"


DEMONSTRATED = """# Knowledge Gap: moving terms across the equals sign

ID: `gap-transposition`
Knowledge ID: mathematics/algebra/transposition
Resolution: `resolved`
Mastery: `demonstrated`
Subject: mathematics
"""


def test_a_failure_against_demonstrated_mastery_opens_history_classes_and_keeps_the_mastery() -> None:
    gap = GAPS + "transposition.md"
    note = "I got two transposition items wrong today: 3x + 5 = 2x - 4 and 7 - 2x = 3x + 2."
    event = issue_event(note, title="Transposition again")
    plan = plan_event(event, learner_repo(**{gap: DEMONSTRATED}), now=NOW, agent=RuleAgent())
    (record,) = [w.content for w in plan.writes if w.path.startswith(EVENTS)]
    classes = {row[0].strip("`"): row[1] for row in table_rows(record, "Competing hypotheses")}
    assert {"forgotten", "transfer-failure", "mastery-overestimated", "incidental"} <= set(classes)
    assert classes["forgotten"] == "history/generalization"
    assert gap not in {w.path for w in plan.writes}, "the recorded mastery is not lowered"
    reply = plan.replies[0].text
    assert "does not simply lower that" in reply and "same kind" in reply
    assert reply.split("- Stop-probe gate")[0].count("?") == 1
    files = {gap: DEMONSTRATED} | {w.path: w.content for w in plan.writes}
    answer = issue_event(note, title="Transposition again", kind=EventKind.COMMENT_CREATED)
    answer = answer.model_copy(update={"comment": Comment(id=400, body="The same kind as before.")})
    after = plan_event(answer, learner_repo(**files), now=NOW + timedelta(minutes=2), agent=RuleAgent())
    (record,) = [w.content for w in after.writes if w.path.startswith(EVENTS)]
    fields = section_fields(section(record, "Diagnosis"))
    assert fields["Interpretation lifecycle"] == "`suspected`" and fields["Supported-write gate"] == "`held`"
    assert gap not in {w.path for w in after.writes}, "still not lowered after the probe"


def test_forgotten_is_never_opened_without_recorded_mastery() -> None:
    thread = Thread("I got two transposition items wrong today: 3x + 5 = 2x - 4.", title="Transposition")
    assert "forgotten" not in thread.statuses() and "mastery-overestimated" not in thread.statuses()
