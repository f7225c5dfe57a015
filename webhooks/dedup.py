"""Delivery deduplication and enqueueing in one Redis call: a claim with ``SET NX``, then the push.

Forges deliver at least once: a redelivery carries the same delivery id, so
the first ``SET NX`` wins and the rest are answered as duplicates. The key
expires after the forge's redelivery window.

The claim and the push onto the worker queue run as one Lua script: one round
trip per delivery, and atomic, so there is never a claim without its message
(nothing to give back when Redis fails half-way) nor a message without its
claim.

Each claim writes a token of its own. The intake's Redis client retries a
command whose connection broke (a Redis restart leaves every pooled
connection dead), and a broken connection may hide a script that did run:
the retry then finds the key taken — by this same claim, which the token
tells apart from another delivery's — and knows its message is queued.

Claims that arrive while one batch is on the wire go out together as the next
batch: one pipeline, one write and one read for all of them (each still its
own script call, run one after another by Redis, so two deliveries with one id
in one batch still claim once). Nothing waits for a batch to fill: a lone
delivery is sent at once, and under load the batch is whatever arrived during
the last round trip. A batch that fails to reach Redis fails every claim in it
(each answered 503, nothing claimed that was not queued).
"""

from __future__ import annotations

import asyncio
import os
from typing import Any

from redis.asyncio import Redis
from redis.exceptions import NoScriptError

from bot.intake.events import Forge
from workers.state_keys import DELIVERY as KEY

# KEYS: the delivery's claim, the queue's list. ARGV: this claim's token, the claim's lifetime, the message.
CLAIM_AND_PUSH = """
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'EX', ARGV[2]) then
  redis.call('LPUSH', KEYS[2], ARGV[3])
  return 1
end
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return 1
end
return 0
"""


Claim = tuple[str, str, str, bytes, "asyncio.Future[Any]"]  # key, queue, token, message, its answer


class DeliveryLedger:
    def __init__(self, client: Redis, ttl_seconds: int) -> None:
        self._client = client
        self._ttl = ttl_seconds
        self._script = client.register_script(CLAIM_AND_PUSH)
        self._waiting: list[Claim] = []
        self._sending: asyncio.Task[None] | None = None

    async def enqueue_first(self, forge: Forge, delivery_key: str, queue: str, message: bytes) -> bool:
        """Push ``message`` onto ``queue`` the first time the delivery is seen; say whether it was."""
        key = KEY.format(forge=forge.value, delivery=delivery_key)
        answer: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._waiting.append((key, queue, os.urandom(16).hex(), message, answer))
        if self._sending is None:
            self._sending = asyncio.create_task(self._send_batches())
        return bool(await answer)

    async def _send_batches(self) -> None:
        """Send what waits, then what arrived meanwhile, until nothing waits."""
        try:
            while self._waiting:
                batch, self._waiting = self._waiting, []
                try:
                    results = await self._run(batch)
                except BaseException as error:  # Redis down, a timeout, or this task cancelled at shutdown
                    for *_, answer in batch:
                        if answer.done():
                            continue
                        if isinstance(error, Exception):
                            answer.set_exception(error)
                        else:
                            answer.cancel()
                    if not isinstance(error, Exception):
                        raise
                    continue
                for (*_, answer), result in zip(batch, results, strict=True):
                    if not answer.done():
                        if isinstance(result, Exception):
                            answer.set_exception(result)
                        else:
                            answer.set_result(result)
        finally:
            self._sending = None

    async def _run(self, batch: list[Claim]) -> list[Any]:
        """One pipeline of script calls; loads the script once if this Redis does not know it (a restart)."""
        if len(batch) == 1:  # a lone claim: the plain script call costs less than a pipeline
            key, queue, token, message, _ = batch[0]
            return [await self._script(keys=[key, queue], args=[token, self._ttl, message])]
        results = await self._pipeline(batch)
        if any(isinstance(result, NoScriptError) for result in results):
            self._script.sha = await self._client.script_load(CLAIM_AND_PUSH)
            again = [
                claim
                for claim, result in zip(batch, results, strict=True)
                if isinstance(result, NoScriptError)
            ]
            rerun = iter(await self._pipeline(again))
            results = [next(rerun) if isinstance(result, NoScriptError) else result for result in results]
        return results

    async def _pipeline(self, batch: list[Claim]) -> list[Any]:
        pipe = self._client.pipeline(transaction=False)
        for key, queue, token, message, _ in batch:
            pipe.execute_command("EVALSHA", self._script.sha, 2, key, queue, token, self._ttl, message)
        async with pipe:
            return list(await pipe.execute(raise_on_error=False))
