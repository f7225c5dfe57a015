"""Typed readers for the fields of a decoded webhook payload, shared by every forge. Pure.

Payloads are signed but not trusted to be well formed, so a reader takes
exactly the JSON type a field has on the forge and refuses any other with a
:class:`PayloadShapeError` that names the field, never its value. No
coercion: ``int(1.5)``, ``int(True)`` and ``int("7")`` all "work" in Python
and would make issue 1, 1 and 7 out of a payload that names none of them.
A field that is absent or ``null`` is "not given"; one of the wrong type is
malformed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class PayloadShapeError(ValueError):
    """The payload is JSON but not shaped as its reader needs; the message names fields, never values."""


def whole_number(value: object, what: str) -> int:
    """A JSON integer (not a float, not a boolean, not a numeric string)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise PayloadShapeError(f"{what} is not a whole number")
    return value


def optional_whole_number(value: object, what: str) -> int | None:
    return None if value is None else whole_number(value, what)


def user_id(value: object) -> int | str | None:
    """An account id as given (GitLab's older payloads have none); anything else is "unknown"."""
    if isinstance(value, bool) or not isinstance(value, int | str):
        return None
    return value


def text(value: object, what: str) -> str:
    """A JSON string; ``null`` or absent is the empty text."""
    if value is None:
        return ""
    if not isinstance(value, str):
        raise PayloadShapeError(f"{what} is not a string")
    return value


def json_object(value: object, what: str) -> Mapping[str, Any]:
    """A JSON object the reader cannot do without."""
    if not isinstance(value, Mapping):
        raise PayloadShapeError(f"{what} is not an object")
    return value


def optional_object(value: object, what: str) -> Mapping[str, Any]:
    """A JSON object that may be absent or ``null`` (then empty), but nothing else."""
    return {} if value is None else json_object(value, what)


def object_list(value: object, what: str) -> list[Mapping[str, Any]]:
    """A JSON array of objects; ``null`` or absent is the empty list."""
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(item, Mapping) for item in value):
        raise PayloadShapeError(f"{what} is not a list of objects")
    return value
