"""The HTTP layer under :class:`~forge_adapters.gitea.client.GiteaClient`.

One long-lived ``httpx.Client`` per instance (connection pool and TLS context
reused), ``Authorization: token <t>`` (Gitea's historical scheme, also
Forgejo's), base ``<url>/api/v1``, an explicit timeout on every phase, and no
redirects (a moved repository is an error to report, not to follow silently).

Every failure becomes a :class:`ForgeError`. A 429 (from Gitea or from a
reverse proxy in front of it) carries ``retry_after`` from ``Retry-After`` or
``RateLimit-Reset`` (60 s when neither is sent), so the Celery task retries
later instead of a worker sleeping. The token is kept only in the client's
default headers: no message, repr or log line here contains it.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Mapping
from typing import Any

import httpx

from forge_adapters.base import ForgeError, ForgeNotConfigured, walk_pages
from forge_adapters.common_rate_limit import retry_after_seconds

API_PREFIX = "/api/v1"
# Gitea clamps ``limit`` to [api] MAX_RESPONSE_ITEMS (default 50) without saying so; asking for more
# would make a full page look short and end pagination early.
PAGE_SIZE = 50
DEFAULT_RATE_LIMIT_WAIT = 60.0
ERROR_TEXT_LIMIT = 200


def _error_text(response: httpx.Response) -> str:
    try:
        data = response.json()
    except ValueError:
        data = None
    text = str(data.get("message") or "") if isinstance(data, Mapping) else response.text
    return " ".join(text.split())[:ERROR_TEXT_LIMIT]


def _has_next_page(response: httpx.Response, listed: int, on_page: int) -> bool:
    """Gitea sends ``Link`` on some list endpoints and ``X-Total-Count`` on most; trust them in that order."""
    if response.headers.get("Link"):
        return "next" in response.links
    total = response.headers.get("X-Total-Count", "")
    if total.isdigit():
        return listed < int(total)
    return on_page >= PAGE_SIZE


class GiteaHTTP:
    def __init__(
        self, token: str, *, url: str, timeout: float, transport: httpx.BaseTransport | None = None
    ) -> None:
        if not token:
            raise ForgeNotConfigured("no Gitea token configured (set GITLEARNOS_GITEA_TOKEN)")
        if not url:
            raise ForgeNotConfigured("no Gitea URL configured (set GITLEARNOS_GITEA_URL)")
        self.base_url = url.rstrip("/") + API_PREFIX
        self.timeout = timeout
        self._client = httpx.Client(
            base_url=self.base_url,
            headers={
                "Authorization": f"token {token}",
                "Accept": "application/json",
                "User-Agent": "gitlearnos-bot",
            },
            timeout=httpx.Timeout(timeout),
            transport=transport,
            follow_redirects=False,
        )

    def __repr__(self) -> str:
        return f"GiteaHTTP(base_url={self.base_url!r}, token='***')"

    def close(self) -> None:
        self._client.close()

    def send(
        self,
        method: str,
        path: str,
        *,
        params: Mapping[str, str | int] | None = None,
        json: Mapping[str, Any] | None = None,
    ) -> httpx.Response:
        """One request; a ForgeError for anything but a 2xx answer."""
        try:
            response = self._client.request(method, path, params=params, json=json)
        except httpx.TimeoutException as error:
            raise ForgeError(f"Gitea {method} {path} timed out after {self.timeout:g} s") from error
        except httpx.HTTPError as error:
            raise ForgeError(f"Gitea {method} {path} failed: {type(error).__name__}") from error
        if response.is_success:
            return response
        status = response.status_code
        retry_after = retry_after_seconds(response.headers, time.time())
        if status == httpx.codes.TOO_MANY_REQUESTS and retry_after is None:
            retry_after = DEFAULT_RATE_LIMIT_WAIT
        raise ForgeError(
            f"Gitea answered {status} to {method} {path}: {_error_text(response)}",
            status=status,
            retry_after=retry_after,
        )

    def call(
        self,
        method: str,
        path: str,
        *,
        params: Mapping[str, str | int] | None = None,
        json: Mapping[str, Any] | None = None,
    ) -> Any:
        """The decoded JSON answer of one request (None for an empty 204)."""
        response = self.send(method, path, params=params, json=json)
        if response.status_code == httpx.codes.NO_CONTENT or not response.content:
            return None
        try:
            return response.json()
        except ValueError as error:
            raise ForgeError(f"Gitea answered {method} {path} with something that is not JSON") from error

    def paginate(
        self, path: str, params: Mapping[str, str | int] | None = None
    ) -> Iterator[Mapping[str, Any]]:
        """Every object of a list endpoint, page by page (``page``/``limit``).

        Some list endpoints (an issue's comments) ignore ``page`` and return
        everything each time; objects already seen are skipped and a page with
        nothing new ends the walk, so such an endpoint is read once.
        """
        seen: set[object] = set()
        listed = 0

        def page(number: int) -> tuple[list[Mapping[str, Any]], bool]:
            nonlocal listed
            response = self.send("GET", path, params={**(params or {}), "page": number, "limit": PAGE_SIZE})
            try:
                items = response.json()
            except ValueError as error:
                raise ForgeError(f"Gitea answered GET {path} with something that is not JSON") from error
            if not isinstance(items, list):
                raise ForgeError(f"Gitea answered GET {path} with {type(items).__name__}, not a list")
            listed += len(items)
            fresh = [item for item in items if isinstance(item, Mapping) and item.get("id") not in seen]
            seen.update(item.get("id") for item in fresh)
            return fresh, bool(fresh) and _has_next_page(response, listed, len(items))

        return walk_pages(page, f"Gitea's GET {path}")
