"""Real webhook payloads, byte for byte as their sources published them (provenance in SOURCES.md there)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "webhooks"


def load_fixture(forge: str, name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((FIXTURES / forge / f"{name}.json").read_text())
    return data
