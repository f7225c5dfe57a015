"""Delivery deduplication with Redis ``SET NX``.

Forges deliver at least once: a redelivery carries the same delivery id, so
the first ``SET NX`` wins and the rest are answered as duplicates. The key
expires after the forge's redelivery window. If enqueueing fails after the
claim, the claim is released so the forge's retry can succeed.

Each claim writes a token of its own. The intake's Redis client retries a
command whose connection broke (a Redis restart leaves every pooled
connection dead), and a broken connection may hide a ``SET`` that did land:
the retry then finds the key taken — by this same claim, which the token
tells apart from another delivery's.
"""

from __future__ import annotations

import uuid

from redis.asyncio import Redis

from bot.intake.events import Forge
from workers.state_keys import DELIVERY as KEY


class DeliveryLedger:
    def __init__(self, client: Redis, ttl_seconds: int) -> None:
        self._client = client
        self._ttl = ttl_seconds

    async def claim(self, forge: Forge, delivery_key: str) -> bool:
        """True the first time a delivery is seen, False for every repeat."""
        key = KEY.format(forge=forge.value, delivery=delivery_key)
        token = uuid.uuid4().hex
        if await self._client.set(key, token, nx=True, ex=self._ttl):
            return True
        holder = await self._client.get(key)
        return holder in (token, token.encode())

    async def release(self, forge: Forge, delivery_key: str) -> None:
        await self._client.delete(KEY.format(forge=forge.value, delivery=delivery_key))
