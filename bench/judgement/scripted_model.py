"""A scripted chat model: the product's chat-model agent, answered at the HTTP edge from the corpus.

The endpoint replies to each message with the corpus's own label and subject, except for a fixed few
per cent of messages (chosen by a hash of the text, so every run flips the same ones) where it turns the
label: durable → incidental, incidental → durable, ambiguous → durable. An imperfect model that calls
small talk "durable" names no subject for it, so the figures show what the core's validation does with
such a reading — it may ask, but it must not file. No network: :class:`httpx.MockTransport` answers.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter

import httpx

from bench.judgement.corpus import Label, Message
from bench.judgement.recognition import Decision, RecognitionReport, decide
from workers.chat_agent import ChatModelAgent

MODEL = "scripted-judgement-model"
FLIPPED: dict[Label, Label] = {"durable": "incidental", "incidental": "durable", "ambiguous": "durable"}


def flipped(message: Message, noise_percent: int) -> bool:
    digest = hashlib.sha256(f"{message.lang}\n{message.text}".encode()).digest()
    return int.from_bytes(digest[:4], "big") % 100 < noise_percent


def scripted_label(message: Message, noise_percent: int) -> Label:
    return FLIPPED[message.label] if flipped(message, noise_percent) else message.label


class ScriptedEndpoint:
    """An OpenAI-compatible ``/chat/completions`` that reads the message currently being recognized.

    The reply is keyed on the message the benchmark is asking about, not parsed back out of the prompt,
    so a change to how the agent words its prompt cannot change the script. Requests are counted by the
    JSON schema they ask for, so a call the script does not know (a new judgement) shows in the report.
    """

    def __init__(self, noise_percent: int) -> None:
        self.noise_percent = noise_percent
        self.current: Message | None = None
        self.calls: Counter[str] = Counter()

    def __call__(self, request: httpx.Request) -> httpx.Response:
        sent = json.loads(request.content)
        self.calls[str(sent.get("response_format", {}).get("json_schema", {}).get("name", "?"))] += 1
        if self.current is None:
            return httpx.Response(503, json={"error": "no message is being recognized"})
        reading = {
            "learning_event": scripted_label(self.current, self.noise_percent),
            "subject": self.current.subject or "",
            "answer": "",
            "seen_in_media": "",
        }
        message = {"role": "assistant", "content": json.dumps(reading)}
        return httpx.Response(200, json={"choices": [{"index": 0, "message": message}]})

    def agent(self) -> ChatModelAgent:
        return ChatModelAgent(
            base_url="https://model.example.invalid/v1", model=MODEL, transport=httpx.MockTransport(self)
        )


class ScriptedRecognizer:
    """The chat-model agent with the endpoint told which message each recognition is about."""

    def __init__(self, endpoint: ScriptedEndpoint) -> None:
        self.endpoint = endpoint
        self._agent = endpoint.agent()

    def decide(self, message: Message) -> Decision:
        self.endpoint.current = message
        try:
            return decide(self._agent, message)
        finally:
            self.endpoint.current = None


def score(corpus: list[Message], noise_percent: int) -> tuple[RecognitionReport, ScriptedEndpoint]:
    """Recognition figures for the scripted model, and the endpoint (its call counts) for the report."""
    endpoint = ScriptedEndpoint(noise_percent)
    recognizer = ScriptedRecognizer(endpoint)
    report = RecognitionReport.from_decisions([recognizer.decide(message) for message in corpus])
    return report, endpoint
