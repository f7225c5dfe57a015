"""Structured JSON logs for every process, one object per line.

Log lines carry delivery ids, repository slugs and event keys — never tokens,
never learner text. Handlers and tasks bind those identifiers once with
:func:`event_context` and ``structlog.contextvars.bound_contextvars``, so every
line inside a request or task carries them, including the lines Celery and
uvicorn write through the standard library: those are rendered as JSON too,
with the same bound context, so an operator greps one format for one delivery
id. Only a record's message is rendered, never its ``extra`` data (Celery puts
task arguments — the learner's text — there).
"""

from __future__ import annotations

import logging
import sys
import traceback
from typing import Protocol, TextIO

import structlog

from bot.intake.events import Forge, InboundEvent, event_key

_handler: logging.Handler | None = None


def configure_logging(level: str = "INFO", *, stream: TextIO | None = None) -> None:
    """Render structlog and standard-library records as JSON lines.

    structlog writes to ``stream`` (default stdout) and standard-library
    records to ``stream`` (default stderr), as before. Loggers are not cached
    on first use, so calling this again (tests capture INFO lines after the
    suite configured WARNING) takes effect everywhere; the price is a
    microsecond or so per log call.
    """
    global _handler  # noqa: PLW0603 - one root handler per process, replaced on reconfiguration
    numeric = logging.getLevelName(level.upper())
    shared: list[structlog.types.Processor] = [
        structlog.contextvars.merge_contextvars,
        structlog.processors.add_log_level,
        structlog.processors.TimeStamper(fmt="iso", utc=True),
    ]
    structlog.configure(
        processors=[*shared, structlog.processors.format_exc_info, structlog.processors.JSONRenderer()],
        wrapper_class=structlog.make_filtering_bound_logger(numeric),
        logger_factory=structlog.PrintLoggerFactory(stream),
        cache_logger_on_first_use=False,
    )
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(
        structlog.stdlib.ProcessorFormatter(
            foreign_pre_chain=[*shared, structlog.stdlib.add_logger_name],
            processors=[
                structlog.stdlib.ProcessorFormatter.remove_processors_meta,
                structlog.processors.format_exc_info,
                structlog.processors.JSONRenderer(),
            ],
        )
    )
    root = logging.getLogger()
    if _handler is not None:
        root.removeHandler(_handler)
    root.addHandler(handler)
    root.setLevel(numeric)
    _handler = handler


def safe_traceback(error: BaseException) -> str:
    """Where ``error`` (and what caused it) was raised: frames and exception types, no messages.

    An exception's message may quote its input — a learner's note, a header
    value — so only the type of each exception in the chain is written, with
    the full stack of frames that raised it.
    """
    parts: list[str] = []
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        frames = "".join(traceback.format_tb(current.__traceback__))
        parts.append(f"{type(current).__module__}.{type(current).__qualname__}\n{frames}")
        current = current.__cause__ or current.__context__
    return "\nwhile handling, or caused by:\n".join(parts)


class Delivery(Protocol):
    """Any parsed delivery, used or not (the intake's ``Ignored`` too): all it must tell is its id."""

    @property
    def delivery_id(self) -> str: ...


def event_context(forge: Forge, event: InboundEvent | Delivery) -> dict[str, str]:
    """The identifiers bound to every log line about one delivery: never its text."""
    context = {"forge": forge.value, "delivery": event.delivery_id}
    if isinstance(event, InboundEvent):
        if event.repo is not None:
            context["repo"] = event.repo.slug
        context["event_key"] = event_key(event)
    return context
