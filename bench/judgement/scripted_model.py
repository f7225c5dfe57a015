"""A scripted chat model: the product's chat-model agent, answered at the HTTP edge from the corpus.

The endpoint replies with the corpus's own labels, except for a fixed few per cent of rows (chosen by a
hash of the row, so every run turns the same ones) where it turns the label:

- a message's reading: durable → incidental, incidental → durable, ambiguous → durable. A turned
  "durable" names no subject (the corpus has none for it), so the figures show what the core's check
  does with a reading the model could not place: it may ask, it must not file.
- an answer's verdict: correct → incorrect, incorrect → correct, cannot-tell → correct. Nothing in
  evaluation can catch a confident wrong verdict, so these show as false ``correct``: the load the
  mastery gates (delay, independence) have to carry.

No network: :class:`httpx.MockTransport` answers in-process. The reply is keyed on the row the benchmark
is asking about, never parsed back out of the prompt, so a change in how the agent words its prompt
cannot change the script.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager

import httpx

from bench.judgement.corpus import AnswerPair, Label, Message, Verdict
from bench.judgement.evaluation import VERDICT_OF_JUDGE, EvaluationReport
from bench.judgement.evaluation import score as score_answers
from bench.judgement.recognition import Decision, RecognitionReport, decide
from bot.intake.judgements import AnswerToJudge
from workers.chat_agent import ChatModelAgent

MODEL = "scripted-judgement-model"
TURNED_LABEL: dict[Label, Label] = {"durable": "incidental", "incidental": "durable", "ambiguous": "durable"}
TURNED_VERDICT: dict[Verdict, Verdict] = {
    "correct": "incorrect",
    "incorrect": "correct",
    "cannot-tell": "correct",
}


def turned(row: Message | AnswerPair, noise_percent: int) -> bool:
    """Whether the script answers ``row`` wrongly: the same few rows on every run."""
    seed = f"{row.lang}\n{row.text}" if isinstance(row, Message) else f"{row.key}\n{row.answer}"
    digest = hashlib.sha256(seed.encode()).digest()
    return int.from_bytes(digest[:4], "big") % 100 < noise_percent


def scripted_label(message: Message, noise_percent: int) -> Label:
    return TURNED_LABEL[message.label] if turned(message, noise_percent) else message.label


def scripted_verdict(pair: AnswerPair, noise_percent: int) -> Verdict:
    return TURNED_VERDICT[pair.verdict] if turned(pair, noise_percent) else pair.verdict


class ScriptedEndpoint:
    """An OpenAI-compatible ``/chat/completions`` that answers for the row currently being judged.

    Requests are counted by the JSON schema they ask for; a schema the script does not answer (a new
    judgement, or a reading asked for with no row) gets HTTP 501, which the agent reports as a failed
    call, so it shows in the counts instead of passing for the model's judgement.
    """

    def __init__(self, noise_percent: int) -> None:
        self.noise_percent = noise_percent
        self.current: Message | AnswerPair | None = None
        self.calls: Counter[str] = Counter()

    @contextmanager
    def about(self, row: Message | AnswerPair) -> Iterator[None]:
        self.current = row
        try:
            yield
        finally:
            self.current = None

    def __call__(self, request: httpx.Request) -> httpx.Response:
        schema = json.loads(request.content).get("response_format", {}).get("json_schema", {})
        name = str(schema.get("name", "?"))
        self.calls[name] += 1
        reply = self._reply(name)
        if reply is None:
            return httpx.Response(501, json={"error": f"the script does not answer {name!r}"})
        message = {"role": "assistant", "content": json.dumps(reply)}
        return httpx.Response(200, json={"choices": [{"index": 0, "message": message}]})

    def _reply(self, name: str) -> dict[str, str] | None:
        row = self.current
        if name == "reading" and isinstance(row, Message):
            label = scripted_label(row, self.noise_percent)
            subject = row.subject or ""
            return {"learning_event": label, "subject": subject, "answer": "", "seen_in_media": ""}
        if name == "verdict" and isinstance(row, AnswerPair):
            return {"verdict": scripted_verdict(row, self.noise_percent), "reason": "scripted"}
        return None

    def agent(self) -> ChatModelAgent:
        return ChatModelAgent(
            base_url="https://model.example.invalid/v1", model=MODEL, transport=httpx.MockTransport(self)
        )


def recognize(endpoint: ScriptedEndpoint, corpus: list[Message]) -> RecognitionReport:
    """Recognition figures for the chat-model agent, each message read by the script."""
    agent = endpoint.agent()
    decisions: list[Decision] = []
    for message in corpus:
        with endpoint.about(message):
            decisions.append(decide(agent, message))
    return RecognitionReport.from_decisions(decisions)


def evaluate(endpoint: ScriptedEndpoint, pairs: list[AnswerPair]) -> EvaluationReport:
    """Answer-evaluation figures for the chat-model agent's ``judge_answer``, each verdict scripted."""
    agent = endpoint.agent()
    by_text = {(pair.answer, pair.key): pair for pair in pairs}

    def judge(answer: str, key: str) -> tuple[Verdict, str]:
        with endpoint.about(by_text[answer, key]):
            given = agent.judge_answer(AnswerToJudge(question="", answer=answer, key=key))
        return VERDICT_OF_JUDGE[given.verdict], given.reason

    return score_answers(pairs, judge=judge)
