"""Signs of learning material that need no language: formulas, LaTeX, code, worked steps, units, images.

A learner who pastes ``x^2 + 3x = 10``, a fenced code block or a photo of a worksheet is working on
something, in whatever language the words around it are. These signals raise a note's significance in
:mod:`bot.intake.significance`; the *material* ones (an image, code, numbered steps, LaTeX, a
``Source:`` line) mark the learner's own work, so a question about it is itself a learning event.
"""

from __future__ import annotations

import re
from enum import StrEnum


class Signal(StrEnum):
    FORMULA = "formula"
    LATEX = "latex"
    CODE = "code"
    STEPS = "worked steps"
    UNITS = "numbers with units"
    IMAGE = "image"
    SOURCE = "source"


MATERIAL = frozenset({Signal.LATEX, Signal.CODE, Signal.STEPS, Signal.IMAGE, Signal.SOURCE})

SOURCE_LINE = re.compile(r"^\s*source:\s*(?P<source>\S.{0,200}?)\s*$", re.I | re.M)
MARKUP = re.compile(r"!\[[^\]]*\]\([^)]*\)|<img\b[^>]*>|\S+://\S+|[\w.-]+/[\w./-]+\.\w+")
MEDIA = re.compile(r"!\[[^\]]*\]\([^)]+\)|<img\b|\.(png|jpe?g|gif|webp|heic)\b", re.I)

_FORMULA = re.compile(
    r"""
      \w\s*\^\s*[-\w(]                                  # x^2, e^(x)
    | [\w)\]]\s*(?:=|≠|≈|≤|≥|<=|>=)\s*[-\w(√]          # y = 2x, a ≤ b
    | [²³√∫∑∏π±∞∆∂]                                    # superscripts and mathematical signs
    | \b\d+\s*/\s*\d+\b                                 # 3/4
    | \b[A-Z]{1,2}\s*/\s*[A-Z]{1,2}\b                   # BC/AB, a ratio of segments
    | \b(?:sin|cos|tan|log|ln)\s*\(?[a-zθ]\b              # sin x, log(x)
    | \d\s*[+×÷*]\s*\d                                  # 3 + 4, 2 × 6
    | \b(?:[A-Z][a-z]?\d*)*[A-Z][a-z]?\d+(?:[A-Z][a-z]?\d*)*\b   # H2O, CO2, C6H12O6
    """,
    re.X,
)
_LATEX = re.compile(
    r"\$[^$\n]+\$|\\(?:frac|sqrt|int|sum|lim|alpha|beta|theta|pi|cdot|times|le|ge)\b|\\\(|\\\["
)
# A fenced block, an inline code span holding code punctuation (`range(n)`, `x = 1`, `a[i]`), or code
# pasted as prose: a definition's keyword before a call (`def f(x=[])`, `function add(a, b)`), an include,
# a statement ending in a semicolon after a call, or a method call on an object (`console.log(x)`).
_CODE = re.compile(
    r"^\s*(?:```|~~~)|`[^`\n]*[()\[\]{}=;<>][^`\n]*`"
    r"|\b(?:def|function|func|fn|void|int|public|static)\s+[A-Za-z_]\w*\s*\("
    r"|^\s*#include\s*<|\w\([^()\n]*\)\s*;|\b[a-z_]\w*\.[a-z_]\w*\([^()\n]*\)",
    re.M,
)
# "step 3" in the eight languages, two numbered lines in a row, or a chain of equations.
_STEP_WORD = re.compile(
    r"\b(?:step|paso|étape|etape|schritt|passo|шаг)\s*\d|第\s*\d+\s*步|ステップ\s*\d|手順\s*\d", re.I
)
_CODE_SPAN = re.compile(r"```.*?(?:```|$)|~~~.*?(?:~~~|$)|`[^`\n]+`", re.S)
_NUMBERED_LINES = re.compile(r"^\s*\d+[.)]\s+\S.*\n\s*\d+[.)]\s+\S", re.M)
# One equation: a term, an equals sign, a term. Three of them in one note are a worked solution
# ("3x + 5 = 20 → 3x = 15 → x = 5"), in any language and with or without arrows between them.
_EQUATION = re.compile(r"[\w)\]]\s*=\s*[-−\w(]")
WORKED_EQUATIONS = 3
_UNITS = re.compile(
    r"""\d(?:[.,]\d+)?\s*
        (?:mm|cm|km|m|kg|mg|g|ms|s|N|J|kJ|W|kW|V|A|mA|Ω|Hz|kHz|Pa|kPa|mol|K|°C|°F|°|L|ml|mL|m/s²?|km/h|eV|cal|kcal|m²|m³|cm²|cm³)
        (?![\w/])""",
    re.X,
)


def content_signals(body: str) -> frozenset[Signal]:
    """The language-free signals in one note's text (title included by the caller)."""
    found = {
        Signal.FORMULA: _FORMULA.search(without_markup(body)),
        Signal.LATEX: _LATEX.search(body),
        Signal.CODE: _CODE.search(body),
        Signal.STEPS: _STEP_WORD.search(body) or _NUMBERED_LINES.search(body) or _worked(body),
        Signal.UNITS: _UNITS.search(body),
        Signal.IMAGE: MEDIA.search(body),
        Signal.SOURCE: SOURCE_LINE.search(body),
    }
    return frozenset(signal for signal, match in found.items() if match)


def _worked(body: str) -> bool:
    """A chain of equations: the steps of a worked solution, whatever words stand between them."""
    return len(_EQUATION.findall(without_markup(body))) >= WORKED_EQUATIONS


def without_code(text: str) -> str:
    """The text without fenced blocks and inline code spans, whose words are identifiers and strings
    (``print('привет')`` is no greeting), not what the learner says."""
    return _CODE_SPAN.sub(" ", text)


def without_markup(text: str) -> str:
    """The text without images, web addresses and file paths, whose words are names, not content, and
    whose ``?a=b`` and dots would read as formulas or sentence ends."""
    return MARKUP.sub(" ", text)
