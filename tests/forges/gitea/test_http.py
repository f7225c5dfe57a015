"""The HTTP layer: auth header, error mapping (429 → retry_after), timeouts, pagination rules."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
import respx

from forge_adapters.base import ForgeError
from forge_adapters.gitea.http import DEFAULT_RATE_LIMIT_WAIT, PAGE_SIZE, GiteaHTTP

URL = "https://gitea.example/"
API = "https://gitea.example/api/v1"
TOKEN = "t0ken-that-must-not-leak"


@pytest.fixture
def api() -> Iterator[respx.MockRouter]:
    with respx.mock(base_url=API, assert_all_called=True) as router:
        yield router


@pytest.fixture
def http() -> Iterator[GiteaHTTP]:
    client = GiteaHTTP(TOKEN, url=URL, timeout=3.0)
    yield client
    client.close()


def items(start: int, count: int) -> list[dict[str, int]]:
    return [{"id": n} for n in range(start, start + count)]


def test_every_request_carries_the_token_header_and_api_prefix(
    api: respx.MockRouter, http: GiteaHTTP
) -> None:
    route = api.get("/version").respond(200, json={"version": "1.22.0"})
    assert http.call("GET", "/version") == {"version": "1.22.0"}
    request = route.calls.last.request
    assert str(request.url) == f"{API}/version"
    assert request.headers["Authorization"] == f"token {TOKEN}"
    assert request.headers["Accept"] == "application/json"


@pytest.mark.parametrize(
    ("headers", "retry_after"),
    [
        ({"Retry-After": "7"}, 7.0),
        ({}, DEFAULT_RATE_LIMIT_WAIT),
        ({"Retry-After": "soon"}, DEFAULT_RATE_LIMIT_WAIT),
    ],
)
def test_429_carries_retry_after(
    api: respx.MockRouter, http: GiteaHTTP, headers: dict[str, str], retry_after: float
) -> None:
    api.get("/user").respond(429, headers=headers, json={"message": "slow down"})
    with pytest.raises(ForgeError) as failed:
        http.call("GET", "/user")
    assert (failed.value.status, failed.value.retry_after) == (429, retry_after)


def test_503_with_retry_after_is_retryable_and_404_is_not(api: respx.MockRouter, http: GiteaHTTP) -> None:
    api.get("/busy").respond(503, headers={"Retry-After": "30"}, text="maintenance")
    api.get("/gone").respond(404, json={"message": "The target couldn't be found.", "url": "https://x"})
    with pytest.raises(ForgeError) as busy:
        http.call("GET", "/busy")
    assert (busy.value.status, busy.value.retry_after) == (503, 30.0)
    with pytest.raises(ForgeError) as gone:
        http.call("GET", "/gone")
    assert (gone.value.status, gone.value.retry_after) == (404, None)
    assert "The target couldn't be found." in str(gone.value)


@pytest.mark.parametrize("error", [httpx.ReadTimeout("slow"), httpx.ConnectTimeout("slow")])
def test_timeouts_become_forge_errors(api: respx.MockRouter, http: GiteaHTTP, error: Exception) -> None:
    api.get("/user").mock(side_effect=error)
    with pytest.raises(ForgeError, match=r"timed out after 3 s") as failed:
        http.call("GET", "/user")
    assert failed.value.status is None


def test_connection_errors_become_forge_errors(api: respx.MockRouter, http: GiteaHTTP) -> None:
    api.get("/user").mock(side_effect=httpx.ConnectError("refused"))
    with pytest.raises(ForgeError, match="ConnectError"):
        http.call("GET", "/user")


def test_redirects_are_reported_not_followed(api: respx.MockRouter, http: GiteaHTTP) -> None:
    api.get("/repos/a/old").respond(301, headers={"Location": f"{API}/repos/a/new"})
    with pytest.raises(ForgeError) as failed:
        http.call("GET", "/repos/a/old")
    assert failed.value.status == 301


def test_non_json_answers_are_forge_errors(api: respx.MockRouter, http: GiteaHTTP) -> None:
    api.get("/user").respond(200, text="<html>login</html>")
    with pytest.raises(ForgeError, match="not JSON"):
        http.call("GET", "/user")


def test_empty_204_is_none(api: respx.MockRouter, http: GiteaHTTP) -> None:
    api.patch("/repos/a/b/issues/comments/1").respond(204)
    assert http.call("PATCH", "/repos/a/b/issues/comments/1", json={"body": "x"}) is None


def test_the_token_never_shows(api: respx.MockRouter, http: GiteaHTTP) -> None:
    api.get("/user").respond(401, json={"message": "token is required"})
    with pytest.raises(ForgeError) as failed:
        http.call("GET", "/user")
    assert TOKEN not in str(failed.value) and TOKEN not in repr(failed.value)
    assert TOKEN not in repr(http)


def test_missing_token_or_url_is_refused() -> None:
    with pytest.raises(ForgeError, match="token"):
        GiteaHTTP("", url=URL, timeout=1.0)
    with pytest.raises(ForgeError, match="URL"):
        GiteaHTTP(TOKEN, url="", timeout=1.0)


def test_pagination_follows_link_next(api: respx.MockRouter, http: GiteaHTTP) -> None:
    route = api.get("/repos/a/b/pulls").mock(
        side_effect=[
            httpx.Response(
                200, json=items(1, 2), headers={"Link": f'<{API}/repos/a/b/pulls?page=2>; rel="next"'}
            ),
            httpx.Response(
                200, json=items(3, 1), headers={"Link": f'<{API}/repos/a/b/pulls?page=1>; rel="prev"'}
            ),
        ]
    )
    assert [item["id"] for item in http.paginate("/repos/a/b/pulls", {"state": "open"})] == [1, 2, 3]
    sent = [dict(call.request.url.params) for call in route.calls]
    assert sent == [
        {"state": "open", "page": "1", "limit": str(PAGE_SIZE)},
        {"state": "open", "page": "2", "limit": str(PAGE_SIZE)},
    ]


def test_pagination_by_total_count_survives_a_clamped_limit(api: respx.MockRouter, http: GiteaHTTP) -> None:
    """A server with MAX_RESPONSE_ITEMS=30 answers 30 for limit=50: a short page is not the last one."""
    route = api.get("/repos/a/b/labels").mock(
        side_effect=[
            httpx.Response(200, json=items(1, 30), headers={"X-Total-Count": "45"}),
            httpx.Response(200, json=items(31, 15), headers={"X-Total-Count": "45"}),
        ]
    )
    assert len(list(http.paginate("/repos/a/b/labels"))) == 45
    assert route.call_count == 2


def test_pagination_without_headers_stops_on_a_short_page(api: respx.MockRouter, http: GiteaHTTP) -> None:
    route = api.get("/repos/a/b/labels").mock(
        side_effect=[httpx.Response(200, json=items(1, PAGE_SIZE)), httpx.Response(200, json=items(100, 3))]
    )
    assert len(list(http.paginate("/repos/a/b/labels"))) == PAGE_SIZE + 3
    assert route.call_count == 2


def test_an_endpoint_that_ignores_page_is_read_once(api: respx.MockRouter, http: GiteaHTTP) -> None:
    """An issue's comment list returns everything on every page; repeats end the walk."""
    route = api.get("/repos/a/b/issues/1/comments").respond(200, json=items(1, PAGE_SIZE))
    assert len(list(http.paginate("/repos/a/b/issues/1/comments"))) == PAGE_SIZE
    assert route.call_count == 2


def test_a_list_endpoint_answering_an_object_is_an_error(api: respx.MockRouter, http: GiteaHTTP) -> None:
    api.get("/repos/a/b/labels").respond(200, json={"message": "odd"})
    with pytest.raises(ForgeError, match="not a list"):
        list(http.paginate("/repos/a/b/labels"))


def test_an_injected_transport_is_used() -> None:
    seen: list[httpx.Request] = []

    def answer(request: httpx.Request) -> httpx.Response:
        seen.append(request)
        return httpx.Response(200, json={"login": "bot"})

    client = GiteaHTTP(
        TOKEN, url="http://gitea.local:3000", timeout=1.0, transport=httpx.MockTransport(answer)
    )
    assert client.call("GET", "/user") == {"login": "bot"}
    assert str(seen[0].url) == "http://gitea.local:3000/api/v1/user"
    client.close()
