"""kombu on a closed broker connection: a connection error the worker recovers from, never an AttributeError.

When Redis restarted under a busy worker, a channel of the closed connection restored its unacked
messages, read ``None.hostname`` and the worker died ("Unrecoverable error: AttributeError").
"""

from __future__ import annotations

import pytest
import redis
from kombu import Connection

import workers.celery_app  # noqa: F401 - applies the workaround, as every worker process does


def test_a_closed_connections_channel_raises_a_connection_error(redis_url: str) -> None:
    connection = Connection(redis_url)
    channel = connection.channel()
    connection._do_close_transport()  # what losing the broker does to the connection
    channel._disconnect_pools()
    with pytest.raises(redis.exceptions.ConnectionError) as raised:
        channel.pool  # noqa: B018 - the property is the call under test
    assert isinstance(raised.value, channel.connection_errors)


def test_a_closed_transport_batches_nothing(redis_url: str) -> None:
    connection = Connection(redis_url)
    transport = connection.transport
    connection._close()
    assert transport.supports_batch_publish is False
