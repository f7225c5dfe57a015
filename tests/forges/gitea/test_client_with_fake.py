"""GiteaClient against the shared recording fake: retries, paging and idempotency as a worker sees them."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
import respx

from bot.intake.events import Forge, RepoRef
from forge_adapters.gitea.client import GiteaClient
from tests.support.fake_gitea import API, BOT_LOGIN, HOST, FakeGitea

REPO = RepoRef(forge=Forge.GITEA, host="gitea.example", full_name="alice/notes")
MARKER = "<!-- gitlearnos:reply event=gitea:gitea.example/alice/notes#3/issue@abc -->"


@pytest.fixture
def router() -> Iterator[respx.MockRouter]:
    with respx.mock(assert_all_called=False, assert_all_mocked=True) as mocked:
        yield mocked


@pytest.fixture
def client() -> Iterator[GiteaClient]:
    with GiteaClient("t0k", url=HOST, timeout=2.0) as gitea:
        yield gitea


def test_a_retried_reply_edits_instead_of_posting_twice(
    router: respx.MockRouter, client: GiteaClient
) -> None:
    fake = FakeGitea(router)
    fake.add_comment("alice/notes", 3, "my note", login="alice")
    first = client.upsert_comment(REPO, 3, MARKER, f"{MARKER}\nRecorded.")
    again = client.upsert_comment(REPO, 3, MARKER, f"{MARKER}\nRecorded.")
    changed = client.upsert_comment(REPO, 3, MARKER, f"{MARKER}\nRecorded, corrected.")
    assert (first.created, again.created, changed.created) == (True, False, False)
    assert first.id == again.id == changed.id
    assert fake.bodies("alice/notes", 3) == ["my note", f"{MARKER}\nRecorded, corrected."]
    assert (fake.created, fake.edited) == (1, 1)
    assert fake.requests.count(("GET", "/user")) == 1


def test_replies_on_a_pull_request_use_the_same_comment_api(
    router: respx.MockRouter, client: GiteaClient
) -> None:
    fake = FakeGitea(router)
    fake.add_pull("alice/notes", 4, head="gitlearnos/handoff-1")
    posted = client.upsert_comment(REPO, 4, MARKER, f"{MARKER}\nFeedback recorded.")
    assert posted.created and "/pulls/4#" in posted.url
    assert ("POST", "/repos/alice/notes/issues/4/comments") in fake.requests


def test_a_quoted_marker_in_a_learner_comment_is_left_alone(
    router: respx.MockRouter, client: GiteaClient
) -> None:
    fake = FakeGitea(router)
    fake.add_comment("alice/notes", 3, f"> {MARKER}\n> Recorded.\nWhy?", login="alice")
    client.upsert_comment(REPO, 3, MARKER, f"{MARKER}\nRecorded.")
    assert fake.bodies("alice/notes", 3)[0] == f"> {MARKER}\n> Recorded.\nWhy?"
    assert (fake.created, fake.edited) == (1, 0)


@pytest.mark.parametrize(("max_items", "link_header"), [(50, True), (30, False), (7, True)])
def test_catch_up_reads_every_page(
    router: respx.MockRouter, client: GiteaClient, max_items: int, link_header: bool
) -> None:
    fake = FakeGitea(router, max_items=max_items, link_header=link_header)
    fake.add_pull("alice/notes", 2, head="gitlearnos/handoff-1")
    fake.add_comment("alice/notes", 1, "too old", login="alice", updated_at="2024-04-01T00:00:00Z")
    for n in range(120):
        fake.add_comment("alice/notes", 1 + n % 2, f"c{n}", login="alice", updated_at="2024-05-02T00:00:00Z")
    found = client.comments_updated_since(REPO, datetime(2024, 5, 1, tzinfo=UTC))
    assert [c.body for c in found] == [f"c{n}" for n in range(120)]
    assert {(c.thread_number, c.is_pull_request) for c in found} == {(1, False), (2, True)}
    pages = [path for method, path in fake.requests if path.startswith("/repos/alice/notes/issues/comments")]
    assert len(pages) == -(-120 // min(max_items, 50))


def test_opening_the_same_pull_request_twice_gives_the_same_one(
    router: respx.MockRouter, client: GiteaClient
) -> None:
    fake = FakeGitea(router)
    first = client.open_pull_request(REPO, head="gitlearnos/handoff-1", base="main", title="Review", body="b")
    again = client.open_pull_request(REPO, head="gitlearnos/handoff-1", base="main", title="Review", body="b")
    assert first == again and len(fake.pulls) == 1


def test_issue_labels_are_resolved_across_pages(router: respx.MockRouter, client: GiteaClient) -> None:
    fake = FakeGitea(router, max_items=20)
    for n in range(45):
        fake.add_label("alice/notes", f"label-{n}")
    wanted = fake.add_label("alice/notes", "gitlearnos:due-review")
    opened = client.open_issue(REPO, "Due review", "questions", ("gitlearnos:due-review",))
    assert opened.url == f"{HOST}/alice/notes/issues/{opened.number}"
    posted = [call.request for call in router.calls if call.request.method == "POST"]
    assert posted[-1].url == f"{API}/repos/alice/notes/issues"
    assert b'"labels":[' + str(wanted).encode() + b"]" in posted[-1].content.replace(b" ", b"")


def test_repository_info_and_identity(router: respx.MockRouter, client: GiteaClient) -> None:
    fake = FakeGitea(router)
    fake.add_repo("alice/notes", private=True, default_branch="trunk")
    info = client.repository_info(REPO)
    assert (info.private, info.default_branch, info.clone_url) == (True, "trunk", f"{HOST}/alice/notes.git")
    assert client.bot_identity().login == BOT_LOGIN
