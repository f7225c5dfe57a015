"""Scenario 10, teaching collaboration: the handoff goes out as a pull request, feedback comes back.

The learner asks "prepare what my teacher needs … and bring their feedback back into my learning plan",
naming the shared course assignment and rubric by URL. Two variants: the teacher already has access (the
learner gave it) and is asked to review; the teacher has none, and the bot neither invites nor asks. In the
first, the teacher comments on a line and approves, and the learner merges.

The "shared course repository" of the scenario is an external source here: it is only linked. The bot
writes nothing outside the learner's repository, which the checks confirm by what the pull request holds.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from evals.harness.checks import Check, CheckRecorder
from evals.harness.forge_run import ForgeRun
from evals.harness.learner_checks import header_value, new_records, plain
from evals.scenarios.handoff_files import ATTEMPT, ATTEMPT_PATH, GAP_PATH, TEACHER
from evals.scenarios.handoff_flow import HandoffRun, request_handoff
from evals.scenarios.s03_teacher_feedback import gap_reconciled

NUMBER = "10"
TITLE = "GitHub teaching collaboration"
ASSIGNMENT = "https://course.sandbox.invalid/geometry/assignment-4"
RUBRIC = f"{ASSIGNMENT}/rubric"
ASKED = re.compile(r"(?<!not )\basked `")  # a review request claimed, as opposed to "not asked"
REMOTE_LINES = ("- Push:", "- Pull request:", "- Review request:", "- Invitations", "- Comment:")
PACK_SECTIONS = (
    "## Material locator",
    "## What I already tried",
    "## Exact blocker",
    "## Questions for the teacher",
)


def run(ctx: ForgeRun) -> Sequence[Check]:
    with ctx.checks.section("teacher has access"):
        handoff = request_handoff(ctx, "collab")
        _pack_checks(ctx.checks, handoff)
        _feedback_checks(ctx.checks, handoff)
    with ctx.checks.section("teacher without access"):
        _no_access_checks(ctx.checks, request_handoff(ctx, "noaccess", teacher_has_access=False))
    return ctx.checks.results


def _pack_checks(checks: CheckRecorder, handoff: HandoffRun) -> None:
    state = handoff.branch_state()
    packs = new_records(handoff.before, state, "handoffs")
    pack = state.files.get(packs[0], "") if packs else ""
    changed = state.changed_paths(handoff.before)
    checks.expect(
        "private state stays in the learner repository; the pull request holds only the pack and its gap",
        set(changed) <= {*packs, GAP_PATH} and bool(packs),
        f"paths the pull request changes: {changed}",
    )
    checks.expect(
        "the shared assignment and rubric are linked as external sources, not copied",
        ASSIGNMENT in pack and RUBRIC in pack and "linked, not copied" in pack,
        "both URLs listed as linked material" if ASSIGNMENT in pack else "not linked",
    )
    missing = [section for section in PACK_SECTIONS if section not in pack]
    checks.expect(
        "the handoff is small and focused: problem, attempt, exact blocker, requested feedback",
        not missing
        and "letters are in order" in plain(pack)
        and "before matching the equal angles" in plain(pack),
        f"missing sections: {missing}"
        if missing
        else "locator, quoted attempt, blocker and questions present",
    )
    unrelated = [text for text in ("learner-profile", "shopping") if text in pack]
    checks.expect(
        "the whole profile and unrelated history stay out of the pack",
        not unrelated,
        f"pack mentions: {unrelated}" if unrelated else "no profile, no unrelated files",
    )
    checks.expect(
        "the pull request is the pack, in the learner's own repository",
        handoff.pull["body"].startswith(pack) and handoff.pull["head"]["ref"] == handoff.branch,
        f"pull request #{handoff.number} from {handoff.branch}",
    )
    reply = handoff.request_reply
    missing_lines = [line for line in REMOTE_LINES if line not in reply]
    checks.expect(
        "the reply reports exactly which remote actions happened",
        not missing_lines and f"#{handoff.number}" in reply and f"asked `{TEACHER}`" in reply,
        f"missing: {missing_lines}"
        if missing_lines
        else "push, pull request, review request, invitations, comment",
    )
    requested = [user["login"] for user in handoff.pull.get("requested_reviewers") or []]
    checks.expect(
        "the teacher who already has access is asked to review",
        requested == [TEACHER],
        f"requested reviewers: {requested}",
    )


def _feedback_checks(checks: CheckRecorder, handoff: HandoffRun) -> None:
    before = handoff.branch_state()
    handoff.act(TEACHER, "line_comment", "Mark the equal angles first.", path=ATTEMPT_PATH, line=12)
    handoff.replies(1)
    handoff.act(TEACHER, "review", "APPROVE", "Now the correspondence is right.")
    handoff.replies(2)
    after = handoff.branch_state()
    records = new_records(before, after, "feedback")
    texts = [after.files[path] for path in records]
    checks.expect(
        "teacher feedback is recorded with where it came from",
        len(records) == 2
        and all(f"pull request #{handoff.number}" in header_value(text, "Source locator") for text in texts)
        and all("](http" in header_value(text, "Source locator") for text in texts),
        f"feedback records: {records}",
    )
    gap = after.files.get(GAP_PATH, "")
    checks.expect(
        "operational resolution stays separate from demonstrated mastery",
        header_value(gap, "Resolution") == "resolved"
        and header_value(gap, "Mastery") in ("unknown", "learning"),
        f"Resolution {header_value(gap, 'Resolution')!r}, Mastery {header_value(gap, 'Mastery')!r}",
    )
    handoff.act("alice", "merge")
    handoff.replies(3)
    main = handoff.repo.observe()
    packs = [path for path in main.files if "/handoffs/" in path]
    checks.expect(
        "the feedback is reconciled into the learning plan without overwriting the attempt",
        bool(packs)
        and header_value(main.files[packs[0]], "Status") == "reconciled"
        and main.files.get(ATTEMPT_PATH) == ATTEMPT,
        f"pack Status: {header_value(main.files[packs[0]], 'Status') if packs else 'missing'!r}",
    )
    gap_reconciled(checks, main)
    checks.expect(
        "the learner repository stays private",
        handoff.repository()["private"] is True,
        "private" if handoff.repository()["private"] else "public",
    )


def _no_access_checks(checks: CheckRecorder, handoff: HandoffRun) -> None:
    requested = [user["login"] for user in handoff.pull.get("requested_reviewers") or []]
    repository = handoff.repository()
    checks.expect(
        "a teacher without access is neither invited nor asked, and the reply says so",
        not requested
        and f"not asked `{TEACHER}`" in handoff.request_reply
        and "never invite" in handoff.request_reply,
        f"requested reviewers: {requested}",
    )
    checks.expect(
        "visibility is never changed",
        repository["private"] is True,
        "the repository is still private" if repository["private"] else "it became public",
    )
    checks.expect(
        "no collaboration is claimed beyond what happened",
        f"#{handoff.number}" in handoff.request_reply and not ASKED.search(handoff.request_reply),
        "the reply names the pull request that exists and no review request",
    )
