"""Every forge client edits only the bot's own marked comment: a marker pasted by someone else is not ours.

A learner can copy the bot's hidden marker onto a line of its own (not behind
``>``, which :func:`holds_marker` already refuses). The comment is still the
learner's: upserting must post a new reply and leave theirs word for word.
Each forge runs its real client against its recording fake at the HTTP boundary.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass

import pytest
import responses
import respx

from bot.intake.events import Forge, RepoRef
from forge_adapters.base import ForgeClient
from forge_adapters.gitea.client import GiteaClient
from forge_adapters.github.client import GitHubClient
from forge_adapters.gitlab.client import GitLabClient
from tests.support import fake_gitea, fake_github, fake_gitlab

MARKER = "<!-- gitlearnos:reply event-1 -->"
PASTED = f"I copied this from the bot:\n{MARKER}\nmy own words"
REPLY = f"{MARKER}\nRecorded."


@dataclass
class Thread:
    """One forge's issue 3 after a learner's comment holding the marker was put on it."""

    client: ForgeClient
    repo: RepoRef
    bodies: Callable[[], list[str]]
    edits: Callable[[], int]


@contextmanager
def github() -> Iterator[Thread]:
    with respx.mock(assert_all_called=False) as router:
        fake = fake_github.FakeGitHubComments(router)
        fake.seed("alice", "learning", 3, PASTED, login="alice")
        yield Thread(
            GitHubClient("t0ken", api_url=fake_github.API, timeout=5),
            RepoRef(forge=Forge.GITHUB, host="github.com", full_name="alice/learning"),
            lambda: fake.bodies(3),
            lambda: fake.edited,
        )


@contextmanager
def gitlab() -> Iterator[Thread]:
    with responses.RequestsMock(assert_all_requests_are_fired=False) as rsps:
        rsps.get(f"{fake_gitlab.API}user", json=fake_gitlab.BOT)
        fake = fake_gitlab.FakeGitLabNotes(rsps, issues=(3,))
        fake.add_note(False, 3, PASTED, author={"id": 5, "username": "alice"})
        yield Thread(
            GitLabClient("glpat-0123456789", url=fake_gitlab.URL, timeout=5),
            RepoRef(forge=Forge.GITLAB, host="gitlab.example", full_name="learner/notes"),
            lambda: fake.bodies(False, 3),
            lambda: sum(call[0] == "PUT" for call in fake_gitlab.requests_made(rsps.calls)),
        )


@contextmanager
def gitea() -> Iterator[Thread]:
    with respx.mock(assert_all_called=False, assert_all_mocked=True) as router:
        fake = fake_gitea.FakeGitea(router)
        fake.add_comment("alice/notes", 3, PASTED, login="alice")
        with GiteaClient("t0k", url=fake_gitea.HOST, timeout=2.0) as client:
            yield Thread(
                client,
                RepoRef(forge=Forge.GITEA, host="gitea.example", full_name="alice/notes"),
                lambda: fake.bodies("alice/notes", 3),
                lambda: fake.edited,
            )


@pytest.fixture(params=[github, gitlab, gitea], ids=lambda forge: forge.__name__)
def thread(request: pytest.FixtureRequest) -> Iterator[Thread]:
    """Issue 3 on each forge, holding the learner's comment with the pasted marker."""
    forge: Callable[[], AbstractContextManager[Thread]] = request.param
    with forge() as opened:
        yield opened


def test_a_marked_comment_by_someone_else_is_never_edited(thread: Thread) -> None:
    posted = thread.client.upsert_comment(thread.repo, 3, MARKER, REPLY, is_pull_request=False)
    assert posted.created is True
    assert thread.bodies() == [PASTED, REPLY]
    assert thread.edits() == 0


def test_the_bots_own_reply_after_the_pasted_one_is_still_found(thread: Thread) -> None:
    first = thread.client.upsert_comment(thread.repo, 3, MARKER, REPLY, is_pull_request=False)
    again = thread.client.upsert_comment(thread.repo, 3, MARKER, f"{REPLY} Corrected.", is_pull_request=False)
    assert (again.id, again.created) == (first.id, False)
    assert thread.bodies() == [PASTED, f"{REPLY} Corrected."]
    assert thread.edits() == 1
