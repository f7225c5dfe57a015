"""Git smart HTTP — clone, fetch, push — served by the real ``git http-backend`` CGI program.

The route authenticates (any sandbox token, see :mod:`evals.sandbox.auth`), checks that the repository
exists, then runs ``git http-backend`` once per request in a worker thread with the request body on
stdin. Bodies are read whole: simple, and plenty for the pushes of a few MB a learner repository sees.
"""

from __future__ import annotations

import re
import subprocess
import zlib
from dataclasses import dataclass
from pathlib import Path

import anyio.to_thread
import structlog
from litestar import HttpMethod, Response, route

from evals.sandbox.errors import InvalidInputError
from evals.sandbox.git_repos import isolated_env
from evals.sandbox.http_support import PathStr, SandboxRequest, Store

GIT_SERVICE_PATHS = ("info/refs", "git-upload-pack", "git-receive-pack")
MAX_REQUEST_BYTES = 128 * 1024 * 1024
BACKEND_TIMEOUT_S = 300
_HEADER_END = re.compile(rb"\r?\n\r?\n")

log = structlog.get_logger(__name__)


@dataclass(frozen=True)
class CgiResponse:
    status_code: int
    headers: dict[str, str]
    body: bytes


def cgi_environment(
    *,
    project_root: Path,
    path_info: str,
    request: SandboxRequest,
    content_length: int,
) -> dict[str, str]:
    """The CGI variables ``git http-backend`` reads, for an authenticated request."""
    return isolated_env(
        project_root.parent,
        {
            "GIT_PROJECT_ROOT": str(project_root),
            "GIT_HTTP_EXPORT_ALL": "1",
            "PATH_INFO": path_info,
            "REQUEST_METHOD": request.method,
            "QUERY_STRING": request.scope["query_string"].decode("latin-1"),
            "CONTENT_TYPE": request.headers.get("content-type", ""),
            "CONTENT_LENGTH": str(content_length),
            "REMOTE_USER": request.user.login,
            "REMOTE_ADDR": request.client.host if request.client else "127.0.0.1",
            "HTTP_GIT_PROTOCOL": request.headers.get("git-protocol", ""),
            # Every caller here is authenticated, so pushing is allowed (http-backend's rule, made explicit).
            "GIT_CONFIG_COUNT": "1",
            "GIT_CONFIG_KEY_0": "http.receivepack",
            "GIT_CONFIG_VALUE_0": "true",
        },
    )


def decoded_body(body: bytes, content_encoding: str | None) -> bytes:
    """The request body with ``Content-Encoding: gzip`` undone (git compresses large fetch requests)."""
    if (content_encoding or "").strip().lower() != "gzip":
        return body
    inflater = zlib.decompressobj(wbits=31)
    try:
        inflated = inflater.decompress(body, MAX_REQUEST_BYTES)
    except zlib.error as exc:
        raise InvalidInputError(f"request body is not valid gzip: {exc}") from exc
    if inflater.unconsumed_tail:
        raise InvalidInputError(f"request body inflates beyond {MAX_REQUEST_BYTES} bytes")
    return inflated


def parse_cgi_output(output: bytes) -> CgiResponse:
    """Split CGI output into status (from ``Status:``, default 200), headers and body."""
    match = _HEADER_END.search(output)
    head, body = (output[: match.start()], output[match.end() :]) if match else (output, b"")
    headers: dict[str, str] = {}
    for line in head.decode("latin-1").splitlines():
        name, _, value = line.partition(":")
        headers[name.strip()] = value.strip()
    status = headers.pop("Status", "200")
    return CgiResponse(int(status.split()[0]), headers, body)


def run_http_backend(env: dict[str, str], body: bytes) -> CgiResponse:
    completed = subprocess.run(
        ["git", "http-backend"],
        input=body,
        env=env,
        capture_output=True,
        timeout=BACKEND_TIMEOUT_S,
        check=False,
    )
    if completed.returncode != 0:
        log.warning(
            "sandbox_git_http_backend_failed",
            returncode=completed.returncode,
            stderr=completed.stderr.decode(),
        )
        if not completed.stdout:
            return CgiResponse(500, {"Content-Type": "text/plain"}, b"git http-backend failed\n")
    return parse_cgi_output(completed.stdout)


@route(
    [f"/{{owner:str}}/{{repo:str}}/{service}" for service in GIT_SERVICE_PATHS],
    http_method=[HttpMethod.GET, HttpMethod.POST],
    request_max_body_size=MAX_REQUEST_BYTES,
)
async def git_smart_http(
    request: SandboxRequest, owner: PathStr, repo: PathStr, store: Store
) -> Response[bytes]:
    """Bridge one smart-HTTP request (``.../info/refs``, ``git-upload-pack``, ``git-receive-pack``)."""
    full_name = f"{owner}/{repo.removesuffix('.git')}"
    store.repository(full_name)  # 404 for unknown repositories, before git sees the path
    service = request.url.path.removeprefix(f"/{owner}/{repo}/")
    body = decoded_body(await request.body(), request.headers.get("content-encoding"))
    env = cgi_environment(
        project_root=store.git_root,
        path_info=f"/{full_name}.git/{service}",
        request=request,
        content_length=len(body),
    )
    result = await anyio.to_thread.run_sync(run_http_backend, env, body)
    if service == "git-receive-pack" and result.status_code == 200:
        await anyio.to_thread.run_sync(store.mark_pushed, full_name)
    media_type = result.headers.pop("Content-Type", "application/octet-stream")
    return Response(
        result.body, status_code=result.status_code, headers=result.headers, media_type=media_type
    )
