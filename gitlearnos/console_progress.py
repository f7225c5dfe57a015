"""What a long command is doing, shown the way its reader sees it.

On a terminal: rich's live status (a spinner with the current step) or progress bar (counted work with
elapsed time), drawn on the stream the command reports on. Anywhere else (a log file, CI, a pipe): one
plain line per step or finished item, nothing redrawn and no escape codes, so logs stay readable and
diffable. Both end with the same short summary block.

The commands' own output (JSON on standard output, the evals table) never goes through here, so
machines reading it see the same bytes whether or not a person watches the progress.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TextIO

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    SpinnerColumn,
    TextColumn,
    TimeElapsedColumn,
)


@dataclass
class Reporter:
    """Steps, counted work and a closing summary on one stream; live only when that stream is a terminal."""

    stream: TextIO
    console: Console = field(init=False)
    started: float = field(init=False, default_factory=time.monotonic)

    def __post_init__(self) -> None:
        # highlight=False: rich would otherwise colour numbers and paths inside our plain sentences.
        self.console = Console(file=self.stream, highlight=False, soft_wrap=True)

    @property
    def live(self) -> bool:
        return self.console.is_terminal

    def elapsed(self) -> float:
        return time.monotonic() - self.started

    def line(self, text: str) -> None:
        """A line that stays (on a terminal it is printed above any live display)."""
        if self.live:
            self.console.print(text, markup=False)
        else:
            print(text, file=self.stream, flush=True)

    @contextmanager
    def step(self, text: str) -> Iterator[None]:
        """A step of unknown length: a spinner showing ``text`` on a terminal, else one line ``text ...``.

        On a terminal the spinner gives way to a line ``✓ text (seconds)`` once the step is done.
        """
        if not self.live:
            self.line(f"{text} ...")
            yield
            return
        began = time.monotonic()
        with self.console.status(text):
            yield
        self.line(f"✓ {text} ({time.monotonic() - began:.1f} s)")

    @contextmanager
    def bar(self, text: str, total: int) -> Iterator[Callable[[str, str], None]]:
        """Counted work; the caller gets ``advance(current, finished)``.

        ``current`` names what starts now (shown beside the bar), ``finished`` (if not empty) is a line
        for the item just done, kept above the bar on a terminal and printed as such elsewhere.
        """
        if not self.live:
            self.line(f"{text}: {total} to do")

            def advance_plain(_current: str, finished: str) -> None:
                if finished:
                    self.line(finished)

            yield advance_plain
            return
        columns = (
            SpinnerColumn(),
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
        )
        with Progress(*columns, console=self.console, transient=True) as progress:
            task = progress.add_task(text, total=total)

            def advance_live(current: str, finished: str) -> None:
                if finished:
                    progress.console.print(finished, markup=False, highlight=False)
                    progress.advance(task)
                progress.update(task, description=f"{text}: {current}" if current else text)

            yield advance_live

    def summary(self, title: str, rows: Iterable[tuple[str, str]] = ()) -> None:
        """The closing block: a title line, then ``label: value`` rows aligned under it."""
        rows = list(rows)
        width = max((len(label) for label, _ in rows), default=0)
        self.line(title)
        for label, value in rows:
            self.line(f"  {(label + ':').ljust(width + 1)} {value}")


def reporter(stream: TextIO | None = None) -> Reporter:
    """A reporter on ``stream`` (standard error by default: progress is not the command's output)."""
    return Reporter(stream if stream is not None else sys.stderr)
