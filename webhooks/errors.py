"""How the HTTP surface answers a failure, in one place: one JSON shape, logged, counted.

Every error any route gives is ``{"status": "error", "reason": "..."}``: the
intake's own refusals (built with :func:`error_response`) and everything
Litestar raises itself (unknown path, wrong method, body over the limit) via
:data:`EXCEPTION_HANDLERS`. A reason is always valid UTF-8 and short: a lone
surrogate cannot reach the serializer and turn a refusal into a 500.

An exception nobody handled is a bug: it answers 500, is logged with its
traceback (frames and exception types only — an exception's message may
quote learner text) and counted in ``gitlearnos_http_server_errors_total`` by
route template, so it never goes unseen again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import structlog
from litestar import Request, Response
from litestar.exceptions import HTTPException
from litestar.status_codes import HTTP_500_INTERNAL_SERVER_ERROR, HTTP_503_SERVICE_UNAVAILABLE

from runtime import metrics
from runtime.log_setup import safe_traceback

REASON_LIMIT = 300
# How long a forge (or a person) should wait before retrying while Redis is unreachable.
RETRY_AFTER_SECONDS = 10
log = structlog.get_logger("gitlearnos.http")


def safe_reason(reason: str) -> str:
    """``reason`` as printable, valid UTF-8 of bounded length (surrogates and controls escaped)."""
    escaped = reason.encode("utf-8", "backslashreplace").decode("utf-8")
    printable = "".join(char if char.isprintable() else f"\\x{ord(char):02x}" for char in escaped)
    return printable[:REASON_LIMIT]


def error_response(
    status: int, reason: str, headers: dict[str, str] | None = None
) -> Response[dict[str, Any]]:
    return Response(
        content={"status": "error", "reason": safe_reason(reason)}, status_code=status, headers=headers
    )


def unavailable(reason: str) -> Response[dict[str, Any]]:
    """503 with ``Retry-After``: Redis (the queue and the ledger) cannot be reached right now."""
    return error_response(
        HTTP_503_SERVICE_UNAVAILABLE, reason, headers={"Retry-After": str(RETRY_AFTER_SECONDS)}
    )


def _route(request: Request[Any, Any, Any]) -> str:
    template = request.scope.get("path_template")
    return template if isinstance(template, str) else "unmatched"


def http_error(request: Request[Any, Any, Any], error: HTTPException) -> Response[dict[str, Any]]:
    """Litestar's own refusals (404, 405, 413, …) in the intake's error shape."""
    if error.status_code >= HTTP_500_INTERNAL_SERVER_ERROR:
        return internal_error(request, error)
    retry_after = (error.headers or {}).get("Retry-After")
    headers = {"Retry-After": retry_after} if retry_after else None
    return error_response(error.status_code, str(error.detail), headers)


def internal_error(request: Request[Any, Any, Any], error: Exception) -> Response[dict[str, Any]]:
    """A bug: logged with its traceback, counted, answered 500 without any detail."""
    log_unhandled(_route(request), request.method, error)
    return error_response(HTTP_500_INTERNAL_SERVER_ERROR, "internal error; it has been logged")


def log_unhandled(route: str, method: str, error: Exception) -> None:
    """The record of a bug on ``route``: its traceback logged, its route counted (any path, one record)."""
    log.error(
        "http.unhandled_exception",
        route=route,
        method=method,
        error=type(error).__name__,
        traceback=safe_traceback(error),
    )
    metrics.count_server_error(route)


Handler = Callable[[Request[Any, Any, Any], Any], Response[Any]]
EXCEPTION_HANDLERS: dict[int | type[Exception], Handler] = {
    HTTPException: http_error,
    Exception: internal_error,
}
