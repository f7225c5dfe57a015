"""githubkit failures → :class:`ForgeError`, in one place, so every API call fails the same way.

A rate limit keeps GitHub's own wait (``Retry-After``, else the
``x-ratelimit-reset`` time, both already read by githubkit) as
``retry_after``: the Celery task retries after it instead of a worker sleeping.
A bare 429 without either header still means "slow down"; GitHub's docs ask
for at least a minute then.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from githubkit.exception import (
    GitHubException,
    RateLimitExceeded,
    RequestError,
    RequestFailed,
    RequestTimeout,
)
from pydantic import ValidationError

from forge_adapters.base import ForgeError

BARE_429_WAIT_SECONDS = 60.0
MESSAGE_LIMIT = 200


def _message(error: RequestFailed) -> str:
    try:
        data = error.response.raw_response.json()
    except ValueError:
        return ""
    message = data.get("message") if isinstance(data, dict) else None
    return f": {str(message)[:MESSAGE_LIMIT]}" if message else ""


def _unwrap(error: GitHubException) -> GitHubException:
    """Errors raised inside githubkit's auth flow (App token minting) arrive wrapped in ``RequestError``."""
    inner = error.exc if isinstance(error, RequestError) else None
    return inner if isinstance(inner, GitHubException) else error


def to_forge_error(error: GitHubException, doing: str) -> ForgeError:
    error = _unwrap(error)
    if isinstance(error, RateLimitExceeded):
        status = error.response.status_code
        wait = max(error.retry_after.total_seconds(), 0.0)
        return ForgeError(f"GitHub rate limit while {doing}", status=status, retry_after=wait)
    if isinstance(error, RequestFailed):
        status = error.response.status_code
        return ForgeError(
            f"GitHub answered {status} while {doing}{_message(error)}",
            status=status,
            retry_after=BARE_429_WAIT_SECONDS if status == 429 else None,
        )
    if isinstance(error, RequestTimeout):
        return ForgeError(f"GitHub did not answer in time while {doing}")
    return ForgeError(f"GitHub call failed while {doing}: {type(error).__name__}")


@contextmanager
def forge_errors(doing: str) -> Iterator[None]:
    """Run GitHub calls, turning every githubkit failure into a :class:`ForgeError` about ``doing``."""
    try:
        yield
    except GitHubException as error:
        raise to_forge_error(error, doing) from error
    except ValidationError as error:  # an answer githubkit's models do not recognize
        raise ForgeError(f"GitHub answered in an unexpected shape while {doing}") from error
