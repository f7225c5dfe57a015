"""Delivery deduplication and enqueueing in one Redis call: a claim with ``SET NX``, then the push.

Forges deliver at least once: a redelivery carries the same delivery id, so
the first ``SET NX`` wins and the rest are answered as duplicates. The key
expires after the forge's redelivery window.

The claim and the push onto the worker queue run as one Lua script: one round
trip per delivery, and atomic, so there is never a claim without its message
(nothing to give back when Redis fails half-way) nor a message without its
claim.

The claims travel on one pipelined connection of their own (:class:`ClaimChannel`), not through
redis-py's client: the script call is one command with a one-line answer (``:1``, ``:0`` or an error),
and redis-py's command, script, pool and stream layers cost about three times the round trip itself on
the intake's path. The claims written during one turn of the event loop go out in one write; Redis
answers in order, and each answer settles its claim. Redis runs the script calls one after another, so
two deliveries with one id in one write still claim once. The connection is opened as the app's
client would open it (host and port or Unix socket, TLS, credentials, database: read from that
client's pool), when the first claim needs it.

Failures: an answer Redis does not give within the timeout, or a connection that closes with claims on
it, fails every claim on it (each answered 503 by the caller, nothing claimed that was not queued) and
the connection is dropped. A claim whose connection broke (a Redis restart leaves it dead) or could not
be opened is retried on a new one, a few times with a short backoff, so the first delivery after a
restart is accepted again. A broken connection may hide a script that did run: each claim writes a token
of its own, so the retry finds the key taken by this same claim and knows its message is queued. A
Redis that forgot the script (restarted, ``SCRIPT FLUSH``) answers ``NOSCRIPT``; that claim is sent
again with the script's text, which Redis then keeps.
"""

from __future__ import annotations

import asyncio
import hashlib
import os
import random
from collections import deque
from typing import Any

from redis.asyncio import Redis
from redis.asyncio.connection import SSLConnection, UnixDomainSocketConnection
from redis.credentials import UsernamePasswordCredentialProvider
from redis.exceptions import AuthenticationError, ResponseError
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

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
SCRIPT = CLAIM_AND_PUSH.encode()
SHA = hashlib.sha1(SCRIPT, usedforsecurity=False).hexdigest().encode()
RETRIES = 3  # after the first attempt, for a connection that broke or could not be opened
BACKOFF_SECONDS = (0.05, 0.1, 0.2)  # the most each retry waits, jittered below it
RETRYABLE = (RedisConnectionError, ConnectionError)  # redis-py's, and the OS's (refused, reset, broken pipe)


def command(*parts: bytes) -> bytes:
    """One command in RESP, Redis's wire format: an array of bulk strings."""
    out = [b"*%d\r\n" % len(parts)]
    for part in parts:
        out.append(b"$%d\r\n" % len(part))
        out.append(part)
        out.append(b"\r\n")
    return b"".join(out)


class ClaimChannel(asyncio.Protocol):
    """One connection to Redis that carries commands answered by one line (``+``, ``-`` or ``:``).

    :meth:`call` queues a command and returns the future of its answer: the answer line without its type
    byte and end, as bytes for ``+`` and ``:``, or a :class:`ResponseError` for ``-``. Calls made in one
    turn of the loop go out in one write. Anything else from Redis (a bulk or array answer) is not
    expected on this connection: it is closed, and every call on it fails.
    """

    def __init__(self, timeout: float) -> None:
        self._timeout = timeout
        self._transport: asyncio.Transport | None = None
        self._loop = asyncio.get_running_loop()
        self._answers: deque[asyncio.Future[Any]] = deque()
        self._outgoing: list[bytes] = []
        self._received = b""
        self._writes: deque[tuple[float, asyncio.Future[Any]]] = deque()  # when, and its last answer
        self._watchdog: asyncio.TimerHandle | None = None
        self.closed = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self._transport = transport  # type: ignore[assignment]

    def call(self, request: bytes) -> asyncio.Future[Any]:
        answer = self._loop.create_future()
        if self.closed:
            answer.set_exception(RedisConnectionError("the claim connection to Redis closed"))
            return answer
        if not self._outgoing:
            self._loop.call_soon(self._flush)
        self._outgoing.append(request)
        self._answers.append(answer)
        return answer

    def _flush(self) -> None:
        if self.closed or self._transport is None:
            return
        self._transport.write(b"".join(self._outgoing))
        self._outgoing.clear()
        self._writes.append((self._loop.time(), self._answers[-1]))
        if self._watchdog is None:
            self._watchdog = self._loop.call_later(self._timeout, self._check_answered)

    def _check_answered(self) -> None:
        """The timeout, by one timer for all writes (a timer per write costs more than the rest of a call):
        the connection is stuck if a write's last answer is not in ``timeout`` seconds after it went."""
        self._watchdog = None
        writes = self._writes
        while writes and writes[0][1].done():
            writes.popleft()
        if not writes:
            return
        late = writes[0][0] + self._timeout - self._loop.time()
        if late <= 0:
            self._fail(RedisTimeoutError(f"Redis did not answer within {self._timeout} s"))
        else:
            self._watchdog = self._loop.call_later(late, self._check_answered)

    def data_received(self, data: bytes) -> None:
        received = self._received + data if self._received else data
        start = 0
        while (end := received.find(b"\r\n", start)) >= 0:
            kind, line = received[start : start + 1], received[start + 1 : end]
            start = end + 2
            if not self._answers or kind not in (b"+", b"-", b":"):
                self._fail(RedisConnectionError(f"unexpected answer from Redis: {kind!r}"))
                return
            answer = self._answers.popleft()
            if answer.done():  # its caller gave up (cancelled)
                continue
            if kind == b"-":
                answer.set_exception(ResponseError(line.decode("utf-8", "replace")))
            else:
                answer.set_result(line)
        self._received = received[start:]

    def connection_lost(self, exc: Exception | None) -> None:
        self._fail(RedisConnectionError(f"the claim connection to Redis closed ({exc or 'by Redis'})"))

    def _fail(self, error: Exception) -> None:
        self.closed = True
        if self._watchdog is not None:
            self._watchdog.cancel()
            self._watchdog = None
        self._writes.clear()
        if self._transport is not None:
            self._transport.abort()
        self._outgoing.clear()
        while self._answers:
            answer = self._answers.popleft()
            if not answer.done():
                answer.set_exception(error)

    def close(self) -> None:
        self._fail(RedisConnectionError("the claim connection was closed"))


class DeliveryLedger:
    """Claims deliveries and queues their messages, on the Redis the app's ``client`` points at."""

    def __init__(self, client: Redis, ttl_seconds: int, *, timeout: float | None = None) -> None:
        """``timeout`` for an answer defaults to the client's socket timeout (else 2 s)."""
        # The client's connection settings (address, TLS, credentials, database), never connected itself.
        self._connection = client.connection_pool.make_connection()  # type: ignore[no-untyped-call]
        self._ttl = str(ttl_seconds).encode()
        self._timeout = timeout or self._connection.socket_timeout or 2.0
        self._channel: ClaimChannel | None = None
        self._opening: asyncio.Future[ClaimChannel] | None = None

    async def enqueue_first(self, forge: Forge, delivery_key: str, queue: str, message: bytes) -> bool:
        """Push ``message`` onto ``queue`` the first time the delivery is seen; say whether it was."""
        key = KEY.format(forge=forge.value, delivery=delivery_key).encode()
        arguments = (b"2", key, queue.encode(), os.urandom(16).hex().encode(), self._ttl, message)
        request = command(b"EVALSHA", SHA, *arguments)
        for attempt in range(RETRIES + 1):
            try:
                channel = self._channel
                if channel is None or channel.closed:
                    channel = await self._open()
                try:
                    answer = await channel.call(request)
                except ResponseError as error:
                    if not str(error).startswith("NOSCRIPT"):
                        raise
                    answer = await channel.call(command(b"EVAL", SCRIPT, *arguments))
            except RETRYABLE:
                if attempt == RETRIES:
                    raise
                await asyncio.sleep(random.uniform(0, BACKOFF_SECONDS[attempt]))  # noqa: S311 - jitter
                continue
            return bool(answer == b"1")
        raise AssertionError("unreachable")  # pragma: no cover

    async def _open(self) -> ClaimChannel:
        """The claim connection, opened once for every claim that finds none (they wait on one opening)."""
        if self._opening is None:
            self._opening = asyncio.get_running_loop().create_future()
            try:
                self._channel = await self._connect()
            except BaseException as error:
                if isinstance(error, Exception):
                    self._opening.set_exception(error)
                    self._opening.exception()  # retrieved: no "never retrieved" warning without waiters
                else:  # this claim was cancelled: the others waiting on its opening try again
                    self._opening.set_exception(RedisConnectionError("the claim connection was not opened"))
                    self._opening.exception()
                raise
            else:
                self._opening.set_result(self._channel)
            finally:
                self._opening = None
            return self._channel
        return await asyncio.shield(self._opening)

    async def _connect(self) -> ClaimChannel:
        settings = self._connection
        loop = asyncio.get_running_loop()
        timeout = settings.socket_connect_timeout or self._timeout
        if isinstance(settings, UnixDomainSocketConnection):
            opening = loop.create_unix_connection(lambda: ClaimChannel(self._timeout), settings.path)
        else:
            tls = settings.ssl_context.get() if isinstance(settings, SSLConnection) else None
            opening = loop.create_connection(
                lambda: ClaimChannel(self._timeout), settings.host, settings.port, ssl=tls
            )
        async with asyncio.timeout(timeout):
            _, channel = await opening
        try:
            await self._handshake(channel)
        except BaseException:
            channel.close()
            raise
        return channel

    async def _handshake(self, channel: ClaimChannel) -> None:
        """Credentials and database as the app's client sends them (RESP2: ``AUTH``, then ``SELECT``)."""
        settings = self._connection
        steps: list[asyncio.Future[Any]] = []
        provider = settings.credential_provider
        if provider is None and (settings.username or settings.password):
            provider = UsernamePasswordCredentialProvider(settings.username, settings.password)
        if provider is not None:
            credentials = await provider.get_credentials_async()
            steps.append(channel.call(command(b"AUTH", *(str(part).encode() for part in credentials))))
        if settings.db:
            steps.append(channel.call(command(b"SELECT", str(settings.db).encode())))
        async with asyncio.timeout(self._timeout):
            answers = await asyncio.gather(*steps, return_exceptions=True)
        for answer in answers:
            if isinstance(answer, ResponseError) and provider is not None and answer is answers[0]:
                raise AuthenticationError(str(answer)) from None
            if isinstance(answer, BaseException):
                raise answer

    async def aclose(self) -> None:
        if self._channel is not None:
            self._channel.close()
            self._channel = None
