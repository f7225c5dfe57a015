"""The service describes itself at ``/schema/openapi.json``, and a schemathesis run against it finds no 5xx.

Schemathesis generates requests from the schema — bodies, headers, path
parameters — for every documented operation. A webhook or trigger body is
then signed the way its sender would sign it (else every case would stop at
the signature check), and the answer is checked against the schema: no
server error, a documented status code, content type, headers and body.
The server is ``gitlearnos serve`` in its own process. Bounded: a fixed
number of examples per operation.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import uuid
import zlib
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis import checks

from tests.support.forge_requests import gitea_headers, github_headers, gitlab_headers, wire
from tests.support.redis_databases import fresh_database
from tests.support.served_intake import TRIGGER_SECRET, ServedIntake, served_intake

EXAMPLES_PER_OPERATION = 60
EVENTS = {
    "github": ["issues", "issue_comment", "pull_request", "pull_request_review", "push", "ping"],
    "gitlab": ["Issue Hook", "Note Hook", "Merge Request Hook", "Push Hook", "Pipeline Hook"],
    "gitea": ["issues", "issue_comment", "pull_request", "push", "delete"],
}
JOBS = ["maintenance", "due-review"]
CHECKS = [
    checks.not_a_server_error,
    checks.status_code_conformance,
    checks.content_type_conformance,
    checks.response_headers_conformance,
    checks.response_schema_conformance,
]


@pytest.fixture(scope="module")
def server(redis_server: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServedIntake]:
    url = fresh_database(redis_server)
    with served_intake(url, tmp_path_factory.mktemp("schema")) as running:
        yield running


@pytest.fixture(scope="module")
def document(server: ServedIntake) -> dict[str, Any]:
    response = httpx.get(f"{server.base_url}/schema/openapi.json")
    assert response.status_code == 200
    schema: dict[str, Any] = response.json()
    return schema


def test_the_schema_covers_every_route_with_headers_codes_and_error_bodies(document: dict[str, Any]) -> None:
    paths = document["paths"]
    expected = {"/webhooks/github", "/webhooks/gitlab", "/webhooks/gitea", "/triggers/{job}"}
    assert expected | {"/healthz", "/readyz", "/metrics"} <= set(paths)
    github = paths["/webhooks/github"]["post"]
    assert {p["name"] for p in github["parameters"]} >= {"X-GitHub-Event", "X-Hub-Signature-256"}
    assert {"202", "200", "400", "401", "503"} <= set(github["responses"])
    assert "Retry-After" in github["responses"]["503"]["headers"]
    error = github["responses"]["400"]["content"]["application/json"]["schema"]["$ref"]
    assert error.endswith("/ErrorBody")
    assert document["components"]["schemas"]["ErrorBody"]["required"] == ["reason", "status"]
    trigger = paths["/triggers/{job}"]["post"]
    assert "X-GitLearnOS-Signature" in {p["name"] for p in trigger["parameters"]}
    assert "requestBody" in trigger and "requestBody" in paths["/webhooks/gitlab"]["post"]


def known(choices: list[str], generated: str | None) -> str:
    """Half the time a real event name (picked by the generated one), else what schemathesis made up."""
    pick = zlib.crc32((generated or "").encode())
    return choices[pick // 2 % len(choices)] if pick % 2 or not generated else generated


def signed(path: str, body: bytes, generated: dict[str, str]) -> dict[str, str]:
    """The sender's signature over ``body``, for a real event name or the one schemathesis chose."""
    delivery = str(uuid.uuid4())
    if path == "/webhooks/github":
        return github_headers(known(EVENTS["github"], generated.get("X-GitHub-Event")), body, delivery)
    if path == "/webhooks/gitlab":
        return gitlab_headers(known(EVENTS["gitlab"], generated.get("X-Gitlab-Event")), body, delivery)
    if path == "/webhooks/gitea":
        event = known(EVENTS["gitea"], generated.get("X-Gitea-Event"))
        return gitea_headers(event, event, body, delivery)
    if path == "/triggers/{job}":
        digest = hmac.new(TRIGGER_SECRET.encode(), body, hashlib.sha256).hexdigest()
        return {"Content-Type": "application/json", "X-GitLearnOS-Signature": f"sha256={digest}"}
    return {}


def operations(server: ServedIntake) -> list[Any]:
    schema = schemathesis.openapi.from_url(f"{server.base_url}/schema/openapi.json")
    return [result.ok() for result in schema.get_all_operations()]


def exercise(client: httpx.Client, operation: Any) -> None:
    """A bounded property run of one operation: generated, signed, sent, checked against the schema."""
    method = operation.method.upper()

    @settings(
        max_examples=EXAMPLES_PER_OPERATION,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(case=operation.as_strategy())
    def run(case: Any) -> None:
        headers = {str(k): str(v) for k, v in (case.headers or {}).items()}
        body = b""
        if "job" in (case.path_parameters or {}):
            case.path_parameters["job"] = known(JOBS, str(case.path_parameters["job"]))
        if method == "POST":
            body = json.dumps(case.body, ensure_ascii=False).encode("utf-8", "surrogatepass")
            headers |= signed(operation.path, body, headers)
        response = client.request(method, case.formatted_path, content=body, headers=wire(headers))
        case.validate_response(response, checks=CHECKS)

    run()


def test_schemathesis_finds_no_server_error(server: ServedIntake) -> None:
    found = operations(server)
    assert len(found) == 7
    with httpx.Client(base_url=server.base_url, timeout=30) as client:
        for operation in found:
            exercise(client, operation)
