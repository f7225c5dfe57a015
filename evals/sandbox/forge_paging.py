"""Pages the GitLab and Gitea ways: which query parameter sizes a page, its default and cap, and the
headers that describe the result.

- GitLab: ``page``/``per_page`` (default 20, at most 100); ``X-Page``, ``X-Per-Page``, ``X-Next-Page``,
  ``X-Prev-Page`` (empty when there is none), ``X-Total``, ``X-Total-Pages``, and a ``Link`` header that
  always names ``first`` and ``last``.
- Gitea: ``page``/``limit`` (default 30, at most 50, Gitea's ``MAX_RESPONSE_ITEMS``); ``X-Total-Count``
  and a ``Link`` header with ``next``/``last`` and ``first``/``prev`` only where they lead somewhere.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Generic, Literal, Protocol, TypeVar
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

OrderBy = Literal["created_at", "updated_at"]
SortOrder = Literal["asc", "desc"]
_T = TypeVar("_T")


class Listed(Protocol):
    """What list endpoints order by: issues and comments both have these."""

    @property
    def id(self) -> int: ...
    @property
    def created_at(self) -> datetime: ...
    @property
    def updated_at(self) -> datetime: ...


_L = TypeVar("_L", bound=Listed)


@dataclass(frozen=True)
class Page(Generic[_T]):
    items: list[_T]
    number: int
    size: int
    total: int

    @property
    def last(self) -> int:
        return max(1, -(-self.total // self.size))

    @property
    def next(self) -> int | None:
        return self.number + 1 if self.number < self.last else None

    @property
    def prev(self) -> int | None:
        return min(self.number - 1, self.last) if self.number > 1 else None


def _gitlab_counts(page: Page[Any]) -> dict[str, str]:
    return {
        "X-Page": str(page.number),
        "X-Per-Page": str(page.size),
        "X-Next-Page": str(page.next or ""),
        "X-Prev-Page": str(page.prev or ""),
        "X-Total": str(page.total),
        "X-Total-Pages": str(page.last),
    }


def _gitea_counts(page: Page[Any]) -> dict[str, str]:
    return {"X-Total-Count": str(page.total)}


@dataclass(frozen=True)
class PageStyle:
    """One forge's paging: the size parameter, its default and cap, and the headers besides ``Link``."""

    size_param: str
    default_size: int
    max_size: int
    always_first_last: bool
    counts: Callable[[Page[Any]], dict[str, str]]


GITLAB = PageStyle("per_page", 20, max_size=100, always_first_last=True, counts=_gitlab_counts)
GITEA = PageStyle("limit", 30, max_size=50, always_first_last=False, counts=_gitea_counts)


def ordered(items: Sequence[_L], order_by: OrderBy = "created_at", sort: SortOrder = "desc") -> list[_L]:
    """Sorted by ``order_by``, ties broken by id (timestamps are whole seconds), newest first by default."""

    def key(item: _L) -> tuple[datetime, int]:
        return (item.created_at if order_by == "created_at" else item.updated_at), item.id

    return sorted(items, key=key, reverse=sort == "desc")


def take_page(items: Sequence[_T], style: PageStyle, page: int | None, size: int | None) -> Page[_T]:
    """Page ``page`` (from 1) of ``items``, ``size`` capped to the forge's limit (a larger ask is cut)."""
    number = max(page or 1, 1)
    size = min(max(size or style.default_size, 1), style.max_size)
    start = (number - 1) * size
    return Page(list(items[start : start + size]), number, size, len(items))


def link_header(url: str, style: PageStyle, page: Page[_T]) -> str | None:
    """``Link`` with the other pages' URLs, keeping the request's other query parameters."""
    relations: list[tuple[str, int]] = []
    if page.prev is not None:
        relations += [("prev", page.prev)]
    if page.next is not None:
        relations += [("next", page.next)]
    if style.always_first_last or page.prev is not None:
        relations.insert(0, ("first", 1))
    if style.always_first_last or page.next is not None:
        relations.append(("last", page.last))
    parts = urlsplit(url)
    query = [(k, v) for k, v in parse_qsl(parts.query) if k not in ("page", style.size_param)]

    def page_url(number: int) -> str:
        params = [*query, ("page", number), (style.size_param, page.size)]
        return urlunsplit(parts._replace(query=urlencode(params)))

    return ", ".join(f'<{page_url(number)}>; rel="{rel}"' for rel, number in relations) or None


def page_headers(url: str, style: PageStyle, page: Page[_T]) -> dict[str, str]:
    """The headers that describe ``page`` the ``style`` way: its counts, then ``Link`` if it has one."""
    link = link_header(url, style, page)
    return style.counts(page) | ({"Link": link} if link else {})
