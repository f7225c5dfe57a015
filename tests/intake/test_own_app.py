"""A comment posted through the bot's own GitHub App is dropped at intake, whoever the user is.

With a user-to-server token the App posts under a person's login, so the
login says nothing; ``performed_via_github_app`` names the App.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.support.forge_requests import intake_client, post, queue_lengths, signed_headers
from tests.support.payloads import load_fixture

APP_ID = 424242
APP = {"id": APP_ID, "slug": "gitlearnos-bot", "name": "GitLearnOS Bot", "owner": None}


def delivered(redis_url: str, stem: str, subject: str, app: dict[str, Any] | None) -> Any:
    payload = load_fixture("github", stem)
    payload[subject]["performed_via_github_app"] = app
    body = json.dumps(payload).encode()
    with intake_client(redis_url, github_app_id=str(APP_ID)) as client:
        return post(client, "github", body, signed_headers("github", stem, body))


@pytest.mark.parametrize(
    ("stem", "subject"), [("issue_comment__created_on_issue", "comment"), ("issues__opened", "issue")]
)
def test_posted_through_the_bots_own_app_is_ignored(redis_url: str, stem: str, subject: str) -> None:
    response = delivered(redis_url, stem, subject, APP)
    assert response.status_code == 200
    assert response.json() == {"status": "ignored", "reason": "posted through this bot's own GitHub App"}
    assert queue_lengths(redis_url) == 0


def test_posted_through_another_app_is_queued(redis_url: str) -> None:
    response = delivered(redis_url, "issue_comment__created_on_issue", "comment", {**APP, "id": 7})
    assert response.status_code == 202
    assert queue_lengths(redis_url) == 1


def test_a_learners_comment_on_an_issue_the_app_opened_is_queued(redis_url: str) -> None:
    """The due-review issue is the App's; the learner's answer under it is not."""
    response = delivered(redis_url, "issue_comment__created_on_issue", "issue", APP)
    assert response.status_code == 202
    assert queue_lengths(redis_url) == 1
