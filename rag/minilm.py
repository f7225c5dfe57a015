"""all-MiniLM-L6-v2 sentence embeddings on onnxruntime (CPU), from the files the installation carries.

The ONNX graph is the model's transformer and returns per-token hidden states; the remaining steps
are sentence-transformers' for this model (its ``modules.json``): mean pooling over real tokens, then
L2 normalization. The tokenizer is the model's own ``tokenizer.json`` run by the Rust ``tokenizers``
library, truncated at 256 tokens. onnxruntime is CPU-only here and needs no torch; a test compares the
vectors with those the float32 sentence-transformers model produced.

Nothing here touches the network: both files are read from the installed packages.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from rag.local_model import DIMENSIONS, MAX_TOKENS, model_file, tokenizer_file


@dataclass
class MiniLMEncoder:
    """The sentence encoder: ``encode(texts)`` gives unit-length float32 vectors of 384 dimensions."""

    session: Any
    tokenizer: Any

    @classmethod
    def load(cls, model: Path | None = None, tokenizer: Path | None = None) -> MiniLMEncoder:
        import onnxruntime as ort
        from tokenizers import Tokenizer

        words = Tokenizer.from_file(str(tokenizer or tokenizer_file()))
        words.enable_truncation(max_length=MAX_TOKENS)
        words.enable_padding(pad_id=0, pad_token="[PAD]")  # noqa: S106
        options = ort.SessionOptions()
        options.log_severity_level = 3  # warnings about unused initializers are not the operator's concern
        session = ort.InferenceSession(
            str(model or model_file()), sess_options=options, providers=["CPUExecutionProvider"]
        )
        return cls(session, words)

    def encode(self, texts: list[str], batch_size: int = 32) -> np.ndarray[Any, Any]:
        if not texts:
            return np.zeros((0, DIMENSIONS), dtype=np.float32)
        parts = [self._encode_batch(texts[i : i + batch_size]) for i in range(0, len(texts), batch_size)]
        return np.concatenate(parts).astype(np.float32)

    def _encode_batch(self, texts: list[str]) -> np.ndarray[Any, Any]:
        encodings = self.tokenizer.encode_batch(texts)
        feeds = {
            "input_ids": np.array([e.ids for e in encodings], dtype=np.int64),
            "attention_mask": np.array([e.attention_mask for e in encodings], dtype=np.int64),
            "token_type_ids": np.array([e.type_ids for e in encodings], dtype=np.int64),
        }
        (hidden,) = self.session.run(["last_hidden_state"], feeds)
        mask = feeds["attention_mask"][:, :, None].astype(np.float32)  # padded tokens do not count
        pooled = (hidden * mask).sum(axis=1) / np.clip(mask.sum(axis=1), 1e-9, None)
        norms = np.linalg.norm(pooled, axis=1, keepdims=True)
        return np.asarray(pooled / np.clip(norms, 1e-12, None))
