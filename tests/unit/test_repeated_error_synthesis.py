"""Two same-pattern mistakes: one gap, one model, one planned transfer task (issue 17, scenario 14).

Through the pipeline (:func:`bot.handle.plan_event` with the rule agent): the first note opens a gap, the
second — another problem, other words, the same situation — links to the first, updates that gap and
promotes one model with its transfer task. Mastery never moves.
"""

from __future__ import annotations

from datetime import timedelta

from bot.handle import plan_event
from bot.intake.rule_agent import RuleAgent
from bot.records.codec import read_header, section, section_fields
from tests.support.learner import issue_event, learner_repo
from tests.support.repeated_errors import FIRST, LATER, SUBJECT, commit_first, files, second_plan


def test_two_same_pattern_mistakes_make_one_gap_one_model_and_one_planned_transfer_task() -> None:
    snapshot, first = commit_first()
    ((gap_path, _),) = files(first, "knowledge-gaps").items()
    ((first_event, _),) = files(first, "events").items()
    result = second_plan(snapshot)

    assert list(files(result, "knowledge-gaps")) == [gap_path], "the same gap, never a second"
    gap = files(result, "knowledge-gaps")[gap_path]
    pattern = section_fields(section(gap, "Situation pattern"))
    assert pattern["Situation fingerprint"] == "mathematics/similar-triangles/wrong-ratio"
    assert pattern["Linked observation count"] == "2" and pattern["Model status"] == "`active`"
    assert read_header(gap)["Mastery"] in {"unknown", "learning"}

    ((model_path, model),) = files(result, "models").items()
    header = read_header(model)
    assert model_path == f"{SUBJECT}/models/mathematics-similar-triangles-wrong-ratio.md"
    assert header["ID"] == "model-mathematics-similar-triangles-wrong-ratio"
    events = [p for p in files(result, "events") if p != first_event]
    (second_event,) = events
    first_id = read_header(snapshot.read_text(first_event) or "")["ID"]
    second_id = read_header(files(result, "events")[second_event])["ID"]
    assert (
        first_id in header["Depends on (canonical IDs)"] and second_id in header["Depends on (canonical IDs)"]
    )
    for heading in ("Promotion basis", "Recognition cues", "Answer structure", "Derived conclusions",
                    "Limits and non-examples", "Common traps"):  # fmt: skip
        assert section(model, heading).strip(), heading
    assert "BC/AB" not in model and "AC/DF" not in model, "the pattern, not a copy of either solution"
    assert first_id in section(model, "Derived conclusions"), "each conclusion links its evidence"

    ((review_path, review),) = files(result, "reviews").items()
    review_header = read_header(review)
    assert review_header["Purpose"] == "transfer" and review_header["Status"] == "planned"
    assert review_header["Due"] > LATER.date().isoformat(), "delayed, not due today"
    assert "- Question 1 expected answer: 7.5 m" in review, "the key is stored in the record"

    reply = result.replies[0].text
    assert "7.5 m" not in reply, "the key is never shown"
    assert header["ID"] in reply and review_header["ID"] in reply and first_id in reply
    assert "demonstrated" not in gap and "Mastery is unchanged" in reply
    assert review_path.rsplit("/", 1)[1] in section(model, "Transfer check")


def test_both_events_link_to_each_other() -> None:
    snapshot, first = commit_first()
    ((first_event, _),) = files(first, "events").items()
    result = second_plan(snapshot)
    written = files(result, "events")
    (second_event,) = [p for p in written if p != first_event]
    first_links = section_fields(section(written[first_event], "Connections"))["Same situation as"]
    second_links = section_fields(section(written[second_event], "Connections"))["Same situation as"]
    assert second_event.rsplit("/", 1)[1] in first_links
    assert first_event.rsplit("/", 1)[1] in second_links


def test_the_same_input_again_links_the_existing_event_and_promotes_nothing() -> None:
    """Copies of one observation are not two observations: no model, no file, no commit from them."""
    snapshot, first = commit_first()
    ((_, event),) = files(first, "events").items()
    result = second_plan(snapshot, f"Again: {FIRST}")
    assert result.writes == () and result.commit is None
    assert read_header(event)["ID"] in result.replies[0].text


def test_one_occurrence_promotes_nothing() -> None:
    _, first = commit_first()
    assert files(first, "knowledge-gaps") and not files(first, "models")


def test_a_different_slip_opens_its_own_gap() -> None:
    snapshot, first = commit_first()
    result = second_plan(
        snapshot, "Exercise 2: I wrote x > -2 instead of x < -2, the sign of the inequality."
    )
    (new_gap,) = files(result, "knowledge-gaps")
    assert new_gap not in files(first, "knowledge-gaps") and not files(result, "models")


def test_a_third_observation_refines_the_one_model_and_keeps_the_planned_task() -> None:
    snapshot, first = commit_first()
    second = second_plan(snapshot)
    after_second = learner_repo(**{w.path: w.content for plan in (first, second) for w in plan.writes})
    third = plan_event(
        issue_event(
            "Quiz: I picked EF/BC instead of BC/EF as the ratio for the similar triangles.", number=9
        ),
        after_second,
        now=LATER + timedelta(days=1),
        agent=RuleAgent(),
    )
    ((model_path, model),) = files(third, "models").items()
    depends = read_header(model)["Depends on (canonical IDs)"]
    assert model_path in files(second, "models") and depends.count("event-") == 3, "one model, refined"
    assert not files(third, "reviews"), "the planned transfer task stands; no second one"
    (gap,) = files(third, "knowledge-gaps").values()
    assert "- Linked observation count: 3" in gap
