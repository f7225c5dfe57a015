"""The rows about this service itself: its public URL, the RAG model, the operator's chat model.

The RAG model is loaded and run once on a short text, exactly as the RAG worker does; the chat model
is asked for its model list (``GET <base>/models``, OpenAI-compatible), which costs no tokens.
"""

from __future__ import annotations

from urllib.parse import urlsplit

import httpx

from gitlearnos.doctor.rows import Row, failed, passed
from runtime.settings import Settings

PUBLIC_URL_ENV = "GITLEARNOS_PUBLIC_URL"


def public_url_row(settings: Settings) -> Row:
    url = settings.public_url
    fix = f"set {PUBLIC_URL_ENV} to the address forges reach this service at, e.g. https://bot.example.org"
    if not url:
        return failed("public url", f"{PUBLIC_URL_ENV} unset: webhook targets cannot be compared", fix)
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return failed("public url", f"{url!r} is not an http(s) URL", fix)
    return passed("public url", f"webhooks expected at {url.rstrip('/')}/webhooks/<forge>")


def rag_model_row() -> Row:
    try:
        from rag.minilm import MiniLMEncoder  # noqa: PLC0415 - the import failing is this row's answer too

        vectors = MiniLMEncoder.load().encode(["gitlearnos doctor"])
    except Exception as error:  # any failure to load or run is this row's answer
        fix = "reinstall the package (`pip install .`); the model files ship with it"
        return failed("rag model", f"cannot load: {type(error).__name__}: {str(error)[:120]}", fix)
    return passed("rag model", f"all-MiniLM-L6-v2 loads, {vectors.shape[1]}-dimensional vectors")


def chat_model_row(settings: Settings) -> Row | None:
    """None when no chat model is configured (the rule agent alone is a valid setup)."""
    base = settings.model_base_url
    if not base:
        return None
    key = settings.secret_value(settings.model_api_key)
    headers = {"Authorization": f"Bearer {key}"} if key else {}
    fix = "check GITLEARNOS_MODEL_BASE_URL (the /v1 base of an OpenAI-compatible server) and its key"
    try:
        response = httpx.get(
            base.rstrip("/") + "/models", headers=headers, timeout=min(settings.model_timeout_seconds, 10.0)
        )
    except httpx.HTTPError as error:
        return failed("chat model", f"{base} unreachable: {type(error).__name__}", fix)
    if not response.is_success:
        return failed("chat model", f"{base} answered {response.status_code} to GET /models", fix)
    try:
        listed = {str(model.get("id")) for model in response.json().get("data", [])}
    except (ValueError, AttributeError):
        listed = set()
    name = settings.model_name
    if name and listed and name not in listed:
        return failed(
            "chat model",
            f"{base} serves {', '.join(sorted(listed))}, not {name}",
            "set GITLEARNOS_MODEL_NAME",
        )
    return passed("chat model", f"{base} answers" + (f", serves {name}" if name else ""))
