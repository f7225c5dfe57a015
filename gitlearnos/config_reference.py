"""Render the configuration reference page from the settings model, so the docs cannot drift from it.

Every field of :class:`runtime.settings.Settings` becomes one row: the environment variable that
sets it, its default, whether it is a secret, and its description (the field's docstring). The page is
committed at ``docs/reference/configuration.md``; ``tests/docs`` fails when it differs from what this
module renders, and when a field has no description.

    python -m gitlearnos.config_reference --write docs/reference/configuration.md
    python -m gitlearnos.config_reference --check docs/reference/configuration.md
"""

from __future__ import annotations

import argparse
import html
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import annotated_types
from pydantic import AliasChoices, SecretStr
from pydantic.fields import FieldInfo

from runtime.settings import Settings

PAGE = Path("docs") / "reference" / "configuration.md"
COMMAND = "python -m gitlearnos.config_reference --write docs/reference/configuration.md"

HEADER = f"""# Configuration reference

<!-- Generated from runtime/settings.py by `{COMMAND}`. Do not edit by hand: tests/docs fails when
this page differs from the settings model. -->

Every process (web, worker, rag worker, beat, `gitlearnos doctor`) reads its settings from the
environment once, at start. `.env.example` lists them for compose; `deploy/kubernetes/configmap.yaml`
holds the non-secret ones and `secret.example.yaml` the secret ones. A changed value reaches a
process only when it restarts.

Secrets are held as `SecretStr`: they never appear in a repr, a log line or a traceback. A webhook
secret left unset makes that forge's intake refuse every delivery (fail closed), it never accepts
unsigned input.

| variable | default | secret | what it does |
| --- | --- | --- | --- |
"""


def env_names(name: str, field: FieldInfo) -> list[str]:
    """The environment variables that set ``name``, the preferred one first."""
    alias = field.validation_alias
    if isinstance(alias, AliasChoices):
        return [str(choice) for choice in alias.choices]
    if isinstance(alias, str):
        return [alias]
    prefix = str(Settings.model_config.get("env_prefix", ""))
    return [f"{prefix}{name}".upper()]


def is_secret(field: FieldInfo) -> bool:
    annotation = field.annotation
    return annotation is SecretStr or SecretStr in getattr(annotation, "__args__", ())


def _shown(value: Any) -> str:
    if value is None:
        return "unset"
    if value == "":
        return "empty"
    if isinstance(value, Path):
        home = Path.home()
        return f"`~/{value.relative_to(home)}`" if value.is_relative_to(home) else f"`{value}`"
    return f"`{value}`"


def default_text(field: FieldInfo) -> str:
    """The default as a person reads it: a factory is called (a home path shown as ``~``)."""
    value = field.default_factory() if field.default_factory is not None else field.default  # type: ignore[call-arg]
    shown = _shown(value)
    bounds = [f"> {item.gt}" for item in field.metadata if isinstance(item, annotated_types.Gt)]
    return f"{shown} (must be {', '.join(bounds)})" if bounds else shown


def _cell(text: str) -> str:
    return html.escape(text, quote=False).replace("|", "\\|").replace("\n", " ")


def missing_descriptions() -> list[str]:
    return [name for name, field in Settings.model_fields.items() if not (field.description or "").strip()]


def render() -> str:
    rows = []
    for name, field in Settings.model_fields.items():
        names = env_names(name, field)
        variable = " or ".join(f"`{env}`" for env in names)
        rows.append(
            f"| {variable} | {default_text(field)} | {'yes' if is_secret(field) else ''} | "
            f"{_cell(field.description or '')} |\n"
        )
    return HEADER + "".join(rows)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Render the configuration reference from the settings.")
    action = parser.add_mutually_exclusive_group()
    action.add_argument("--write", type=Path, metavar="PATH", help="write the page to PATH")
    action.add_argument("--check", type=Path, metavar="PATH", help="exit 1 when PATH is not current")
    args = parser.parse_args(argv)
    page = render()
    if args.write:
        args.write.write_text(page, encoding="utf-8")
        return 0
    if args.check:
        current = args.check.read_text(encoding="utf-8") if args.check.exists() else ""
        if current != page:
            print(f"{args.check} is out of date; run: {COMMAND}", file=sys.stderr)
            return 1
        return 0
    sys.stdout.write(page)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
