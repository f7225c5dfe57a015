"""Delivery deduplication with Redis ``SET NX``.

Forges deliver at least once: a redelivery carries the same delivery id, so
the first ``SET NX`` wins and the rest are answered as duplicates. The key
expires after the forge's redelivery window. If enqueueing fails after the
claim, the claim is released so the forge's retry can succeed.
"""

from __future__ import annotations

from redis.asyncio import Redis

from bot.events import Forge

KEY = "gitlearnos:delivery:{forge}:{delivery}"


class DeliveryLedger:
    def __init__(self, client: Redis, ttl_seconds: int) -> None:
        self._client = client
        self._ttl = ttl_seconds

    async def claim(self, forge: Forge, delivery_key: str) -> bool:
        """True the first time a delivery is seen, False for every repeat."""
        key = KEY.format(forge=forge.value, delivery=delivery_key)
        return bool(await self._client.set(key, "1", nx=True, ex=self._ttl))

    async def release(self, forge: Forge, delivery_key: str) -> None:
        await self._client.delete(KEY.format(forge=forge.value, delivery=delivery_key))
