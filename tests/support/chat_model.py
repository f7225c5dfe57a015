"""A scripted OpenAI-compatible chat endpoint at the HTTP edge, and the chat-model agent pointed at it.

Only the network is faked: the bot's own client (:class:`workers.chat_agent.ChatModelAgent`) builds and
sends each request, and the endpoint answers with whatever JSON a test scripts — including replies a
misbehaving model would give (extra keys, values that obey an injection).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import httpx

from workers.chat_agent import ChatModelAgent

API_KEY = "sk-test-not-a-real-key"
MODEL_NAME = "tutor-1"


class Endpoint:
    """An OpenAI-compatible ``/chat/completions`` that records requests and answers as scripted."""

    def __init__(self, respond: Callable[[dict[str, Any]], httpx.Response]) -> None:
        self.requests: list[httpx.Request] = []
        self._respond = respond

    def __call__(self, request: httpx.Request) -> httpx.Response:
        self.requests.append(request)
        return self._respond(json.loads(request.content))

    def agent(self) -> ChatModelAgent:
        return ChatModelAgent(
            base_url="https://model.example.invalid/v1",
            model=MODEL_NAME,
            api_key=API_KEY,
            transport=httpx.MockTransport(self),
        )

    def sent(self, index: int = -1) -> dict[str, Any]:
        """The JSON body of one request the bot sent (the last by default)."""
        body: dict[str, Any] = json.loads(self.requests[index].content)
        return body


def replying(content: dict[str, Any]) -> Endpoint:
    """An endpoint whose every reply is ``content`` as the assistant message's JSON."""
    body = {"choices": [{"message": {"role": "assistant", "content": json.dumps(content)}}]}
    return Endpoint(lambda _request: httpx.Response(200, json=body))
