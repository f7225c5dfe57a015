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
"""

from __future__ import annotations

import uuid

from redis.asyncio import Redis

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


class DeliveryLedger:
    def __init__(self, client: Redis, ttl_seconds: int) -> None:
        self._ttl = ttl_seconds
        self._claim_and_push = client.register_script(CLAIM_AND_PUSH)

    async def enqueue_first(self, forge: Forge, delivery_key: str, queue: str, message: bytes) -> bool:
        """Push ``message`` onto ``queue`` the first time the delivery is seen; say whether it was."""
        key = KEY.format(forge=forge.value, delivery=delivery_key)
        token = uuid.uuid4().hex
        return bool(await self._claim_and_push(keys=[key, queue], args=[token, self._ttl, message]))
