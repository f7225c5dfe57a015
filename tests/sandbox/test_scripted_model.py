"""The sandbox's scripted chat model tells one note's judgements apart by the schema each request asks for.

A scenario scripts the recognition of a note and, say, the reading of a probe answer that quotes the same
note; both requests mention the same words, so only the schema name can route each to its own reply.
"""

from __future__ import annotations

from typing import Any

from evals.sandbox.model_api import ScriptedModel


def request(text: str, schema: str | None) -> dict[str, Any]:
    body: dict[str, Any] = {"messages": [{"role": "user", "content": text}]}
    if schema is not None:
        body["response_format"] = {"type": "json_schema", "json_schema": {"name": schema, "schema": {}}}
    return body


def test_a_script_naming_a_schema_answers_only_requests_for_that_schema() -> None:
    model = ScriptedModel()
    model.add("derivatives", {"kind": "teaching"}, schema="teaching_start")
    model.add("derivatives", {"kind": "reading"}, schema="reading")
    assert model.answer(request("Teach me derivatives", "reading")) == {"kind": "reading"}
    assert model.answer(request("Teach me derivatives", "teaching_start")) == {"kind": "teaching"}
    assert model.answer(request("Teach me derivatives", "verdict")) is None
    assert len(model.requests) == 3, "every request is kept, answered or not"


def test_a_script_without_a_schema_answers_any_request_mentioning_its_phrase() -> None:
    model = ScriptedModel()
    model.add("logarithm", {"kind": "any"})
    assert model.answer(request("A logarithm equation", "questions")) == {"kind": "any"}
    assert model.answer(request("A logarithm equation", None)) == {"kind": "any"}
    assert model.answer(request("Something else", None)) is None
