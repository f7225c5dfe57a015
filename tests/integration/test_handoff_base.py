"""The handoff pull request goes into the default branch the forge names, never one a payload claims.

A payload is data even when signed: the repository it names (and its ``default_branch``) is what the
registry keeps, so the base of the pull request is taken from the gate's visibility answer, the same
answer the mirror fetches and commits by. The worker runs against a real bare remote, GitHub faked at HTTP.
"""

from __future__ import annotations

import json
from pathlib import Path

import respx

from tests.support.event_worker import runtime
from tests.support.fake_github import API, BOT, FakeGitHubComments, rest_user
from tests.support.fake_github_pulls import FakeGitHubPulls
from tests.support.git_remotes import git, seeded_remote
from tests.support.learner import CONFIG, GOAL, REPO, issue_event
from workers.events import handle_event

TEACHER = "mr-smith"
MISTAKE = "Worksheet 4, problem 2: I wrote ABC ~ DEF instead of ABC ~ EDF, and the ratio was wrong."


def test_the_handoff_pull_request_targets_the_branch_the_forge_names_not_the_payloads(
    tmp_path: Path, redis_url: str
) -> None:
    config = CONFIG.replace("  push: true\n", f"  push: true\n  teachers: [{TEACHER}]\n")
    remote = seeded_remote(
        tmp_path, "remote", {"gitlearnos.yml": config, "subjects/mathematics/goals/main-goal.md": GOAL}
    )
    claimed = REPO.model_copy(update={"clone_url": str(remote), "default_branch": "payload-named"})
    worker = runtime(tmp_path, redis_url)
    with respx.mock(assert_all_called=False) as router:
        router.get(f"{API}user").respond(200, json=rest_user(BOT, user_type="Bot"))
        FakeGitHubComments(router)  # the repository's answer names ``main`` as its default branch
        pulls = FakeGitHubPulls(router, collaborators=(TEACHER,))
        note = issue_event(MISTAKE, title="Similar triangles: my mistake", repo=claimed)
        assert handle_event(worker, note) == "committed"
        ask = issue_event("Prepare this for my teacher.", title="Teacher review", number=9, repo=claimed)
        assert handle_event(worker, ask) == "committed"
        sent = [
            json.loads(call.request.content)
            for call in router.calls
            if call.request.method == "POST" and call.request.url.path.endswith("/pulls")
        ]
        listed = [
            call.request.url.params.get("base")
            for call in router.calls
            if call.request.method == "GET" and call.request.url.path.endswith("/pulls")
        ]

    (pull,) = pulls.opened
    assert [body["base"] for body in sent] == ["main"], "the pull request asks to merge into main"
    assert listed == ["main"], "the open pull request is looked for against main too"
    assert pull["head"]["ref"] in git(remote, "branch", "--list", "--format=%(refname:short)")
    assert git(remote, "branch", "--list", "payload-named") == ""
