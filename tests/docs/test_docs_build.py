"""The documentation site builds offline with warnings as errors, and the README stays a short front door.

``mkdocs build --strict`` turns every warning into a failure, and ``mkdocs.yml``'s ``validation`` section
makes a link to a missing page, a missing anchor or a page left out of the navigation a warning. The
build runs with every proxy pointed at a closed loopback port, so a plugin that tried to fetch anything
would fail here rather than in CI.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
QUICKSTART = ("python3 run.py demo", "python3 run.py test")
README_MAX_LINES = 120
NO_NETWORK = "http://127.0.0.1:9"  # the discard port: nothing listens, so any fetch fails at once


def build_site(site_dir: Path, config: Path = ROOT / "mkdocs.yml") -> subprocess.CompletedProcess[str]:
    env = os.environ | {
        "NO_MKDOCS_2_WARNING": "1",  # the theme's end-of-life banner, not a build warning
        "HTTP_PROXY": NO_NETWORK,
        "HTTPS_PROXY": NO_NETWORK,
        "http_proxy": NO_NETWORK,
        "https_proxy": NO_NETWORK,
    }
    command = [
        sys.executable,
        "-m",
        "mkdocs",
        "build",
        "--strict",
        "-f",
        str(config),
        "--site-dir",
        str(site_dir),
    ]
    return subprocess.run(
        command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=240, check=False
    )


def test_the_site_builds_strictly_and_offline(tmp_path: Path) -> None:
    site = tmp_path / "site"
    result = build_site(site)
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert "WARNING" not in output, output
    # The pages people are sent to exist, and Mermaid fences reach the theme as diagrams, not code.
    for page in ("learner", "teacher", "operator/doctor", "operator/forges", "reference/configuration",
                 "architecture", "protocol"):  # fmt: skip
        assert (site / page / "index.html").is_file(), page
    assert '<pre class="mermaid"><code>flowchart LR' in (site / "index.html").read_text()
    assert "GITLEARNOS_REDIS_URL" in (site / "reference" / "configuration" / "index.html").read_text()


def test_a_broken_link_fails_the_build(tmp_path: Path) -> None:
    """The strict build is a real check: one dangling anchor makes it fail."""
    docs = tmp_path / "docs"
    (docs / "operator").mkdir(parents=True)
    for page in ROOT.joinpath("docs").rglob("*.md"):
        target = docs / page.relative_to(ROOT / "docs")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(page.read_text())
    (docs / "index.md").write_text((docs / "index.md").read_text() + "\n[gone](learner.md#no-such-anchor)\n")
    config = (ROOT / "mkdocs.yml").read_text().replace("docs_dir: docs", f"docs_dir: {docs}")
    (tmp_path / "mkdocs.yml").write_text(config)
    result = build_site(tmp_path / "site", tmp_path / "mkdocs.yml")
    assert result.returncode != 0
    assert "no-such-anchor" in result.stdout + result.stderr


def test_the_readme_is_short_and_keeps_the_quickstart() -> None:
    text = README.read_text()
    assert len(text.splitlines()) < README_MAX_LINES
    block = re.search(r"## Quickstart\n.*?```\n(.*?)```", text, flags=re.DOTALL)
    assert block is not None, "the README has a Quickstart code block"
    assert tuple(block.group(1).splitlines()) == QUICKSTART
    assert "```mermaid" in text, "the README pictures the path of a note"


def test_every_relative_link_in_the_readmes_resolves() -> None:
    for readme in (README, ROOT / "deploy" / "README.md"):
        links = re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", readme.read_text())
        relative = [link for link in links if "://" not in link]
        assert relative, f"{readme.relative_to(ROOT)} points into docs/"
        missing = [link for link in relative if not (readme.parent / link).exists()]
        assert not missing, (readme.relative_to(ROOT), missing)


def test_diagrams_render_with_the_sites_own_mermaid(tmp_path: Path) -> None:
    """A reader's browser fetches nothing from elsewhere: every script a diagram page loads is the site's,
    Mermaid among them (the theme fetches its own copy from unpkg.com only when none is loaded)."""
    site = tmp_path / "site"
    result = build_site(site)
    assert result.returncode == 0, result.stdout + result.stderr
    page = (site / "architecture" / "index.html").read_text()
    assert '<pre class="mermaid">' in page
    scripts = re.findall(r'<script[^>]*\bsrc="([^"]+)"', page)
    assert [src for src in scripts if re.match(r"(https?:)?//", src)] == [], scripts
    mermaid = [src for src in scripts if src.endswith("/mermaid.min.js")]
    assert len(mermaid) == 1, scripts
    served = (site / "architecture" / mermaid[0]).resolve()
    assert served.is_file() and served.stat().st_size > 1_000_000, served
    assert 'globalThis["mermaid"] =' in served.read_text()  # it defines the global the theme looks for
    # The theme fetches from unpkg.com only when no global `mermaid` is defined yet when a page is shown
    # (after every script of the page ran); a theme upgrade that decides otherwise fails here.
    (bundle,) = (site / "assets" / "javascripts").glob("bundle.*.min.js")
    assert 'typeof mermaid=="undefined"||mermaid instanceof Element?' in bundle.read_text()
