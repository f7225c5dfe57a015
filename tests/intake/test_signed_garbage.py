"""Signed garbage gets a 400 with a reason safe to echo, and nothing is queued or claimed.

Each case is one class of 500 found by sending correctly signed mutations of
the real fixtures (issue 12): a value the payload readers could not digest
used to escape as an exception. Now every one is a 400 whose ``reason`` is
valid UTF-8, names no learner text, and leaves the queues and the delivery
ledger untouched — so the forge's redelivery of the correct payload is
accepted, not answered "duplicate".
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from litestar.testing import TestClient

from tests.support.forge_requests import (
    claims,
    gitlab_headers,
    intake_client,
    post,
    queue_lengths,
    signed_headers,
    with_raw,
)
from tests.support.payloads import FIXTURES, load_fixture

DEEP = "[" * 100_000 + "]" * 100_000
SURROGATE = '"\\ud800"'
LEARNER_TEXT = "my private study note about recursion"

# (forge, fixture, path to the replaced value, raw JSON put there)
CASES = {
    # 10^5-deep JSON: RecursionError in the decoder
    "github deep body": ("github", "issues__opened", ("issue", "body"), DEEP),
    "gitlab deep body": ("gitlab", "issue_hook__open", ("object_attributes", "description"), DEEP),
    "gitea deep body": ("gitea", "issues__opened", ("issue", "body"), DEEP),
    # Infinity / 1e400 in number fields: OverflowError in int(...)
    "github Infinity number": ("github", "issues__opened", ("issue", "number"), "Infinity"),
    "github 1e400 number": ("github", "issues__opened", ("issue", "number"), "1e400"),
    "github 1e400 line": ("github", "pull_request_review_comment__created", ("comment", "line"), "1e400"),
    "gitlab 1e400 iid": ("gitlab", "issue_hook__open", ("object_attributes", "iid"), "1e400"),
    "gitlab -Infinity iid": ("gitlab", "note_hook__issue", ("issue", "iid"), "-Infinity"),
    "gitea 1e400 number": ("gitea", "issues__opened", ("issue", "number"), "1e400"),
    "gitea NaN number": ("gitea", "pull_request__opened", ("number",), "NaN"),
    # a lone surrogate in learner text: UnicodeEncodeError in content_hash
    "github surrogate title": ("github", "issues__opened", ("issue", "title"), SURROGATE),
    "github surrogate comment": ("github", "issue_comment__created_on_issue", ("comment", "body"), SURROGATE),
    "gitlab surrogate title": ("gitlab", "issue_hook__open", ("object_attributes", "title"), SURROGATE),
    "gitea surrogate body": ("gitea", "issues__opened", ("issue", "body"), SURROGATE),
    # a surrogate echoed into the answer (the event key): queued and claimed, then a 500
    "github surrogate comment id": (
        "github",
        "issue_comment__created_on_issue",
        ("comment", "id"),
        SURROGATE,
    ),
    "github surrogate host": ("github", "issues__opened", ("repository", "html_url"), '"https://\\ud800/x"'),
    "gitea surrogate comment id": ("gitea", "issue_comment__created_on_issue", ("comment", "id"), SURROGATE),
    "gitlab surrogate note id": ("gitlab", "note_hook__issue", ("object_attributes", "id"), SURROGATE),
    # ...or into an "ignored" reason
    "github surrogate action": ("github", "issues__opened", ("action",), SURROGATE),
    # a non-object where the reader expects an object: AttributeError
    "github comment.user true": ("github", "issue_comment__created_on_issue", ("comment", "user"), "true"),
    "github sender list": ("github", "issues__opened", ("sender",), "[null, null]"),
    "github commits string": ("github", "push__normal", ("commits",), '"x"'),
    "github commit entry string": ("github", "push__normal", ("commits", 0), '"x"'),
    "github issue list": ("github", "issues__opened", ("issue",), "[1, 2]"),
    "github review string": ("github", "pull_request_review__submitted", ("review",), '"x"'),
    "github labels string": ("github", "issues__opened", ("issue", "labels"), '"x"'),
    "github head_commit list": ("github", "push__normal", ("head_commit",), "[]"),
    "gitlab project list": ("gitlab", "issue_hook__open", ("project",), "[]"),
    "gitea issue true": ("gitea", "issue_comment__created_on_issue", ("issue",), "true"),
    # numbers that are not whole numbers of the right type: were accepted as issue 1, 1, 7
    "github number 1.5": ("github", "issues__opened", ("issue", "number"), "1.5"),
    "github number true": ("github", "issues__opened", ("issue", "number"), "true"),
    "github number string": ("github", "issues__opened", ("issue", "number"), '"7"'),
    "github comment id bool": ("github", "issue_comment__created_on_issue", ("comment", "id"), "false"),
    "github comment id float": ("github", "issue_comment__created_on_issue", ("comment", "id"), "2.5"),
    "gitlab iid 1.5": ("gitlab", "issue_hook__open", ("object_attributes", "iid"), "1.5"),
    "gitlab iid true": ("gitlab", "note_hook__issue", ("issue", "iid"), "true"),
    "gitlab iid string": ("gitlab", "merge_request_hook__open", ("object_attributes", "iid"), '"7"'),
    "gitlab note id bool": ("gitlab", "note_hook__issue", ("object_attributes", "id"), "true"),
    "gitea number 1.5": ("gitea", "issues__opened", ("issue", "number"), "1.5"),
    "gitea number true": ("gitea", "pull_request__opened", ("number",), "true"),
    "gitea number string": ("gitea", "issues__opened", ("issue", "number"), '"7"'),
    "gitea comment id float": ("gitea", "issue_comment__created_on_issue", ("comment", "id"), "3.5"),
}


@pytest.fixture
def client(redis_url: str) -> Iterator[TestClient]:  # type: ignore[type-arg]
    with intake_client(redis_url) as test_client:
        yield test_client


def assert_refused_cleanly(response: object, redis_url: str, *, status: int = 400) -> dict[str, str]:
    """A JSON refusal with a short, printable reason; nothing queued, nothing claimed."""
    assert response.status_code == status, response.text  # type: ignore[attr-defined]
    raw: bytes = response.content  # type: ignore[attr-defined]
    answer = json.loads(raw.decode("utf-8"))  # valid UTF-8 all the way
    assert answer["status"] == "error"
    reason = answer["reason"]
    assert reason.isprintable() and len(reason) <= 300, reason
    assert LEARNER_TEXT not in reason
    assert queue_lengths(redis_url) == 0
    assert claims(redis_url) == 0
    return answer  # type: ignore[no-any-return]


@pytest.mark.parametrize("case", sorted(CASES))
def test_signed_garbage_is_a_clean_400(client: TestClient, redis_url: str, case: str) -> None:  # type: ignore[type-arg]
    forge, stem, path, raw = CASES[case]
    body = with_raw(load_fixture(forge, stem), path, raw)
    response = post(client, forge, body, signed_headers(forge, stem, body, delivery=f"garbage-{case}"))
    assert_refused_cleanly(response, redis_url)


@pytest.mark.parametrize(
    "case", ["github surrogate comment id", "gitea surrogate comment id", "gitlab surrogate note id"]
)
def test_a_refused_delivery_is_not_claimed_so_the_correct_redelivery_is_queued(
    client: TestClient,  # type: ignore[type-arg]
    redis_url: str,
    case: str,
) -> None:
    forge, stem, path, raw = CASES[case]
    garbage = with_raw(load_fixture(forge, stem), path, raw)
    assert post(client, forge, garbage, signed_headers(forge, stem, garbage, "one-id")).status_code == 400
    fixed = (FIXTURES / forge / f"{stem}.json").read_bytes()
    response = post(client, forge, fixed, signed_headers(forge, stem, fixed, "one-id"))
    assert response.status_code == 202, response.text
    assert queue_lengths(redis_url) == 1


def test_an_unused_action_full_of_learner_text_is_not_echoed(client: TestClient, redis_url: str) -> None:  # type: ignore[type-arg]
    body = with_raw(load_fixture("github", "issues__opened"), ("action",), json.dumps(LEARNER_TEXT))
    response = post(client, "github", body, signed_headers("github", "issues__opened", body))
    assert response.status_code == 200
    assert response.json()["status"] == "ignored"
    assert LEARNER_TEXT not in response.text
    assert queue_lengths(redis_url) == 0


@pytest.mark.parametrize("payload", ["[]", '"x"', "null", "3", "{", "\xff"])
@pytest.mark.parametrize("forge", ["github", "gitlab", "gitea"])
def test_a_body_that_is_no_json_object_is_400(
    client: TestClient,  # type: ignore[type-arg]
    redis_url: str,
    forge: str,
    payload: str,
) -> None:
    body = payload.encode("latin-1")
    stem = {"github": "issues__opened", "gitlab": "issue_hook__open", "gitea": "issues__opened"}[forge]
    assert_refused_cleanly(post(client, forge, body, signed_headers(forge, stem, body)), redis_url)


@pytest.mark.parametrize("timestamp", ["²", "9" * 5000, "١٢٣", "-5", " 1", "1e9", ""])
def test_a_gitlab_timestamp_that_is_no_unix_time_is_401(
    client: TestClient,  # type: ignore[type-arg]
    redis_url: str,
    timestamp: str,
) -> None:
    body = (FIXTURES / "gitlab" / "issue_hook__open.json").read_bytes()
    headers = gitlab_headers("Issue Hook", body, timestamp=timestamp)
    response = post(client, "gitlab", body, headers)
    answer = assert_refused_cleanly(response, redis_url, status=401)
    assert "webhook-timestamp" in answer["reason"]
