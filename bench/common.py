"""Shared measuring helpers for the benchmarks: percentiles and peak resident memory."""

from __future__ import annotations

import statistics
from pathlib import Path


def percentile(samples: list[float], fraction: float) -> float:
    if not samples:
        return float("nan")
    ordered = sorted(samples)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def peak_rss_mb(pid: int) -> float | None:
    """Peak resident set size of a live process (Linux ``VmHWM``), in MB; None elsewhere."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


def process_tree_peak_rss_mb(pid: int) -> float | None:
    """Sum of peak RSS of a process and its direct children (a Celery worker forks its pool)."""
    total = peak_rss_mb(pid)
    if total is None:
        return None
    try:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        children = []
    for child in children:
        total += peak_rss_mb(int(child)) or 0.0
    return total


def summary(label: str, samples_ms: list[float]) -> str:
    return (
        f"{label}: n={len(samples_ms)} mean={statistics.fmean(samples_ms):.2f} ms "
        f"p50={percentile(samples_ms, 0.50):.2f} ms p99={percentile(samples_ms, 0.99):.2f} ms "
        f"max={max(samples_ms):.2f} ms"
    )


def issue_opened_payload(number: int, *, full_name: str = "alice/learning", host: str = "github.com") -> dict:
    """A GitHub ``issues`` ``opened`` payload with the fields intake reads, sized like a real one."""
    owner = full_name.split("/", maxsplit=1)[0]
    user = {"login": owner, "id": 1, "type": "User", "html_url": f"https://{host}/{owner}"}
    return {
        "action": "opened",
        "issue": {
            "number": number,
            "title": f"Study note {number}",
            "body": "In class I learned that corresponding vertices must be fixed first. " * 8,
            "user": user,
            "labels": [],
            "html_url": f"https://{host}/{full_name}/issues/{number}",
            "created_at": "2026-11-30T09:00:00Z",
            "updated_at": "2026-11-30T09:00:00Z",
        },
        "repository": {
            "full_name": full_name,
            "private": True,
            "default_branch": "main",
            "html_url": f"https://{host}/{full_name}",
            "clone_url": f"https://{host}/{full_name}.git",
            "owner": user,
        },
        "sender": user,
    }
