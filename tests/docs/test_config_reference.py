"""The configuration reference is generated from the settings model and committed; it must be current.

A setting added without a description, or a page not regenerated after a change, fails here with the
command that fixes it. The page's variable names are checked against the model itself: setting the
named variable in the environment must change that field.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gitlearnos import config_reference
from runtime.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / config_reference.PAGE


def test_the_committed_page_is_what_the_model_renders() -> None:
    assert PAGE.read_text() == config_reference.render(), f"stale; run: {config_reference.COMMAND}"


def test_the_check_command_says_when_the_page_is_stale(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    stale = tmp_path / "configuration.md"
    stale.write_text(PAGE.read_text().replace("GITLEARNOS_LOG_LEVEL", "GITLEARNOS_LOGLEVEL"))
    assert config_reference.main(["--check", str(stale)]) == 1
    assert config_reference.COMMAND in capsys.readouterr().err
    assert config_reference.main(["--check", str(PAGE)]) == 0


def test_every_setting_has_a_description() -> None:
    assert config_reference.missing_descriptions() == []


def test_every_setting_is_one_row() -> None:
    rows = [line for line in PAGE.read_text().splitlines() if line.startswith("| `")]
    assert len(rows) == len(Settings.model_fields)


def test_the_named_variable_sets_its_field(monkeypatch: pytest.MonkeyPatch) -> None:
    text = PAGE.read_text()
    for name, field in Settings.model_fields.items():
        env = config_reference.env_names(name, field)[0]
        assert f"`{env}`" in text
        for other in list(Settings.model_fields):
            for var in config_reference.env_names(other, Settings.model_fields[other]):
                monkeypatch.delenv(var, raising=False)
        value = "https://probe.example" if field.annotation is str else "7"
        if "path" in str(field.annotation).lower():
            value = "/srv/probe"
        if "secret" in str(field.annotation).lower():
            value = "probe-secret"
        monkeypatch.setenv(env, value)
        got = getattr(Settings(_env_file=None), name)  # type: ignore[call-arg]
        shown = got.get_secret_value() if hasattr(got, "get_secret_value") else str(got)
        assert re.sub(r"\.0$", "", shown) == value, (env, name, got)
        monkeypatch.delenv(env)
