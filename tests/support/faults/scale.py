"""How big a fault run is: the CI slice by default, the issue's full counts with ``GITLEARNOS_FAULTS=full``.

Every row runs in both; only the counts shrink, so CI still exercises each kind of fault.
"""

from __future__ import annotations

import os

FULL = os.environ.get("GITLEARNOS_FAULTS", "").strip().lower() == "full"


def scaled(ci: int, full: int) -> int:
    """``full`` under ``GITLEARNOS_FAULTS=full``, else ``ci``."""
    return full if FULL else ci
