"""A scripted OpenAI-compatible chat endpoint, so the chat-model agent can be exercised without a model.

Scenario 09 needs the learner's question answered; the sandbox cannot do mathematics, so a scenario
scripts what "the model" says (``POST /_sandbox/model/script``: a phrase to look for in the learner's
text, optionally the name of the JSON schema the request asks for, and the JSON reading to return), so
one note's recognition and, say, its probe reading can get different replies. The bot then reaches
``/model/v1/chat/completions`` with its own sandbox token as the API key, exactly as it would reach a
real provider, and the scenario checks what the bot does with the answer and what it sent
(``GET /_sandbox/model/requests``). A request no script matches gets HTTP 503, which exercises the bot's
visible degradation.
"""

from __future__ import annotations

import json
import threading
from typing import Any

from litestar import Controller, Request, get, post
from litestar.params import JSONBody
from litestar.response import Response

from evals.sandbox.http_support import learner_only

JSON = dict[str, Any]


class ScriptedModel:
    """(Phrase, schema) → reading, plus every request body received, in order (thread-safe: sync handlers)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._script: list[tuple[str, str, JSON]] = []
        self.requests: list[JSON] = []

    def add(self, phrase: str, reading: JSON, schema: str = "") -> None:
        """``reading`` for requests mentioning ``phrase`` and, when ``schema`` is given, asking for it."""
        with self._lock:
            self._script.append((phrase.lower(), schema, reading))

    def answer(self, body: JSON) -> JSON | None:
        """The reading scripted first for a phrase in the request's user text (and its schema), if any."""
        with self._lock:
            self.requests.append(body)
            text = json.dumps(body.get("messages", [])[-1:]).lower()
            asked = schema_name(body)
            found = (r for phrase, schema, r in self._script if phrase in text and schema in ("", asked))
            return next(found, None)


def schema_name(body: JSON) -> str:
    """The name of the JSON schema a chat request asks the reply to follow ("" when it names none)."""
    format_ = body.get("response_format")
    schema = format_.get("json_schema") if isinstance(format_, dict) else None
    name = schema.get("name") if isinstance(schema, dict) else None
    return name if isinstance(name, str) else ""


def _model(request: Request[Any, Any, Any]) -> ScriptedModel:
    model: ScriptedModel = request.app.state.model
    return model


@post("/model/v1/chat/completions", status_code=200, sync_to_thread=False)
def chat_completions(request: Request[Any, Any, Any], data: JSONBody[JSON]) -> Response[JSON]:
    """Answer as an OpenAI-compatible endpoint does: the reading as the assistant message's JSON content."""
    reading = _model(request).answer(data)
    if reading is None:
        return Response({"error": {"message": "no scripted reply for this request"}}, status_code=503)
    message = {"role": "assistant", "content": json.dumps(reading)}
    return Response({"object": "chat.completion", "choices": [{"index": 0, "message": message}]})


SANDBOX_MODEL = "sandbox-model"


@get("/model/v1/models", sync_to_thread=False)
def list_models() -> JSON:
    """OpenAI's model list, the cheap call a deployment check makes to see the model answers."""
    return {"object": "list", "data": [{"id": SANDBOX_MODEL, "object": "model", "owned_by": "sandbox"}]}


class ScriptedModelController(Controller):
    """The learner-only side: script the model, read what it was sent."""

    path = "/_sandbox/model"
    guards = (learner_only,)

    @post("/script", sync_to_thread=False)
    def script(self, request: Request[Any, Any, Any], data: JSONBody[JSON]) -> Response[JSON]:
        _model(request).add(str(data["phrase"]), dict(data["reading"]), str(data.get("schema", "")))
        return Response({"scripted": data["phrase"]}, status_code=201)

    @get("/requests", sync_to_thread=False)
    def received(self, request: Request[Any, Any, Any]) -> list[JSON]:
        return list(_model(request).requests)
