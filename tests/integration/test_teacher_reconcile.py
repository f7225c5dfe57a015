"""A teacher's verdict reconciles the plan: the worker, a real Git remote, GitHub faked at HTTP.

The learner files a mistake (a gap opens with an interpretation of its own), asks for a handoff (the pack
goes out on its branch as a pull request), the listed teacher requests changes with words that name the
cause and ask for teaching, and the learner merges (on the remote, as the forge would). What the default
branch shows afterwards is what the learner's plan now is: the teacher's interpretation, the earlier one
in the gap's history, a next action that follows the teacher, the handoff ``reconciled`` and mastery where
it was, with a later independent check planned.
"""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import respx

from bot.intake.events import Actor, EventKind, InboundEvent, Review, ReviewState, Thread, build_event
from bot.records.codec import read_header, section, section_fields, table_rows
from tests.support.event_worker import note_event, runtime
from tests.support.fake_github import API, BOT, FakeGitHubComments, rest_user
from tests.support.fake_github_pulls import FakeGitHubPulls
from tests.support.git_remotes import git, seeded_remote
from tests.support.learner import CONFIG, GOAL, NOW, REPO
from tests.support.redis_databases import fresh_database
from workers.events import handle_event

TEACHER = "mr-smith"
CONTRADICTION = (
    "This is not a slip with the letters: she does not yet see that the equal angles decide which "
    "vertices correspond. Please teach her to match the equal angles to the vertices before the next test."
)
CAUSE = (
    "This is not a slip with the letters: she does not yet see that the equal angles decide which "
    "vertices correspond."
)
REQUEST = "Please teach her to match the equal angles to the vertices before the next test."
NOTES = {
    # No cause of the learner's own: the gap's interpretation is the bot's `unknown`, now superseded.
    "superseded": "Worksheet 4, problem 2: I wrote ABC ~ DEF instead of ABC ~ EDF, and the ratio was wrong.",
    # The learner's own cause, which the teacher's words contradict: it is kept as falsified.
    "falsified": "Worksheet 4, problem 2: I wrote ABC ~ DEF instead of ABC ~ EDF because the letters "
    "were in alphabetical order.",
}


@dataclass(frozen=True)
class Reconciled:
    remote: Path
    branch: str
    gap_path: str
    earlier_gap: str  # the gap as the handoff left it on the branch, before any feedback
    replies: list[str]

    def main(self, path: str) -> str:
        return git(self.remote, "show", f"main:{path}")

    def interpretation(self) -> dict[str, str]:
        return section_fields(section(self.main(self.gap_path), "Current interpretation"))

    def next_action(self, text: str | None = None) -> dict[str, str]:
        return section_fields(section(text or self.main(self.gap_path), "Next action"))


def _pull_request_event(
    kind: EventKind, pull: dict[str, Any], *, login: str, delivery: str, **extra: object
) -> InboundEvent:
    return build_event(
        dict(
            forge=REPO.forge,
            delivery_id=delivery,
            kind=kind,
            repo=REPO.model_copy(update={"clone_url": extra.pop("clone_url")}),
            actor=Actor(login=login, id=5 if login == TEACHER else 1),
            thread=Thread(
                number=pull["number"],
                title=pull["title"],
                body=pull["body"],
                is_pull_request=True,
                url=pull["html_url"],
                head_branch=pull["head"]["ref"],
                merged=kind is EventKind.PR_MERGED or None,
            ),
            occurred_at=NOW,
            **extra,
        )
    )


def _merge_on_the_remote(remote: Path, work: Path, branch: str) -> None:
    """What the forge does when the learner presses merge: a merge commit of the branch on ``main``."""
    subprocess.run(["git", "clone", "-q", str(remote), str(work)], check=True)
    who = ("-c", "user.name=Alice", "-c", "user.email=alice@example.org")
    git(
        work, *who, "merge", "-q", "--no-ff", f"origin/{branch}", "-m", f"Merge pull request #8 from {branch}"
    )
    git(work, "push", "-q", "origin", "HEAD:main")


@pytest.fixture(scope="module", params=sorted(NOTES))
def reconciled(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory, redis_server: str
) -> Iterator[Reconciled]:
    tmp_path = tmp_path_factory.mktemp(str(request.param))
    config = CONFIG.replace("  push: true\n", f"  push: true\n  teachers: [{TEACHER}]\n")
    files = {"gitlearnos.yml": config, "subjects/mathematics/goals/main-goal.md": GOAL}
    remote = seeded_remote(tmp_path, "remote", files)
    worker = runtime(tmp_path, fresh_database(redis_server))
    with respx.mock(assert_all_called=False) as router:
        router.get(f"{API}user").respond(200, json=rest_user(BOT, user_type="Bot"))
        comments = FakeGitHubComments(router)
        pulls = FakeGitHubPulls(router, collaborators=(TEACHER,))
        note = note_event(remote, body=NOTES[str(request.param)], title="Similar triangles: my mistake")
        assert handle_event(worker, note) == "committed"
        ask = note_event(remote, body="Prepare this for my teacher.", title="Teacher review", number=9)
        assert handle_event(worker, ask) == "committed"
        (pull,) = pulls.opened
        branch = pull["head"]["ref"]
        gap_path = next(
            p for p in git(remote, "ls-tree", "-r", "--name-only", branch).split() if "/knowledge-gaps/" in p
        )
        earlier_gap = git(remote, "show", f"{branch}:{gap_path}")
        review = _pull_request_event(
            EventKind.REVIEW_SUBMITTED,
            pull,
            login=TEACHER,
            delivery="d-review",
            clone_url=str(remote),
            review=Review(id=77, state=ReviewState.CHANGES_REQUESTED, body=CONTRADICTION),
        )
        assert handle_event(worker, review) == "committed"
        _merge_on_the_remote(remote, tmp_path / "learner", branch)
        merged = _pull_request_event(
            EventKind.PR_MERGED, pull, login="alice", delivery="d-merge", clone_url=str(remote)
        )
        assert handle_event(worker, merged) == "committed"
    yield Reconciled(remote, branch, gap_path, earlier_gap, comments.bodies(pull["number"]))


def test_the_default_branch_shows_the_teachers_interpretation_quoted_and_by_role(
    reconciled: Reconciled,
) -> None:
    fields = reconciled.interpretation()
    assert fields["Diagnosis status"] == "`teacher-supported`"
    assert fields["Likely blocker"] == f"the teacher says: “{CAUSE}”", (
        "the teacher's words, quoted, nothing else"
    )
    assert "/feedback/" in fields["Supported by"], "the interpretation links the feedback record"
    assert TEACHER not in reconciled.main(reconciled.gap_path), "the teacher is named by role only"


def test_the_earlier_interpretation_is_kept_in_the_gaps_history(
    reconciled: Reconciled, request: pytest.FixtureRequest
) -> None:
    earlier = section_fields(section(reconciled.earlier_gap, "Current interpretation"))
    (row,) = table_rows(reconciled.main(reconciled.gap_path), "Interpretation history")
    fate = request.node.callspec.params["reconciled"]
    assert row[1] == earlier["Likely blocker"] and row[2] == earlier["Diagnosis status"]
    assert row[4] == f"`{fate}`"


def test_the_next_action_follows_the_teacher_and_a_later_independent_check_is_planned(
    reconciled: Reconciled,
) -> None:
    before, after = reconciled.next_action(reconciled.earlier_gap), reconciled.next_action()
    assert after["Action"] != before["Action"] and f"“{REQUEST}”" in after["Action"]
    assert "/feedback/" in after["Action"]
    assert "without notes" in after["Fresh transfer check"]
    assert after["Next-check reason"].startswith("`teacher-feedback`")
    assert REQUEST in reconciled.main("dashboard.md"), "the dashboard's next action is the teacher's"


def test_the_handoff_is_reconciled_on_the_default_branch_and_mastery_stays(reconciled: Reconciled) -> None:
    gap = reconciled.main(reconciled.gap_path)
    assert "(`reconciled`)" in reconciled.next_action()["Date or next handoff"]
    assert "awaiting-feedback" not in gap and "feedback-received" not in gap
    assert read_header(gap)["Mastery"] == read_header(reconciled.earlier_gap)["Mastery"] == "unknown"
    assert read_header(gap)["Resolution"] == "open", "changes requested resolves nothing"
    log = git(reconciled.remote, "log", "-1", "--format=%B", "main")
    assert "GitLearnOS-Operation: handoff-reconcile" in log
    review_reply, merge_reply = reconciled.replies
    assert "`teacher-supported`" in review_reply and "`reconciled`" in merge_reply
    assert "Mastery stays `unknown`" in merge_reply
