"""The dashboard and its chart are regenerated in the same commit as the records they summarize.

Through ``gitlearnos local`` on a real Git repository: each note's commit holds the event record,
``dashboard.md`` and ``dashboard-progress.svg``, and the figures committed in the chart are the
records committed beside it, counted from the tree of that same commit.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

from tests.support.git_remotes import git
from tests.support.local_mode import gitlearnos_local
from tests.support.local_mode import repo as repo  # noqa: PLC0414 - the fixture
from tests.support.mermaid_flowchart import mermaid_blocks, parse_flowchart

__all__ = ["repo"]  # the learner repository fixture, reused

SVG = "{http://www.w3.org/2000/svg}"
CHART = "dashboard-progress.svg"
NOTES = (
    "In class I learned that corresponding vertices must be fixed before writing a "
    "triangle-similarity statement. Save this as a study note.",
    "From the textbook: the ratio of areas of similar triangles is the square of the ratio "
    "of their sides. Save this as a study note.",
)
MISTAKE = (
    "Geometry homework: my mistake was matching the vertices in the order they were drawn, "
    "not by the equal angles. Save this as a study note."
)


def committed_evidence(svg: str) -> int:
    titles = [
        rect.findtext(f"{SVG}title", "")
        for rect in ET.fromstring(svg).iter(f"{SVG}rect")
        if rect.get("class") == "evidence"
    ]
    return sum(int(re.search(r": (\d+) evidence", title).group(1)) for title in titles)  # type: ignore[union-attr]


def test_each_note_commits_its_record_with_the_dashboard_and_a_chart_counting_it(repo: Path) -> None:
    for number, note in enumerate(NOTES, start=1):
        result = gitlearnos_local(repo, note)
        assert result.returncode == 0, result.stderr
        files = git(repo, "show", "--name-only", "--format=", "HEAD").split()
        assert {"dashboard.md", CHART} <= set(files), files
        assert any("/events/" in path for path in files)
        tree = git(repo, "ls-tree", "-r", "--name-only", "HEAD").split()
        events = [path for path in tree if "/events/" in path and path.endswith(".md")]
        assert len(events) == number
        svg = git(repo, "show", f"HEAD:{CHART}")
        assert committed_evidence(svg) == number, "the chart counts the records of its own commit"
        dashboard = git(repo, "show", "HEAD:dashboard.md")
        assert f"In figures: {number} evidence record(s)" in dashboard
        assert f"]({CHART})" in dashboard
    assert (repo / CHART).read_text() == git(repo, "show", f"HEAD:{CHART}"), "the work tree holds it too"


def test_a_reported_mistake_is_drawn_as_a_gap_on_a_valid_map_and_counted_in_the_chart(repo: Path) -> None:
    result = gitlearnos_local(repo, MISTAKE)
    assert result.returncode == 0, result.stderr
    files = git(repo, "show", "--name-only", "--format=", "HEAD").split()
    (gap_path,) = [path for path in files if "/knowledge-gaps/" in path]
    assert {"dashboard.md", CHART} <= set(files)
    chart = parse_flowchart(mermaid_blocks(git(repo, "show", "HEAD:dashboard.md"))[0])
    gaps = [(label, cls) for label, cls in chart.nodes.values() if label.endswith("\nopen")]
    assert len(gaps) == 1 and gaps[0][1] == "unknown", chart.nodes
    assert gaps[0][0].split("\n")[0] in git(repo, "show", f"HEAD:{gap_path}"), "labelled by the gap's ID"
    mastery = {
        rect.get("class"): rect.findtext(f"{SVG}title")
        for rect in ET.fromstring(git(repo, "show", f"HEAD:{CHART}")).iter(f"{SVG}rect")
        if rect.get("class") in {"unknown", "learning", "demonstrated"}
    }
    assert mastery == {"unknown": "unknown: 1", "learning": "learning: 0", "demonstrated": "demonstrated: 0"}
