"""``gitlearnos doctor``: check a deployment from its settings before the first note is lost.

Every misconfiguration the bot cannot see from its own side — a wrong or missing secret, a token
without scopes, a public repository, a webhook missing, aimed elsewhere or deaf to an event, no beat, a
Redis that forgets — otherwise shows up only as silence. The doctor reads the settings, asks Redis and
each configured forge, and prints one row per check with the fix for each failing one.
"""

from __future__ import annotations

from gitlearnos.doctor.forge_rows import forge_rows
from gitlearnos.doctor.redis_rows import beat_row, redis_rows
from gitlearnos.doctor.rows import Row, exit_code, format_table
from gitlearnos.doctor.service_rows import chat_model_row, public_url_row, rag_model_row
from gitlearnos.settings import Settings

__all__ = ["Row", "exit_code", "format_table", "run_doctor"]


def run_doctor(settings: Settings) -> list[Row]:
    rows, client = redis_rows(settings)
    if client is not None:
        rows.append(beat_row(client))
    rows.append(public_url_row(settings))
    rows += forge_rows(settings, client)
    rows.append(rag_model_row())
    if (chat := chat_model_row(settings)) is not None:
        rows.append(chat)
    return rows
