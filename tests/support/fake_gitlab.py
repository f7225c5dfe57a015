"""A recording fake of GitLab's notes API at the HTTP boundary (``responses``).

python-gitlab speaks ``requests`` (respx cannot see it), so ``responses``
answers its real HTTP requests from in-memory notes shaped like GitLab's
REST answers. Issues and merge requests keep separate notes under the same
iid, as on GitLab, and an iid that does not exist answers 404. Every request
is recorded as ``(method, path with query, JSON body)`` for exact assertions.
One shared fake for every test that needs GitLab's API.
"""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import unquote, urlsplit

import requests
import responses

URL = "https://gitlab.example"
API = f"{URL}/api/v4/"
BOT = {"id": 99, "username": "project_7_bot_3f2a1c", "name": "GitLearnOS", "bot": True}
KINDS = {"issues": False, "merge_requests": True}

Answer = tuple[int, dict[str, str], str]


def json_body(request: requests.PreparedRequest) -> Any:
    """The JSON a request sent, or ``None`` without a body."""
    body = request.body
    if not body:
        return None
    assert isinstance(body, str | bytes), "python-gitlab sends JSON bodies whole"
    return json.loads(body)


def requests_made(calls: responses.CallList) -> list[tuple[str, str, Any]]:
    """Each request as (method, path as sent + decoded query, JSON body or None).

    The path stays as sent, so a project path shows its ``%2F`` encoding.
    """
    made = []
    for call in calls:
        request = call.request
        parts = urlsplit(request.url or "")
        path = parts.path + (f"?{unquote(parts.query)}" if parts.query else "")
        made.append((request.method or "", path, json_body(request)))
    return made


class FakeGitLabNotes:
    """Notes on ``project`` threads; ``issues``/``merge_requests`` are the iids that exist."""

    def __init__(
        self,
        rsps: responses.RequestsMock,
        *,
        project: str = "learner/notes",
        issues: tuple[int, ...] = (),
        merge_requests: tuple[int, ...] = (),
    ) -> None:
        self.notes: dict[tuple[bool, int], list[dict[str, Any]]] = {}
        for number in issues:
            self.notes[(False, number)] = []
        for number in merge_requests:
            self.notes[(True, number)] = []
        self._next_id = 500
        base = re.escape(API + "projects/" + project.replace("/", "%2F"))
        thread = base + r"/(?P<kind>issues|merge_requests)/(?P<iid>\d+)/notes"
        rsps.add_callback(responses.GET, re.compile(thread + r"(\?.*)?$"), callback=self._list)
        rsps.add_callback(responses.POST, re.compile(thread + "$"), callback=self._create)
        rsps.add_callback(responses.PUT, re.compile(thread + r"/(?P<note>\d+)$"), callback=self._edit)
        self._thread = re.compile(thread)

    def add_note(self, is_pull_request: bool, number: int, body: str, **fields: Any) -> dict[str, Any]:
        self._next_id += 1
        note = {
            "id": self._next_id,
            "body": body,
            "author": dict(BOT),
            "created_at": "2026-03-01T10:00:00.000Z",
            "updated_at": "2026-03-01T10:00:00.000Z",
            "system": False,
            "noteable_iid": number,
            "noteable_type": "MergeRequest" if is_pull_request else "Issue",
        } | fields
        self.notes[(is_pull_request, number)].append(note)
        return note

    def bodies(self, is_pull_request: bool, number: int) -> list[str]:
        return [note["body"] for note in self.notes.get((is_pull_request, number), [])]

    def _thread_of(self, request: requests.PreparedRequest) -> tuple[bool, int] | None:
        match = self._thread.search(request.url or "")
        assert match is not None
        key = (KINDS[match["kind"]], int(match["iid"]))
        return key if key in self.notes else None

    def _list(self, request: requests.PreparedRequest) -> Answer:
        key = self._thread_of(request)
        if key is None:
            return 404, {}, json.dumps({"message": "404 Not found"})
        return 200, {"Content-Type": "application/json"}, json.dumps(self.notes[key][::-1])

    def _create(self, request: requests.PreparedRequest) -> Answer:
        key = self._thread_of(request)
        if key is None:
            return 404, {}, json.dumps({"message": "404 Not found"})
        note = self.add_note(*key, json_body(request)["body"])
        return 201, {"Content-Type": "application/json"}, json.dumps(note)

    def _edit(self, request: requests.PreparedRequest) -> Answer:
        key = self._thread_of(request)
        note_id = int((request.url or "").rsplit("/", 1)[-1])
        for note in self.notes.get(key, []) if key else []:
            if note["id"] == note_id:
                note["body"] = json_body(request)["body"]
                return 200, {"Content-Type": "application/json"}, json.dumps(note)
        return 404, {}, json.dumps({"message": "404 Not found"})
