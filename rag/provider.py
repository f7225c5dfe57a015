"""The RAG-Anything provider: one index per learner repository and embedding model, offline by default.

Facts this module leans on are in docs/architecture (RAG section); in short:

* RAG-Anything checks its parser before anything else and the default (MinerU) needs a CLI we do
  not ship, so a text-only parser is registered: Markdown and text go in through
  ``insert_content_list`` and never need a parser;
* LightRAG's default tokenizer downloads a BPE file on first use, so a lossless regex tokenizer
  replaces it (chunk text is decoded from token slices, so a normalizing WordPiece decode would
  change the stored text);
* the LLM function must return a string; without a configured chat model it returns ``""``, which
  gives a vector-only index that ``naive`` retrieval serves with no LLM call;
* JSON/Nano storages allow one writer per working dir and share in-memory state across instances of
  one process that use the same workspace, so each index gets its own directory *and* workspace,
  and the rag queue serializes writers per repository. With ``GITLEARNOS_RAG_POSTGRES_DSN`` the KV,
  doc-status and vector stores are PostgreSQL instead (:mod:`rag.storage`), shared by every worker,
  and the workspace names only the repository and index, so it is the same on every machine.

An index is named by its embedding (model and dimension): a different embedding opens a different,
empty index that must be replayed from the Git source records, never reused silently.

Heavy imports (raganything, lightrag, numpy, tokenizers) happen inside functions, so importing this
module costs nothing for the web service or the event worker.
"""

from __future__ import annotations

import asyncio
import atexit
import hashlib
import os
import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import httpx

from rag.local_model import DIMENSIONS, MAX_TOKENS, MODEL_NAME
from rag.storage import IndexStorage

# Never let a library reach a model hub or a tokenizer CDN from here.
for _name in ("HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE", "HF_DATASETS_OFFLINE"):
    os.environ.setdefault(_name, "1")

PROVIDER = "rag-anything"
PARSER = "gitlearnos-text"
LOCAL_EMBEDDING = f"local:{MODEL_NAME}"
CHUNK_TOKENS = 200
CHUNK_OVERLAP = 20
PROCESSED = "processed"


class ProviderError(RuntimeError):
    """The provider could not do what was asked (an endpoint unreachable, an insert that failed)."""


@dataclass(frozen=True)
class Endpoint:
    """An OpenAI-compatible endpoint and the *name* of the one variable holding its credential."""

    base_url: str = ""
    model: str = ""
    api_key_env: str = ""
    dimensions: int = 0

    @property
    def configured(self) -> bool:
        return bool(self.base_url and self.model)

    def headers(self) -> dict[str, str]:
        key = os.environ.get(self.api_key_env, "") if self.api_key_env else ""
        return {"Authorization": f"Bearer {key}"} if key else {}


@dataclass(frozen=True)
class IndexSpec:
    """Which index: the repository's storage root plus the embedding that built it."""

    root: Path
    repo_key: str
    embedding: Endpoint = field(default_factory=Endpoint)
    chat: Endpoint = field(default_factory=Endpoint)
    timeout: float = 30.0
    storage: IndexStorage = field(default_factory=IndexStorage)

    @property
    def embedding_name(self) -> str:
        return self.embedding.model if self.embedding.configured else LOCAL_EMBEDDING

    @property
    def dimensions(self) -> int:
        return self.embedding.dimensions if self.embedding.configured else DIMENSIONS

    @property
    def index_key(self) -> str:
        """Stable name of this embedding's index: a new model or dimension is a new index."""
        where = self.embedding.base_url if self.embedding.configured else "local"
        digest = hashlib.sha256(f"{where}|{self.embedding_name}|{self.dimensions}".encode()).hexdigest()
        return f"{_slug(self.embedding_name)}-{self.dimensions}-{digest[:8]}"

    @property
    def working_dir(self) -> Path:
        return self.root / self.index_key

    @property
    def workspace(self) -> str:
        # LightRAG keys shared in-process state by workspace alone (not by directory), so a local
        # index's name carries the repository, the index and the directory itself. A shared index is
        # the same on every machine, whatever its local folder: repository and index only (the
        # repository's digest keeps two long names that slug alike apart).
        name = _slug(f"{self.repo_key}-{self.index_key}")[:100]
        if self.storage.shared:
            return name + "_" + hashlib.sha256(self.repo_key.encode()).hexdigest()[:8]
        where = hashlib.sha256(str(self.working_dir).encode()).hexdigest()[:8]
        return name + f"_{where}"


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")[:120]


class RegexWordTokenizer:
    """Lossless tokenizer: words, single punctuation marks and whitespace runs; decode joins them back."""

    _PATTERN = re.compile(r"\w+|[^\w\s]|\s+")

    def __init__(self) -> None:
        self._ids: dict[str, int] = {}
        self._tokens: list[str] = []

    def encode(self, text: str) -> list[int]:
        out = []
        for token in self._PATTERN.findall(text):
            if token not in self._ids:
                self._ids[token] = len(self._tokens)
                self._tokens.append(token)
            out.append(self._ids[token])
        return out

    def decode(self, ids: list[int]) -> str:
        return "".join(self._tokens[i] for i in ids)


@cache
def local_encoder() -> Any:
    """The bundled MiniLM encoder, loaded once per process on first use."""
    from rag.minilm import MiniLMEncoder

    return MiniLMEncoder.load()


def _local_embed() -> Callable[[list[str]], Awaitable[Any]]:
    async def embed(texts: list[str], **_: Any) -> Any:
        return await asyncio.to_thread(local_encoder().encode, list(texts))

    return embed


def _remote_embed(endpoint: Endpoint, timeout: float) -> Callable[[list[str]], Awaitable[Any]]:
    """Embeddings from the configured endpoint, sent with the embedding credential only."""

    async def embed(texts: list[str], **_: Any) -> Any:
        import numpy as np

        try:
            async with httpx.AsyncClient(timeout=timeout) as client:
                response = await client.post(
                    endpoint.base_url.rstrip("/") + "/embeddings",
                    json={"model": endpoint.model, "input": list(texts)},
                    headers=endpoint.headers(),
                )
                response.raise_for_status()
        except httpx.HTTPError as error:
            raise ProviderError(f"embedding endpoint failed: {type(error).__name__}: {error}") from error
        vectors = np.asarray([row["embedding"] for row in response.json()["data"]], dtype=np.float32)
        if vectors.shape != (len(texts), endpoint.dimensions):
            raise ProviderError(
                f"embedding endpoint returned shape {vectors.shape}, configured dimensions "
                f"{endpoint.dimensions}: a different model needs a new index"
            )
        return vectors

    return embed


def _llm(endpoint: Endpoint, timeout: float) -> Callable[..., Awaitable[str]]:
    """Entity extraction through the configured chat endpoint (its own credential), else ``""``."""

    async def no_llm(prompt: str, system_prompt: str | None = None, **_: Any) -> str:  # noqa: ARG001 - LightRAG calls it by keyword
        return ""

    async def chat(
        prompt: str, system_prompt: str | None = None, history_messages: Any = None, **_: Any
    ) -> str:
        messages = ([{"role": "system", "content": system_prompt}] if system_prompt else []) + [
            *(history_messages or []),
            {"role": "user", "content": prompt},
        ]
        async with httpx.AsyncClient(timeout=timeout) as client:
            response = await client.post(
                endpoint.base_url.rstrip("/") + "/chat/completions",
                json={"model": endpoint.model, "messages": messages},
                headers=endpoint.headers(),
            )
            response.raise_for_status()
        return str(response.json()["choices"][0]["message"]["content"] or "")

    return chat if endpoint.configured else no_llm


@cache
def _register_text_parser() -> None:
    from raganything.parser import Parser, register_parser

    class TextOnlyParser(Parser):  # type: ignore[misc]
        """Markdown and text arrive as content lists; no external parser is needed or checked."""

        def check_installation(self) -> bool:
            return True

    register_parser(PARSER, TextOnlyParser)


@dataclass(frozen=True)
class Hit:
    """One retrieved chunk: its text, the document it came from, and the similarity score."""

    doc_id: str
    file_path: str
    content: str
    score: float


class RagAnythingIndex:
    """An open index. Use ``async with open_index(spec) as index``; every method is a real provider call."""

    def __init__(self, spec: IndexSpec) -> None:
        self.spec = spec
        self._rag: Any = None

    async def __aenter__(self) -> RagAnythingIndex:
        from lightrag.utils import EmbeddingFunc, Tokenizer
        from raganything import RAGAnything, RAGAnythingConfig

        _register_text_parser()
        self.spec.working_dir.mkdir(parents=True, exist_ok=True)
        try:
            self.spec.storage.export_environment()
        except RuntimeError as error:
            raise ProviderError(str(error)) from error
        embed = (
            _remote_embed(self.spec.embedding, self.spec.timeout)
            if self.spec.embedding.configured
            else _local_embed()
        )
        self._rag = RAGAnything(
            config=RAGAnythingConfig(
                working_dir=str(self.spec.working_dir),
                parser_output_dir=str(self.spec.working_dir / "parser-output"),
                parser=PARSER,
                use_full_path=True,
                enable_image_processing=False,
                enable_table_processing=False,
                enable_equation_processing=False,
                display_content_stats=False,
            ),
            llm_model_func=_llm(self.spec.chat, self.spec.timeout),
            embedding_func=EmbeddingFunc(
                embedding_dim=self.spec.dimensions,
                max_token_size=MAX_TOKENS,
                func=embed,
                model_name=self.spec.embedding_name,
            ),
            lightrag_kwargs={
                "tokenizer": Tokenizer("regex-words", RegexWordTokenizer()),
                "chunk_token_size": CHUNK_TOKENS,
                "chunk_overlap_token_size": CHUNK_OVERLAP,
                "entity_extract_max_gleaning": 0,
                "workspace": self.spec.workspace,
                "enable_llm_cache": False,
                **self.spec.storage.lightrag_kwargs,
            },
        )
        try:
            started = await self._rag._ensure_lightrag_initialized()
        except (OSError, RuntimeError, ImportError) as error:
            why = f"index storage did not open: {type(error).__name__}: {error}"
            started = {"success": False, "error": why}
        if isinstance(started, dict) and not started.get("success", True):
            atexit.unregister(self._rag.close)  # never opened, so no finalize at exit either
            self._rag = None
            raise ProviderError(f"RAG-Anything did not start: {started.get('error')}")
        return self

    async def __aexit__(self, *_: object) -> None:
        if self._rag is not None:
            await self._rag.finalize_storages()
            # RAG-Anything registers an atexit hook per instance that finalizes again at exit: it would
            # keep every instance of a long-lived worker alive and log into closed streams.
            atexit.unregister(self._rag.close)
            self._rag = None

    @property
    def _lightrag(self) -> Any:
        return self._rag.lightrag

    async def doc_state(self, doc_id: str) -> dict[str, Any] | None:
        """The provider's own record of ``doc_id`` (status, chunk count, error), or None."""
        state = await self._lightrag.doc_status.get_by_id(doc_id)
        return dict(state) if state else None

    async def insert(self, doc_id: str, text: str, file_path: str) -> dict[str, Any]:
        """Insert one text document under our own id; raise unless the provider says it is processed."""
        try:
            await self._rag.insert_content_list(
                [{"type": "text", "text": text, "page_idx": 0}], file_path=file_path, doc_id=doc_id
            )
        except (RuntimeError, ProviderError) as error:
            raise ProviderError(f"insert of {doc_id} failed: {error}") from error
        state = await self.doc_state(doc_id)
        status = status_name(state)
        if status != PROCESSED:
            raise ProviderError(f"insert of {doc_id} ended as {status}: {(state or {}).get('error_msg', '')}")
        assert state is not None
        return state

    async def search(self, question: str, top_k: int = 5) -> list[Hit]:
        """Naive vector retrieval: no LLM call, so it works without a chat model."""
        try:
            rows = await self._lightrag.chunks_vdb.query(question, top_k=top_k)
            if rows and self.spec.storage.shared:
                rows = await self._completed_rows(question, rows)
        except ProviderError:
            raise
        except (httpx.HTTPError, OSError) as error:
            raise ProviderError(f"retrieval failed: {type(error).__name__}: {error}") from error
        return [
            Hit(
                doc_id=str(row.get("full_doc_id", "")),
                file_path=str(row.get("file_path", "")),
                content=str(row.get("content", "")),
                score=float(row.get("distance", 0.0)),
            )
            for row in rows
        ]

    async def _completed_rows(self, question: str, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """PostgreSQL's chunk search returns neither the document id nor the similarity: look both up.

        The document comes from the chunk's own record; the score is the cosine of the stored vector
        and the question's (what NanoVectorDB reports as ``distance``), so evidence reads the same.
        """
        import numpy as np

        ids = [str(row["id"]) for row in rows]
        chunks = await self._lightrag.text_chunks.get_by_ids(ids)
        vectors = await self._lightrag.chunks_vdb.get_vectors_by_ids(ids)
        asked = np.asarray((await self._lightrag.embedding_func([question]))[0], dtype=np.float32)
        out = []
        for row, chunk in zip(rows, chunks, strict=True):
            stored = np.asarray(vectors.get(str(row["id"]), []), dtype=np.float32)
            norm = float(np.linalg.norm(stored) * np.linalg.norm(asked))
            score = float(stored @ asked) / norm if stored.size == asked.size and norm else 0.0
            out.append({**row, "full_doc_id": (chunk or {}).get("full_doc_id", ""), "distance": score})
        return out

    async def delete(self, doc_id: str) -> str:
        """Delete the document's chunks, vectors and doc-only graph entries; return the provider's status."""
        result = await self._lightrag.adelete_by_doc_id(doc_id, delete_llm_cache=True)
        return str(getattr(result, "status", "unknown"))


def status_name(state: dict[str, Any] | None) -> str:
    """The provider's document status as plain text (``processed``, ``failed``, ...; ``missing``)."""
    raw = (state or {}).get("status", "missing")
    return str(getattr(raw, "value", raw)).lower()


def open_index(spec: IndexSpec) -> RagAnythingIndex:
    return RagAnythingIndex(spec)
