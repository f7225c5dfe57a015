"""The small SVG chart committed beside ``dashboard.md``, written as text by pure code.

No plotting library: the chart is a handful of rectangles and labels, and writing them directly keeps
the output byte-for-byte deterministic (integer coordinates, fixed order), so the file changes only
when a figure does. Every text in it is a fixed caption, a date, a number or a mastery state name:
no learner words reach it, and each text is XML-escaped anyway. Each bar carries a ``<title>`` that
states its figure, so the numbers are readable without measuring pixels.
"""

from __future__ import annotations

from html import escape

from bot.dashboard.progress import Progress, WeekCount

PROGRESS_CHART_PATH = "dashboard-progress.svg"
WIDTH, HEIGHT = 600, 250
BASELINE = 190  # y of the weekly bars' base
BAR_SPACE = 130  # height of the tallest weekly bar
WEEKS_LEFT, WEEKS_RIGHT = 40, 380
MASTERY_LEFT, MASTERY_BAR = 420, 110
COLOURS = {
    "evidence": "#4c78a8",
    "reviews": "#f58518",
    "unknown": "#999999",
    "learning": "#c9a400",
    "demonstrated": "#2e8b2e",
}


def _text(x: int, y: int, text: str, *, size: int = 11, anchor: str = "start") -> str:
    return f'<text x="{x}" y="{y}" font-size="{size}" text-anchor="{anchor}">{escape(text)}</text>'


def _bar(kind: str, x: int, y: int, *, width: int, height: int, title: str) -> str:
    return (
        f'<rect class="{kind}" x="{x}" y="{y}" width="{width}" height="{height}" fill="{COLOURS[kind]}">'
        f"<title>{escape(title)}</title></rect>"
    )


def _week_bars(weeks: tuple[WeekCount, ...]) -> list[str]:
    if not weeks:
        return [
            _text((WEEKS_LEFT + WEEKS_RIGHT) // 2, BASELINE - 60, "no dated evidence yet", anchor="middle")
        ]
    tallest = max(max(week.evidence, week.reviews) for week in weeks) or 1
    slot = (WEEKS_RIGHT - WEEKS_LEFT) // len(weeks)
    bar = max(2, min(24, (slot - 8) // 2))
    parts = [
        f'<line x1="{WEEKS_LEFT}" y1="{BASELINE}" x2="{WEEKS_RIGHT}" y2="{BASELINE}" stroke="#333333"/>',
        _text(WEEKS_LEFT - 4, BASELINE - BAR_SPACE + 4, str(tallest), size=10, anchor="end"),
        _text(WEEKS_LEFT - 4, BASELINE + 4, "0", size=10, anchor="end"),
    ]
    for index, week in enumerate(weeks):
        left = WEEKS_LEFT + index * slot + (slot - 2 * bar) // 2
        for offset, kind, count, noun in (
            (0, "evidence", week.evidence, "evidence record(s)"),
            (bar, "reviews", week.reviews, "answered review(s)"),
        ):
            height = round(BAR_SPACE * count / tallest)
            title = f"week of {week.start.isoformat()}: {count} {noun}"
            parts.append(_bar(kind, left + offset, BASELINE - height, width=bar, height=height, title=title))
            if count:
                parts.append(_text(left + offset + bar // 2, BASELINE - height - 3, str(count), size=9,
                                   anchor="middle"))  # fmt: skip
        parts.append(_text(left + bar, BASELINE + 14, week.start.strftime("%m-%d"), size=9, anchor="middle"))
    return parts


def _mastery_bars(mastery: tuple[tuple[str, int], ...]) -> list[str]:
    most = max((count for _, count in mastery), default=0) or 1
    parts = [_text(MASTERY_LEFT, 50, "Mastery states", size=12)]
    for index, (state, count) in enumerate(mastery):
        y = 66 + index * 40
        width = round(MASTERY_BAR * count / most)
        parts += [
            _text(MASTERY_LEFT, y + 10, state),
            _bar(state, MASTERY_LEFT, y + 14, width=width, height=14, title=f"{state}: {count}"),
            _text(MASTERY_LEFT + width + 4, y + 25, str(count)),
        ]
    return parts


def _legend() -> list[str]:
    parts = []
    for index, (kind, caption) in enumerate(
        (("evidence", "evidence recorded"), ("reviews", "reviews answered"))
    ):
        x = WEEKS_LEFT + index * 150
        parts += [
            f'<rect x="{x}" y="{HEIGHT - 22}" width="10" height="10" fill="{COLOURS[kind]}"/>',
            _text(x + 14, HEIGHT - 13, caption),
        ]
    return parts


def render_chart(figures: Progress) -> str:
    """The chart's SVG document for ``figures``: weekly evidence and reviews, and mastery state counts."""
    body = [
        _text(WEEKS_LEFT, 24, "Evidence and reviews per week", size=13),
        *_week_bars(figures.weeks),
        *_mastery_bars(figures.mastery),
        *_legend(),
    ]
    return "\n".join(
        [
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
            f'viewBox="0 0 {WIDTH} {HEIGHT}" role="img" font-family="sans-serif">',
            "<title>Learning progress</title>",
            f"<desc>{escape(figures.summary())}</desc>",
            f'<rect x="0" y="0" width="{WIDTH}" height="{HEIGHT}" fill="#ffffff"/>',
            *body,
            "</svg>",
            "",
        ]
    )
