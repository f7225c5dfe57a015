"""GitHub-style pages: ``page``/``per_page`` slicing and the ``Link`` header pointing at the other pages."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

MAX_PER_PAGE = 100  # GitHub silently caps larger values
DEFAULT_PER_PAGE = 30

_T = TypeVar("_T")


def paginate(items: Sequence[_T], url: str, page: int, per_page: int) -> tuple[list[_T], dict[str, str]]:
    """Page ``page`` of ``items`` and the response headers (``Link`` when other pages exist)."""
    page, per_page = max(page, 1), min(max(per_page, 1), MAX_PER_PAGE)
    start = (page - 1) * per_page
    link = link_header(url, page, per_page, len(items))
    return list(items[start : start + per_page]), ({"Link": link} if link else {})


def link_header(url: str, page: int, per_page: int, total: int) -> str | None:
    """``Link`` with ``next``/``last``/``first``/``prev`` page URLs, or ``None`` when one page holds all."""
    last = max(1, -(-total // per_page))
    relations = []
    if page < last:
        relations += [("next", page + 1), ("last", last)]
    if page > 1:
        relations += [("first", 1), ("prev", min(page - 1, last))]
    parts = urlsplit(url)
    query = [(key, value) for key, value in parse_qsl(parts.query) if key not in ("page", "per_page")]

    def page_url(number: int) -> str:
        return urlunsplit(parts._replace(query=urlencode([*query, ("per_page", per_page), ("page", number)])))

    links = [f'<{page_url(number)}>; rel="{rel}"' for rel, number in relations]
    return ", ".join(links) or None
