"""Every doctor row in order: Redis and beat, the public URL, each forge, the RAG model and index, the
chat model."""

from __future__ import annotations

from gitlearnos.doctor.forge_rows import forge_rows
from gitlearnos.doctor.rag_index_row import rag_index_row
from gitlearnos.doctor.redis_rows import beat_row, redis_rows
from gitlearnos.doctor.rows import Row
from gitlearnos.doctor.service_rows import chat_model_row, public_url_row, rag_model_row
from runtime.settings import Settings


def run_doctor(settings: Settings) -> list[Row]:
    rows, client = redis_rows(settings)
    if client is not None:
        rows.append(beat_row(client))
    rows.append(public_url_row(settings))
    rows += forge_rows(settings, client)
    rows.append(rag_model_row())
    rows.append(rag_index_row(settings))
    if (chat := chat_model_row(settings)) is not None:
        rows.append(chat)
    return rows
