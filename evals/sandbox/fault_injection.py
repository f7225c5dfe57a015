"""Injected forge trouble: a share of one account's API and Git calls answered 502 or 429 + ``Retry-After``.

Real forges fail like this (a 502 from a load balancer, a secondary rate limit with ``Retry-After``), and
the bot promises to apply each event once all the same. The fault suite switches injection on through
the admin API (``POST /_sandbox/faults``); it is off by default, so nothing else changes.

Only calls authenticated as the chosen account (the bot, by default) are hit, so the learner's own calls
(opening issues, pushing) and the admin API keep working. Git's first, anonymous request (answered with
a Basic challenge) is not an authenticated call and is never hit. Each kind of call (API, git) draws from
a random source of its own, seeded, so the same calls in the same order are hit again; a kind that got
``1/rate`` calls without a hit has its next call hit, so both kinds are hit once there are enough calls.
The draws stay random, not periodic: a periodic pattern would fail every attempt of a job that makes
more than ``1/rate`` calls, which no real forge does.
"""

from __future__ import annotations

import json
import random
import threading
from dataclasses import dataclass, field
from typing import Literal

from litestar.types import HTTPResponseBodyEvent, HTTPResponseStartEvent, Receive, Scope, Send

from evals.sandbox.auth import Authenticator
from evals.sandbox.gitlab_objects import API_PREFIX as GITLAB_API_PREFIX
from evals.sandbox.http_support import gitlab_authorization
from evals.sandbox.store import BOT_LOGIN

CallKind = Literal["api", "git"]
INJECTABLE = (502, 429)
# Never hit: the sandbox's own admin and model endpoints (the test's controls, not a forge's API).
EXEMPT_PREFIXES = ("/_sandbox", "/model")


@dataclass(frozen=True)
class FaultPlan:
    """Hit ``rate`` of ``login``'s calls, alternating through ``statuses``; 429s carry ``retry_after``."""

    rate: float = 0.0
    statuses: tuple[int, ...] = INJECTABLE
    retry_after: int = 1
    login: str = BOT_LOGIN
    seed: int = 0

    def __post_init__(self) -> None:
        if not 0.0 <= self.rate <= 1.0:
            raise ValueError(f"rate must be within 0..1, got {self.rate}")
        if not self.statuses or any(status not in INJECTABLE for status in self.statuses):
            raise ValueError(f"statuses must be some of {INJECTABLE}, got {self.statuses}")
        if self.retry_after < 0:
            raise ValueError(f"retry_after must not be negative, got {self.retry_after}")


@dataclass
class FaultCounts:
    seen: dict[str, int] = field(default_factory=lambda: {"api": 0, "git": 0})
    injected: dict[str, int] = field(default_factory=lambda: {"api": 0, "git": 0})


class FaultInjector:
    """The switch and its counters; one per sandbox app, safe across uvicorn's threads."""

    def __init__(self, authenticator: Authenticator) -> None:
        self._authenticator = authenticator
        self._lock = threading.Lock()
        self._plan = FaultPlan()
        self._random = {"api": random.Random(0), "git": random.Random(1)}
        self._turn = 0
        self.counts = FaultCounts()

    @property
    def plan(self) -> FaultPlan:
        return self._plan

    def configure(self, plan: FaultPlan) -> None:
        """Replace the plan and start counting again (rate 0 switches injection off)."""
        with self._lock:
            self._plan, self._turn = plan, 0
            self._random = {"api": random.Random(plan.seed), "git": random.Random(plan.seed + 1)}
            self.counts = FaultCounts()

    def status_for(self, scope: Scope) -> int | None:
        """The status to answer ``scope`` with instead of serving it, or None to serve it."""
        plan = self._plan
        if plan.rate <= 0 or str(scope["type"]) != "http":
            return None
        path: str = scope["path"]
        if path.startswith(EXEMPT_PREFIXES) or not self._is_caller(scope, path, plan.login):
            return None
        kind: CallKind = "git" if ".git/" in path else "api"
        with self._lock:
            seen = self.counts.seen[kind] = self.counts.seen[kind] + 1
            overdue = not self.counts.injected[kind] and seen >= round(1 / plan.rate)
            if self._random[kind].random() >= plan.rate and not overdue:
                return None
            self.counts.injected[kind] += 1
            status = plan.statuses[self._turn % len(plan.statuses)]
            self._turn += 1
            return status

    def _is_caller(self, scope: Scope, path: str, login: str) -> bool:
        headers = {key.decode("latin-1").lower(): value.decode("latin-1") for key, value in scope["headers"]}
        authorization = headers.get("authorization")
        if path.startswith(GITLAB_API_PREFIX + "/"):
            authorization = gitlab_authorization(headers.get("private-token"), authorization)
        user = self._authenticator.user_for(authorization)
        return user is not None and user.login == login

    async def answer(self, status: int, send: Send, receive: Receive) -> None:
        """Answer as a forge would: JSON ``message``; a 429 says when to come back."""
        await _drain(receive)
        body = json.dumps({"message": f"sandbox fault injection: {status}"}).encode()
        headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
        if status == 429:
            headers.append((b"retry-after", str(self._plan.retry_after).encode()))
        start: HTTPResponseStartEvent = {"type": "http.response.start", "status": status, "headers": headers}
        await send(start)
        end: HTTPResponseBodyEvent = {"type": "http.response.body", "body": body, "more_body": False}
        await send(end)


async def _drain(receive: Receive) -> None:
    """Read the request body first, so a client still sending (a git push) is not cut off mid-write."""
    while True:
        message = await receive()
        if message["type"] != "http.request" or not message.get("more_body", False):
            return
