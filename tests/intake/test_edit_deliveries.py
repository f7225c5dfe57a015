"""Edits and corrections delivered as GitHub sends them reach the worker and correct the record.

Real intake (``POST /webhooks/github``), real Redis, the real event worker and a real bare remote;
GitHub's comments API faked at HTTP. Regression (issue 19): ``issues`` ``edited`` was answered
"not used" at intake, so a learner who fixed a wrong fact got nothing and the record kept it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.event_worker import github as github  # noqa: PLC0414 - the fixture
from tests.support.event_worker import remote as remote  # noqa: PLC0414 - the fixture
from tests.support.fake_github import FakeGitHubComments
from tests.support.git_remotes import bot_commits, git
from tests.support.github_intake import deliver, make_client
from tests.support.learner_deliveries import addressed, run_worker, with_comment

WRONG = "In class I learned that the interior angles of a pentagon add up to 360 degrees."
RIGHT = "In class I learned that the interior angles of a pentagon add up to 540 degrees."
TITLE = "Angles of a pentagon"


@pytest.fixture
def client(redis_url: str) -> Iterator[Any]:
    with make_client(redis_url) as test_client:
        yield test_client


def delivered(client: Any, tmp_path: Path, redis_url: str, event: str, payload: dict[str, Any]) -> list[str]:
    """Deliver one payload; intake must queue it (202); the worker's outcomes."""
    response = deliver(client, event, payload)
    assert response.status_code == 202, response.text
    return run_worker(tmp_path, redis_url)


def changed_files(remote: Path, commit: str) -> list[str]:
    return git(remote, "show", "--name-only", "--format=", commit).split()


def event_paths(remote: Path, commit: str) -> list[str]:
    return [
        path for path in git(remote, "show", "--name-only", "--format=", commit).split() if "/events/" in path
    ]


def read(remote: Path, path: str) -> str:
    return git(remote, "show", f"main:{path}")


def field(text: str, key: str) -> str:
    return next(line.split(": ", 1)[1] for line in text.splitlines() if line.startswith(f"{key}: "))


def assert_corrected(remote: Path, github: FakeGitHubComments, number: int) -> None:
    """The second bot commit corrects the first: both records linked, the note kept, a reply that says so."""
    organize, correct = bot_commits(remote)[::-1]
    (original,) = event_paths(remote, organize)
    files = changed_files(remote, correct)
    (new_path,) = [path for path in event_paths(remote, correct) if path != original]
    assert set(files) == {new_path, original, "dashboard.md", "dashboard-progress.svg"}
    message = git(remote, "log", "-1", "--format=%B", correct)
    new_id = field(read(remote, new_path), "ID").strip("`")
    original_id = field(read(remote, original), "ID").strip("`")
    assert f"GitLearnOS-Record: {new_id}" in message.splitlines()
    assert message.startswith(f"Record correction of {original_id}")
    assert field(read(remote, new_path), "Corrects") == f"`{original_id}`"
    assert field(read(remote, original), "Superseded by") == f"`{new_id}`"
    assert f"> {WRONG}" in read(remote, original), "the original note is kept as written"
    assert "Corrected (numbers 360 → 540): " in read(remote, "dashboard.md")
    reply = github.bodies(number)[-1]
    assert f"Recorded your correction as `{new_id}`" in reply and "What changed: numbers 360 → 540." in reply
    assert correct[:12] in reply


def test_an_edited_issue_is_one_commit_with_a_correction_linked_both_ways(
    client: Any, redis_url: str, remote: Path, github: FakeGitHubComments, tmp_path: Path
) -> None:
    opened = addressed("issues__opened", remote, number=7, title=TITLE, body=WRONG)
    assert delivered(client, tmp_path, redis_url, "issues", opened) == ["committed"]
    edited = addressed("issues__edited", remote, number=7, title=TITLE, body=RIGHT)
    assert delivered(client, tmp_path, redis_url, "issues", edited) == ["committed"]
    assert_corrected(remote, github, 7)


def test_an_edited_comment_is_one_commit_with_a_correction_linked_both_ways(
    client: Any, redis_url: str, remote: Path, github: FakeGitHubComments, tmp_path: Path
) -> None:
    created = with_comment(addressed("issue_comment__created_on_issue", remote, number=3), WRONG)
    assert delivered(client, tmp_path, redis_url, "issue_comment", created) == ["committed"]
    edited = with_comment(addressed("issue_comment__edited", remote, number=3), RIGHT)
    assert delivered(client, tmp_path, redis_url, "issue_comment", edited) == ["committed"]
    assert_corrected(remote, github, 3)


def test_a_correcting_comment_is_one_commit_with_a_correction_linked_both_ways(
    client: Any, redis_url: str, remote: Path, github: FakeGitHubComments, tmp_path: Path
) -> None:
    opened = addressed("issues__opened", remote, number=7, title=TITLE, body=WRONG)
    assert delivered(client, tmp_path, redis_url, "issues", opened) == ["committed"]
    correction = "Correction to my note above: the interior angles of a pentagon add up to 540 degrees."
    comment = with_comment(addressed("issue_comment__created_on_issue", remote, number=7), correction)
    assert delivered(client, tmp_path, redis_url, "issue_comment", comment) == ["committed"]
    assert_corrected(remote, github, 7)


def test_an_edit_of_the_wording_only_links_the_source_version_and_the_receipt_says_so(
    client: Any, redis_url: str, remote: Path, github: FakeGitHubComments, tmp_path: Path
) -> None:
    opened = addressed(
        "issues__opened", remote, number=7, title=TITLE, body=RIGHT.replace("interior", "intreior")
    )
    assert delivered(client, tmp_path, redis_url, "issues", opened) == ["committed"]
    edited = addressed("issues__edited", remote, number=7, title=TITLE, body=RIGHT)
    assert delivered(client, tmp_path, redis_url, "issues", edited) == ["committed"]
    organize, link = bot_commits(remote)[::-1]
    (original,) = event_paths(remote, organize)
    assert changed_files(remote, link) == [original]
    assert len(field(read(remote, original), "Source versions").split(", ")) == 2
    assert "intreior" in read(remote, original)
    reply = github.bodies(7)[-1]
    assert "changes only the wording or formatting, not the fact" in reply
    assert "changes only wording or formatting" in reply  # the receipt's Organized line
