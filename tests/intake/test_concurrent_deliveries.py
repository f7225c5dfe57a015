"""Claims arriving together travel to Redis in one batch, and each delivery is still claimed once.

The ledger sends the claims that arrived during a round trip as one pipeline (:mod:`webhooks.dedup`).
Concurrent deliveries must each get their own answer: a redelivery in the same batch as its first
delivery is a duplicate (its message not queued twice), distinct deliveries are all queued in order of
arrival, and a Redis that forgot the claim script (restarted, or ``SCRIPT FLUSH``) still claims and
queues every one of them. The ledger is driven directly, on the serving client the app uses, because
only concurrent callers on one event loop make a batch.
"""

from __future__ import annotations

import asyncio

import redis

from bot.intake.events import Forge
from webhooks.app import redis_client
from webhooks.dedup import DeliveryLedger

QUEUE = "events"


async def claim_all(redis_url: str, deliveries: list[str], *, flush_scripts: bool = False) -> list[bool]:
    """Claim every delivery at once, each with a message naming it; the answers in the same order."""
    client = redis_client(redis_url)
    try:
        ledger = DeliveryLedger(client, 600)
        await ledger.enqueue_first(Forge.GITHUB, "warm-up", QUEUE, b"warm-up")  # the script is known
        if flush_scripts:
            await client.script_flush()
        claims = (ledger.enqueue_first(Forge.GITHUB, d, QUEUE, d.encode()) for d in deliveries)
        return list(await asyncio.gather(*claims))
    finally:
        await client.aclose()


def queued(redis_url: str) -> list[str]:
    """The messages on the queue, oldest first, without the warm-up."""
    raw = redis.Redis.from_url(redis_url, decode_responses=True).lrange(QUEUE, 0, -1)
    messages = [str(m) for m in reversed(raw)]
    return [m for m in messages if m != "warm-up"]


def test_a_redelivery_in_the_same_batch_is_a_duplicate_and_queues_nothing(redis_url: str) -> None:
    ids = [f"delivery-{n}" for n in range(12)]
    answers = asyncio.run(claim_all(redis_url, ids + ids))
    assert answers == [True] * 12 + [False] * 12
    assert queued(redis_url) == ids


def test_a_burst_is_queued_after_redis_forgot_the_claim_script(redis_url: str) -> None:
    ids = [f"after-flush-{n}" for n in range(16)]
    answers = asyncio.run(claim_all(redis_url, ids, flush_scripts=True))
    assert answers == [True] * 16
    assert queued(redis_url) == ids
