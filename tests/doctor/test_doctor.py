"""``gitlearnos doctor`` against the sandbox: a correct setup passes every row on each forge, and each
deliberately broken setting fails exactly its own row, with its fix, and exits non-zero.

Everything is real except the forge (the sandbox serves GitHub, GitLab and Gitea's REST APIs): the
command line, Redis, a running ``gitlearnos beat``, the RAG model.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import redis

from evals.sandbox import BOT_LOGIN
from runtime.embedded_redis import ensure_embedded_redis, stop_embedded_redis
from tests.support.doctor_deployment import Deployment
from tests.support.doctor_table import expect_only, run_doctor

pytestmark = pytest.mark.timeout(120)


def test_a_correct_setup_passes_every_row(deployment: Deployment, capsys: pytest.CaptureFixture[str]) -> None:
    deployment.file_issue(deployment.full_name)  # a delivery the service accepted, where the forge records it
    code, statuses, out = run_doctor(capsys)
    forge, repo = deployment.forge, deployment.full_name
    assert code == 0, out
    assert set(statuses.values()) == {"pass"}, out
    expected = {
        "redis", "redis persistence", "beat", "public url", f"{forge} secret", f"{forge} token",
        f"{forge} identity", f"{forge} {repo} private", f"{forge} {repo} webhook", "rag model", "rag index",
        "chat model",
    }  # fmt: skip
    assert set(statuses) == expected, out
    assert "AOF on" in out
    assert f"{deployment.public_url}/webhooks/{forge}" in out
    assert out.rstrip().endswith(f"{len(expected)} passed, 0 failed")


def test_a_missing_secret_fails_its_row(deployment: Deployment, capsys: pytest.CaptureFixture[str]) -> None:
    name = f"GITLEARNOS_{deployment.forge.upper()}_WEBHOOK_SECRET"
    deployment.unset(name)
    expect_only(capsys, f"{deployment.forge} secret", f"fix: set {name}")


def test_a_token_without_scopes_fails_its_row(
    deployment: Deployment, capsys: pytest.CaptureFixture[str]
) -> None:
    with deployment.sandbox.client() as client:
        client.set_token_scopes(BOT_LOGIN, deployment.forge, [])
    needed = {"github": "repo", "gitlab": "api", "gitea": "read:user, write:issue, write:repository"}
    expect_only(capsys, f"{deployment.forge} token", f"fix: give the token {needed[deployment.forge]}")


def test_another_bot_login_fails_the_identity_row(
    deployment: Deployment, capsys: pytest.CaptureFixture[str]
) -> None:
    deployment.set("GITLEARNOS_BOT_LOGIN", "someone-else")
    expect_only(capsys, f"{deployment.forge} identity", "to GITLEARNOS_BOT_LOGIN", "its own replies loop")


def test_a_public_repository_fails_its_row(
    deployment: Deployment, capsys: pytest.CaptureFixture[str]
) -> None:
    public = deployment.new_repository(private=False)
    expect_only(capsys, f"{deployment.forge} {public} private", "fix: make the repository private")


def test_a_missing_webhook_fails_its_row(deployment: Deployment, capsys: pytest.CaptureFixture[str]) -> None:
    bare = deployment.new_repository(hook_url="")
    expect_only(
        capsys,
        f"{deployment.forge} {bare} webhook",
        "no webhook",
        f"fix: add a JSON webhook to {deployment.public_url}",
    )


def test_a_webhook_pointing_elsewhere_fails_its_row(
    deployment: Deployment, capsys: pytest.CaptureFixture[str]
) -> None:
    elsewhere = deployment.new_repository(hook_url="https://old-host.example.test/hook")
    expect_only(
        capsys,
        f"{deployment.forge} {elsewhere} webhook",
        "points at https://old-host.example.test/hook",
        f"fix: set the webhook's URL to {deployment.public_url}/webhooks/{deployment.forge}",
    )


def test_a_webhook_missing_an_event_fails_its_row(
    deployment: Deployment, capsys: pytest.CaptureFixture[str]
) -> None:
    deaf = deployment.new_repository(events=["issues", "pulls", "reviews"])  # no comments
    comment_event = {"github": "issue_comment", "gitlab": "note_events", "gitea": "issue_comment"}
    expect_only(
        capsys, f"{deployment.forge} {deaf} webhook", f"misses events: {comment_event[deployment.forge]}"
    )


@pytest.mark.parametrize("deployment", ["github", "gitlab"], indirect=True)
def test_a_wrong_secret_fails_the_webhook_row(
    deployment: Deployment, capsys: pytest.CaptureFixture[str]
) -> None:
    """GitHub (``last_response``) and GitLab (the hook's event list) record what the service answered:
    it refused the signature (GitHub) or token (GitLab). Gitea's API shows neither, so it is not tested."""
    mismatched = deployment.new_repository(secret="not-the-configured-secret")
    deployment.file_issue(mismatched)
    forge = deployment.forge
    expect_only(
        capsys,
        f"{forge} {mismatched} webhook",
        "the last delivery was refused with 401",
        f"fix: set the webhook's secret to the value of GITLEARNOS_{forge.upper()}_WEBHOOK_SECRET",
    )


@pytest.mark.parametrize("deployment", ["gitea"], indirect=True)
def test_no_beat_fails_its_row(deployment: Deployment, capsys: pytest.CaptureFixture[str]) -> None:
    """Another database of the same server: the running beat's lock is not there."""
    other = deployment.redis_url.rsplit("/", 1)[0] + "/1"
    source, target = redis.Redis.from_url(deployment.redis_url), redis.Redis.from_url(other)
    target.flushdb()
    for key, value in source.hgetall("gitlearnos:repos").items():
        target.hset("gitlearnos:repos", key, value)
    deployment.set("REDIS_URL", other)
    expect_only(capsys, "beat", "fix: run exactly one `gitlearnos beat`")


@pytest.mark.parametrize("deployment", ["github"], indirect=True)
def test_redis_without_persistence_fails_its_row(
    deployment: Deployment, capsys: pytest.CaptureFixture[str]
) -> None:
    client = redis.Redis.from_url(deployment.redis_url)
    client.config_set("appendonly", "no")
    try:
        expect_only(capsys, "redis persistence", "neither AOF nor RDB", "fix: turn on AOF")
    finally:
        client.config_set("appendonly", "yes")


@pytest.mark.parametrize("deployment", ["gitlab"], indirect=True)
def test_an_unreachable_chat_model_fails_its_row(
    deployment: Deployment, capsys: pytest.CaptureFixture[str]
) -> None:
    deployment.set("GITLEARNOS_MODEL_BASE_URL", "http://127.0.0.1:9/v1")  # discard port: nothing listens
    expect_only(
        capsys, "chat model", "http://127.0.0.1:9/v1 unreachable", "fix: check GITLEARNOS_MODEL_BASE_URL"
    )


@pytest.mark.parametrize("deployment", ["gitea"], indirect=True)
def test_no_configured_forge_is_a_failing_row(
    deployment: Deployment, capsys: pytest.CaptureFixture[str]
) -> None:
    redis.Redis.from_url(deployment.redis_url).delete("gitlearnos:repos")
    for name in ("GITLEARNOS_GITEA_TOKEN", "GITLEARNOS_GITEA_WEBHOOK_SECRET", "GITLEARNOS_GITEA_URL"):
        deployment.unset(name)
    expect_only(capsys, "forges", "no forge configured", "fix: set the token and webhook secret")


@pytest.mark.parametrize("deployment", ["gitea"], indirect=True)
def test_the_embedded_default_says_what_it_is(
    deployment: Deployment, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``REDIS_URL`` empty: the embedded Redis of the data directory, with AOF; its database has no beat."""
    data_dir = tmp_path / "data"
    ensure_embedded_redis(data_dir)
    try:
        deployment.unset("REDIS_URL")
        deployment.set("GITLEARNOS_DATA_DIR", str(data_dir))
        out = expect_only(capsys, "beat", f"embedded Redis under {data_dir / 'redis'} answers", "AOF on")
        assert "forges" not in out  # the environment still names Gitea
    finally:
        stop_embedded_redis(data_dir)


@pytest.mark.parametrize("deployment", ["github"], indirect=True)
def test_a_redis_password_never_reaches_the_table(
    deployment: Deployment, capsys: pytest.CaptureFixture[str]
) -> None:
    """This Redis has no password, so one in the URL is refused; the row names the URL with stars."""
    base = deployment.redis_url.removeprefix("redis://")
    deployment.set("REDIS_URL", f"redis://doctor:hunter2-not-shown@{base}")
    code, statuses, out = run_doctor(capsys)
    assert code == 1
    assert statuses["redis"] == "fail", out
    assert "hunter2-not-shown" not in out
    assert f"redis://doctor:***@{base}" in out


@pytest.mark.parametrize("deployment", ["gitlab"], indirect=True)
def test_an_unreachable_redis_fails_its_row(
    deployment: Deployment, capsys: pytest.CaptureFixture[str]
) -> None:
    """Port 9 (discard): nothing answers. The rows that read Redis (beat) cannot run and are not guessed."""
    deployment.set("REDIS_URL", "redis://127.0.0.1:9/0")
    out = expect_only(capsys, "redis", "redis://127.0.0.1:9/0: ConnectionError", "fix: start Redis")
    assert "redis persistence" not in out
