"""Settings that make the bot serve the forge instance a real fixture payload comes from.

Intake refuses a repository on any host but the configured one, and the real fixtures come from
many instances (gitlab.com, self-hosted GitLabs, gitea.com, try.gitea.io, ...). A test that sends a
fixture through intake configures that fixture's own instance, as its operator would have.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from urllib.parse import urlsplit


def fixture_instance(forge: str, payload: Mapping[str, Any]) -> dict[str, str]:
    """``{"<forge>_url": ...}`` (GitHub: its API URL) for the instance ``payload``'s repository is on."""
    if forge == "gitlab":
        project = payload.get("project") or {}
        location = project.get("web_url") or (payload.get("repository") or {}).get("homepage") or ""
    else:
        location = (payload.get("repository") or {}).get("html_url") or ""
    parts = urlsplit(location)
    base = f"{parts.scheme}://{parts.netloc}" if parts.netloc else ""
    if forge == "github":
        github_com = parts.netloc in {"", "github.com"}
        return {"github_api_url": "https://api.github.com" if github_com else f"{base}/api/v3"}
    return {f"{forge}_url": base} if base else {}
