"""GitHub's API answers are read only from the configured API origin: a redirect elsewhere is refused.

githubkit has httpx follow redirects. httpx drops ``Authorization`` when the origin changes, so the
token itself stays home, but the other host's answer would still be parsed and trusted as GitHub's (a
"private" from a stranger would pass the visibility gate). GitHub redirects within its own API (a
renamed repository answers 301 to ``/repositories/{id}``), so a redirect to the same origin is still
followed; one to another scheme, host or port is stopped here, at the transport, before httpx sends a
request there. Every hop of a redirect chain passes through this transport, the App token mint's too.
"""

from __future__ import annotations

import httpx


class CrossHostRedirect(Exception):
    """GitHub's API answered with a redirect to another origin; raised before it is followed."""

    def __init__(self, status: int) -> None:
        super().__init__(f"GitHub API redirect ({status}) to another host")
        self.status = status


def _origin(url: httpx.URL) -> tuple[str, str, int | None]:
    return url.scheme, url.host, url.port


class SameOriginRedirects(httpx.BaseTransport):
    """``inner`` with each redirect answer checked: to the request's own origin it goes on, else it raises."""

    def __init__(self, inner: httpx.BaseTransport) -> None:
        self._inner = inner

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        response = self._inner.handle_request(request)
        if response.status_code in (301, 302, 303, 307, 308) and "Location" in response.headers:
            target = request.url.join(response.headers["Location"])
            if _origin(target) != _origin(request.url):
                response.close()
                raise CrossHostRedirect(response.status_code)
        return response

    def close(self) -> None:
        self._inner.close()
