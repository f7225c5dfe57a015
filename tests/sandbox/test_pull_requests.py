"""The bot's own forge clients against the sandbox's pull-request APIs: find, open, check access, ask.

Each real client (githubkit, python-gitlab, our Gitea client) talks HTTP to the sandbox as the bot, so
this is where the three APIs' shapes and the clients' readings of them are held together: an open pull
request is found instead of opened twice, access is only checked (never granted), and only accounts
with access can be asked to review.
"""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.intake.events import Forge, RepoRef
from bot.plan import CommitSpec, FileWrite, Outcome, Plan, PullRequestSpec, Reply
from bot.trailers import TRAILER_EVENT
from evals.sandbox import BOT_LOGIN, SandboxServer
from forge_adapters.base import ForgeClient, ForgeError
from forge_adapters.gitea.client import GiteaClient
from forge_adapters.github.client import GitHubClient
from forge_adapters.gitlab.client import GitLabClient
from workers.executor import open_handoff
from workers.git_workspace import Mirror

BRANCH = "gitlearnos/handoff-contract"
TEACHER = "mr-smith"

CLIENTS: dict[str, Callable[[SandboxServer], ForgeClient]] = {
    "github": lambda s: GitHubClient(s.token(BOT_LOGIN), api_url=s.api_url, timeout=10),
    "gitlab": lambda s: GitLabClient(s.token(BOT_LOGIN), url=s.gitlab_url, timeout=10),
    "gitea": lambda s: GiteaClient(s.token(BOT_LOGIN), url=s.gitea_url, timeout=10),
}


@pytest.fixture(params=sorted(CLIENTS))
def forge(request: pytest.FixtureRequest) -> str:
    return str(request.param)


def with_branch(sandbox: SandboxServer, full_name: str) -> RepoRef:
    bare = sandbox.root / "git" / f"{full_name}.git"
    subprocess.run(["git", "--git-dir", str(bare), "branch", BRANCH, "main"], check=True)
    return RepoRef(forge=Forge.GITHUB, host="sandbox", full_name=full_name, default_branch="main")


def test_an_open_pull_request_is_found_not_opened_twice(
    sandbox: SandboxServer, repo: str, forge: str
) -> None:
    client, ref = CLIENTS[forge](sandbox), with_branch(sandbox, repo)
    assert client.find_pull_request(ref, head=BRANCH, base="main") is None
    opened = client.open_pull_request(ref, head=BRANCH, base="main", title="Teacher review", body="the pack")
    assert client.find_pull_request(ref, head=BRANCH, base="main") == opened
    if forge != "gitlab":  # GitHub's 422 and Gitea's 409 give back the open one
        again = client.open_pull_request(ref, head=BRANCH, base="main", title="Teacher review", body="x")
        assert again.number == opened.number
    with sandbox.client() as learner:
        assert len(learner.pulls(repo)) == 1


def test_access_is_checked_never_granted_and_only_collaborators_are_asked(
    sandbox: SandboxServer, repo: str, forge: str
) -> None:
    client, ref = CLIENTS[forge](sandbox), with_branch(sandbox, repo)
    pull = client.open_pull_request(ref, head=BRANCH, base="main", title="Teacher review", body="pack")
    assert client.has_access(ref, TEACHER) is False
    assert client.has_access(ref, sandbox.learner) is True, "the owner always has access"
    with pytest.raises(ForgeError):
        client.request_reviewers(ref, pull.number, (TEACHER,))
    with sandbox.client() as learner:
        learner.add_collaborator(repo, TEACHER)  # the learner's own step
    assert client.has_access(ref, TEACHER) is True
    client.request_reviewers(ref, pull.number, (TEACHER,))
    with sandbox.client() as learner:
        (listed,) = learner.pulls(repo)
    assert [user["login"] for user in listed["requested_reviewers"]] == [TEACHER]


def test_reviews_merges_and_line_comments_are_recorded(sandbox: SandboxServer, repo: str) -> None:
    client, ref = CLIENTS["github"](sandbox), with_branch(sandbox, repo)
    pull = client.open_pull_request(ref, head=BRANCH, base="main", title="Teacher review", body="pack")
    with sandbox.client() as learner:
        learner.add_collaborator(repo, TEACHER)
    with sandbox.client(TEACHER) as teacher:
        review = teacher.review(repo, pull.number, "REQUEST_CHANGES", "Fix step 2")
        line = teacher.line_comment(repo, pull.number, "here", path="README.md", line=1)
    assert review["state"] == "CHANGES_REQUESTED" and line["path"] == "README.md"
    with sandbox.client() as learner:
        merged = learner.merge(repo, pull.number)
        (listed,) = learner.pulls(repo)
    assert merged["merged"] is True and listed["merged"] is True and listed["state"] == "closed"


def test_a_retried_handoff_pushes_nothing_twice_and_opens_no_second_pull_request(
    sandbox: SandboxServer, repo: str, tmp_path: Path
) -> None:
    """The worker's handoff step, run twice as a retry would: the second run only reports what exists."""
    client = CLIENTS["github"](sandbox)
    ref = RepoRef(
        forge=Forge.GITHUB,
        host="sandbox",
        full_name=repo,
        default_branch="main",
        clone_url=sandbox.git_url(repo),
        private=True,
    )
    plan = Plan(
        outcome=Outcome.COMMITTED,
        event_key="github:sandbox/x#1/issue@abc",
        operation="handoff",
        writes=(FileWrite(path="subjects/maths/handoffs/pack.md", content="# Handoff\n"),),
        commit=CommitSpec(
            subject="Prepare handoff pack", trailers=((TRAILER_EVENT, "github:sandbox/x#1/issue@abc"),)
        ),
        replies=(Reply(thread_number=1, marker="<!-- gitlearnos:reply event=x -->", text="Prepared."),),
        pull_request=PullRequestSpec(
            branch=BRANCH, title="Teacher review", body="pack", reviewers=(TEACHER,)
        ),
    )
    mirror = Mirror(
        tmp_path / "mirror", ref, client.git_credentials(ref), timeout=30, clone_url=sandbox.git_url(repo)
    )
    mirror.sync()
    first_run = open_handoff(client, mirror, ref, plan, base="main")
    mirror.sync()
    second_run = open_handoff(client, mirror, ref, plan, base="main")
    assert first_run is not None and second_run is not None
    first, second = first_run[1].replies, second_run[1].replies
    assert "pushed the new branch" in first[0].text and "Pull request: opened #" in first[0].text
    assert f"not asked `{TEACHER}`" in first[0].text, "no access: not asked, not invited"
    assert "nothing pushed" in second[0].text and "found already open" in second[0].text
    with sandbox.client() as learner:
        assert len(learner.pulls(repo)) == 1
    bare = sandbox.root / "git" / f"{repo}.git"
    log = subprocess.run(
        ["git", "--git-dir", str(bare), "log", "--format=%s", BRANCH], check=True, capture_output=True
    )
    assert log.stdout.decode().splitlines().count("Prepare handoff pack") == 1
