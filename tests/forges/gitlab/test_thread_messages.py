"""GitLabClient.thread_messages against GitLab's notes API faked at HTTP (``responses``)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import responses

from bot.intake.conversation import ThreadMessage
from bot.intake.events import Forge, RepoRef
from forge_adapters.base import ForgeError
from forge_adapters.gitlab.client import GitLabClient
from tests.support.fake_gitlab import API, BOT, URL, FakeGitLabNotes, requests_made

REPO = RepoRef(forge=Forge.GITLAB, host="gitlab.example", full_name="learner/notes")
NOTES = "/api/v4/projects/learner%2Fnotes/{kind}/3/notes"
ALICE = {"id": 5, "username": "learner", "name": "Alice"}
QUERY = "?per_page=100&order_by=created_at&sort=asc"


@pytest.fixture
def rsps() -> Iterator[responses.RequestsMock]:
    with responses.RequestsMock(assert_all_requests_are_fired=False) as mock:
        mock.get(f"{API}user", json=BOT)
        yield mock


@pytest.fixture
def client() -> GitLabClient:
    return GitLabClient("glpat-0123456789", url=URL, timeout=5)


def test_notes_come_oldest_first_without_system_notes(
    rsps: responses.RequestsMock, client: GitLabClient
) -> None:
    fake = FakeGitLabNotes(rsps, issues=(3,))
    first = fake.add_note(False, 3, "Use GitLearnOS", author=ALICE)
    fake.add_note(False, 3, "changed the description", author=ALICE, system=True)
    question = fake.add_note(False, 3, "Which subject?")  # the token's own bot user
    answer = fake.add_note(False, 3, "Mathematics", author=ALICE)
    assert client.thread_messages(REPO, 3, is_pull_request=False) == [
        ThreadMessage(author="learner", is_bot=False, body="Use GitLearnOS", comment_id=str(first["id"])),
        ThreadMessage(
            author=BOT["username"], is_bot=True, body="Which subject?", comment_id=str(question["id"])
        ),
        ThreadMessage(author="learner", is_bot=False, body="Mathematics", comment_id=str(answer["id"])),
    ]
    assert ("GET", NOTES.format(kind="issues") + QUERY, None) in requests_made(rsps.calls)


def test_the_bots_own_account_counts_as_a_bot_even_without_a_bot_flag(
    rsps: responses.RequestsMock, client: GitLabClient
) -> None:
    rsps.replace(responses.GET, f"{API}user", json={"id": 12, "username": "learnbot", "name": "Bot"})
    fake = FakeGitLabNotes(rsps, merge_requests=(3,))
    fake.add_note(True, 3, "Which goal?", author={"id": 12, "username": "learnbot"})
    (message,) = client.thread_messages(REPO, 3, is_pull_request=True)
    assert (message.author, message.is_bot) == ("learnbot", True)


def test_unknown_kind_reads_the_issue_then_the_merge_request(
    rsps: responses.RequestsMock, client: GitLabClient
) -> None:
    fake = FakeGitLabNotes(rsps, merge_requests=(3,))
    fake.add_note(True, 3, "on the merge request", author=ALICE)
    assert [m.body for m in client.thread_messages(REPO, 3)] == ["on the merge request"]
    paths = [path for _, path, _ in requests_made(rsps.calls) if "/notes" in path]
    assert paths == [NOTES.format(kind="issues") + QUERY, NOTES.format(kind="merge_requests") + QUERY]


def test_a_missing_thread_is_a_forge_error(rsps: responses.RequestsMock, client: GitLabClient) -> None:
    FakeGitLabNotes(rsps)
    with pytest.raises(ForgeError) as caught:
        client.thread_messages(REPO, 3, is_pull_request=False)
    assert caught.value.status == 404
