"""Git smart HTTP through ``git http-backend``: token auth, clone, push, gzip bodies."""

from __future__ import annotations

import gzip
import os
from pathlib import Path

import httpx
import pytest

from evals.sandbox import BOT_LOGIN, SandboxServer
from evals.sandbox.errors import InvalidInputError
from evals.sandbox.git_client import git_auth_env
from evals.sandbox.git_http import decoded_body, parse_cgi_output
from tests.support.isolated_git import IDENTITY, git


def test_clone_and_push_with_a_token(sandbox: SandboxServer, repo: str, tmp_path: Path) -> None:
    work = tmp_path / "clone"
    auth = git_auth_env(sandbox.token(BOT_LOGIN))
    assert git("clone", sandbox.git_url(repo), str(work), env=auth).returncode == 0
    assert (work / "README.md").read_text() == "# Notes\n"

    big = os.urandom(3 * 1024 * 1024)  # incompressible: the push body really is a few MB
    (work / "sources").mkdir()
    (work / "sources" / "scan.bin").write_bytes(big)
    git("add", ".", cwd=work)
    git("commit", "-m", "Add a scan", cwd=work, env=IDENTITY)
    pushed = git("push", "origin", "HEAD:refs/heads/main", cwd=work, env=auth)
    assert pushed.returncode == 0, pushed.stderr

    with sandbox.client() as client:
        assert client.file(repo, "sources/scan.bin") == big
        assert client.commits(repo, 1)[0]["commit"]["message"] == "Add a scan"


@pytest.mark.parametrize("token", [None, "gsb_not-a-real-token"])
def test_git_without_a_valid_token_is_refused(
    sandbox: SandboxServer, repo: str, tmp_path: Path, token: str | None
) -> None:
    cloned = git(
        "clone", sandbox.git_url(repo), str(tmp_path / "clone"), env=git_auth_env(token) if token else {}
    )
    assert cloned.returncode != 0
    assert "Authentication failed" in cloned.stderr or "could not read Username" in cloned.stderr
    assert not (tmp_path / "clone" / "README.md").exists()


def test_unauthenticated_request_gets_a_basic_challenge(sandbox: SandboxServer, repo: str) -> None:
    response = httpx.get(f"{sandbox.git_url(repo)}/info/refs", params={"service": "git-upload-pack"})
    assert response.status_code == 401
    assert response.headers["www-authenticate"] == 'Basic realm="sandbox"'


def test_token_as_basic_username_is_accepted(sandbox: SandboxServer, repo: str) -> None:
    response = httpx.get(
        f"{sandbox.git_url(repo)}/info/refs",
        params={"service": "git-upload-pack"},
        auth=(sandbox.token("alice"), ""),
    )
    assert response.status_code == 200
    assert response.headers["content-type"] == "application/x-git-upload-pack-advertisement"


def test_unknown_repository_is_not_found(sandbox: SandboxServer) -> None:
    response = httpx.get(f"{sandbox.git_url('alice/nope')}/info/refs", auth=("x", sandbox.token("alice")))
    assert response.status_code == 404


def test_gzip_encoded_upload_pack_request(sandbox: SandboxServer, repo: str) -> None:
    with sandbox.client() as client:
        head = client.commits(repo, 1)[0]["sha"]
    want = f"want {head}\n"
    request = f"{len(want) + 4:04x}{want}00000009done\n".encode()
    response = httpx.post(
        f"{sandbox.git_url(repo)}/git-upload-pack",
        content=gzip.compress(request),
        headers={"Content-Type": "application/x-git-upload-pack-request", "Content-Encoding": "gzip"},
        auth=("x-access-token", sandbox.token("alice")),
    )
    assert response.status_code == 200
    assert response.content.startswith(b"0008NAK\n") and b"PACK" in response.content


@pytest.mark.parametrize(
    ("output", "status", "headers", "body"),
    [
        (b"Content-Type: text/plain\r\n\r\nhello", 200, {"Content-Type": "text/plain"}, b"hello"),
        (b"Status: 404 Not Found\r\nExpires: 0\r\n\r\n", 404, {"Expires": "0"}, b""),
        (
            b"Status: 403 Forbidden\nContent-Type: text/plain\n\nno",
            403,
            {"Content-Type": "text/plain"},
            b"no",
        ),
    ],
)
def test_parse_cgi_output(output: bytes, status: int, headers: dict[str, str], body: bytes) -> None:
    parsed = parse_cgi_output(output)
    assert (parsed.status_code, parsed.headers, parsed.body) == (status, headers, body)


def test_decoded_body() -> None:
    assert decoded_body(gzip.compress(b"abc"), "gzip") == b"abc"
    assert decoded_body(b"abc", None) == b"abc"
    with pytest.raises(InvalidInputError):
        decoded_body(b"not gzip", "gzip")
