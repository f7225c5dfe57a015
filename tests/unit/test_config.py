"""gitlearnos.yml parsing: strict known keys, kept unknown keys, errors that say what to change."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.config import Mode, parse_config
from bot.errors import ConfigError

# The protocol's own example configuration, unchanged (provenance in tests/fixtures/protocol/SOURCES.md).
TEMPLATE = Path(__file__).resolve().parents[1] / "fixtures/protocol/gitlearnos.example.yml"


def test_the_protocol_example_parses() -> None:
    parsed = parse_config(TEMPLATE.read_text())
    assert parsed.config.mode is Mode.SAFE_AUTO
    assert parsed.config.automation.jobs["due-review"].local_time == "07:00"
    assert parsed.config.rag.embedding.api_key_env == "GITLEARNOS_RAG_EMBEDDING_API_KEY"


def test_empty_file_gives_protocol_defaults() -> None:
    config = parse_config("").config
    assert config.mode is Mode.SAFE_AUTO
    assert config.authorization.push is False
    assert config.automation.max_questions_per_due_run == 3


def test_unknown_keys_are_kept_and_reported() -> None:
    parsed = parse_config("mode: preview\nfuture_key: 1\nrag:\n  new_thing: x\n")
    assert parsed.unknown_keys == ("future_key", "rag.new_thing")


@pytest.mark.parametrize(
    ("text", "key", "accepted"),
    [
        ("mode: yolo\n", "mode", "safe-auto"),
        ("authorization:\n  push: maybe\n", "authorization.push", "true or false"),
        ("authorization:\n  external_model: sure\n", "authorization.external_model", "ask"),
        (
            "automation:\n  max_questions_per_due_run: -1\n",
            "automation.max_questions_per_due_run",
            "at least 0",
        ),
        ("rag:\n  status: done\n", "rag.status", "verified"),
        ("automation:\n  quiet_hours: late\n", "automation.quiet_hours", ""),
        (
            "automation:\n  jobs:\n    due-review:\n      local_time: '25:00'\n",
            "automation.jobs.due-review.local_time",
            "",
        ),
    ],
)
def test_invalid_values_name_the_key_and_accepted_values(text: str, key: str, accepted: str) -> None:
    with pytest.raises(ConfigError) as caught:
        parse_config(text)
    assert caught.value.key == key
    assert accepted in caught.value.accepted
    assert f"`{key}`" in str(caught.value)


@pytest.mark.parametrize("text", ["mode: [unclosed\n", "- just\n- a list\n"])
def test_broken_files_are_config_errors(text: str) -> None:
    with pytest.raises(ConfigError):
        parse_config(text)
